#!/bin/sh
# Refreshes the kept corpus, Tests/Fuzz/corpus/<target>/, from a run's (.build/fuzz/corpus):
# libFuzzer's -merge=1 keeps the smallest set of inputs with the run's coverage, and each
# kept input goes to the target its form selects: no NUL byte is the reader's input, one NUL
# the patch and diff target's (A NUL B), two or more the merge's (BASE NUL OURS NUL THEIRS).
# Inputs over 8 KiB are left out (the fuzzer's -max_len), so the corpus stays small.
#
#   Tests/Fuzz/keep-corpus.sh        (after Tests/Fuzz/run-fuzz.sh)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/fuzz"
[ -x "$out/fuzz-json" ] || { echo "keep-corpus.sh: run Tests/Fuzz/run-fuzz.sh first" >&2; exit 66; }
rm -rf "$out/minimized"
mkdir -p "$out/minimized"
export SWIFT_BACKTRACE=enable=no
"$out/fuzz-json" -merge=1 -max_len=8192 "$out/minimized" "$out/corpus" "$root/Tests/Fuzz/corpus"/* \
  > "$out/merge.log" 2>&1
rm -rf "$root/Tests/Fuzz/corpus"
mkdir -p "$root/Tests/Fuzz/corpus/reader" "$root/Tests/Fuzz/corpus/patch" "$root/Tests/Fuzz/corpus/merge"
for file in "$out/minimized"/*; do
  [ "$(wc -c < "$file")" -le 8192 ] || continue
  nuls=$(tr -cd '\000' < "$file" | wc -c)
  case $nuls in
    0) target=reader ;;
    1) target=patch ;;
    *) target=merge ;;
  esac
  cp "$file" "$root/Tests/Fuzz/corpus/$target/"
done
for target in reader patch merge; do
  echo "$target: $(ls "$root/Tests/Fuzz/corpus/$target" | wc -l) inputs, $(du -sk "$root/Tests/Fuzz/corpus/$target" | cut -f1) KiB"
done
