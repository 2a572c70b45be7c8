#!/usr/bin/env bash
# `boardsearch hunt` from the command line: exit 1 with a report and --out on
# a mismatch, 0 when every case passes, 2 (one line on stderr, nothing on
# stdout) for usage errors; the same seed gives the same report; arguments
# after -- belong to the program.
set -u
bin="$1"
programs="$2"
# shellcheck source=/dev/null
source "$(dirname "$0")/../cli/cli_lib.sh"

# A wrong program: mismatch, report, minimal input written with --out.
expect 1 "a wrong footholds program is caught" -- \
  hunt footholds --cases 200 --out "$tmp/minimal.in" -- "$programs" footholds-no-shared-cell
grep -q '^mismatch: wrong answer on case [1-9][0-9]* (seed 1)' "$tmp/out" ||
  fail "report lacks the mismatch line: $(cat "$tmp/out")"
grep -q '^--- expected output ---' "$tmp/out" || fail "report lacks the expected output"
grep -q '^--- program output ---' "$tmp/out" || fail "report lacks the program output"
[ -s "$tmp/minimal.in" ] || fail "--out file not written"
# The written input is the one in the report, and it really fails.
sed -n '/^--- input ---$/,/^--- expected output ---$/p' "$tmp/out" | sed '1d;$d' >"$tmp/reported.in"
cmp -s "$tmp/minimal.in" "$tmp/reported.in" || fail "--out file differs from the reported input"
expected=$("$bin" footholds "$tmp/minimal.in")
actual=$("$programs" footholds-no-shared-cell <"$tmp/minimal.in")
[ "$expected" != "$actual" ] || fail "the minimal input does not make the program fail ($expected)"
grep -q 'shrinking' "$tmp/err" || fail "no progress on stderr"

# A correct program passes.
expect 0 "a correct yut program passes" -- hunt yut --cases 40 -- "$programs" yut
grep -q '^no mismatch: 40 cases passed' "$tmp/out" || fail "pass report: $(cat "$tmp/out")"

# Hangs and crashes.
expect 1 "a hanging program is a timeout" -- hunt tour --cases 5 --timeout-ms 200 -- "$programs" hang
grep -q 'timed out after 200 ms' "$tmp/out" || fail "timeout report: $(cat "$tmp/out")"
expect 1 "a crashing program is a crash" -- hunt 2048 --cases 5 -- "$programs" crash
grep -q 'killed by SIGSEGV' "$tmp/out" || fail "crash report: $(cat "$tmp/out")"
# Cases count from 1; the report names the options that reproduce it.
grep -q '^mismatch: crash on case 1 (seed 1); 0 cases passed before it$' "$tmp/out" ||
  fail "the first case is case 1: $(cat "$tmp/out")"
grep -qx 'options: --moves 5 (default)' "$tmp/out" || fail "options line: $(cat "$tmp/out")"

# Determinism: the same seed, the same report.
# (The time shrinking took is on a line of its own, left out.)
"$bin" hunt 2048 --cases 300 --seed 77 -- "$programs" 2048-merge-far 2>/dev/null | grep -v '^shrinking took' >"$tmp/first"
"$bin" hunt 2048 --cases 300 --seed 77 -- "$programs" 2048-merge-far 2>/dev/null | grep -v '^shrinking took' >"$tmp/second"
cmp -s "$tmp/first" "$tmp/second" || fail "two hunts with seed 77 differ"
grep -q '^mismatch' "$tmp/first" || fail "seed 77 hunt found nothing: $(cat "$tmp/first")"
echo "ok: the same seed gives the same report"

# Options after -- go to the program, not to hunt (yut takes no --moves: if
# hunt parsed it, this would be a usage error).
expect 0 "arguments after -- belong to the program" -- \
  hunt yut --cases 3 -- /bin/sh -c 'test "$1" = --moves && exec "$0" yut' "$programs" --moves

