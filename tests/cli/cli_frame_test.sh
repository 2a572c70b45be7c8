#!/usr/bin/env bash
# The CLI frame's contracts, independent of any one puzzle's solver:
# exit 2 with one line on stderr and nothing on stdout for usage errors.
set -u
bin="$1"
# shellcheck source=/dev/null
source "$(dirname "$0")/cli_lib.sh"

expect 0 "--version prints the version" -- --version
grep -q '^boardsearch [0-9]' "$tmp/out" || fail "version text: $(cat "$tmp/out")"
expect 0 "--help works" -- --help
grep -q 'tour' "$tmp/out" || fail "--help does not list the puzzles"
for puzzle in 2048 tour footholds yut; do
  expect 0 "$puzzle --help works" -- "$puzzle" --help
done
expect 0 "serve --help reaches the server executable" -- serve --help
grep -q -- '--port' "$tmp/out" || fail "serve --help does not show the server's options"
expect 2 "serve with a bad port is a usage error" -- serve --port 99999
expect 2 "no command is a usage error" --
expect 2 "unknown puzzle name" -- chess
grep -q "unknown command 'chess'" "$tmp/err" || fail "message does not name the command"
expect 2 "unknown option" -- tour --frobnicate
expect 2 "missing input file" -- tour "$tmp/does-not-exist.txt"
grep -q "does-not-exist.txt" "$tmp/err" || fail "message does not name the file"
expect 2 "negative node limit" -- tour --max-nodes -5
expect 2 "non-numeric time limit" -- tour --time-limit soon

finish "CLI frame"
