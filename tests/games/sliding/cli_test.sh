#!/usr/bin/env bash
# The sliding-tile puzzle through the built CLI: the judge samples byte for
# byte, --strict, --explain, --bulk, bad input (exit 2, one stderr line,
# empty stdout), a node limit (exit 3, the lower bound proven), and
# --build-tables with small 5-5-5 tables in a cache of the test's own.
# Usage: cli_test.sh BOARDSEARCH_BINARY SOURCE_DIR
set -u
bin="$1"
src="$2"
data="$src/tests/data/sliding"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"
export BOARDSEARCH_CACHE_DIR="$tmp/cache"

for n in 01 02; do
  expect 0 "sample $n --strict" -- sliding --strict "$data/$n.in"
  cmp -s "$tmp/out" "$data/$n.out" || fail "sample $n: got $(cat "$tmp/out")"
done

expect 0 "--explain" -- sliding --explain "$data/01.in"
grep -qF "1. tile 2 slides up" "$tmp/out" || fail "--explain: $(cat "$tmp/out")"

printf '1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n' >"$tmp/4x4.in"
expect 2 "--strict refuses 4 x 4" -- sliding --strict "$tmp/4x4.in"
grep -qF "line 1: 4 rows, the judge's board has 3 (Baekjoon 1525)" "$tmp/err" || fail "--strict 4 x 4: $(cat "$tmp/err")"
expect 0 "4 x 4 without tables" -- sliding --tables none "$tmp/4x4.in"
expect_output 1 "4 x 4 without tables"

printf '1 0 3 4 2 5 7 8 6\n3 6 0 8 1 2 7 4 5\n' >"$tmp/bulk.in"
expect 0 "--bulk" -- sliding --bulk "$tmp/bulk.in"
expect_output "$(printf '3\n-1')" "--bulk"

for bad in '1 2 3\n4 5 6\n7 8 8' '1 2 3\n4 5' 'x' '1 2 3\n4 5 6\n7 8 0\n\n1 2' '0 1 2 3 4 5'; do
  printf "$bad\n" >"$tmp/bad.in"
  expect 2 "bad input '$bad'" -- sliding "$tmp/bad.in"
done

printf '14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n' >"$tmp/korf1.in"
expect 3 "a node limit" -- sliding --goal blank-first --tables none --max-nodes 100000 "$tmp/korf1.in"
grep -q "the answer is at least [0-9]* moves" "$tmp/err" || fail "limit message: $(cat "$tmp/err")"

expect 0 "--build-tables" -- sliding --build-tables --tables 5-5-5 --goal blank-first
grep -qF "5-5-5 pattern databases for 4 x 4, blank-first goal: built" "$tmp/out" || fail "build: $(cat "$tmp/out")"
expect 0 "--build-tables again" -- sliding --build-tables --tables 5-5-5 --goal blank-first
grep -qF "already built" "$tmp/out" || fail "build again: $(cat "$tmp/out")"
expect 0 "Korf's instance 1 with the tables" -- sliding --goal blank-first --tables 5-5-5 "$tmp/korf1.in"
expect_output 57 "Korf's instance 1"

finish "sliding CLI"
