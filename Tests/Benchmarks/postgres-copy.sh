#!/usr/bin/env bash
# PostgreSQL at COPY speed (issue 36, item 4): a first import and an export of head on
# PostgreSQL, each against psql moving the same rows with COPY, in one run, alternating.
#
#   import  `catalog -d URL import FILE` into a database with no catalog yet, against
#           `psql -1 -f load.sql`: CREATE TABLE for each table the import writes (the same
#           names and columns, every column text, no key, index or constraint) and
#           `\copy TABLE FROM FILE` of that table's rows, all in one transaction, into a
#           fresh database. The COPY files are the rows a catalog import wrote (`COPY TABLE
#           TO` of a catalog imported before the timed runs): the same row count and bytes.
#           Preparing them is not timed; the catalog's side is timed from reading and
#           parsing the JSON file to its commit, its schema's creation included.
#   export  `catalog -d URL export` of that catalog, against `psql -c "COPY (SELECT …) TO
#           STDOUT"` of the columns the export reads (entry_version joined with payload, the
#           rows not removed, ORDER BY position, component_id: the export's order) into a
#           file. The catalog's side writes the indented components.json.
#
# Each pair runs --runs times, catalog first, then the baseline, with a fresh database
# before each import (made untimed); medians of wall and of CPU (user + system of the
# client and, for the server, the backend's CPU from /proc/PID/stat before and after).
#
# usage: Tests/Benchmarks/postgres-copy.sh --catalog PATH [--file FILE | --entries N]
#                                          [--runs N] [--work DIR] [--keep]
#   --catalog  a release build of `catalog` (swift build -c release --product catalog)
#   --file     the components.json to import (default: gen_components.py N into --work)
#   --entries  entries of the generated file (default 100000)
#   --runs     pairs of each (default 5)
#   --work     where the files go (default: a new directory under /tmp, removed at the end)
#
# The server: $CATALOG_BENCH_POSTGRES_URL (a postgresql:// URI of a database the run may
# create databases from), else a throwaway cluster started here as the tests start theirs
# (Tests/PostgreSQL/throwaway-cluster.sh: local socket, fsync off). Needs psql, python3 and
# /usr/bin/time (apt: postgresql-client, time).

set -euo pipefail

entries=100000
runs=5
work=""
catalog=""
file=""
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --catalog) catalog="$2"; shift 2 ;;
    --file) file="$2"; shift 2 ;;
    --entries) entries="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "postgres-copy: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
[ -n "$catalog" ] || { echo "postgres-copy: --catalog is required (see --help)" >&2; exit 64; }
[ -x "$catalog" ] || { echo "postgres-copy: $catalog is not an executable" >&2; exit 66; }
command -v psql > /dev/null || { echo "postgres-copy: needs psql (apt-get install postgresql-client)" >&2; exit 69; }
[ -x /usr/bin/time ] || { echo "postgres-copy: needs /usr/bin/time (apt-get install time)" >&2; exit 69; }

root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ -z "$work" ]; then work="$(mktemp -d /tmp/postgres-copy.XXXXXX)"; fi
mkdir -p "$work"
work="$(cd "$work" && pwd)"

pg_admin="${CATALOG_BENCH_POSTGRES_URL:-}"
pg_cluster=""
cleanup() {
  if [ -n "$pg_cluster" ]; then
    bash "$root/Tests/PostgreSQL/throwaway-cluster.sh" stop "$pg_cluster" > /dev/null 2>&1 || true
    rm -rf "$pg_cluster"
  fi
  if [ "$keep" = 0 ]; then rm -rf "$work"; fi
}
trap cleanup EXIT
if [ -z "$pg_admin" ]; then
  pg_cluster="$(mktemp -d /tmp/postgres-copy-pg.XXXXXX)"
  pg_admin=$(bash "$root/Tests/PostgreSQL/throwaway-cluster.sh" start "$pg_cluster" | tail -n 1)
fi
# pg_url NAME: the admin URL with its database replaced by NAME.
pg_url() { echo "$pg_admin" | sed -E "s#^(postgres(ql)?://[^/?]*)/?[^?]*#\1/$1#"; }
pg_fresh() {
  psql -X -q -d "$pg_admin" -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)" -c "CREATE DATABASE $1" > /dev/null
}

if [ -z "$file" ]; then
  file="$work/components.json"
  python3 "$root/Tests/Benchmarks/gen_components.py" "$entries" --out "$file"
fi
file_bytes=$(stat -c %s "$file")

# --- Preparation (untimed): the rows a catalog import writes, as COPY text files ------------

