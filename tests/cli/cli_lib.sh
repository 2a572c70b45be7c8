# Shared by the CLI test scripts (source it after setting `bin`): a scratch
# folder, failure counting, the exit-status contract check, and the summary.
#
# The contract checked by `expect`: exit statuses 2 (bad input or usage) and
# 3 (a limit) print nothing on stdout and exactly one line on stderr.

failures=0
tmp=$(mktemp -d)
# Messages in English whatever the caller's locale (the CLI reads LC_ALL,
# LC_MESSAGES and LANG itself); a test of Korean sets LANG for its command.
unset LC_ALL LC_MESSAGES
export LANG=C.UTF-8
trap 'rm -rf "$tmp"' EXIT

# fail MESSAGE: records a failure.
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# expect STATUS DESCRIPTION -- ARGS...: runs "$bin" ARGS with stdin from
# $STDIN (default /dev/null), stdout in $tmp/out, stderr in $tmp/err.
expect() {
  local want="$1" what="$2"
  shift 3
  "$bin" "$@" <"${STDIN:-/dev/null}" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    fail "$what: exit $got, wanted $want (stdout: $(head -c 300 "$tmp/out"); stderr: $(tail -c 300 "$tmp/err"))"
    return
  fi
  if [ "$want" = 2 ] || [ "$want" = 3 ]; then
    [ -s "$tmp/out" ] && fail "$what: stdout must be empty on error, got: $(head -c 200 "$tmp/out")"
    [ "$(wc -l <"$tmp/err")" = 1 ] || fail "$what: stderr must be exactly one line, got: $(cat "$tmp/err")"
  fi
  echo "ok: $what"
}

# expect_output TEXT DESCRIPTION: stdout of the last command equals TEXT.
expect_output() {
  [ "$(cat "$tmp/out")" = "$1" ] || fail "$2: got '$(head -c 200 "$tmp/out")', wanted '$1'"
}

# finish NAME: prints the summary and exits 1 if anything failed.
finish() {
  echo
  if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
  fi
  echo "all $1 checks passed"
}

# registry_puzzles: the puzzles of the CLI's registry (app::all_puzzles), in
# its order, one a line, read from the one listing the CLI prints that names
# the puzzles and nothing else: its unknown-command message, "unknown command
# 'X' (puzzles: 2048, tour, ...; see --help)". Tests loop over this, never over
# a list of their own, so that a new puzzle is tested from its one line.
registry_puzzles() {
  "$bin" no-such-command 2>&1 >/dev/null | sed -n 's/.*(puzzles: \([^;]*\);.*/\1/p' | tr -d ' ' | tr ',' '\n'
}

# Fails the script at once when the listing above cannot be read (the loops
# over it would otherwise check nothing).
puzzles=$(registry_puzzles)
if [ -z "$puzzles" ]; then
  echo "FAIL: cannot read the puzzle list from '$bin no-such-command'"
  exit 1
fi
