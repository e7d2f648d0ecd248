#!/usr/bin/env bash
# Times the document reader against simdjson on the same file, side by side in one run
# (runs alternate, so all see the same machine load), and prints the ratios the reader's
# targets are stated in (docs/benchmarks.md):
#   in process      `catalog-bench read FILE --structural` (the structural reader) and
#                   `catalog-bench read FILE` (the scalar reader, the default) vs simdjson's
#                   DOM parse of the file loaded in memory (and its load + parse);
#   whole processes `catalog check FILE` vs a C++ program that loads the file and parses it
#                   with simdjson.
# The C++ program (Tests/Benchmarks/simdjson-load.cpp) is built here against Debian's
# libsimdjson-dev (apt: libsimdjson-dev, g++); the product never links it.
#
# usage: Tests/Benchmarks/reader-vs-simdjson.sh --catalog PATH [--file FILE] [--entries N]
#                                               [--runs N] [--work DIR]
#   --catalog  a release `catalog` binary; catalog-bench must be beside it
#   --file     the components.json to read (default: generated with --entries entries)
#   --entries  entries of the generated file (default 100000: about 68 MB)
#   --runs     alternating runs of each (default 7)
#   --work     where the files go (default: a new directory under /tmp, removed)

set -euo pipefail

catalog=""
file=""
entries=100000
runs=7
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --catalog) catalog="$2"; shift 2 ;;
    --file) file="$2"; shift 2 ;;
    --entries) entries="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "reader-vs-simdjson: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
[ -n "$catalog" ] || { echo "reader-vs-simdjson: --catalog is required (see --help)" >&2; exit 64; }
bench="$(dirname "$catalog")/catalog-bench"
[ -x "$bench" ] || { echo "reader-vs-simdjson: no catalog-bench beside $catalog" >&2; exit 66; }
[ -x /usr/bin/time ] || { echo "reader-vs-simdjson: needs /usr/bin/time (apt-get install time)" >&2; exit 69; }
[ -f /usr/include/simdjson.h ] || { echo "reader-vs-simdjson: needs libsimdjson-dev" >&2; exit 69; }

root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ -z "$work" ]; then
  work="$(mktemp -d /tmp/reader-vs-simdjson.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
loader="$work/simdjson-load"
g++ -O3 -o "$loader" "$root/Tests/Benchmarks/simdjson-load.cpp" -lsimdjson
if [ -z "$file" ]; then
  file="$work/components.json"
  [ -f "$file" ] || "$bench" generate "$entries" --out "$file"
fi
bytes=$(stat -c %s "$file")

# In process: CPU seconds of the last of three runs in one process (steady state: buffers
# allocated, pages mapped), alternating.
structural=(); scalar=(); parse=(); loadparse=()
for _ in $(seq "$runs"); do
  structural+=("$("$bench" read "$file" --structural --runs 3 | sed -n 's/^read .* in \([0-9.]*\) s CPU.*/\1/p' | tail -1)")
  scalar+=("$("$bench" read "$file" --runs 3 | sed -n 's/^read .* in \([0-9.]*\) s CPU.*/\1/p' | tail -1)")
  line="$("$loader" "$file" --runs 3 | tail -1)"
  loadparse+=("$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s CPU.*/\1/p')")
  parse+=("$(echo "$line" | sed -n 's/.*(parse \([0-9.]*\) s).*/\1/p')")
done

# Whole processes: wall and user + system CPU seconds, alternating.
check_wall=(); check_cpu=(); load_wall=(); load_cpu=()
for _ in $(seq "$runs"); do
  out="$(/usr/bin/time -f '%e %U %S' "$catalog" check "$file" 2>&1 >/dev/null | tail -1)"
  check_wall+=("$(echo "$out" | awk '{print $1}')"); check_cpu+=("$(echo "$out" | awk '{print $2 + $3}')")
  out="$(/usr/bin/time -f '%e %U %S' "$loader" "$file" 2>&1 >/dev/null | tail -1)"
  load_wall+=("$(echo "$out" | awk '{print $1}')"); load_cpu+=("$(echo "$out" | awk '{print $2 + $3}')")
done

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}'; }
rate() { awk -v s="$1" -v n="$bytes" 'BEGIN {printf "%.2f", (s > 0) ? n / s / 1e9 : 0}'; }

m_structural=$(median "${structural[@]}"); m_scalar=$(median "${scalar[@]}")
m_parse=$(median "${parse[@]}"); m_loadparse=$(median "${loadparse[@]}")
m_check_wall=$(median "${check_wall[@]}"); m_check_cpu=$(median "${check_cpu[@]}")
m_load_wall=$(median "${load_wall[@]}"); m_load_cpu=$(median "${load_cpu[@]}")

echo "file: $file ($bytes bytes), $runs alternating runs, medians; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| in process (CPU) | seconds | GB/s | ÷ simdjson parse | ÷ simdjson load + parse |"
echo "|---|---:|---:|---:|---:|"
echo "| catalog-bench read --structural | $m_structural | $(rate "$m_structural") | $(ratio "$m_structural" "$m_parse")× | $(ratio "$m_structural" "$m_loadparse")× |"
echo "| catalog-bench read (scalar) | $m_scalar | $(rate "$m_scalar") | $(ratio "$m_scalar" "$m_parse")× | $(ratio "$m_scalar" "$m_loadparse")× |"
echo "| simdjson DOM parse | $m_parse | $(rate "$m_parse") | 1.00× | |"
echo "| simdjson load + DOM parse | $m_loadparse | $(rate "$m_loadparse") | | 1.00× |"
echo
echo "| whole process | wall | CPU | ratio (wall) | ratio (CPU) |"
echo "|---|---:|---:|---:|---:|"
echo "| catalog check FILE | $m_check_wall | $m_check_cpu | $(ratio "$m_check_wall" "$m_load_wall")× | $(ratio "$m_check_cpu" "$m_load_cpu")× |"
echo "| simdjson-load FILE | $m_load_wall | $m_load_cpu | 1.00× | 1.00× |"
