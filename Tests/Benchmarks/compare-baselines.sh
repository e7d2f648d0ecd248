#!/usr/bin/env bash
# Times `catalog` against the tools a user would fall back on, side by side, in one run:
# the sqlite3 shell's JSON functions, a short Python json+sqlite3 script, psql on a
# PostgreSQL server (\copy and jsonb functions), Python's jsonpatch and diff -u. Each pair runs alternately (catalog, baseline, catalog, ...) so that both see
# the same machine load, and the medians and their ratios are printed as a Markdown table
# with the targets of issue 18 (see docs/benchmarks.md).
#
# usage: Tests/Benchmarks/compare-baselines.sh [--entries N] [--runs N] [--work DIR]
#                                              [--catalog PATH] [--keep] [--skip LIST] [--cpu]
#
# --skip leaves out groups of rows: a comma-separated list of python, postgresql, jsonpatch.
# --cpu times user + system CPU seconds (of the command and its children) instead of wall
# clock: what to read on a shared, loaded machine. Needs GNU time (/usr/bin/time).
#
# It installs nothing. What it needs and does not find is named at the start, and the rows
# that need it are skipped:
#   sqlite3 (apt: sqlite3), python3 and its jsonpatch module (pip install jsonpatch), diff,
#   and /usr/bin/time for peak memory (apt: time; without it, Python's resource module).
# The catalog binary and the generator come from this package: the script builds them with
# `swift build -c release --static-swift-stdlib` (the build users install) unless --catalog
# names a binary (the generator is catalog-bench).

set -euo pipefail

entries=100000
runs=3
work=""
catalog=""
keep=0
skip=""
cpu=0
while [ $# -gt 0 ]; do
  case "$1" in
    --entries) entries="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --catalog) catalog="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    --cpu) cpu=1; shift ;;
    --skip) skip=",$2,"; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-baselines: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ -z "$work" ]; then work="$(mktemp -d /tmp/compare-baselines.XXXXXX)"; fi
mkdir -p "$work"
if [ "$keep" = 0 ]; then trap 'rm -rf "$work"' EXIT; fi

# --- What is here -----------------------------------------------------------------------

missing=()
have() { command -v "$1" > /dev/null 2>&1; }
have_sqlite=0; if have sqlite3; then have_sqlite=1; else missing+=("sqlite3 (apt-get install sqlite3)"); fi
skipped() { case "$skip" in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
have_python=0; if have python3; then have_python=1; else missing+=("python3"); fi
have_jsonpatch=0
if [ "$have_python" = 1 ] && python3 -c 'import jsonpatch' 2> /dev/null; then
  have_jsonpatch=1
else
  missing+=("Python module jsonpatch (pip install jsonpatch)")
fi
have_diff=0; if have diff; then have_diff=1; else missing+=("diff (apt-get install diffutils)"); fi
timer=""
if [ -x /usr/bin/time ] && /usr/bin/time -f '%e %M' true > /dev/null 2>&1; then
  timer=gnu
elif [ "$have_python" = 1 ]; then
  timer=python
  missing+=("/usr/bin/time (apt-get install time); peak memory comes from Python's resource module")
else
  timer=none
  missing+=("/usr/bin/time and python3: no peak memory")
fi
if [ "$cpu" = 1 ] && [ "$timer" != gnu ]; then
  echo "compare-baselines: --cpu needs GNU time (apt-get install time)" >&2
  exit 69
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Not found (the rows that need them are skipped; nothing is installed):"
  for item in "${missing[@]}"; do echo "  - $item"; done
  echo
fi

if [ -z "$catalog" ]; then
  echo "Building catalog and catalog-bench (swift build -c release --static-swift-stdlib) ..." >&2
  (cd "$root" && swift build -c release --static-swift-stdlib -j 2 --product catalog > /dev/null \
    && swift build -c release --static-swift-stdlib -j 2 --product catalog-bench > /dev/null)
  catalog="$root/.build/release/catalog"
  bench="$root/.build/release/catalog-bench"
else
  bench="$(dirname "$catalog")/catalog-bench"
  if [ ! -x "$bench" ]; then
    (cd "$root" && swift build -c release --static-swift-stdlib -j 2 --product catalog-bench > /dev/null)
    bench="$root/.build/release/catalog-bench"
  fi
fi

# --- The data ----------------------------------------------------------------------------

base="$work/components.json"
mutated="$work/components-mutated.json"
"$bench" generate "$entries" --out "$base"
"$bench" generate "$entries" --mutate 1 --out "$mutated"
if [ "$have_python" = 1 ]; then
  # The Swift generator is a port of the shared script (copied to Tests/Benchmarks); check
  # that it still writes its bytes.
  python3 "$root/Tests/Benchmarks/gen_components.py" 1000 --mutate 3 --out "$work/py.json"
  "$bench" generate 1000 --mutate 3 --out "$work/swift.json"
  cmp -s "$work/py.json" "$work/swift.json" \
    || echo "warning: catalog-bench generate no longer matches gen_components.py" >&2
fi
file_bytes=$(stat -c %s "$base")
mutated_bytes=$(stat -c %s "$mutated")

# --- Timing ------------------------------------------------------------------------------

# run OUT COMMAND...: runs COMMAND with stdout into OUT, and prints "SECONDS PEAK_KIB".
run() {
  local out="$1"
  shift
  local tf="$work/.time"
  case "$timer" in
    gnu)
      if [ "$cpu" = 1 ]; then
        /usr/bin/time -f '%U %S %M' -o "$tf" "$@" > "$out" || true
        tail -n 1 "$tf" | awk '{ printf "%.2f %s\n", $1 + $2, $3 }'
      else
        /usr/bin/time -f '%e %M' -o "$tf" "$@" > "$out" || true
        tail -n 1 "$tf"
      fi
      ;;
    python)
      python3 - "$out" "$@" << 'EOF'
