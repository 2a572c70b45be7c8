#!/usr/bin/env bash
# The main job of `make run`: solve the bundled sample of every puzzle and
# print the answer and the optimal line.
set -euo pipefail
bin="${1:-build/boardsearch}"
cd "$(dirname "$0")/.."
# Every puzzle keeps its public samples in tests/data/<puzzle>/.
for sample in tests/data/*/01.in; do
  puzzle=$(basename "$(dirname "$sample")")
  echo "=== boardsearch $puzzle --explain $sample"
  echo "--- input"
  cat "$sample"
  echo "--- answer and optimal line"
  "$bin" "$puzzle" --explain "$sample"
  echo
done
