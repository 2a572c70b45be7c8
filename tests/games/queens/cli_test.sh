#!/usr/bin/env bash
# N-Queens through the built CLI: the judge sample byte for byte, N = 1..14
# against the known table, a partial board, --strict, bad input (exit 2, one
# stderr line, empty stdout) and a node limit (exit 3, the lower bound).
# Usage: cli_test.sh BOARDSEARCH_BINARY SOURCE_DIR
set -u
bin="$1"
src="$2"
data="$src/tests/data/queens"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"

expect 0 "sample 01" -- queens "$data/01.in"
cmp -s "$tmp/out" "$data/01.out" || fail "sample 01: got $(cat "$tmp/out")"

known=(1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596)
for n in $(seq 1 14); do
  printf '%s\n' "$n" >"$tmp/n.in"
  expect 0 "N = $n --strict" -- queens --strict --threads 1 "$tmp/n.in"
  expect_output "${known[$((n - 1))]}" "N = $n"
done

printf '4\n.Q..\n....\n....\n....\n' >"$tmp/partial.in"
expect 0 "a partial board" -- queens "$tmp/partial.in"
expect_output 1 "a partial board"
expect 2 "--strict refuses a partial board" -- queens --strict "$tmp/partial.in"
grep -qF "the judge gives N alone" "$tmp/err" || fail "--strict partial: $(cat "$tmp/err")"
printf '15\n' >"$tmp/15.in"
expect 2 "--strict refuses N = 15" -- queens --strict "$tmp/15.in"
grep -qF "line 1: N = 15 is outside the judge's limit 1 <= N (board side) <= 14 (Baekjoon 9663)" "$tmp/err" ||
  fail "--strict N = 15: $(cat "$tmp/err")"

for bad in '0' '33' '8 8' 'x' '3\n...\n.x.\n...' '3\n...\n...'; do
  printf "$bad\n" >"$tmp/bad.in"
  expect 2 "bad input '$bad'" -- queens "$tmp/bad.in"
done

expect 3 "a node limit" -- queens --threads 1 --max-nodes 1000 "$tmp/15.in"
grep -q "at least [0-9]* completions counted so far" "$tmp/err" || fail "limit message: $(cat "$tmp/err")"

finish "queens CLI"