import resource, subprocess, sys, time
start = time.monotonic()
with open(sys.argv[1], "wb") as out:
    subprocess.run(sys.argv[2:], stdout=out)
elapsed = time.monotonic() - start
print("%.2f %d" % (elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
EOF
      ;;
    *)
      local start end
      start=$(date +%s.%N)
      "$@" > "$out" || true
      end=$(date +%s.%N)
      echo "$(echo "$end - $start" | bc) 0"
      ;;
  esac
}

# median of the numbers on stdin
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
maximum() { sort -g | tail -n 1; }

rows=()
# report WORK BASELINE_NAME BASELINE_TIMES BASELINE_KIB CATALOG_TIMES CATALOG_KIB TARGET_RATIO MEMORY_LIMIT_BYTES
report() {
  local work_name="$1" baseline="$2" btimes="$3" bkib="$4" ctimes="$5" ckib="$6" target="$7" limit="$8"
  local bmed cmed bpeak cpeak ratio verdict
  bmed=$(echo "$btimes" | tr ' ' '\n' | median)
  cmed=$(echo "$ctimes" | tr ' ' '\n' | median)
  bpeak=$(echo "$bkib" | tr ' ' '\n' | maximum)
  cpeak=$(echo "$ckib" | tr ' ' '\n' | maximum)
  ratio=$(awk -v c="$cmed" -v b="$bmed" 'BEGIN { printf "%.2f", (b > 0 ? c / b : 0) }')
  verdict=""
  if [ -n "$target" ]; then
    verdict=$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r <= t ? "met" : "**missed**") }')
    target="≤ ${target}×"
  fi
  local memory=""
  if [ -n "$limit" ] && [ "$cpeak" != 0 ]; then
    memory=$(awk -v p="$cpeak" -v l="$limit" 'BEGIN { printf "peak %s %.0f MiB", (p * 1024 <= l ? "≤" : "**>**"), l / 1048576 }')
  fi
  rows+=("| $work_name | $baseline | ${bmed} s | $((bpeak / 1024)) MiB | ${cmed} s | $((cpeak / 1024)) MiB | ${ratio}× | $target | $verdict | $memory |")
  echo "  $work_name: $baseline ${bmed} s, catalog ${cmed} s (${ratio}×)" >&2
}

# alternate CATALOG_SETUP CATALOG_COMMAND BASELINE_SETUP BASELINE_COMMAND: runs the pair
# $runs times, alternating, and sets ctimes/ckib/btimes/bkib. The setups are shell functions
# run untimed; the commands are shell command lines, timed with their stdout in a file.
alternate() {
  ctimes=""; ckib=""; btimes=""; bkib=""
  local i result
  for i in $(seq "$runs"); do
    $1
    result=$(run "$work/.out-catalog" bash -c "$2")
    ctimes="$ctimes ${result% *}"; ckib="$ckib ${result#* }"
    $3
    result=$(run "$work/.out-baseline" bash -c "$4")
    btimes="$btimes ${result% *}"; bkib="$bkib ${result#* }"
  done
}

q() { printf '%q' "$1"; }

echo "catalog: $catalog" >&2
echo "entries: $entries, file: $((file_bytes / 1048576)) MiB, runs: $runs (alternating)" >&2

db="$work/catalog.sqlite"
sdb="$work/sqlite-shell.sqlite"
pdb="$work/python.sqlite"
fresh_catalog() { rm -f "$db" "$db-wal" "$db-shm"; }
fresh_shell() { rm -f "$sdb" "$sdb-journal"; }
fresh_python() { rm -f "$pdb" "$pdb-journal"; }
noop() { :; }