# The puzzle's own options (its schema) reach the reference, and the report.
expect 0 "--moves reaches the reference" -- hunt 2048 --cases 30 --moves 2 -- "$programs" 2048 2
grep -qx 'options: --moves 2' "$tmp/out" || fail "--moves 2 options line: $(cat "$tmp/out")"
expect 0 "--pieces reaches the reference" -- hunt yut --cases 20 --pieces 3 -- "$programs" yut 3
grep -q '^options: --pieces 3\(, \|$\)' "$tmp/out" || fail "--pieces 3 options line: $(cat "$tmp/out")"
boards="$(dirname "$0")/../../docs/boards"
expect 0 "a --board document is read from its file" -- \
  hunt yut --cases 5 --board "$boards/standard.json" -- "$programs" yut
grep -q "^options: --pieces 4 (default), --board .*standard.json\\(, \\|$\\)" "$tmp/out" ||
  fail "--board options line: $(cat "$tmp/out")"
expect 2 "a --board file that does not exist" -- hunt yut --cases 5 --board "$tmp/none.json" -- "$programs" yut

# Usage errors.
expect 2 "no program" -- hunt yut
expect 2 "unknown puzzle" -- hunt chess -- "$programs" yut
grep -q "^boardsearch: hunt: unknown puzzle 'chess' (puzzles: " "$tmp/err" || fail "unknown puzzle: $(cat "$tmp/err")"
expect 2 "no puzzle" -- hunt
expect 2 "an option the puzzle does not take" -- hunt tour --moves 3 -- "$programs" tour
grep -q "^boardsearch: hunt: tour does not take --moves" "$tmp/err" ||
  fail "foreign option: $(cat "$tmp/err")"
expect 2 "an option no puzzle takes" -- hunt yut --bogus 3 -- "$programs" yut
expect 2 "a program that does not exist" -- hunt yut -- "$tmp/no-such-program"
expect 2 "a negative time budget" -- hunt yut --seconds -1 -- "$programs" yut
expect 2 "a zero timeout" -- hunt yut --timeout-ms 0 -- "$programs" yut

# Timeouts: at most one day per run; beyond, a usage error, not a deadline
# that overflows into the past (9.3e12 ms used to make every run time out).
expect 0 "the longest timeout, one day" -- hunt 2048 --cases 3 --timeout-ms 86400000 -- "$programs" 2048
for value in 86400001 9300000000000 99999999999999999999; do
  expect 2 "--timeout-ms $value is refused" -- hunt 2048 --cases 3 --timeout-ms "$value" -- "$programs" 2048
  grep -q -- "--timeout-ms: .*found '$value'" "$tmp/err" || fail "--timeout-ms $value: $(cat "$tmp/err")"
done

# Numbers are plain decimal: "010" is ten (not octal 8), '+' is allowed;
# hex, signs, exponents and out-of-range values are refused with the text as
# typed, never clamped or wrapped.
expect 0 "--cases 010 is ten" -- hunt yut --cases 010 -- "$programs" yut
grep -q '^no mismatch: 10 cases passed' "$tmp/out" || fail "--cases 010: $(cat "$tmp/out")"
expect 0 "--cases +3 and --seed 007" -- hunt yut --cases +3 --seed 007 -- "$programs" yut
grep -q '^no mismatch: 3 cases passed .*(seed 7)' "$tmp/out" || fail "--seed 007: $(cat "$tmp/out")"
expect 0 "--seconds 0010.5 --cases 2" -- hunt yut --seconds 0010.5 --cases 2 -- "$programs" yut
expect 0 "the largest seed" -- hunt yut --cases 2 --seed 18446744073709551615 -- "$programs" yut
grep -q '(seed 18446744073709551615)' "$tmp/out" || fail "largest seed: $(cat "$tmp/out")"
expect 0 "the largest memory cap, 1 TiB" -- hunt yut --cases 2 --memory-mb 1048576 -- "$programs" yut
expect 2 "--seed -1" -- hunt yut --cases 2 --seed -1 -- "$programs" yut
grep -qx "boardsearch: --seed: expected a decimal integer in \[0, 18446744073709551615\], found '-1' (see --help)" \
  "$tmp/err" || fail "--seed -1 message: $(cat "$tmp/err")"
