#!/usr/bin/env bash
# How far a re-import's targets lie below the work a re-import cannot skip, in one run.
#
# A re-import compares every entry of the file with head's: its texts by bytes, its payload
# by SHA-256 digest (schema 0010: the digest stored with head's payload, no stored payload
# text read), so it must read, validate and hash the whole file and read head's rows with
# their digests. This times, alternating with the imports themselves:
#   first     a first import of the file (the targets' yardstick)
#   reimport  the same file into a catalog holding it
#   changed   the 1%-mutated file into a catalog holding the first
#   read      `catalog-bench read FILE`: the document reader alone, as a process
#   head      `catalog-bench head CATALOG`: what an import reads of the catalog, alone
# and prints medians and ratios against the first import: read and head side by side on
# two cores (the larger of the two) is the least a re-import can take on this design, and
# read + head the least CPU. It also counts the database pages the 1%-changed import
# rewrote, by table (the checkpoint copies each of them), against the pages the rows it
# wrote occupy (their bytes over the page size): the target is at most 3x.
#
# usage: Tests/Benchmarks/reimport-floor.sh --catalog PATH [--entries N] [--runs N] [--work DIR]
#   --catalog  a release build of `catalog`, with catalog-bench beside it
#   --entries  entries of the generated file (default 100000)
#   --runs     runs of each (default 5)
#   --work     where the files go (default: a new directory under /tmp, removed)
#
# Needs /usr/bin/time (apt: time), and for the page count the sqlite3 shell with its dbstat
# table (apt: sqlite3) and python3.

set -euo pipefail

entries=100000
runs=5
work=""
catalog=""
while [ $# -gt 0 ]; do
  case "$1" in
    --catalog) catalog="$2"; shift 2 ;;
    --entries) entries="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "reimport-floor: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
[ -n "$catalog" ] || { echo "reimport-floor: --catalog is required (see --help)" >&2; exit 64; }
bench="$(dirname "$catalog")/catalog-bench"
[ -x "$bench" ] || { echo "reimport-floor: no catalog-bench beside $catalog" >&2; exit 69; }
[ -x /usr/bin/time ] || { echo "reimport-floor: needs /usr/bin/time (apt-get install time)" >&2; exit 69; }
if [ -z "$work" ]; then
  work="$(mktemp -d /tmp/reimport-floor.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

file="$work/components.json"
mutated="$work/components-mutated.json"
[ -f "$file" ] || "$bench" generate "$entries" --out "$file"
[ -f "$mutated" ] || "$bench" generate "$entries" --mutate 1 --out "$mutated"
base="$work/base.sqlite"
rm -f "$base" "$base-wal" "$base-shm"
"$catalog" -d "$base" import "$file" -m base --author bench > /dev/null

# timed NAME COMMAND...: runs COMMAND and appends "WALL CPU" to $work/NAME.times.
timed() {
  local name="$1"
  shift
  /usr/bin/time -f '%e %U %S' -o "$work/.time" "$@" > /dev/null 2>&1 \
    || { echo "reimport-floor: $name failed: $*" >&2; exit 1; }
  tail -n 1 "$work/.time" | awk '{ printf "%s %.3f\n", $1, $2 + $3 }' >> "$work/$name.times"
}
# copy: a copy of the base catalog, at $work/copy.sqlite.
copy() {
  rm -f "$work/copy.sqlite" "$work/copy.sqlite-wal" "$work/copy.sqlite-shm"
  cp "$base" "$work/copy.sqlite"
}
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

