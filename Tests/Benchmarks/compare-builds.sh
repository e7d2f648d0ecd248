#!/usr/bin/env bash
# Times two builds of `catalog` against each other, side by side in one run: the same
# operations on the same generated files, alternating (before, after, before, ...) so that
# both see the same machine load. This is how docs/benchmarks.md records what one change
# bought. Prints per operation the median wall time, the median user+system CPU time and
# the peak RSS of each build, and after/before ratios; exports are checked byte for byte.
#
# usage: Tests/Benchmarks/compare-builds.sh --before PATH --after PATH [--entries N]
#                                           [--runs N] [--work DIR] [--only LIST]
#   --before, --after  two `catalog` binaries (release builds)
#   --entries          entries of the generated file (default 100000)
#   --runs             runs per build and operation (default 5)
#   --work             where the files go (default: a new directory under /tmp, removed)
#   --only             comma-separated subset of: import,reimport,changed,export,diff,diffrev
#
# Needs /usr/bin/time (apt: time) and catalog-bench beside --after (or built here).

set -euo pipefail

entries=100000
runs=5
work=""
before=""
after=""
only="import,reimport,changed,export,diff,diffrev"
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before="$2"; shift 2 ;;
    --after) after="$2"; shift 2 ;;
    --entries) entries="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-builds: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
if [ -z "$before" ] || [ -z "$after" ]; then
  echo "compare-builds: --before and --after are required (see --help)" >&2
  exit 64
fi
[ -x /usr/bin/time ] || { echo "compare-builds: needs /usr/bin/time (apt-get install time)" >&2; exit 69; }

root="$(cd "$(dirname "$0")/../.." && pwd)"
bench="$(dirname "$after")/catalog-bench"
if [ ! -x "$bench" ]; then
  (cd "$root" && swift build -c release --static-swift-stdlib -j 2 --product catalog-bench > /dev/null)
  bench="$root/.build/release/catalog-bench"
fi
if [ -z "$work" ]; then
  work="$(mktemp -d /tmp/compare-builds.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

base="$work/components.json"
mutated="$work/components-mutated.json"
[ -f "$base" ] || "$bench" generate "$entries" --out "$base"
[ -f "$mutated" ] || "$bench" generate "$entries" --mutate 1 --out "$mutated"

wants() { case ",$only," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# timed BINARY OUT ARGS...: runs BINARY ARGS with stdout into OUT; prints "WALL CPU KIB".
timed() {
  local bin="$1" out="$2"
  shift 2
  /usr/bin/time -f '%e %U %S %M' -o "$work/.time" "$bin" "$@" > "$out" || true
  tail -n 1 "$work/.time" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
maximum() { sort -g | tail -n 1; }

# fresh NAME: a catalog path for NAME with no catalog at it.
fresh() { rm -f "$work/$1.sqlite" "$work/$1.sqlite-wal" "$work/$1.sqlite-shm"; echo "$work/$1.sqlite"; }
# imported NAME BINARY: a catalog path for NAME holding one import of the base file.
imported() {
  local db
  db=$(fresh "$1")
  "$2" -d "$db" import "$base" -m base --author bench > /dev/null
  echo "$db"
}
# two_revisions NAME BINARY: the base file, then the mutated file (--prune).
two_revisions() {
  local db
  db=$(imported "$1" "$2")
  "$2" -d "$db" import --prune "$mutated" -m mutated --author bench > /dev/null
  echo "$db"
}

declare -A results
# measure OP: alternates the two builds $runs times on operation OP.
measure() {
  local op="$1" i side bin db r
  for i in $(seq "$runs"); do
    for side in before after; do
      bin="${!side}"
      case "$op" in
        import) db=$(fresh "$side"); r=$(timed "$bin" /dev/null -d "$db" import "$base" -m b --author bench) ;;
        reimport) db=$(imported "$side" "$bin"); r=$(timed "$bin" /dev/null -d "$db" import "$base" -m b --author bench) ;;
        changed) db=$(imported "$side" "$bin"); r=$(timed "$bin" /dev/null -d "$db" import --prune "$mutated" -m b --author bench) ;;
        export)
          [ "$i" = 1 ] && imported "$side-export" "$bin" > /dev/null
          r=$(timed "$bin" "$work/.out-$side" -d "$work/$side-export.sqlite" export)
          cmp -s "$work/.out-$side" "$base" || echo "warning: $side export differs from the imported file" >&2
          ;;
        diff) r=$(timed "$bin" "$work/.diff-$side" diff "$base" "$mutated") ;;
        diffrev)
          [ "$i" = 1 ] && two_revisions "$side-rev" "$bin" > /dev/null
          r=$(timed "$bin" "$work/.diffrev-$side" -d "$work/$side-rev.sqlite" diff @1 @2)
          ;;
      esac
      results[$op,$side]="${results[$op,$side]:-} $r"
    done
  done
  if [ "$op" = diff ]; then
    cmp -s "$work/.diff-before" "$work/.diff-after" || echo "warning: the two builds' diffs differ" >&2
  fi
}

row() {
  local op="$1" b a bw aw bc ac bm am
  b="${results[$op,before]}"
  a="${results[$op,after]}"
  bw=$(echo "$b" | xargs -n 3 | awk '{ print $1 }' | median)
  aw=$(echo "$a" | xargs -n 3 | awk '{ print $1 }' | median)
  bc=$(echo "$b" | xargs -n 3 | awk '{ print $2 }' | median)
  ac=$(echo "$a" | xargs -n 3 | awk '{ print $2 }' | median)
  bm=$(echo "$b" | xargs -n 3 | awk '{ print $3 }' | maximum)
  am=$(echo "$a" | xargs -n 3 | awk '{ print $3 }' | maximum)
  awk -v op="$op" -v bw="$bw" -v aw="$aw" -v bc="$bc" -v ac="$ac" -v bm="$bm" -v am="$am" 'BEGIN {
    printf "| %s | %.3f s | %.3f s | %.2f× | %.2f s | %.2f s | %.2f× | %.1f MiB | %.1f MiB |\n",
      op, bw, aw, (bw > 0 ? aw / bw : 0), bc, ac, (bc > 0 ? ac / bc : 0), bm / 1024, am / 1024 }'
}

echo "before: $before" >&2
echo "after:  $after" >&2
echo "entries: $entries ($(($(stat -c %s "$base") / 1048576)) MiB), runs: $runs, alternating; load at start: $(cut -d ' ' -f 1-3 /proc/loadavg)" >&2
ops=()
for op in import reimport changed export diff diffrev; do
  if wants "$op"; then ops+=("$op"); measure "$op"; echo "  $op done" >&2; fi
done
echo
echo "$entries entries; medians of $runs alternating runs; load at end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo
echo "| operation | before (wall) | after (wall) | ratio | before (cpu) | after (cpu) | ratio | before peak | after peak |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for op in "${ops[@]}"; do row "$op"; done
