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
for puzzle in $puzzles; do
  grep -q "^  $puzzle " "$tmp/out" || fail "--help does not list the puzzle $puzzle"
done
for puzzle in $puzzles; do
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


# Numbers in options read as in input files: decimal. CLI11 alone took "010"
# for octal 8, "0x10" for 16, and clamped values beyond 64 bits.
printf '3\n2 2 8\n8 0 8\n2 0 2\n' >"$tmp/needs10.in"  # 16 within 8 moves, 32 within 10
STDIN="$tmp/needs10.in" expect 0 "--moves 010 is ten" -- 2048 --moves 010
[ "$(cat "$tmp/out")" = 32 ] || fail "--moves 010 answered $(cat "$tmp/out"), wanted 32 (ten moves)"
STDIN="$tmp/needs10.in" expect 0 "--moves +10 is ten" -- 2048 --moves +10
[ "$(cat "$tmp/out")" = 32 ] || fail "--moves +10 answered $(cat "$tmp/out"), wanted 32"
for bad in 0x10 0o10 1e1 10.0 +-1 '' 99999999999999999999; do
  STDIN="$tmp/needs10.in" expect 2 "--moves '$bad' is refused" -- 2048 --moves "$bad"
  grep -q -- "--moves" "$tmp/err" || fail "--moves '$bad': message does not name the option: $(cat "$tmp/err")"
done
grep -q "expected a decimal integer in \[0, 9223372036854775807\], found '99999999999999999999'" "$tmp/err" ||
  fail "a 20-digit --moves is not refused as out of range: $(cat "$tmp/err")"
# Read as octal, 010 would be 8 pieces (allowed); as decimal it is ten (refused).
expect 2 "--pieces 010 is ten pieces, refused, not read as octal 8" -- yut --pieces 010
grep -q "in \[1, 8\], found '010'" "$tmp/err" || fail "--pieces 010: $(cat "$tmp/err")"
expect 2 "--max-nodes 0" -- tour --max-nodes 0
expect 2 "--max-nodes 1e23" -- tour --max-nodes 1e23

# --time-limit: a positive finite number of seconds; far deadlines used to
# wrap into the past and stop every solve at once.
for bad in 0 -1 nan inf 1e10 1e3 0x10 1000000001; do
  expect 2 "--time-limit '$bad' is refused" -- 2048 --time-limit "$bad"
done
STDIN="$tmp/needs10.in" expect 0 "--time-limit 1000000000 solves" -- 2048 --time-limit 1000000000
[ "$(cat "$tmp/out")" = 16 ] || fail "--time-limit 1000000000 answered $(cat "$tmp/out")"

# File names: empty, a directory, a newline in the name (one stderr line).
expect 2 "an empty FILE name" -- 2048 ''
expect 2 "an empty --board name" -- yut --board '' "$tmp/needs10.in"
expect 2 "a directory as FILE" -- 2048 "$tmp"
grep -q "is a directory" "$tmp/err" || fail "directory: $(cat "$tmp/err")"
expect 2 "a newline in the file name" -- 2048 "$tmp/no
such"
# A NUL byte in the input is shown, not the end of the message.
printf '1\n2\000\n' >"$tmp/nul.in"
expect 2 "a NUL byte in a field" -- 2048 "$tmp/nul.in"
grep -q "found '2\\\\x00'" "$tmp/err" || fail "NUL: $(cat "$tmp/err")"
expect 2 "an unknown option before the command" -- --bogus
grep -q "unknown option '--bogus'" "$tmp/err" || fail "--bogus: $(cat "$tmp/err")"

# An answer that cannot be written is not a success.
if [ -w /dev/full ]; then
  "$bin" 2048 "$tmp/needs10.in" >/dev/full 2>"$tmp/err"
  status=$?
  [ "$status" = 1 ] || fail "writing to /dev/full: exit $status, wanted 1"
  [ "$(wc -l <"$tmp/err")" = 1 ] || fail "writing to /dev/full: stderr: $(cat "$tmp/err")"
  [ "$failures" = 0 ] && echo "ok: a failed write exits 1"
fi

finish "CLI frame"