# CLI11's own range messages run to hundreds of characters; these stay short.
[ "$(wc -c <"$tmp/err")" -lt 120 ] || fail "--seed -1 message too long: $(cat "$tmp/err")"
expect 2 "--seed 18446744073709551616" -- hunt yut --cases 2 --seed 18446744073709551616 -- "$programs" yut
expect 2 "--memory-mb 17592186044416" -- hunt yut --cases 2 --memory-mb 17592186044416 -- "$programs" yut
grep -q "found '17592186044416'" "$tmp/err" || fail "--memory-mb message: $(cat "$tmp/err")"
expect 2 "a newline in a number stays one stderr line" -- hunt yut --cases 2 --seed $'1\n2' -- "$programs" yut
expect 2 "--cases 0x10" -- hunt yut --cases 0x10 -- "$programs" yut
expect 2 "--cases 1e3" -- hunt yut --cases 1e3 -- "$programs" yut
expect 2 "--cases 0" -- hunt yut --cases 0 -- "$programs" yut
expect 2 "--cases 2.0" -- hunt yut --cases 2.0 -- "$programs" yut
expect 2 "--seconds 0x10" -- hunt yut --seconds 0x10 -- "$programs" yut
expect 2 "--seconds inf" -- hunt yut --seconds inf -- "$programs" yut
expect 2 "--seconds 1e3" -- hunt yut --seconds 1e3 -- "$programs" yut
expect 2 "--seconds above one day" -- hunt yut --seconds 86401 -- "$programs" yut
expect 2 "--moves 0x2" -- hunt 2048 --cases 2 --moves 0x2 -- "$programs" 2048 2
expect 2 "--moves -1" -- hunt 2048 --cases 2 --moves -1 -- "$programs" 2048 2
expect 0 "--moves 02 is two" -- hunt 2048 --cases 30 --moves 02 -- "$programs" 2048 2
expect 2 "--pieces 010" -- hunt yut --cases 2 --pieces 010 -- "$programs" yut
grep -q -- "--pieces" "$tmp/err" || fail "--pieces 010 (ten pieces, above the puzzle's limit): $(cat "$tmp/err")"

# --out is checked before hunting: a path that cannot be written is a usage
# error (nothing on stdout, one line on stderr), not a report followed by a
# failure that hides the mismatch.
expect 2 "--out in a missing directory" -- hunt 2048 --cases 5 --out /nonexistent/dir/x -- echo 1
grep -q "^boardsearch: hunt: --out '/nonexistent/dir/x' cannot be written: directory '/nonexistent/dir'" "$tmp/err" ||
  fail "--out message: $(cat "$tmp/err")"
expect 2 "--out naming a directory" -- hunt 2048 --cases 5 --out "$tmp" -- echo 1
expect 2 "an empty --out" -- hunt 2048 --cases 5 --out '' -- echo 1
printf 'x\n' >"$tmp/plain"
expect 2 "--out through a regular file" -- hunt 2048 --cases 5 --out "$tmp/plain/x" -- echo 1
# The check creates and truncates nothing: a hunt that finds no mismatch
# leaves an existing file as it was and creates no new one.
printf 'keep me\n' >"$tmp/kept.in"
expect 0 "--out kept when nothing fails" -- hunt yut --cases 3 --out "$tmp/kept.in" -- "$programs" yut
[ "$(cat "$tmp/kept.in")" = "keep me" ] || fail "--out truncated without a mismatch"
expect 0 "--out not created when nothing fails" -- hunt yut --cases 3 --out "$tmp/new.in" -- "$programs" yut
[ -e "$tmp/new.in" ] && fail "--out created without a mismatch"
# A write that still fails at the end (a full disk: /dev/full) keeps the
# mismatch status 1 and the report, and says so in one stderr line.
if [ -w /dev/full ]; then
  expect 1 "--out on a full disk" -- hunt 2048 --cases 5 --out /dev/full -- "$programs" crash
  grep -q '^mismatch: crash' "$tmp/out" || fail "full disk: report missing: $(cat "$tmp/out")"
  grep -q 'input written to' "$tmp/out" && fail "full disk: claims the input was written"
  [ "$(grep -c 'cannot write the minimal input' "$tmp/err")" = 1 ] || fail "full disk: stderr: $(cat "$tmp/err")"
