#!/usr/bin/env bash
# The CLI frame's contracts, independent of any one puzzle's solver:
# exit 2 with one line on stderr and nothing on stdout for usage errors.
set -u
bin="$1"
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect STATUS DESCRIPTION -- ARGS...   (stdin from /dev/null unless STDIN set)
expect() {
  local want="$1" what="$2"
  shift 3
  "$bin" "$@" <"${STDIN:-/dev/null}" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL: $what: exit $got, wanted $want (stderr: $(head -c 300 "$tmp/err"))"
    failures=$((failures + 1))
    return
  fi
  if [ "$want" = 2 ] || [ "$want" = 3 ]; then
    if [ -s "$tmp/out" ]; then
      echo "FAIL: $what: stdout must be empty on error, got: $(head -c 200 "$tmp/out")"
      failures=$((failures + 1))
    fi
    if [ "$(wc -l <"$tmp/err")" != 1 ]; then
      echo "FAIL: $what: stderr must be exactly one line, got: $(cat "$tmp/err")"
      failures=$((failures + 1))
    fi
  fi
  echo "ok: $what"
}

expect 0 "--version prints the version" -- --version
grep -q '^boardsearch [0-9]' "$tmp/out" || { echo "FAIL: version text: $(cat "$tmp/out")"; failures=$((failures + 1)); }
expect 0 "--help works" -- --help
grep -q 'tour' "$tmp/out" || { echo "FAIL: --help does not list the puzzles"; failures=$((failures + 1)); }
for puzzle in 2048 tour footholds yut; do
  expect 0 "$puzzle --help works" -- "$puzzle" --help
done
expect 2 "no command is a usage error" --
expect 2 "unknown puzzle name" -- chess
grep -q "unknown command 'chess'" "$tmp/err" || { echo "FAIL: message does not name the command"; failures=$((failures + 1)); }
expect 2 "unknown option" -- tour --frobnicate
expect 2 "missing input file" -- tour "$tmp/does-not-exist.txt"
grep -q "does-not-exist.txt" "$tmp/err" || { echo "FAIL: message does not name the file"; failures=$((failures + 1)); }
expect 2 "negative node limit" -- tour --max-nodes -5
expect 2 "non-numeric time limit" -- tour --time-limit soon

echo
if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all CLI frame checks passed"