export_sql="SELECT json_object('components', json_group_array(json_object('kind', kind, 'category', category, 'description', description, 'payload', json(payload)))) FROM t"

# --- Import and export against the sqlite3 shell ---------------------------------------

if [ "$have_sqlite" = 1 ]; then
  cat > "$work/import.sql" << EOF
CREATE TABLE t (kind TEXT, category TEXT, description TEXT, payload TEXT);
BEGIN;
INSERT INTO t SELECT json_extract(value, '\$.kind'), json_extract(value, '\$.category'),
  json_extract(value, '\$.description'), json_extract(value, '\$.payload')
FROM json_each(readfile('$base'), '\$.components');
COMMIT;
EOF
  catalog_import="$(q "$catalog") -d $(q "$db") import $(q "$base") -m bench --author bench"
  alternate fresh_catalog "$catalog_import" fresh_shell "sqlite3 $(q "$sdb") < $(q "$work/import.sql")"
  report "import into an empty catalog" "sqlite3 shell json_each" "$btimes" "$bkib" "$ctimes" "$ckib" 0.5 "$((file_bytes / 2))"

  catalog_export="$(q "$catalog") -d $(q "$db") export"
  alternate noop "$catalog_export" noop "sqlite3 $(q "$sdb") $(q "$export_sql")"
  cmp -s "$work/.out-catalog" "$base" || echo "warning: catalog export differs from the imported file" >&2
  report "export (catalog: indented; shell: compact)" "sqlite3 shell json_group_array" "$btimes" "$bkib" "$ctimes" "$ckib" 0.7 ""
fi

# --- Import and export against Python json + sqlite3 -------------------------------------

if [ "$have_python" = 1 ] && ! skipped python; then
  cat > "$work/py_import.py" << 'EOF'
import json, sqlite3, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
db = sqlite3.connect(sys.argv[2])
db.execute("CREATE TABLE t (kind TEXT, category TEXT, description TEXT, payload TEXT)")
with db:
    db.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", (
        (e["kind"], e["category"], e["description"],
         json.dumps(e["payload"], ensure_ascii=False, separators=(",", ":")))
        for e in doc["components"]))
EOF
  cat > "$work/py_export.py" << 'EOF'
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
entries = [{"kind": k, "category": c, "description": d, "payload": json.loads(p)}
           for k, c, d, p in db.execute("SELECT kind, category, description, payload FROM t")]
json.dump({"components": entries}, sys.stdout, ensure_ascii=False, indent=2)
sys.stdout.write("\n")
EOF
  catalog_import="$(q "$catalog") -d $(q "$db") import $(q "$base") -m bench --author bench"
  alternate fresh_catalog "$catalog_import" fresh_python "python3 $(q "$work/py_import.py") $(q "$base") $(q "$pdb")"
  report "import into an empty catalog" "Python json + sqlite3" "$btimes" "$bkib" "$ctimes" "$ckib" "" ""
  catalog_export="$(q "$catalog") -d $(q "$db") export"
  alternate noop "$catalog_export" noop "python3 $(q "$work/py_export.py") $(q "$pdb")"
  report "export" "Python json + sqlite3" "$btimes" "$bkib" "$ctimes" "$ckib" "" ""
fi

# --- Import and export on PostgreSQL against psql -----------------------------------------

# The server: $CATALOG_BENCH_POSTGRES_URL (a postgresql:// URI of a database the run may
# create databases from), else a throwaway cluster started here, as the tests do.
pg_admin="${CATALOG_BENCH_POSTGRES_URL:-}"
pg_cluster=""
if skipped postgresql; then
  pg_admin=""
elif [ -z "$pg_admin" ] && have psql && [ -f "$root/Tests/PostgreSQL/throwaway-cluster.sh" ]; then
  pg_cluster="$(mktemp -d /tmp/bench-pg-XXXXXX)"
  if pg_admin=$(bash "$root/Tests/PostgreSQL/throwaway-cluster.sh" start "$pg_cluster"); then
    trap 'bash "$root/Tests/PostgreSQL/throwaway-cluster.sh" stop "$pg_cluster"; rm -rf "$pg_cluster"; [ "$keep" = 1 ] || rm -rf "$work"' EXIT
  else
    pg_admin=""
    echo "PostgreSQL: the throwaway cluster did not start; its rows are skipped" >&2
  fi