fi

# -j: with --cases the result is the same for every number of programs at
# once: the first mismatch in case order, the same minimal input.
for seed in 3 8 21; do
  for jobs in 1 2; do
    rm -f "$tmp/j$jobs.in"
    "$bin" hunt 2048 --cases 300 --seed "$seed" -j "$jobs" --out "$tmp/j$jobs.in" -- "$programs" 2048-merge-far \
      2>/dev/null | grep -v '^shrinking took\|^shrunk in\|^input written' >"$tmp/j$jobs.report"
  done
  [ -s "$tmp/j1.in" ] || fail "seed $seed: -j 1 found no mismatch"
  cmp -s "$tmp/j1.in" "$tmp/j2.in" || fail "seed $seed: -j 1 and -j 2 give different minimal inputs"
  cmp -s "$tmp/j1.report" "$tmp/j2.report" || fail "seed $seed: -j 1 and -j 2 give different reports (run counts aside)"
done
echo "ok: -j 1 and -j 2 give the same minimal input and report"

# --seconds bounds the whole run, shrinking included: a program that hangs
# on boards of side 5 or more (each such run costs the 1 s timeout, and a
# 5 x 5 board has dozens of shrinking candidates that hang too) stops within
# the budget plus a slack of a few seconds (generous here: 8 s on 3).
started=$(date +%s%N)
"$bin" hunt 2048 --seconds 3 --timeout-ms 1000 -j 1 -- "$programs" hang-from-side 5 >"$tmp/out" 2>/dev/null
status=$?
took_ms=$((($(date +%s%N) - started) / 1000000))
[ "$status" = 1 ] || fail "hang-from-side: exit $status: $(cat "$tmp/out")"
[ "$took_ms" -lt 11000 ] || fail "--seconds 3 took $took_ms ms"
grep -q '^mismatch: timeout' "$tmp/out" || fail "hang-from-side report: $(cat "$tmp/out")"
grep -q 'cut short by the time budget: not fully shrunk' "$tmp/out" || fail "shrink cut not reported: $(cat "$tmp/out")"
grep -q '^shrinking took [0-9.]* s$' "$tmp/out" || fail "shrink time not reported: $(cat "$tmp/out")"
echo "ok: --seconds 3 with a hanging program ended after $took_ms ms"

# Reports: no mismatch names the largest input reached; a wrong answer gets
# its first differing line; --explain the optimal play; --out-dir a pair.
expect 0 "largest input reached" -- hunt 2048 --cases 30 -- "$programs" 2048
grep -q '^largest input checked: board ' "$tmp/out" || fail "largest input: $(cat "$tmp/out")"
expect 1 "a tour mismatch names the differing case" -- \
  hunt tour --cases 300 --explain --out-dir "$tmp" -- "$programs" tour-zero-steps
grep -q "^line 1: expected 'Case 1: 0', got 'Case 1: 1'$" "$tmp/out" || fail "first difference: $(cat "$tmp/out")"
grep -q '^--- optimal play (boardsearch --explain) ---$' "$tmp/out" || fail "--explain: $(cat "$tmp/out")"
[ "$("$bin" tour "$tmp/min.in")" = "$(cat "$tmp/min.out")" ] || fail "--out-dir: min.out is not the answer to min.in"
grep -q "^input written to $tmp/min.in$" "$tmp/out" || fail "--out-dir: min.in not reported: $(cat "$tmp/out")"
grep -q "^answer written to $tmp/min.out$" "$tmp/out" || fail "--out-dir: min.out not reported: $(cat "$tmp/out")"
# --out-dir creates its folder and the missing parents; a folder that
# cannot be made (under a regular file) is a usage error before hunting.
expect 1 "--out-dir that does not exist yet" -- \
  hunt tour --cases 300 --out-dir "$tmp/new/deeper/" -- "$programs" tour-zero-steps