rm -f "$work"/*.times
for _ in $(seq "$runs"); do
  rm -f "$work/first.sqlite" "$work/first.sqlite-wal" "$work/first.sqlite-shm"
  timed first "$catalog" -d "$work/first.sqlite" import "$file" -m first --author bench
  copy
  timed reimport "$catalog" -d "$work/copy.sqlite" import "$file" -m again --author bench
  copy
  timed changed "$catalog" -d "$work/copy.sqlite" import "$mutated" -m changed --author bench
  timed read "$bench" read "$file"
  copy
  timed head "$bench" head "$work/copy.sqlite"
done

declare -A wall cpu
for name in first reimport changed read head; do
  wall[$name]=$(cut -d' ' -f1 "$work/$name.times" | median)
  cpu[$name]=$(cut -d' ' -f2 "$work/$name.times" | median)
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
larger() { awk -v a="$1" -v b="$2" 'BEGIN { print (a > b ? a : b) }'; }
sum() { awk -v a="$1" -v b="$2" 'BEGIN { print a + b }'; }

echo "Medians of $runs alternating runs, $entries entries ($(du -h "$file" | cut -f1) file), against the first import:"
echo
echo "| | wall | ratio | CPU | ratio |"
echo "|---|---:|---:|---:|---:|"
row() { echo "| $1 | $2 s | $(ratio "$2" "${wall[first]}")× | $3 s | $(ratio "$3" "${cpu[first]}")× |"; }
row "first import (the yardstick)" "${wall[first]}" "${cpu[first]}"
row "re-import, unchanged (target 0.3×)" "${wall[reimport]}" "${cpu[reimport]}"
row "1%-changed import (target 0.4×)" "${wall[changed]}" "${cpu[changed]}"
row "the document reader alone (\`catalog-bench read\`)" "${wall[read]}" "${cpu[read]}"
row "head's reads alone (\`catalog-bench head\`)" "${wall[head]}" "${cpu[head]}"
row "floor on two cores: the larger of the two" \
  "$(larger "${wall[read]}" "${wall[head]}")" "$(sum "${cpu[read]}" "${cpu[head]}")"
echo
echo "(The floor's CPU is the two together: what both cores must do between them.)"

if command -v sqlite3 > /dev/null && command -v python3 > /dev/null; then
  copy
  cp "$base" "$work/before.sqlite"
  "$catalog" -d "$work/copy.sqlite" import "$mutated" -m changed --author bench > /dev/null 2>&1
  sqlite3 "$work/copy.sqlite" "SELECT pageno, name FROM dbstat" > "$work/pages.txt"
  echo
  echo "Pages the 1%-changed import rewrote (each is written to the WAL, then copied into the file):"
  echo
  python3 - "$work/before.sqlite" "$work/copy.sqlite" "$work/pages.txt" <<'EOF'
import collections, sys
before, after, pages = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read(), sys.argv[3]
size = int.from_bytes(after[16:18], "big")
size = 65536 if size == 1 else size
names = {}
for line in open(pages):
    page, name = line.rstrip("\n").split("|", 1)
    names[int(page)] = name
changed, total = collections.Counter(), collections.Counter()
for page in range(max(len(before), len(after)) // size):
    name = names.get(page + 1, "(free)")
    total[name] += 1
    if before[page * size:(page + 1) * size] != after[page * size:(page + 1) * size]:
        changed[name] += 1
print("| table or index | pages rewritten | of |")
print("|---|---:|---:|")
for name, count in changed.most_common():
    print(f"| {name} | {count} | {total[name]} |")
all_changed = sum(changed.values())
print(f"| all ({size // 1024} KiB pages) | {all_changed} ({all_changed * size / 2**20:.1f} MiB) | {sum(total.values())} |")

# The bytes of the rows the import wrote, each row's columns plus a few bytes of record
# header and cell: what the changed rows occupy, in pages, however they are laid out.
import sqlite3
old = sqlite3.connect(sys.argv[1])
first_new = old.execute("SELECT coalesce(max(id), 0) + 1 FROM payload").fetchone()[0]
old.close()
db = sqlite3.connect(sys.argv[2])
revision = db.execute("SELECT max(id) FROM revision").fetchone()[0]
def one(sql, *args):
    return db.execute(sql, args).fetchone()[0] or 0
rows = {
    "entry_version": one("SELECT sum(length(CAST(kind AS BLOB)) + length(CAST(category AS BLOB))"
                         " + length(CAST(description AS BLOB)) + coalesce(length(CAST(extra AS BLOB)), 0)"
                         " + coalesce(length(CAST(key_order AS BLOB)), 0) + length(position)"
                         " + length(change) + 16) FROM entry_version WHERE revision_id = ?", revision),
    "payload": one("SELECT sum(length(CAST(json AS BLOB)) + 16) FROM payload WHERE id >= ?", first_new),
    "payload_digest": one("SELECT sum(32 + 8) FROM payload_digest WHERE payload_id >= ?", first_new),
    "payload_hash": one("SELECT sum(8 + 8 + 4) FROM payload_hash WHERE payload_id >= ?", first_new),
    "kind_version": one("SELECT sum(length(CAST(kind AS BLOB)) + 12) FROM kind_version"
                        " WHERE revision_id = ?", revision),
}
changed_rows = one("SELECT count(*) FROM entry_version WHERE revision_id = ?", revision)
occupied = sum(rows.values()) / size
print()
print(f"The {changed_rows} entry versions it wrote, with their payloads and lookup rows, take "
      f"{sum(rows.values())} bytes ({', '.join(f'{k} {v}' for k, v in rows.items())}): "
      f"{occupied:.1f} pages of {size // 1024} KiB; pages rewritten / pages the rows occupy: "
      f"{all_changed / occupied:.1f}x (target 3x)")
EOF
fi
