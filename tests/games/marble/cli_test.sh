#!/usr/bin/env bash
# Marble escape through the built CLI: the judge samples under the four
# judges, --moves, --explain, --json, and bad input or usage (exit 2, exactly
# one stderr line naming line and column, empty stdout), a node limit (exit 3).
# Usage: cli_test.sh BOARDSEARCH_BINARY SOURCE_DIR
set -u
bin="$1"
src="$2"
data="$src/tests/data/marble"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"

for input in "$data"/*.in; do
  name=$(basename "$input")
  expect 0 "sample $name" -- marble "$input"
  cmp -s "$tmp/out" "${input%.in}.out" || fail "sample $name: got $(cat "$tmp/out")"
  expect 0 "sample $name, 15653" -- marble --judge 15653 "$input"
  cmp -s "$tmp/out" "${input%.in}.out" || fail "sample $name under 15653: got $(cat "$tmp/out")"
  expect 0 "sample $name, 13459" -- marble --judge 13459 "$input"
  if [ "$(cat "${input%.in}.out")" = -1 ]; then expect_output 0 "13459 $name"; else expect_output 1 "13459 $name"; fi
  expect 0 "sample $name, 15644" -- marble --judge 15644 "$input"
  [ "$(head -n 1 "$tmp/out")" = "$(cat "${input%.in}.out")" ] || fail "15644 $name: first line $(head -n 1 "$tmp/out")"
done
STDIN="$data/01.in" expect 0 "sample 01 from stdin" -- marble
expect_output 1 "stdin"

# --moves
expect 0 "--moves 4 on a 5-tilt board" -- marble --moves 4 "$data/02.in"
expect_output -1 "--moves 4"
expect 0 "--moves 5" -- marble --moves 5 "$data/02.in"
expect_output 5 "--moves 5"
expect 2 "--moves with --judge 15653" -- marble --judge 15653 --moves 5 "$data/02.in"
grep -q "15653 has no tilt limit" "$tmp/err" || fail "15653 --moves message: $(cat "$tmp/err")"
expect 2 "--moves -1" -- marble --moves -1 "$data/02.in"
expect 2 "--judge 12100" -- marble --judge 12100 "$data/02.in"

# bad boards
printf '3 5\n#####\n#RxB#\n#####\n' >"$tmp/char.in"
expect 2 "unknown character" -- marble "$tmp/char.in"
grep -q "line 3, column 3: expected one of . # O R B, found 'x'" "$tmp/err" || fail "character message: $(cat "$tmp/err")"
printf '5 5\n#####\n#..B#\n..#.#\n#RO.#\n#####\n' >"$tmp/border.in"
expect 2 "open border" -- marble "$tmp/border.in"
grep -q "line 4, column 1: the border must be wall" "$tmp/err" || fail "border message: $(cat "$tmp/err")"
printf '5 5\n#####\n#R.B#\n#.#.#\n#RO.#\n#####\n' >"$tmp/reds.in"
expect 2 "two red marbles" -- marble "$tmp/reds.in"
grep -q "line 5, column 2: a second red marble" "$tmp/err" || fail "two reds message: $(cat "$tmp/err")"
printf '3 5\n#####\n#R.B#\n#####\n' >"$tmp/nohole.in"
expect 2 "no hole" -- marble "$tmp/nohole.in"
printf '3 5\n#####\n#ROB\n#####\n' >"$tmp/short.in"
expect 2 "short row" -- marble "$tmp/short.in"
grep -q "line 3, column 5" "$tmp/err" || fail "short row message: $(cat "$tmp/err")"
printf '2 5\n#####\n#####\n' >"$tmp/small.in"
expect 2 "size out of range" -- marble "$tmp/small.in"

# --explain and --json
expect 0 "--explain" -- marble --explain "$data/02.in"
[ "$(head -n 1 "$tmp/out")" = 5 ] || fail "--explain: first line is not the answer"
[ "$(grep -c '^tilt ' "$tmp/out")" = 5 ] || fail "--explain: wanted 5 tilt lines"
expect 0 "--json" -- marble --json --judge 15644 "$data/02.in"
python3 - "$tmp/out" <<'PY' || fail "--json document"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["puzzle"] == "marble" and doc["answer"] == 5 and doc["judge"] == "15644", doc
assert len(doc["line"]) == 5 and set(doc["line"]) <= set("LRUD"), doc
assert doc["nodes"] > 0 and doc["states"] > 0 and doc["ms"] >= 0
PY
expect 3 "node limit" -- marble --max-nodes 2 "$data/02.in"

finish "marble CLI"
