#!/usr/bin/env bash
# boardsearch footholds end to end: samples, --explain, --json, and bad input
# (exit 2, exactly one line on stderr, nothing on stdout).
set -u
bin="$1"
data="$2"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"

for input in "$data"/*.in; do
  want=$(cat "${input%.in}.out")
  got=$("$bin" footholds "$input" 2>"$tmp/err")
  status=$?
  [ "$status" = 0 ] || fail "$input: exit $status ($(cat "$tmp/err"))"
  [ "$got" = "$want" ] || fail "$input: printed '$got', wanted '$want'"
  # Also from standard input.
  got=$("$bin" footholds <"$input" 2>/dev/null)
  [ "$got" = "$want" ] || fail "$input from stdin: printed '$got', wanted '$want'"
  echo "ok: $input"
done

"$bin" footholds --explain "$data/01.in" >"$tmp/out" 2>&1 || fail "--explain exit status"
head -n 1 "$tmp/out" | grep -qx 5 || fail "--explain: the answer comes first"
grep -q 'A wins after 5 moves' "$tmp/out" || fail "--explain: no verdict"
grep -q '^5\. A steps' "$tmp/out" || fail "--explain: no fifth move"
echo "ok: --explain"

"$bin" footholds --json "$data/01.in" >"$tmp/out" 2>&1 || fail "--json exit status"
for key in '"puzzle": "footholds"' '"answer": 5' '"winner": "A"' '"moves": \[' '"nodes": ' '"ms": '; do
  grep -q "$key" "$tmp/out" || fail "--json: missing $key"
done
echo "ok: --json"

# A pasted row of the Programmers test-case table (its result column
# dropped) and C++/Java brace literals read as the site's literals.
for pasted in '[[1,1,1],[1,1,1],[1,1,1]]\t[1,0]\t[1,2]\t5\n' '{{1,1,1},{1,1,1},{1,1,1}} {1,0} {1,2}\n'; do
  printf '%b' "$pasted" >"$tmp/in"
  expect 0 "pasted: $pasted" -- footholds "$tmp/in"
  expect_output 5 "pasted: $pasted"
done

# bad INPUT DESCRIPTION: exit 2, empty stdout, exactly one stderr line.
bad() {
  printf '%b' "$1" >"$tmp/in"
  expect 2 "$2" -- footholds "$tmp/in"
}
bad '' "empty input"
bad '[[1]] [0, 0] [0, 0] 0 0\n' "two values after bloc"
grep -q "only the result column, one integer, may follow" "$tmp/err" || fail "after bloc: $(cat "$tmp/err")"
bad '{{1, 1}} {0, 0] {0, 1}\n' "a brace list closed by a bracket"
grep -q "aloc (line 1, column 15): ']' closes a list opened with '{'" "$tmp/err" || fail "mixed: $(cat "$tmp/err")"
bad '3 3\n1 1 1\n1 1 1\n' "missing rows"
bad '2 2\n1 1\n1 2\n0 0\n1 1\n' "value other than 0/1"
bad '2 2\n1 1\n1 1 1\n0 0\n1 1\n' "too many values in a row"
bad '2 2\n1 1\n1 1\n2 0\n1 1\n' "A off the board"
bad '2 2\n1 1\n1 1\n0 0\n1 5\n' "B off the board"
bad '2 2\n1 0\n1 1\n0 1\n1 1\n' "A on a cell without a foothold"
bad '2 2\n1 1\n1 1\n0 0\n1 1\nextra\n' "trailing garbage"
bad '9 15\n' "135 cells are too many"
grep -q '135 cells' "$tmp/err" || fail "the size message names the cell count"

# 8 x 16 = 128 cells is accepted.
{
  echo "8 16"
  for row in 0 1 2 3 4 5 6; do echo "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1"; done
  echo "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"
  echo "7 0"
  echo "0 15"
} >"$tmp/wide.in"
got=$("$bin" footholds "$tmp/wide.in" 2>"$tmp/err") || fail "8 x 16: exit status ($(cat "$tmp/err"))"
[ -n "$got" ] && echo "ok: 8 x 16 accepted -> $got"

finish "footholds CLI"
