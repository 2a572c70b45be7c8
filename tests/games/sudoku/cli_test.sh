#!/usr/bin/env bash
# Sudoku through the built CLI: both judges' samples byte for byte, -1,
# --count and --max-count, --bulk, the 81-character line, --strict, bad
# input (exit 2, one stderr line, empty stdout) and a node limit (exit 3).
# Usage: cli_test.sh BOARDSEARCH_BINARY SOURCE_DIR
set -u
bin="$1"
src="$2"
data="$src/tests/data/sudoku"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"

expect 0 "sample 01 (2580)" -- sudoku --strict "$data/01.in"
cmp -s "$tmp/out" "$data/01.out" || fail "sample 01: got $(cat "$tmp/out")"
expect 0 "sample 02 (2239)" -- sudoku --strict --judge 2239 "$data/02.in"
cmp -s "$tmp/out" "$data/02.out" || fail "sample 02: got $(cat "$tmp/out")"

printf '12345678.\n.........\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n' >"$tmp/none.in"
expect 0 "no completion" -- sudoku "$tmp/none.in"
expect_output -1 "no completion"
expect 0 "no completion, counted" -- sudoku --count "$tmp/none.in"
expect_output 0 "no completion, counted"

printf '0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n' >"$tmp/empty4.in"
expect 0 "the empty 4 x 4 counted" -- sudoku --count "$tmp/empty4.in"
expect_output 288 "the empty 4 x 4 counted"
printf '.................................................................................\n' >"$tmp/empty9.in"
expect 0 "the empty 9 x 9 up to --max-count" -- sudoku --max-count 100000 "$tmp/empty9.in"
expect_output "at least 100000" "the empty 9 x 9 up to --max-count"
expect 3 "the empty 9 x 9 under a node limit" -- sudoku --count --max-nodes 1000 "$tmp/empty9.in"
grep -q "at least [0-9]* completions counted so far" "$tmp/err" || fail "limit message: $(cat "$tmp/err")"

{
  echo '# two grids'
  echo '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9'
  printf '12345678.%s9\n' "$(printf '.%.0s' $(seq 71))"
} >"$tmp/bulk.txt"
expect 0 "bulk" -- sudoku --bulk "$tmp/bulk.txt"
[ "$(wc -l <"$tmp/out")" = 2 ] || fail "bulk: $(cat "$tmp/out")"
[ "$(sed -n 2p "$tmp/out")" = -1 ] || fail "bulk -1: $(cat "$tmp/out")"
expect 0 "bulk --json" -- sudoku --bulk "$tmp/bulk.txt" --json
grep -q '"us_per_grid"' "$tmp/out" || fail "bulk --json: $(cat "$tmp/out")"
printf '123\n' >"$tmp/badbulk.txt"
expect 2 "a bad bulk line" -- sudoku --bulk "$tmp/badbulk.txt"

expect 2 "--strict refuses 2239's form under 2580" -- sudoku --strict "$data/02.in"
expect 2 "--strict refuses 4 x 4" -- sudoku --strict "$tmp/empty4.in"
expect 2 "--strict refuses --count" -- sudoku --strict --count "$data/01.in"

for bad in 'x' '1 2 3' '5.......5\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........' '1 0 0 0\n0 0 0 0\n0 0 0 0'; do
  printf "$bad\n" >"$tmp/bad.in"
  expect 2 "bad input '$bad'" -- sudoku "$tmp/bad.in"
done
printf '5.......5\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n' >"$tmp/clash.in"
expect 2 "clues that break the rules" -- sudoku "$tmp/clash.in"
grep -qF "line 1: the clues break the rules: row 1 holds 5 twice (columns 1 and 9; counted from 1)" "$tmp/err" ||
  fail "clash message: $(cat "$tmp/err")"

finish "sudoku CLI"