fi
if [ -n "$pg_admin" ] && have psql; then
  # pg_url NAME: the admin URL with its database replaced by NAME.
  pg_url() { echo "$pg_admin" | sed -E "s#^(postgres(ql)?://[^/?]*)/?[^?]*#\1/$1#"; }
  pg_catalog="$(pg_url bench_catalog)"
  pg_psql="$(pg_url bench_psql)"
  pg_fresh() {
    psql -X -q -d "$pg_admin" -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)" \
      -c "CREATE DATABASE $1" > /dev/null
  }
  fresh_pg_catalog() { pg_fresh bench_catalog; }
  fresh_pg_psql() { pg_fresh bench_psql; }
  # The whole file as one jsonb value: \copy its lines into a staging table (CSV with a
  # quote and a delimiter that JSON text never holds, so no byte is reinterpreted), join
  # them in order, then INSERT … SELECT over jsonb_array_elements.
  cat > "$work/pg_import.sql" << EOF
CREATE TABLE staging (n bigserial, line text);
\copy staging (line) FROM '$base' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
CREATE TABLE t (kind text, category text, description text, payload jsonb);
INSERT INTO t SELECT e->>'kind', e->>'category', e->>'description', e->'payload'
FROM jsonb_array_elements((SELECT string_agg(line, E'\n' ORDER BY n) FROM staging)::jsonb->'components') AS e;
EOF
  pg_export_sql="SELECT jsonb_build_object('components', jsonb_agg(jsonb_build_object('kind', kind, 'category', category, 'description', description, 'payload', payload))) FROM t"
  catalog_import="$(q "$catalog") -d $(q "$pg_catalog") import $(q "$base") -m bench --author bench"
  alternate fresh_pg_catalog "$catalog_import" fresh_pg_psql "psql -X -q -v ON_ERROR_STOP=1 -d $(q "$pg_psql") -f $(q "$work/pg_import.sql")"
  report "import into an empty catalog on PostgreSQL" "psql \\\\copy + jsonb_array_elements" "$btimes" "$bkib" "$ctimes" "$ckib" 1.0 ""
  catalog_export="$(q "$catalog") -d $(q "$pg_catalog") export"
  alternate noop "$catalog_export" noop "psql -X -q -At -d $(q "$pg_psql") -c $(q "$pg_export_sql")"
  cmp -s "$work/.out-catalog" "$base" || echo "warning: catalog export from PostgreSQL differs from the imported file" >&2
  report "export from PostgreSQL (catalog: indented; psql: compact)" "psql jsonb_agg" "$btimes" "$bkib" "$ctimes" "$ckib" 1.0 ""
else
  echo "PostgreSQL: no server (set CATALOG_BENCH_POSTGRES_URL, or install postgresql); its rows are skipped" >&2
fi

# --- Diff ----------------------------------------------------------------------------------

catalog_diff="$(q "$catalog") diff $(q "$base") $(q "$mutated")"
both_files=$((file_bytes + mutated_bytes))
if [ "$have_jsonpatch" = 1 ] && ! skipped jsonpatch; then
  cat > "$work/py_diff.py" << 'EOF'
import json, sys, jsonpatch
def load(path):
    return {e["kind"]: e for e in json.load(open(path, encoding="utf-8"))["components"]}
patch = jsonpatch.make_patch(load(sys.argv[1]), load(sys.argv[2]))
print(len(patch.patch), "operations")
EOF
  alternate noop "$catalog_diff" noop "python3 $(q "$work/py_diff.py") $(q "$base") $(q "$mutated")"
  report "diff two files, 1% changed" "Python jsonpatch.make_patch" "$btimes" "$bkib" "$ctimes" "$ckib" 0.1 "$((both_files / 2))"
fi
if [ "$have_diff" = 1 ]; then
  alternate noop "$catalog_diff" noop "diff -u $(q "$base") $(q "$mutated")"
  report "diff two files, 1% changed" "diff -u" "$btimes" "$bkib" "$ctimes" "$ckib" 0.5 "$((both_files / 2))"
fi

# --- Diff of two revisions against exporting one -------------------------------------------

rdb="$work/revisions.sqlite"
rm -f "$rdb" "$rdb-wal" "$rdb-shm"
"$catalog" -d "$rdb" import "$base" -m base --author bench > /dev/null
"$catalog" -d "$rdb" import --prune "$mutated" -m mutated --author bench > /dev/null
alternate noop "$(q "$catalog") -d $(q "$rdb") diff @1 @2" noop "$(q "$catalog") -d $(q "$rdb") export --at 1"
report "diff @1 @2 of a catalog, 1% changed" "catalog export --at 1" "$btimes" "$bkib" "$ctimes" "$ckib" 1.0 ""

# --- The table ---------------------------------------------------------------------------

echo
echo "$entries entries, $(awk -v b="$file_bytes" 'BEGIN { printf "%.1f", b / 1048576 }') MiB file; medians of $runs alternating runs; ratio = catalog / baseline"
echo
echo "| work | baseline | baseline | peak | catalog | peak | ratio | target | | memory |"
echo "|---|---|---:|---:|---:|---:|---:|---|---|---|"
for row in "${rows[@]}"; do echo "$row"; done
