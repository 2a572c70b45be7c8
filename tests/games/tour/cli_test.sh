#!/usr/bin/env bash
# The tour through the built CLI: samples byte-exact, --explain and --json,
# and bad inputs (exit 2, exactly one line on stderr, nothing on stdout).
set -u
bin="$1"
data="$2"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"

for input in "$data"/*.in; do
  "$bin" tour "$input" >"$tmp/out" 2>"$tmp/err" || fail "$input: exit $?"
  cmp -s "$tmp/out" "${input%.in}.out" || fail "$input: output differs: $(head -c 300 "$tmp/out")"
  [ -s "$tmp/err" ] && fail "$input: stderr not empty: $(cat "$tmp/err")"
  echo "ok: sample $(basename "$input")"
done

# Standard input works the same as a file.
"$bin" tour <"$data/01.in" >"$tmp/out" 2>/dev/null && cmp -s "$tmp/out" "$data/01.out" || fail "stdin sample"

# --explain: the answer first, then the tour of each case.
"$bin" tour --explain "$data/01.in" >"$tmp/out" || fail "--explain exit $?"
head -2 "$tmp/out" | cmp -s - "$data/01.out" || fail "--explain does not start with the answer"
grep -q '^directions: right down left down right up left up left down$' "$tmp/out" || fail "--explain directions"
echo "ok: --explain"

# --json: one document with the cases.
"$bin" tour --json "$data/01.in" >"$tmp/out" || fail "--json exit $?"
python3 - "$tmp/out" <<'PY' || fail "--json document"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["puzzle"] == "tour", doc
assert [c["answer"] for c in doc["cases"]] == [10, 3], doc
assert doc["cases"][0]["start"] == [0, 2], doc
assert len(doc["cases"][1]["directions"]) == 3, doc
assert all(isinstance(c["nodes"], int) and c["ms"] >= 0 for c in doc["cases"]), doc
assert doc["nodes"] == sum(c["nodes"] for c in doc["cases"]), doc
PY
printf '1 3\n.*.\n' | "$bin" tour --json >"$tmp/out" || fail "--json no tour"
grep -q '"start": null' "$tmp/out" || fail "--json: a case without a tour has start null"
echo "ok: --json"

# A node limit that stops the search: exit 3, one stderr line, no answer.
"$bin" tour --max-nodes 20 "$data/01.in" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 3 ] || fail "--max-nodes: exit $status, wanted 3"
[ -s "$tmp/out" ] && fail "--max-nodes: stdout not empty: $(head -c 200 "$tmp/out")"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "--max-nodes: stderr is not one line: $(cat "$tmp/err")"
echo "ok: --max-nodes -> $(cat "$tmp/err")"

# bad_input DESCRIPTION TEXT: exit 2, one stderr line naming a line, empty stdout.
bad_input() {
  printf '%b' "$2" >"$tmp/in"
  expect 2 "$1" -- tour "$tmp/in"
  grep -q 'line [0-9]' "$tmp/err" || fail "$1: message does not name a line: $(cat "$tmp/err")"
}
bad_input "empty input" ''
bad_input "missing row" '3 3\n...\n...\n'
bad_input "short row" '2 3\n...\n..\n'
bad_input "long row" '2 3\n...\n....\n'
bad_input "other character" '2 2\n..\n.#\n'
bad_input "rows out of range" '0 5\n'
bad_input "columns out of range" '5 65\n'
bad_input "not a number" '5 x\n.....\n'
bad_input "trailing garbage" '1 1\n.\nthe end\n'
bad_input "extra row" '1 2\n..\n..\n'

finish "tour CLI"