prep="$(pg_url bench_copy_prep)"
pg_fresh bench_copy_prep
"$catalog" -d "$prep" import "$file" -m bench --author bench > /dev/null
# The tables a first import writes rows into (the migrations' bookkeeping is schema, which
# the baseline's CREATE TABLEs stand for), with their columns in order.
tables=$(psql -X -At -d "$prep" -c "
  SELECT c.relname || ' ' || string_agg(a.attname, ',' ORDER BY a.attnum)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'schema_migration'
  GROUP BY c.relname ORDER BY c.relname")
load="$work/load.sql"
: > "$load"
copy_rows=0
copy_bytes=0
while read -r table columns; do
  [ -n "$table" ] || continue
  rows=$(psql -X -At -d "$prep" -c "SELECT count(*) FROM $table")
  [ "$rows" -gt 0 ] || continue
  psql -X -q -d "$prep" -c "\\copy $table TO '$work/$table.copy'"
  copy_rows=$((copy_rows + rows))
  copy_bytes=$((copy_bytes + $(stat -c %s "$work/$table.copy")))
  echo "CREATE TABLE $table ($(echo "$columns" | sed 's/,/ text, /g') text);" >> "$load"
  echo "\\copy $table FROM '$work/$table.copy'" >> "$load"
  echo "  $table: $rows rows, $(stat -c %s "$work/$table.copy") bytes" >&2
done <<< "$tables"

export_columns="v.component_id, v.revision_id, v.change, v.kind, v.category, v.description, v.payload_id, v.extra, v.key_order, v.position, p.json"
export_sql="COPY (SELECT $export_columns FROM entry_version AS v JOIN payload AS p ON p.id = v.payload_id WHERE v.change <> 'removed' ORDER BY v.position, v.component_id) TO STDOUT"

# --- Timing ------------------------------------------------------------------------------

catalog_db="$(pg_url bench_copy_catalog)"
psql_db="$(pg_url bench_copy_psql)"

# The server's CPU: the postmaster's children's cumulative times (cutime + cstime in
# /proc/PID/stat), to which a backend's CPU is added when it exits and is reaped; each read
# waits a moment for the backends of the commands before it to be reaped. Autovacuum
# workers are children too: what they spend in the window is counted.
postmaster_pid() {
  psql -X -At -d "$pg_admin" -c "SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'" \
    | head -n 1 | xargs -r ps -o ppid= -p | tr -d ' '
}
pm=$(postmaster_pid || true)
server_ticks() {
  sleep 0.3
  if [ -n "$pm" ] && [ -r "/proc/$pm/stat" ]; then
    awk '{ sub(/^.*\) /, ""); print $14 + $15 }' "/proc/$pm/stat"
  else
    echo 0
  fi
}
hz=$(getconf CLK_TCK)

# timed OUT COMMAND...: runs COMMAND with stdout in OUT; prints "WALL CLIENT_CPU SERVER_CPU".
timed() {
  local out="$1"; shift
  local before after
  before=$(server_ticks)
  /usr/bin/time -f '%e %U %S' -o "$work/.time" "$@" > "$out"
  after=$(server_ticks)
  awk -v b="$before" -v a="$after" -v hz="$hz" '{ printf "%s %.2f %.2f\n", $1, $2 + $3, (a - b) / hz }' "$work/.time"
}
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
column() { echo "$1" | awk -v c="$2" '{ print $c }' | median; }

cat_import=""; base_import=""; cat_export=""; base_export=""
for i in $(seq "$runs"); do
  pg_fresh bench_copy_catalog
  cat_import+="$(timed /dev/null "$catalog" -d "$catalog_db" import "$file" -m bench --author bench)"$'\n'
  pg_fresh bench_copy_psql
  base_import+="$(timed /dev/null psql -X -q -1 -v ON_ERROR_STOP=1 -d "$psql_db" -f "$load")"$'\n'
done
for i in $(seq "$runs"); do
  cat_export+="$(timed "$work/export.json" "$catalog" -d "$catalog_db" export)"$'\n'
  base_export+="$(timed "$work/export.copy" psql -X -q -d "$catalog_db" -c "$export_sql")"$'\n'
done
cmp -s "$work/export.json" "$file" || echo "warning: the catalog's export differs from the imported file" >&2
[ "$(wc -l < "$work/export.copy")" -eq "$(psql -X -At -d "$catalog_db" -c "SELECT count(*) FROM entry_version")" ] \
  || echo "warning: the COPY export has not one line per entry" >&2

row() {
  local name="$1" baseline="$2" c="$3" b="$4" target="$5"
  local cw bw ratio cpu_c cpu_b sc sb
  cw=$(column "$c" 1); bw=$(column "$b" 1)
  cpu_c=$(column "$c" 2); cpu_b=$(column "$b" 2)
  sc=$(column "$c" 3); sb=$(column "$b" 3)
  ratio=$(awk -v c="$cw" -v b="$bw" 'BEGIN { printf "%.2f", c / b }')
  verdict=$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r <= t ? "met" : "**missed**") }')
  echo "| $name | $baseline | $bw s | $cpu_b s + $sb s | $cw s | $cpu_c s + $sc s | ${ratio}× | ≤ ${target}× $verdict |"
}

echo
echo "$(basename "$file"): $((file_bytes / 1048576)) MiB; COPY files: $copy_rows rows, $((copy_bytes / 1048576)) MiB; medians of $runs alternating runs; load average before: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "CPU = client (user + system) + server backends"
echo
echo "| work | baseline | baseline wall | baseline CPU | catalog wall | catalog CPU | ratio (wall) | target |"
echo "|---|---|---:|---:|---:|---:|---:|---|"
row "first import" "psql \\\\copy of the same rows into text columns, one transaction" "$cat_import" "$base_import" 1.2
row "export head" "psql COPY (SELECT … ORDER BY position) TO STDOUT" "$cat_export" "$base_export" 1.2
