#!/usr/bin/env bash
# `boardsearch check` from the command line: a folder with a right .out, a
# wrong .out, a missing .out and a crashing case; --write-answers and back;
# .cpp and .py programs; a .cpp that does not compile; usage errors.
set -u
bin="$1"
programs="$2"
# shellcheck source=/dev/null
source "$(dirname "$0")/../cli/cli_lib.sh"
export XDG_CACHE_HOME="$tmp/cache"

# The folder: a (right .out), b (wrong .out), c (no .out: boardsearch's
# answer), d (the program crashes on it: a 1 x 1 board).
tests="$tmp/tests"
mkdir -p "$tests"
printf '3\n2 2 2\n4 4 4\n8 8 8\n' >"$tests/a.in"
printf '16\n' >"$tests/a.out"
printf '2\n2 2\n0 0\n' >"$tests/b.in"
printf '999\n' >"$tests/b.out"
printf '2\n4 4\n4 4\n' >"$tests/c.in"
printf '1\n2\n' >"$tests/d.in"
printf '2\n' >"$tests/d.out"
# The correct 2048 program, which crashes on 1 x 1 boards.
cat >"$tmp/crashy.sh" <<SCRIPT
#!/bin/sh
input=\$(cat)
[ "\$(printf '%s\n' "\$input" | head -n 1)" = 1 ] && kill -SEGV \$\$
printf '%s\n' "\$input" | "$programs" 2048
SCRIPT
chmod +x "$tmp/crashy.sh"

expect 1 "a folder with a wrong .out and a crash" -- check 2048 "$tests" -- "$tmp/crashy.sh"
grep -q '^a: pass ([0-9]* ms)$' "$tmp/out" || fail "a: $(cat "$tmp/out")"
grep -q "^b: wrong answer ([0-9]* ms): line 1: expected '999', got '4'$" "$tmp/out" || fail "b: $(cat "$tmp/out")"
grep -q '^c: pass ([0-9]* ms)$' "$tmp/out" || fail "c (no .out): $(cat "$tmp/out")"
grep -q '^d: crash: SIGSEGV' "$tmp/out" || fail "d: $(cat "$tmp/out")"
[ "$(tail -n 1 "$tmp/out")" = "2 passed, 2 failed" ] || fail "last line: $(tail -n 1 "$tmp/out")"
[ "$(head -n 1 "$tmp/out" | cut -c1-2)" = "a:" ] || fail "cases in name order: $(cat "$tmp/out")"

# Files as PATHs, and -j.
expect 0 "two files, two at once" -- check 2048 "$tests/a.in" "$tests/c.in" -j 2 -- "$programs" 2048
[ "$(tail -n 1 "$tmp/out")" = "2 passed, 0 failed" ] || fail "files: $(cat "$tmp/out")"

# An input the puzzle refuses (and no .out) is named as such.
mkdir -p "$tmp/bad"
printf '2\n2 3\n4 4\n' >"$tmp/bad/x.in"
expect 1 "an invalid input" -- check 2048 "$tmp/bad" -- "$programs" 2048
grep -q '^x: invalid input: line 2, field 2' "$tmp/out" || fail "invalid input: $(cat "$tmp/out")"

