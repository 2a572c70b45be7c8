#!/usr/bin/env bash
# The main job of `make run`: solve the bundled sample of every puzzle and
# print the answer and the optimal line.
set -euo pipefail
bin="${1:-build/boardsearch}"
cd "$(dirname "$0")/.."
for puzzle in 2048 tour footholds yut; do
  sample="tests/data/$puzzle/01.in"
  echo "=== boardsearch $puzzle --explain $sample"
  echo "--- input"
  cat "$sample"
  echo "--- answer and optimal line"
  "$bin" "$puzzle" --explain "$sample"
  echo
done
