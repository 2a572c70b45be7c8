#!/usr/bin/env bash
# Fuzzes one libFuzzer target for a set time from its seeds; fails on the
# first crash, leak, hang (an input over INPUT_TIMEOUT seconds) or memory
# blow-up, leaving the input in OUT/artifacts/ and saying how to keep it as
# a regression test.
# Usage: run_fuzzer.sh FUZZER SECONDS INPUT_TIMEOUT OUT SEED...
#   SECONDS  total fuzzing time (FUZZ_SECONDS in the environment overrides it)
#   OUT      scratch folder: seeds/ (copied from SEED files and folders),
#            corpus/ (what libFuzzer found this run), artifacts/
# The committed seeds are only read: new inputs go to OUT/corpus.
set -euo pipefail
fuzzer=$1 seconds=${FUZZ_SECONDS:-$2} input_timeout=$3 out=$4
shift 4
rm -rf "$out"
mkdir -p "$out/seeds" "$out/corpus" "$out/artifacts"
n=0
for seed in "$@"; do
  if [ -d "$seed" ]; then
    while IFS= read -r -d '' file; do
      cp "$file" "$out/seeds/$n-$(basename "$file")"
      n=$((n + 1))
    done < <(find "$seed" -type f -print0 | sort -z)
  else
    cp "$seed" "$out/seeds/$n-$(basename "$seed")"
    n=$((n + 1))
  fi
done
name=$(basename "$fuzzer")
# -rss_limit_mb: a solve is budgeted to far less (fuzz_support.hpp); more
# is a memory limit that does not hold. -max_len: judge inputs worth fuzzing
# are small; longer ones only slow the search down.
status=0
"$fuzzer" -max_total_time="$seconds" -timeout="$input_timeout" -rss_limit_mb=2048 -max_len=4096 \
  -artifact_prefix="$out/artifacts/" -print_final_stats=1 "$out/corpus" "$out/seeds" \
  >"$out/log" 2>&1 || status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log" | tail -1)
corpus=$(find "$out/corpus" -type f | wc -l)
if [ "$status" -ne 0 ]; then
  tail -n 60 "$out/log"
  echo "FAIL: $name (exit $status) after ${runs:-?} inputs; the input is in $out/artifacts/:"
  ls "$out/artifacts"
  echo "keep it as a regression test: cp $out/artifacts/<file> fuzz/regressions/${name#fuzz_}/"
  exit 1
fi
echo "$name: ${runs:-?} inputs in ${seconds} s from $n seeds, $corpus new corpus inputs, no crash"