[ -s "$tmp/new/deeper/min.in" ] && [ -s "$tmp/new/deeper/min.out" ] || fail "--out-dir not created: $(ls -R "$tmp/new")"
grep -q "^answer written to $tmp/new/deeper/min.out$" "$tmp/out" || fail "--out-dir new: $(cat "$tmp/out")"
expect 2 "--out-dir under a regular file" -- hunt tour --cases 3 --out-dir "$tmp/plain/d" -- "$programs" tour
grep -q "^boardsearch: hunt: --out-dir '$tmp/plain/d' cannot be created: " "$tmp/err" ||
  fail "--out-dir message: $(cat "$tmp/err")"

# --slow: a program whose CPU time grows with the board finds an input over
# the limit (exit 1, written to --out, within the judge's N <= 20); a fast
# correct one ends with the slowest input found (exit 0).
expect 1 "--slow finds an input over the limit" -- \
  hunt 2048 --slow --limit-ms 40 --seconds 60 --out "$tmp/slow.in" -- "$programs" burn-2048
grep -q '^over the limit: [0-9]* ms of CPU time (limit 40 ms) on board ' "$tmp/out" || fail "--slow: $(cat "$tmp/out")"
[ -s "$tmp/slow.in" ] && [ "$(head -n 1 "$tmp/slow.in")" -le 20 ] || fail "--slow input: $(head -n 1 "$tmp/slow.in")"
"$bin" 2048 --strict "$tmp/slow.in" >/dev/null 2>&1 || "$bin" 2048 "$tmp/slow.in" >/dev/null ||
  fail "--slow input is not a judge input"
expect 0 "--slow on a fast program reports the slowest input" -- hunt 2048 --slow --cases 12 -- "$programs" 2048
grep -q '^slowest input: [0-9]* ms of CPU time (limit 1000 ms) on board ' "$tmp/out" || fail "--slow: $(cat "$tmp/out")"
expect 2 "--limit-ms without --slow" -- hunt 2048 --limit-ms 10 -- "$programs" 2048
# --max-cases: tour inputs of N copies of one judge-sized case (boardsearch
# itself as the program: correct and quick; --memory-mb 0, since a sanitizer
# build of it reserves more address space than the default cap); a puzzle
# of one case per input, or without --slow, is a usage error.
expect 0 "--slow --max-cases 4 on the tour" -- \
  hunt tour --slow --max-cases 4 --cases 12 --memory-mb 0 --out "$tmp/cases.in" -- "$bin" tour
cases=$(grep -c '^[0-9][0-9]* [0-9][0-9]*$' "$tmp/cases.in")
[ "$cases" = 4 ] || fail "--max-cases 4: the slowest input has $cases cases"
grep -q "^slowest input: .* on 4 cases: 4 copies of " "$tmp/out" || fail "--max-cases report: $(head -n 1 "$tmp/out")"
"$bin" tour --strict "$tmp/cases.in" >/dev/null || fail "--max-cases: the slowest input is not a judge input"
expect 2 "--max-cases on a puzzle of one case per input" -- hunt 2048 --slow --max-cases 3 -- "$programs" 2048
expect 2 "--max-cases without --slow" -- hunt tour --max-cases 3 -- "$programs" tour

# Nothing is left running when hunt exits, also when it is interrupted:
# the program leaves a child in a session of its own, then hangs.
for signal in INT TERM; do
  rm -f "$tmp/pid"
  "$bin" hunt footholds --cases 5 -j 1 --timeout-ms 60000 -- "$programs" setsid-child-and-hang "$tmp/pid" \
    >"$tmp/out" 2>"$tmp/err" &
  hunter=$!
  for _ in $(seq 100); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
  child=$(cat "$tmp/pid" 2>/dev/null)
  kill -"$signal" "$hunter"
  wait "$hunter"
  status=$?
  [ "$status" = 130 ] || fail "SIG$signal: hunt exited $status"
  [ -n "$child" ] || fail "SIG$signal: the program never started its child"
  sleep 0.2
  if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then
    fail "SIG$signal: the setsid child $child outlived the hunt"
    kill -9 "$child"
  fi
  grep -q 'interrupted' "$tmp/out" || fail "SIG$signal: report does not say interrupted: $(cat "$tmp/out")"
done
echo "ok: an interrupted hunt leaves no process behind"

finish "hunt CLI"
