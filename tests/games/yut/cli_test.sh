#!/usr/bin/env bash
# Dice yut through the built CLI: the judge samples, --pieces, --board,
# --explain, --json, and bad input (exit 2, exactly one stderr line, empty
# stdout). Usage: cli_test.sh BOARDSEARCH_BINARY SOURCE_DIR
set -u
bin="$1"
src="$2"
data="$src/tests/data/yut"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"

for input in "$data"/*.in; do
  expect 0 "sample $(basename "$input")" -- yut "$input"
  cmp -s "$tmp/out" "${input%.in}.out" || fail "sample $(basename "$input"): got $(cat "$tmp/out")"
done
printf '5 5 5 5 5 1 1 1 1 1\n' >"$tmp/trap.in"
STDIN="$tmp/trap.in" expect 0 "trap: squares by identity, from stdin" -- yut
expect_output 167 "trap answer"
printf '5 5 5\n5 5\n\n1 1 1 1 1\n' >"$tmp/lines.in"
expect 0 "dice across lines" -- yut "$tmp/lines.in"
expect_output 167 "dice across lines"

# --pieces
expect 0 "--pieces 1" -- yut --pieces 1 "$data/02.in"
expect_output 133 "--pieces 1 on ten 1s"
expect 0 "--pieces 6" -- yut --pieces 6 "$data/03.in"
expect 2 "--pieces 0" -- yut --pieces 0 "$data/01.in"
grep -q -- "--pieces" "$tmp/err" || fail "--pieces 0: message does not name the option"
expect 2 "--pieces -1" -- yut --pieces -1 "$data/01.in"
expect 2 "--pieces 9 (over the maximum)" -- yut --pieces 9 "$data/01.in"
expect 2 "--pieces x" -- yut --pieces x "$data/01.in"

# --board
expect 0 "--board standard.json" -- yut --board "$src/docs/boards/standard.json" "$data/03.in"
expect_output 214 "--board standard.json"
expect 0 "--board traditional.json" -- yut --board "$src/docs/boards/traditional.json" --explain "$data/03.in"
grep -q "board traditional" "$tmp/out" || fail "traditional --explain does not name the board"
printf '{"faces": [1], "start": "s", "finish": "f", "squares": [{"id": "s", "points": 0, "red": "zz"}, {"id": "f", "points": 0}]}' >"$tmp/unknown.json"
expect 2 "board with an unknown id" -- yut --board "$tmp/unknown.json" "$data/01.in"
grep -q "unknown.json: square 's': red successor 'zz' is not a square id" "$tmp/err" || fail "unknown id message: $(cat "$tmp/err")"
printf '{"faces": [1], "start": "s", "finish": "f", "squares": [{"id": "s", "points": 0, "red": "a"}, {"id": "a", "points": 1, "red": "b"}, {"id": "b", "points": 1, "red": "a"}, {"id": "f", "points": 0}]}' >"$tmp/loop.json"
expect 2 "board whose path never reaches finish" -- yut --board "$tmp/loop.json" "$data/01.in"
grep -q "never reaches finish" "$tmp/err" || fail "loop message: $(cat "$tmp/err")"
printf '{"faces": [1], "finish": "f", "squares": [{"id": "s", "points": 0, "red": "f"}, {"id": "f", "points": 0}]}' >"$tmp/nostart.json"
expect 2 "board without start" -- yut --board "$tmp/nostart.json" "$data/01.in"
printf '{"faces": [1, 2' >"$tmp/bad.json"
expect 2 "board that is not JSON" -- yut --board "$tmp/bad.json" "$data/01.in"
grep -q "bad.json: not valid JSON" "$tmp/err" || fail "bad JSON message: $(cat "$tmp/err")"
expect 2 "missing board file" -- yut --board "$tmp/none.json" "$data/01.in"
printf '{"faces": [1, 2], "start": "s", "finish": "f", "squares": [{"id": "s", "points": 0, "red": "f"}, {"id": "f", "points": 0}]}' >"$tmp/two.json"
expect 2 "dice outside the board's faces" -- yut --board "$tmp/two.json" "$data/01.in"
grep -q "line 1, field 3: dice value 3 is not a face" "$tmp/err" || fail "faces message: $(cat "$tmp/err")"

# bad dice
printf '1 2 3\n4 9\n' >"$tmp/nine.in"
expect 2 "dice value 9" -- yut "$tmp/nine.in"
grep -q "line 2, field 2" "$tmp/err" || fail "dice value 9: message does not name line and field"
printf '1 2 x\n' >"$tmp/word.in"
expect 2 "dice value that is not a number" -- yut "$tmp/word.in"
printf '\n\n' >"$tmp/empty.in"
expect 2 "no dice" -- yut "$tmp/empty.in"
expect 2 "no dice on stdin" -- yut

# --explain and --json
expect 0 "--explain" -- yut --explain "$data/01.in"
[ "$(head -n 1 "$tmp/out")" = 190 ] || fail "--explain: first line is not the answer"
[ "$(grep -c '^turn ' "$tmp/out")" = 10 ] || fail "--explain: wanted 10 turn lines"
grep -q "^maximum score 190$" "$tmp/out" || fail "--explain: no closing score line"
expect 0 "--json" -- yut --json "$data/01.in"
python3 - "$tmp/out" <<'PY' || fail "--json document"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["puzzle"] == "yut" and doc["answer"] == 190, doc
plan = doc["plan"]
assert len(plan) == 10 and plan[-1]["total"] == 190
assert sum(step["points"] for step in plan) == 190
assert [step["turn"] for step in plan] == list(range(1, 11))
assert doc["nodes"] > 0 and doc["ms"] >= 0
assert len(doc["board"]["squares"]) == 33
PY
expect 3 "node limit" -- yut --max-nodes 3 "$data/01.in"

# --expected: random dice, no dice read (stdin is empty here)
expect 0 "--expected" -- yut --expected --turns 5
grep -Eq '^[0-9]+\.[0-9]{6}$' "$tmp/out" || fail "--expected: not a value with 6 decimals: $(cat "$tmp/out")"
# --expected does not wait for standard input (Puzzle::reads_input): a pipe
# that stays open would otherwise hang it until the timeout (exit 124).
mkfifo "$tmp/open_stdin"
exec 3<>"$tmp/open_stdin"  # held open for writing too: a read never sees end of file
timeout 20 "$bin" yut --expected --turns 3 <&3 >"$tmp/out" 2>"$tmp/err"
status=$?
exec 3>&-
[ "$status" = 0 ] || fail "--expected with an open stdin: exit $status, wanted 0 (it must not read stdin)"
grep -Eq '^[0-9]+\.[0-9]{6}$' "$tmp/out" || fail "--expected with an open stdin: $(cat "$tmp/out")"
expect 0 "--expected --json" -- yut --expected --turns 5 --weights sticks --json
python3 - "$tmp/out" <<'PY' || fail "--expected --json document"
import json, sys
from fractions import Fraction
doc = json.load(open(sys.argv[1]))
e = doc["expected"]
value = Fraction(int(e["numerator"]), int(e["denominator"]))
assert value.denominator == int(e["denominator"]), e  # reduced
scaled = value * 10**6
units = (2 * scaled.numerator + scaled.denominator) // (2 * scaled.denominator)  # half up
assert e["rounded"] == f"{units // 10**6}.{units % 10**6:06d}", e
assert doc["mode"] == "expected" and doc["weights"] == [4, 6, 4, 1, 1] and doc["states"] > 0
PY
expect 0 "--expected --explain" -- yut --expected --turns 4 --explain
grep -q "^turn 4: die 1" "$tmp/out" || fail "--expected --explain: no line of play: $(cat "$tmp/out")"
expect 0 "advice" -- yut --expected --position "o8 start o20 finish" --turn 7 --die 2
grep -q "^best " "$tmp/out" || fail "advice: no best move: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/out")" = 4 ] || fail "advice: wanted the best move and three choices: $(cat "$tmp/out")"
expect 0 "--luck" -- yut --luck "$data/01.in"
grep -q "^optimum 190$" "$tmp/out" || fail "--luck: $(cat "$tmp/out")"
grep -q "^percentile .*(sampled: 1000 random schedules of 10 dice)$" "$tmp/out" || fail "--luck percentile: $(cat "$tmp/out")"
expect 2 "--expected with dice" -- yut --expected "$data/01.in"
expect 2 "--turns without --expected" -- yut --turns 5 "$data/01.in"
grep -q -- "--turns needs --expected" "$tmp/err" || fail "--turns message: $(cat "$tmp/err")"
expect 2 "--weights with a bad field" -- yut --expected --weights 1,2,x,1,1
grep -q -- "--weights: field 3" "$tmp/err" || fail "--weights message: $(cat "$tmp/err")"
expect 2 "--position with an unknown square" -- yut --expected --position "o7 start start start" --turn 1 --die 1
expect 2 "--turns 0" -- yut --expected --turns 0
expect 3 "--expected node limit" -- yut --expected --max-nodes 10

finish "yut CLI"