# --write-answers makes a test set; the correct program then passes it all.
mkdir -p "$tmp/set"
cp "$tests"/*.in "$tmp/set/"
expect 0 "--write-answers" -- check 2048 "$tmp/set" --write-answers
[ "$(tail -n 1 "$tmp/out")" = "4 written, 0 failed" ] || fail "--write-answers: $(cat "$tmp/out")"
[ "$(cat "$tmp/set/a.out")" = 16 ] || fail "a.out: $(cat "$tmp/set/a.out")"
[ "$(cat "$tmp/set/b.out")" = 4 ] || fail "b.out: $(cat "$tmp/set/b.out")"
expect 0 "the written set passes" -- check 2048 "$tmp/set" -- "$programs" 2048
[ "$(tail -n 1 "$tmp/out")" = "4 passed, 0 failed" ] || fail "round trip: $(cat "$tmp/out")"

# Puzzle options as its schema declares them.
cp "$tests/c.in" "$tmp/c-no-out.in"
expect 0 "--moves reaches the reference" -- check 2048 "$tmp/c-no-out.in" --moves 1 -- "$programs" 2048 1
expect 1 "a K = 5 program fails K = 1" -- check 2048 "$tmp/c-no-out.in" --moves 1 -- "$programs" 2048 5

# A .cpp COMMAND is compiled (once: cached by content), a .py one runs with
# python3; a .cpp that does not compile is exit 2 with the compiler's error.
mkdir -p "$tmp/one"
cp "$tests/a.in" "$tests/a.out" "$tmp/one/"
printf '#include <cstdio>\nint main() { std::puts("16"); }\n' >"$tmp/right.cpp"
expect 0 "a .cpp program" -- check 2048 "$tmp/one" -- "$tmp/right.cpp"
expect 0 "a .cpp program again, from the cache" -- check 2048 "$tmp/one" -- "$tmp/right.cpp"
[ "$(find "$tmp/cache/boardsearch/cpp" -type f | wc -l)" = 1 ] || fail "cache: $(ls -R "$tmp/cache")"
printf 'import sys\nsys.stdin.read()\nprint(16)\n' >"$tmp/right.py"
if command -v python3 >/dev/null; then
  expect 0 "a .py program" -- check 2048 "$tmp/one" --timeout-ms 60000 -- "$tmp/right.py"
fi
printf 'int main() { return undeclared; }\n' >"$tmp/broken.cpp"
expect 2 "a .cpp that does not compile" -- check 2048 "$tmp/one" -- "$tmp/broken.cpp"
grep -q "^boardsearch: check: .*broken.cpp does not compile: .*error: .*undeclared" "$tmp/err" ||
  fail "compile error line: $(cat "$tmp/err")"
expect 2 "hunt with a .cpp that does not compile" -- hunt 2048 --cases 3 -- "$tmp/broken.cpp"
# Case 1 of a 2048 hunt is a 1 x 1 board: its answer is its tile.
printf 'import sys\nprint(max(int(t) for t in sys.stdin.read().split()[1:]))\n' >"$tmp/largest.py"
if command -v python3 >/dev/null; then
  expect 0 "hunt with a .py program" -- hunt 2048 --cases 1 --timeout-ms 60000 -- "$tmp/largest.py"
fi

# The Programmers templates (docs/templates/) pass the footholds samples.
root="$(dirname "$0")/../.."
expect 0 "the C++ footholds template" -- check footholds "$root/tests/data/footholds" -- "$root/docs/templates/footholds.cpp"
[ "$(tail -n 1 "$tmp/out")" = "4 passed, 0 failed" ] || fail "C++ template: $(cat "$tmp/out")"
if command -v python3 >/dev/null; then
  expect 0 "the Python footholds template" -- check footholds "$root/tests/data/footholds" --timeout-ms 60000 -- "$root/docs/templates/footholds.py"
  [ "$(tail -n 1 "$tmp/out")" = "4 passed, 0 failed" ] || fail "Python template: $(cat "$tmp/out")"
fi

# The default timeout is the selected judge problem's own limit (1 s for
# Baekjoon 12100, the default --moves 5), 2 s where there is none (--moves 7),
# and --help says so.
expect 1 "a hanging program, the judge's 1 s" -- check 2048 "$tmp/one" -- "$programs" hang
grep -q '^a: timeout (killed after 1000 ms)' "$tmp/out" || fail "judge's limit: $(cat "$tmp/out")"
cp "$tests/c.in" "$tmp/c7.in"
expect 1 "a hanging program, no judge: 2 s" -- check 2048 "$tmp/c7.in" --moves 7 -- "$programs" hang
grep -q "^$tmp/c7: timeout (killed after 2000 ms)" "$tmp/out" || fail "fallback timeout: $(cat "$tmp/out")"
expect 0 "check 2048 --help" -- check 2048 --help
grep -q "the judge's limit, 1000 ms for Baekjoon 12100" "$tmp/out" || fail "--help: $(grep -A1 timeout-ms "$tmp/out")"
expect 0 "hunt 2048 --help" -- hunt 2048 --help
grep -q "the judge's limit, 1000 ms for Baekjoon 12100" "$tmp/out" || fail "hunt --help: $(grep -A1 limit-ms "$tmp/out")"

# Ctrl-C: exit 130, the case marked, nothing left running (the program
# leaves a child in a session of its own, then hangs).
mkdir -p "$tmp/hang"
printf '1\n2\n' >"$tmp/hang/a.in"
"$bin" check 2048 "$tmp/hang" --timeout-ms 60000 -- "$programs" setsid-child-and-hang "$tmp/pid" >"$tmp/out" 2>&1 &
checker=$!
for _ in $(seq 100); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
kill -INT "$checker"
wait "$checker"
status=$?
[ "$status" = 130 ] || fail "interrupted check: exit $status"
grep -q '^a: interrupted$' "$tmp/out" || fail "interrupted check: $(cat "$tmp/out")"
child=$(cat "$tmp/pid" 2>/dev/null)
sleep 0.2
if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then
  fail "the setsid child $child outlived the interrupted check"
  kill -9 "$child"
fi
echo "ok: an interrupted check leaves no process behind"

# Usage errors.
expect 2 "no program" -- check 2048 "$tests"
expect 2 "--write-answers with a program" -- check 2048 "$tests" --write-answers -- "$programs" 2048
expect 2 "a path that is neither" -- check 2048 "$tmp/none" -- "$programs" 2048
grep -qx "boardsearch: check: $tmp/none: no such folder or .in file" "$tmp/err" || fail "missing PATH: $(cat "$tmp/err")"
(cd "$tmp" && "$bin" check 2048 nodir -- "$programs" 2048 >"$tmp/out" 2>"$tmp/err")
status=$?
[ "$status" = 2 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "boardsearch: check: nodir: no such folder or .in file" ] ||
  fail "check 2048 nodir: exit $status: $(cat "$tmp/err")"
expect 2 "no PATH at all" -- check 2048 -- "$programs" 2048
expect 2 "a folder without tests" -- check 2048 "$tmp/cache" -- "$programs" 2048
expect 2 "unknown puzzle" -- check chess "$tests" -- "$programs" 2048
expect 2 "an option of another puzzle" -- check tour "$tests" --moves 3 -- "$programs" tour

finish "check CLI"
