#!/usr/bin/env bash
# The agents' benchmark (docs/benchmarks.md, "The catalog for agents"):
#
#   1. get_component on a 100,000-entry catalog through a warm `catalog mcp`: one call loads
#      head (not counted), then CALLS calls on kinds spread over the catalog, each timed from
#      the request's write to its answer's read on the pipe; the median and the 90th
#      percentile per call. Two revisions, so history and shape inference have work to do.
#   2. validate-ui of a 10 MB UI document (the entries of a 10 MB components.json, in the
#      {kind, payload} form) against `catalog check` of that 10 MB components.json,
#      alternated RUNS times so both see the same load; the medians and their ratio.
#
#   Tests/Benchmarks/mcp-get-component.sh [CATALOG_BINARY] [CALLS] [RUNS]
set -euo pipefail
catalog=${1:-.build/release/catalog}
calls=${2:-200}
runs=${3:-5}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$here/gen_components.py" 100000 --out "$work/big.json"
python3 "$here/gen_components.py" 100000 --mutate 2 --out "$work/big2.json"
db="$work/c.sqlite"
"$catalog" -d "$db" import "$work/big.json" -m one --author bench > /dev/null
"$catalog" -d "$db" import "$work/big2.json" -m two --author bench > /dev/null

python3 - "$catalog" "$db" "$calls" <<'PY'
import json, statistics, subprocess, sys, time
catalog, db, calls = sys.argv[1], sys.argv[2], int(sys.argv[3])
server = subprocess.Popen([catalog, "-d", db, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {}}
ident = 0
def call(name, arguments):
    global ident
    ident += 1
    line = json.dumps({"jsonrpc": "2.0", "id": ident, "method": "tools/call",
                       "params": {"_meta": meta, "name": name, "arguments": arguments}})
    start = time.perf_counter()
    server.stdin.write(line.encode() + b"\n")
    server.stdin.flush()
    answer = server.stdout.readline()
    elapsed = time.perf_counter() - start
    result = json.loads(answer)["result"]
    assert not result["isError"], result
    return result, elapsed
listing, _ = call("list_components", {"limit": 1000})
total = listing["structuredContent"]["total"]
kinds = [c["kind"] for c in listing["structuredContent"]["components"]]
step = max(1, total // calls)
# The whole catalog's kinds, spread: pages of list_components at offsets across it.
picked = []
for offset in range(0, total, step):
    page, _ = call("list_components", {"limit": 1, "offset": offset})
    picked += [c["kind"] for c in page["structuredContent"]["components"]]
picked = picked[:calls]
_, cold = call("get_component", {"kind": picked[0]})
times = []
for kind in picked:
    result, elapsed = call("get_component", {"kind": kind})
    assert result["structuredContent"]["kind"] == kind
    times.append(elapsed * 1000)
server.stdin.close()
server.wait()
times.sort()
print(f"get_component, {total} kinds at head, {len(times)} calls on a warm server:")
print(f"  median {statistics.median(times):.2f} ms, p90 {times[int(len(times) * 0.9)]:.2f} ms, "
      f"max {times[-1]:.2f} ms (first call after start-up, not counted: {cold * 1000:.0f} ms)")
PY

# A ~10 MB components.json, and the same entries as a UI document of {kind, payload}.
python3 "$here/gen_components.py" 15000 --out "$work/ten.json"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
entries = json.load(open(f"{work}/ten.json"))
entries = entries["components"] if isinstance(entries, dict) else entries
doc = [{"kind": e["kind"], "payload": e["payload"]} for e in entries]
json.dump(doc, open(f"{work}/ui.json", "w"), indent=2)
PY
ui_db="$work/ui.sqlite"
"$catalog" -d "$ui_db" import "$work/ten.json" -m ten --author bench > /dev/null
time_of() { /usr/bin/time -f "%e" "$@" > /dev/null 2> "$work/time" || true; tail -1 "$work/time"; }
check=(); validate=()
for i in $(seq "$runs"); do
  check+=("$(time_of "$catalog" -d "$ui_db" check "$work/ten.json")")
  validate+=("$(time_of "$catalog" -d "$ui_db" validate-ui "$work/ui.json")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}'; }
c=$(median "${check[@]}"); v=$(median "${validate[@]}")
echo "check of components.json ($(du -k "$work/ten.json" | cut -f1) KiB):  ${c} s (median of $runs)"
echo "validate-ui of the UI document ($(du -k "$work/ui.json" | cut -f1) KiB): ${v} s (median of $runs)"
python3 -c "print('ratio validate-ui / check: %.2fx' % ($v / $c))"
