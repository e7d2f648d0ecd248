#!/bin/sh
# Builds the libFuzzer target in Tests/Fuzz and runs it.
#
#   Tests/Fuzz/run-fuzz.sh [SECONDS] [libFuzzer options...]
#
# SECONDS (default 60) is the total run time. Extra arguments go to libFuzzer, for example
# `-fork=2` to use two processes. The binary, the growing corpus and any crash artifacts go
# to .build/fuzz/; seeds come from Tests/Fixtures (the JSONTestSuite files, the generated
# catalogs, earlier regressions) and Tests/Fuzz/seeds. A crash input is written to
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
sources="$(find "$root/Sources/Components" -name '*.swift' | sort) $(find "$out/diff-sources" -name '*.swift' | sort)"
# shellcheck disable=SC2086
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name FuzzJSON -package-name FuzzJSON -o "$out/fuzz-json" \
  $sources "$root/Tests/Fuzz/FuzzJSON.swift" "$root/Tests/Fuzz/FuzzPatch.swift" "$root/Tests/Fuzz/FuzzMerge.swift"

# Seeds: small files whole; the generated catalogs as they are (libFuzzer truncates them to
# -max_len, which still exercises the document reader up to the cut).
cp "$root"/Tests/Fixtures/JSONTestSuite/test_parsing/*.json "$out/seeds/"
cp "$root"/Tests/Fixtures/generated-300.json "$root"/Tests/Fixtures/generated-300-mutated.json "$out/seeds/"
cp "$root"/Tests/Fuzz/seeds/* "$out/seeds/"
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
