#!/usr/bin/env bash
# The app contracts' benchmark (docs/benchmarks.md, "App contracts"): a contract of 2,000
# kinds records; `check --clients` of a 100,000-entry file against 5 retained builds, against
# a plain `check` of the same file, alternated so both see the same load; peak memory of both.
#
#   Tests/Benchmarks/clients-gate.sh [CATALOG_BINARY] [RUNS]
#
# The 5 builds decode every kind of the file (100,000 kinds each), the worst case for the
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
kinds = ["kind-%06d" % i for i in range(100000)]
with open(f"{work}/small.json", "w") as f:
    json.dump(contract("small", kinds[:2000]), f)
for v in range(1, 6):
    with open(f"{work}/contract-{v}.json", "w") as f:
        json.dump(contract(f"{v}.0.0", kinds), f)
entries = [{"kind": k, "category": "c%d" % (i % 50), "description": "entry %d" % i,
            "payload": {"title": "t%d" % i, "count": i, "active": i % 2 == 0, "note": None}}
           for i, k in enumerate(kinds)]
with open(f"{work}/components.json", "w") as f:
    json.dump({"components": entries}, f, indent=2)
with open(f"{work}/seed.json", "w") as f:
    json.dump(entries[:1], f)
PY

db="$work/c.sqlite"
"$catalog" -d "$db" import "$work/seed.json" > /dev/null
time_of() { /usr/bin/time -f "%e %M" "$@" > /dev/null 2> "$work/time" || true; tail -1 "$work/time"; }
echo "record the 2,000-kind contract: $(time_of "$catalog" -d "$db" contract record "$work/small.json")  (s, KiB)"
"$catalog" -d "$db" contract retire bench@small > /dev/null
for v in 1 2 3 4 5; do "$catalog" -d "$db" contract record "$work/contract-$v.json" > /dev/null; done
plain=(); gated=()
for i in $(seq "$runs"); do
  plain+=("$(time_of "$catalog" -d "$db" check "$work/components.json")")
  gated+=("$(time_of "$catalog" -d "$db" check "$work/components.json" --clients)")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}'; }
p=$(median "${plain[@]%% *}"); g=$(median "${gated[@]%% *}")
pm=$(median "${plain[@]##* }"); gm=$(median "${gated[@]##* }")
echo "check:           ${p} s, ${pm} KiB"
echo "check --clients: ${g} s, ${gm} KiB (5 builds x 100,000 kinds)"
python3 -c "print('ratio: %.2fx' % ($g / $p))"
