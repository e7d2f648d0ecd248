#!/usr/bin/env bash
# Whether every command stays linear in the members of one entry and in a document's
# top-level members: each command timed at N, 2N, 4N and 8N members, with the time per
# member at each size as a ratio of the time per member at N. Flat (about 1.0 at 8N) is
# linear; a quadratic loop shows as about 2, 4 and 8.
#
# The inputs: an entry "big" with N extra members (`"x0": 0, …`) beside a small entry; the
# same with every value changed; the same with the members in reverse order; and documents
# with N top-level members besides `components`, in the same three variants. The commands:
#   diff        `diff A.json B.json` (every member changed)
#   diff-moved  `diff A.json R.json` (every member moved)
#   log         `log big -p` over three revisions (A, B, R)
#   blame       `blame big` at R
#   site        `site -o DIR` of that catalog
#   merge       `merge A.json B.json R.json` (one side changes, the other reorders)
#   import      `import B.json --allow-breaking` into a catalog holding A, a FULL policy set
#   patch       `patch` of the JSON Patch `diff @head R.json --format json-patch` writes
#   top-import, top-diff, top-merge, top-export, top-patch: the same for top-level members
#
# usage: Tests/Benchmarks/member-scaling.sh --catalog PATH [--members N] [--runs N] [--work DIR]
#   --catalog  the `catalog` binary (a release build for figures)
#   --members  N (default 10000)
#   --runs     runs of each command at each size; the least CPU time counts (default 1)
#   --work     where the files go (default: a new directory under /tmp, removed)
#
# Times are CPU time (user + system, /usr/bin/time), so that a loaded machine changes
# them little. Needs python3 and /usr/bin/time (apt: time).

set -euo pipefail

members=10000
runs=1
work=""
catalog=""
while [ $# -gt 0 ]; do
  case "$1" in
    --catalog) catalog=$2; shift 2 ;;
    --members) members=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "member-scaling.sh: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
[ -n "$catalog" ] || { echo "member-scaling.sh: --catalog is required" >&2; exit 64; }
catalog=$(cd "$(dirname "$catalog")" && pwd)/$(basename "$catalog")
if [ -z "$work" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

generate() { # generate MODE VARIANT N OUT
  python3 - "$@" <<'PY'
import json, sys
mode, variant, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
order = list(range(n))
if variant == "moved":
    order.reverse()
plus = 1 if variant == "changed" else 0
small = {"kind": "small", "category": "Display", "description": "s", "payload": {"a": 1}}
if mode == "extras":
    big = {"kind": "big", "category": "Display", "description": "d", "payload": {"t": 1}}
    for i in order:
        big[f"x{i}"] = i + plus
    doc = {"components": [big, small]}
else:
    doc = {f"m{i}": i + plus for i in order}
    doc["components"] = [small]
with open(out, "w") as f:
    json.dump(doc, f, indent=2)
PY
}

# cpu NAME SIZE COMMAND...: the least user + system time of `runs` runs, in seconds.
declare -A seconds
cpu() {
  local name=$1 size=$2 best=""
  shift 2
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%U %S" -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
    local t
    t=$(tail -1 "$work/time" | awk '{ printf "%.3f", $1 + $2 }')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  seconds[$name,$size]=$best
  echo "member-scaling.sh: $name at $size: $best s" >&2
}

names="diff diff-moved log blame site merge import patch top-import top-diff top-merge top-export top-patch"
sizes="$members $((members * 2)) $((members * 4)) $((members * 8))"
for n in $sizes; do
  d="$work/$n"
  mkdir -p "$d"
  for variant in base changed moved; do
    generate extras "$variant" "$n" "$d/$variant.json"
    generate top "$variant" "$n" "$d/top-$variant.json"
  done
  run() { "$catalog" "$@" > /dev/null 2>&1 || true; }
  run -d "$d/history.sqlite" import "$d/base.json" -m one
  run -d "$d/history.sqlite" import "$d/changed.json" -m two
  run -d "$d/history.sqlite" import "$d/moved.json" -m three
  cpu diff "$n" "$catalog" diff "$d/base.json" "$d/changed.json"
  cpu diff-moved "$n" "$catalog" diff "$d/base.json" "$d/moved.json"
  cpu log "$n" "$catalog" -d "$d/history.sqlite" log big -p
  cpu blame "$n" "$catalog" -d "$d/history.sqlite" blame big
  cpu site "$n" "$catalog" -d "$d/history.sqlite" site -o "$d/site"
  cpu merge "$n" "$catalog" merge "$d/base.json" "$d/changed.json" "$d/moved.json"
  # Imports and patches change their catalog: each run starts from a fresh copy.
  run -d "$d/policy.sqlite" import "$d/base.json" -m one
  run -d "$d/policy.sqlite" policy set --category Display FULL
  "$catalog" -d "$d/policy.sqlite" diff @head "$d/moved.json" --format json-patch \
    > "$d/moved.patch" 2> /dev/null || true
  cp "$d/policy.sqlite" "$d/policy.clean"
  fresh() { cp "$d/policy.clean" "$d/policy.sqlite"; rm -f "$d/policy.sqlite-wal" "$d/policy.sqlite-shm"; }
  fresh
  cpu import "$n" "$catalog" -d "$d/policy.sqlite" import "$d/changed.json" --allow-breaking bench
  fresh
  cpu patch "$n" "$catalog" -d "$d/policy.sqlite" patch "$d/moved.patch" --allow-breaking bench
  run -d "$d/top.sqlite" import "$d/top-base.json" -m one
  "$catalog" -d "$d/top.sqlite" diff @head "$d/top-moved.json" --format json-patch \
    > "$d/top.patch" 2> /dev/null || true
  cp "$d/top.sqlite" "$d/top.clean"
  cpu top-import "$n" "$catalog" -d "$d/top.sqlite" import "$d/top-changed.json"
  cp "$d/top.clean" "$d/top.sqlite"
  cpu top-diff "$n" "$catalog" diff "$d/top-base.json" "$d/top-moved.json"
  cpu top-merge "$n" "$catalog" merge "$d/top-base.json" "$d/top-changed.json" "$d/top-moved.json"
  cpu top-export "$n" "$catalog" -d "$d/top.sqlite" export
  cpu top-patch "$n" "$catalog" -d "$d/top.sqlite" patch "$d/top.patch"
  rm -rf "$d/site"
done

printf '| command |'
for n in $sizes; do printf ' CPU at %s |' "$n"; done
printf ' per member at 2N | at 4N | at 8N |\n|---|'
for _ in $sizes; do printf -- '---:|'; done
printf -- '---:|---:|---:|\n'
for name in $names; do
  printf '| %s |' "$name"
  for n in $sizes; do printf ' %s s |' "${seconds[$name,$n]}"; done
  base=${seconds[$name,$members]}
  for k in 2 4 8; do
    awk -v t="${seconds[$name,$((members * k))]}" -v b="$base" -v k="$k" \
      'BEGIN { if (b > 0) printf " %.2f |", t / k / b; else printf " – |" }'
  done
  printf '\n'
done
