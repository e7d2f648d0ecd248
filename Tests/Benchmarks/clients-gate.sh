#!/usr/bin/env bash
# The app contracts' benchmark (docs/benchmarks.md, "App contracts"): a contract of 2,000
# kinds records; `check --clients` of a 100,000-entry file against 5 retained builds, against
# a plain `check` of the same file, alternated so both see the same load; peak memory of both,
# at 50,000 and 100,000 entries, to show that memory grows linearly with the file.
#
#   Tests/Benchmarks/clients-gate.sh [CATALOG_BINARY] [RUNS]
#
# The 5 builds decode every kind of the file (one kind per entry), the worst case for the
# gate; the 2,000-kind contract is recorded on its own first.
set -euo pipefail
catalog=${1:-.build/release/catalog}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
INT = {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807}
def shape():
    return {"type": "object",
            "properties": {"title": {"type": "string"}, "count": INT,
                           "active": {"type": "boolean"}, "note": {"type": ["string", "null"]}},
            "required": ["active", "count", "title"]}
def contract(version, kinds):
    return {"app": "bench", "contract": 1, "unknownKinds": "fail-entry", "version": version,
            "kinds": {k: shape() for k in kinds}}
for size in (50000, 100000):
    kinds = ["kind-%06d" % i for i in range(size)]
    if size == 100000:
        with open(f"{work}/small.json", "w") as f:
            json.dump(contract("small", kinds[:2000]), f)
    for v in range(1, 6):
        with open(f"{work}/contract-{size}-{v}.json", "w") as f:
            json.dump(contract(f"{v}.0.0", kinds), f)
    entries = [{"kind": k, "category": "c%d" % (i % 50), "description": "entry %d" % i,
                "payload": {"title": "t%d" % i, "count": i, "active": i % 2 == 0, "note": None}}
               for i, k in enumerate(kinds)]
    with open(f"{work}/components-{size}.json", "w") as f:
        json.dump({"components": entries}, f, indent=2)
    if size == 100000:
        with open(f"{work}/seed.json", "w") as f:
            json.dump(entries[:1], f)
PY

time_of() { /usr/bin/time -f "%e %M" "$@" > /dev/null 2> "$work/time" || true; tail -1 "$work/time"; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}'; }
db0="$work/record.sqlite"
"$catalog" -d "$db0" import "$work/seed.json" > /dev/null
echo "record the 2,000-kind contract: $(time_of "$catalog" -d "$db0" contract record "$work/small.json")  (s, KiB)"
declare -A memory
for size in 50000 100000; do
  db="$work/c-$size.sqlite"
  "$catalog" -d "$db" import "$work/seed.json" > /dev/null
  for v in 1 2 3 4 5; do
    "$catalog" -d "$db" contract record "$work/contract-$size-$v.json" > /dev/null
  done
  file="$work/components-$size.json"
  # The gate must find nothing to report: every payload decodes.
  "$catalog" -d "$db" check "$file" --clients > /dev/null
  plain=(); gated=()
  for i in $(seq "$runs"); do
    plain+=("$(time_of "$catalog" -d "$db" check "$file")")
    gated+=("$(time_of "$catalog" -d "$db" check "$file" --clients)")
  done
  p=$(median "${plain[@]%% *}"); g=$(median "${gated[@]%% *}")
  pm=$(median "${plain[@]##* }"); gm=$(median "${gated[@]##* }")
  memory[$size]=$gm
  echo "$size entries, check:           ${p} s, ${pm} KiB (median of $runs)"
  echo "$size entries, check --clients: ${g} s, ${gm} KiB (5 builds x $size kinds)"
  python3 -c "print('$size entries, time ratio: %.2fx' % ($g / $p))"
done
python3 -c "print('check --clients memory, 100,000 / 50,000 entries: %.2fx' % (${memory[100000]} / ${memory[50000]}))"
