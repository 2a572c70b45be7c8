#!/usr/bin/env bash
# What every puzzle command shares about input and limits: a leading UTF-8
# BOM is ignored, --strict refuses what the judge would not give (exit 2,
# naming the limit) and accepts the judge's own samples, --max-memory is read
# as MiB and a budget that cannot fit is exit 3 "memory limit", --help states
# the coordinate convention and the exit-3 rule for streamed cases, and a
# many-case input keeps only proven lines on stdout when a limit stops it.
set -u
bin="$1"
data="$2"
# shellcheck source=/dev/null
source "$(dirname "$0")/cli_lib.sh"

bom=$'\xEF\xBB\xBF'

# Step 1. Every sample of every puzzle, with a BOM in front, gives the same
# answer as without it, with and without --strict (the samples are judge tests).
for puzzle in $puzzles; do
  for input in "$data/$puzzle"/*.in; do
    [ -f "${input%.in}.out" ] || continue
    # Samples that need options beyond the defaults (2048's 03/04 need
    # --moves) have a .args file holding them; run those with it.
    args=()
    [ -f "${input%.in}.args" ] && read -r -a args <"${input%.in}.args"
    { printf '%s' "$bom"; cat "$input"; } >"$tmp/bom.in"
    STDIN="$tmp/bom.in" expect 0 "$puzzle $(basename "$input") with a BOM" -- "$puzzle" "${args[@]}"
    expect_output "$(cat "${input%.in}.out")" "$puzzle $(basename "$input") with a BOM"
    if [ ${#args[@]} -eq 0 ] || [ "${args[1]}" = 10 ] || [ "${args[1]}" = 5 ]; then
      expect 0 "$puzzle $(basename "$input") --strict" -- "$puzzle" --strict "${args[@]}" "$input"
      expect_output "$(cat "${input%.in}.out")" "$puzzle $(basename "$input") --strict"
    fi
  done
done

# Step 2. --strict: each puzzle's judge limits, exit 2 naming the limit;
# without --strict the same input is solved (the generalizations stay).
# strict_refuses PUZZLE TEXT FRAGMENT [ARGS...]
strict_refuses() {
  local puzzle="$1" text="$2" fragment="$3"
  shift 3
  printf '%b' "$text" >"$tmp/strict.in"
  expect 2 "$puzzle --strict refuses: $fragment" -- "$puzzle" --strict "$@" "$tmp/strict.in"
  grep -qF -- "$fragment" "$tmp/err" || fail "$puzzle --strict: message lacks '$fragment': $(cat "$tmp/err")"
  expect 0 "$puzzle without --strict solves it" -- "$puzzle" "$@" "$tmp/strict.in"
}
# 2048: N <= 20, tiles up to 1024, K = 5 or 10.
{
  echo 21
  for _ in $(seq 21); do printf '2 %.0s' $(seq 21); echo; done
} >"$tmp/2048-21.in"
expect 2 "2048 --strict: N = 21" -- 2048 --strict "$tmp/2048-21.in"
grep -qF "line 1: N = 21 is outside the judge's limit 1 <= N (board side) <= 20 (Baekjoon 12100)" "$tmp/err" ||
  fail "2048 N = 21: $(cat "$tmp/err")"
strict_refuses 2048 '2\n2 2048\n0 0\n' "line 2, field 2: tile 2048 is outside the judge's limit 2 <= tile value <= 1024 (Baekjoon 12100)"
strict_refuses 2048 '2\n2 2\n0 0\n' "--moves 7: no judge problem has it" --moves 7
strict_refuses 2048 '2\n2 4096\n0 0\n' "(Baekjoon 12094)" --moves 10
# tour: N, M <= 30.
strict_refuses tour '1 1\n.\n1 31\n...............................\n' "line 3: case 2 is 1 x 31, outside the judge's limit 1 <= N, M (board rows, columns) <= 30 (Baekjoon 9944)"
# footholds: R, C <= 5, in both forms.
strict_refuses footholds '1 6\n1 1 1 1 1 1\n0 0\n0 5\n' "line 1: the board is 1 x 6, outside the judge's limit 1 <= R, C (board rows, columns) <= 5 (Programmers 92345)"
strict_refuses footholds '[[1, 1, 1, 1, 1, 1]]\t[0, 0]\t[0, 5]' "board: the board is 1 x 6"
# yut: exactly 10 dice on one line, 4 pieces, the standard board.
strict_refuses yut '1 2 3 4 5 1 2 3 4\n' "line 1: 9 dice values; the judge gives exactly 10 (Baekjoon 17825)"
strict_refuses yut '1 2 3 4 5\n1 2 3 4 5\n' "line 1: 5 of the 10 dice values; the judge gives them on one line"
strict_refuses yut '1 2 3 4 5 1 2 3 4 5\n' "--pieces 5: outside the judge's limit 4 <= pieces <= 4" --pieces 5
expect 2 "yut --strict --board" -- yut --strict --board "$(dirname "$0")/../../docs/boards/standard.json" "$data/yut/01.in"
grep -qF "the judge's game is played on the standard board only" "$tmp/err" || fail "yut --board: $(cat "$tmp/err")"
# marble: 3 <= N, M <= 10, the judge's own tilt limit.
{
  echo "3 11"
  echo "###########"
  echo "#RBO......#"
  echo "###########"
} >"$tmp/marble-wide.in"
expect 2 "marble --strict: M = 11" -- marble --strict "$tmp/marble-wide.in"
grep -qF "line 1, field 2: M = 11 is outside the judge's limit 3 <= M (columns) <= 10 (Baekjoon 13460)" "$tmp/err" ||
  fail "marble M = 11: $(cat "$tmp/err")"
expect 2 "marble --strict --moves" -- marble --strict --moves 3 "$data/marble/01.in"
grep -qF -- "--moves 3: the judge's tilt limit is fixed (Baekjoon 13460)" "$tmp/err" || fail "marble --moves: $(cat "$tmp/err")"
# Bad input stays bad input (the parser's message), with or without --strict.
printf '2\n2 3\n0 0\n' >"$tmp/bad.in"
expect 2 "--strict on bad input" -- 2048 --strict "$tmp/bad.in"
grep -q "line 2, field 2: expected a tile" "$tmp/err" || fail "--strict bad input: $(cat "$tmp/err")"

# Step 3. --max-memory: MiB, decimal, at least 1; a budget too small for the
# solve's tables is exit 3 with "memory limit".
expect 2 "--max-memory 0" -- footholds --max-memory 0 "$data/footholds/01.in"
expect 2 "--max-memory x" -- footholds --max-memory x "$data/footholds/01.in"
expect 2 "--max-memory beyond 1 TiB" -- footholds --max-memory 1048577 "$data/footholds/01.in"
expect 0 "--max-memory 1" -- footholds --max-memory 1 "$data/footholds/01.in"
expect_output 5 "--max-memory 1: the tables shrink, the answer stays"
# 2,000 one-cell cases explained: the report outgrows 1 MiB.
for _ in $(seq 40000); do printf '1 1\n.\n'; done >"$tmp/cells.in"
expect 3 "tour --explain past --max-memory 1" -- tour --explain --max-memory 1 "$tmp/cells.in"
grep -q "memory limit reached" "$tmp/err" || fail "memory limit message: $(cat "$tmp/err")"
expect 0 "tour streams the same cases within --max-memory 1" -- tour --max-memory 1 "$tmp/cells.in"
[ "$(wc -l <"$tmp/out")" = 40000 ] || fail "streamed lines: $(wc -l <"$tmp/out")"
[ "$(tail -n 1 "$tmp/out")" = "Case 40000: 0" ] || fail "last streamed line: $(tail -n 1 "$tmp/out")"

# Step 4. A limit in a later case of a streamed input: exit 3, stdout holds
# exactly the proven lines of the earlier cases, stderr one line naming the
# case that stopped.
cat "$data/tour/01.in" "$data/tour/01.in" >"$tmp/two.in"
nodes=$("$bin" tour --json "$data/tour/01.in" | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')
"$bin" tour --max-nodes "$((nodes + 2))" "$tmp/two.in" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 3 ] || fail "streamed limit: exit $status, wanted 3"
[ "$(cat "$tmp/out")" = "$(cat "$data/tour/01.out")" ] || fail "streamed limit: stdout is not the proven cases: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "streamed limit: stderr is not one line: $(cat "$tmp/err")"
grep -q "^boardsearch: case 3 of 4: search stopped before the answer was proven: node limit reached" "$tmp/err" ||
  fail "streamed limit message: $(cat "$tmp/err")"
grep -q "standard output holds the proven answers of cases 1 to 2 only" "$tmp/err" || fail "streamed limit: $(cat "$tmp/err")"
echo "ok: a limit in case 3 leaves cases 1 and 2 on stdout"
# With --explain or --json nothing is streamed: the plain exit-3 rule.
expect 3 "--json with a limit in a later case prints nothing" -- tour --json --max-nodes "$((nodes + 2))" "$tmp/two.in"

# Step 5. --help states the conventions.
expect 0 "tour --help" -- tour --help
grep -q "0-based" "$tmp/out" || fail "--help does not state the coordinates"
grep -q -- "--strict" "$tmp/out" || fail "--help does not list --strict"
grep -q -- "--max-memory MB" "$tmp/out" || fail "--help does not list --max-memory"
grep -q "proven before" "$tmp/out" || fail "--help does not state the streamed exit-3 rule"
expect 0 "footholds --explain counts from 0" -- footholds --explain "$data/footholds/03.in"
grep -q "1 foothold left" "$tmp/out" || fail "footholds --explain: singular"
expect 0 "tour --explain counts from 0" -- tour --explain "$data/tour/01.in"
grep -q "start at row 0, column 2" "$tmp/out" || fail "tour --explain coordinates: $(grep start "$tmp/out")"

finish "CLI input and limits"
