#!/bin/sh
# Builds the libFuzzer target in Tests/Fuzz and runs it.
#
#   Tests/Fuzz/run-fuzz.sh [SECONDS] [libFuzzer options...]
#
# SECONDS (default 60) is the total run time. Extra arguments go to libFuzzer, for example
# `-fork=2` to use two processes. The binary, the growing corpus and any crash artifacts go
# to .build/fuzz/; seeds come from Tests/Fixtures (the JSONTestSuite files, the
# json-patch-tests files, the generated catalogs, earlier regressions), Tests/Fuzz/seeds and
# the kept corpus, Tests/Fuzz/corpus/ (keep-corpus.sh refreshes it from a run's). A crash input is written to
# .build/fuzz/artifacts/: copy it into Tests/Fixtures/fuzz-regressions/ so that
# FuzzRegressionTests replays it on every `swift test`.
#
# Needs a Swift toolchain for Linux with its libFuzzer runtime (swiftc -sanitize=fuzzer).
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
out="$root/.build/fuzz"
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts"

# The Components and CatalogDiff sources and the targets, compiled as one module: the
# CatalogDiff files are copied without their `import Components`.
rm -rf "$out/diff-sources"
mkdir -p "$out/diff-sources"
for file in "$root"/Sources/CatalogDiff/*.swift; do
  sed '/^import Components$/d' "$file" > "$out/diff-sources/$(basename "$file")"
done
# The oracles lose their `import` lines of the two modules the same way (the replay test
# target compiles them against the modules).
for file in FuzzMain FuzzJSON FuzzPatch FuzzMerge ReferencePatch; do
  sed -E '/^(@testable )?import (Components|CatalogDiff)$/d' "$root/Tests/Fuzz/$file.swift" \
    > "$out/diff-sources/$file.swift"
done
sources="$(find "$root/Sources/Components" -name '*.swift' | sort) $(find "$out/diff-sources" -name '*.swift' | sort)"
# shellcheck disable=SC2086
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name FuzzJSON -package-name FuzzJSON -o "$out/fuzz-json" $sources

# Seeds: small files whole; the generated catalogs as they are (libFuzzer truncates them to
# -max_len, which still exercises the document reader up to the cut).
cp "$root"/Tests/Fixtures/JSONTestSuite/test_parsing/*.json "$out/seeds/"
cp "$root"/Tests/Fixtures/generated-300.json "$root"/Tests/Fixtures/generated-300-mutated.json "$out/seeds/"
cp "$root"/Tests/Fuzz/seeds/* "$out/seeds/"
# Each json-patch-tests case as the patch target's input: the document, a NUL, the patch.
python3 - "$root/Tests/Fixtures/json-patch-tests" "$out/seeds" <<'PY'
import json, os, sys
source, seeds = sys.argv[1], sys.argv[2]
for name in ("tests.json", "spec_tests.json"):
    for i, case in enumerate(json.load(open(os.path.join(source, name)))):
        if "doc" in case and "patch" in case:
            with open(os.path.join(seeds, f"patch-{name[:-5]}-{i}"), "wb") as f:
                f.write(json.dumps(case["doc"]).encode() + b"\0" + json.dumps(case["patch"]).encode())
PY
# The kept corpus (Tests/Fuzz/corpus/<target>/, see README there) is where a run starts.
for target in reader patch merge; do
  cp "$root/Tests/Fuzz/corpus/$target"/* "$out/seeds/" 2>/dev/null || true
done
if [ -d "$root/Tests/Fixtures/fuzz-regressions" ]; then
  cp "$root"/Tests/Fixtures/fuzz-regressions/* "$out/seeds/" 2>/dev/null || true
fi

cd "$out"
# Let libFuzzer and ASan report crashes, not the Swift runtime's backtracer.
export SWIFT_BACKTRACE=enable=no
exec "$out/fuzz-json" \
  -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
  -dict="$root/Tests/Fuzz/json.dict" -artifact_prefix="$out/artifacts/" \
  -print_final_stats=1 "$@" "$out/corpus" "$out/seeds"
