#!/usr/bin/env bash
# hunt --slow tries the judge's extremes first, measures the start-up apart,
# and no hunt gives a false all-clear (#41).
#
# 1. Per puzzle, a correct program that burns 600 ms of CPU time only on one
#    extreme family (slow-family in test_programs.cpp; limit 200 ms): --slow
#    with the default budget reports an input of that family over the limit;
#    --random-only with the same seed and the same number of inputs (a
#    count, not a time; at least 60) does not. Verdicts rest on the family of the input
#    reported, and on a 3x margin of CPU time (burnt by the program's own
#    CPU clock), not on wall-clock time; runs get a 20 s timeout.
# 2. A program that burns 300 ms before reading: the report names the
#    start-up and what the slowest input adds to it, and does not count the
#    start-up as the input's work.
# 3. A wrong program whose bug needs 4 cells, with a budget too small to
#    reach them: exit 4 (inconclusive), not 0; with --cases the warning stays
#    and the exit is 0.
# 4. A run killed at the timeout is over the limit only when its CPU time is.
# 5. Tour files of many cases: a program slow only on cases at the edge of
#    the judge's promise (below).
set -u
bin="$1"
programs="$2"
# shellcheck source=/dev/null
source "$(dirname "$0")/../cli/cli_lib.sh"
# The slow-family programs get their answers from boardsearch itself (so
# no memory cap: a sanitized boardsearch reserves terabytes of address space).
case "$bin" in /*) board="$bin" ;; *) board="$PWD/$bin" ;; esac

for puzzle in 2048 footholds tour marble yut; do
  # The tour's extremes begin with its edge family, which counts close to
  # 1,000,000 move paths on each board it draws: in a sanitized build that
  # alone outlasts the default budget (exit 4, nothing measured). The verdict
  # rests on the default budget, so the sanitized stage leaves the tour out;
  # test-release runs it.
  if [ "$puzzle" = tour ] && [ -n "${BOARDSEARCH_SANITIZED:-}" ]; then
    echo "skipped: tour guided (sanitized build: the edge family's path counts outlast the default budget)"
    continue
  fi
  rm -f "$tmp/slow.in"
  "$bin" hunt "$puzzle" --slow --limit-ms 200 --timeout-ms 20000 --memory-mb 0 --out "$tmp/slow.in" -- \
    "$programs" slow-family "$puzzle" "$board" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" = 1 ] || fail "$puzzle guided: exit $status: $(head -c 300 "$tmp/out") $(tail -c 300 "$tmp/err")"
  grep -q '^over the limit: ' "$tmp/out" || fail "$puzzle guided: no input over the limit"
  grep -q "^found by: extreme family" "$tmp/out" || fail "$puzzle guided: not found by an extreme family"
  [ "$("$programs" in-slow-family "$puzzle" <"$tmp/slow.in")" = yes ] || fail "$puzzle guided: not of the family"
  count=$(sed -n 's/.*; \([0-9]*\) inputs\? measured in.*/\1/p' "$tmp/out")
  echo "ok: $puzzle guided: $(head -1 "$tmp/out")"
  [ -n "$count" ] || { fail "$puzzle: no count of inputs measured"; continue; }
  # Random draws come in the same order whatever --cases says, so 60 of them
  # hold the first $count: not reaching the family in 60 is the stronger check.
  [ "$count" -lt 60 ] && count=60
  rm -f "$tmp/slow.in"
  "$bin" hunt "$puzzle" --slow --random-only --cases "$count" --limit-ms 200 --timeout-ms 20000 --memory-mb 0 \
    --out "$tmp/slow.in" -- "$programs" slow-family "$puzzle" "$board" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" = 0 ] || fail "$puzzle random only: exit $status: $(head -c 300 "$tmp/out")"
  [ "$("$programs" in-slow-family "$puzzle" <"$tmp/slow.in")" = no ] || fail "$puzzle random only: reached the family"
  echo "ok: $puzzle random only, $count inputs: $(head -1 "$tmp/out")"
done

# 2. The start-up apart.
"$bin" hunt 2048 --slow --limit-ms 5000 --cases 12 -- "$programs" startup-burn-2048 >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 0 ] || fail "start-up: exit $status: $(head -c 300 "$tmp/out")"
line=$(grep 'start-up' "$tmp/out")
startup=$(echo "$line" | sed -n 's/.*start-up \([0-9]*\) ms.*/\1/p')
adds=$(echo "$line" | sed -n 's/.*the slowest input adds \([0-9]*\) ms.*/\1/p')
if [ -z "$startup" ] || [ -z "$adds" ]; then
  fail "start-up: no start-up line: $(head -c 400 "$tmp/out")"
else
  [ "$startup" -ge 290 ] || fail "start-up: $startup ms, the program burns 300"
  [ "$adds" -lt 290 ] || fail "start-up: the slowest input adds $adds ms: the start-up is counted as its work"
  echo "$line" | grep -q '(the start-up dominates)' || fail "start-up: does not say the start-up dominates"
  echo "ok: start-up reported apart: $line"
fi

# 3. No false all-clear. The program burns 600 ms per run, so in 1 s (the
#    search stops at 0.75 s) only case 1 (1 x 1) can finish: the 2 x 2 case
#    that shows the bug cannot (0.6 s of CPU needs 0.6 s of time at least).
expect 4 "a budget too small for 4 cells is inconclusive" -- \
  hunt 2048 --seconds 1 -j 1 --timeout-ms 20000 -- "$programs" slow-wrong-from-4-cells
grep -q "^the largest input checked was .*; the judge's inputs go up to 20 x 20: this run is no evidence for big inputs" \
  "$tmp/out" || fail "inconclusive: no warning line: $(cat "$tmp/out")"
expect 0 "with --cases the warning stays, the exit is 0" -- hunt 2048 --cases 1 -- "$programs" 2048
grep -q 'this run is no evidence for big inputs' "$tmp/out" || fail "--cases 1: no warning line"
expect 0 "no warning once judge-sized inputs are checked" -- hunt footholds --cases 80 -- "$programs" footholds
grep -q 'no evidence' "$tmp/out" && fail "--cases 80 on footholds warns: $(cat "$tmp/out")"

# 4. A run killed at the wall-clock timeout is over the limit only when its
#    CPU time is, or when it was blocked. `starved` runs half of the time at
#    most and never answers: killed at 600 ms it has used 300 ms at most,
#    under the 500 ms limit (before: counted as 600 ms, "over the limit").
"$bin" hunt 2048 --slow --limit-ms 500 --timeout-ms 600 --cases 2 --seconds 60 -- "$programs" starved \
  >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 1 ] && fail "starved: a program slowed by the machine is reported over the limit: $(head -c 300 "$tmp/out")"
grep -q '^over the limit' "$tmp/out" && fail "starved: 'over the limit' line: $(head -c 300 "$tmp/out")"
echo "ok: a starved run is not over the limit (exit $status)"
expect 1 "a hang is over the limit" -- hunt 2048 --slow --limit-ms 500 --timeout-ms 600 --cases 2 -- "$programs" hang

# 5. Tour files of many cases. `tour-edge` is a correct tour program that
#    burns 30 ms of CPU time per case with 600,000 move paths or more (the
#    judge promises at most 1,000,000; a plain search's time grows with
#    them): one such case is far under the 300 ms limit, a judge file of 30
#    is over it. --slow with the default budget and the default file of 30
#    copies of one case reports a file of such cases over the limit, found
#    by the extreme family at the promise's edge; --random-only with the same
#    seed and the same number of inputs (at least 20) reaches no such case.
#    Sanitized, the edge family's path counts outlast the default budget
#    (as in 1.): the guided half runs in test-release only.
count=""
if [ -z "${BOARDSEARCH_SANITIZED:-}" ]; then
  rm -f "$tmp/edge.in"
  "$bin" hunt tour --slow --limit-ms 300 --timeout-ms 20000 --memory-mb 0 --out "$tmp/edge.in" -- \
    "$programs" tour-edge "$board" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" = 1 ] || fail "tour edge guided: exit $status: $(head -c 300 "$tmp/out") $(tail -c 300 "$tmp/err")"
  grep -q '^over the limit: [0-9]* ms of CPU time (limit 300 ms) on 30 cases: ' "$tmp/out" ||
    fail "tour edge guided: $(head -1 "$tmp/out")"
  grep -q "^found by: extreme family '30 x 30 with close to 1,000,000 move paths'" "$tmp/out" ||
    fail "tour edge guided: not found by the family at the promise's edge: $(sed -n 3p "$tmp/out")"
  [ "$("$programs" in-tour-edge <"$tmp/edge.in")" = yes ] || fail "tour edge guided: no case at the promise's edge"
  "$bin" tour --strict "$tmp/edge.in" >/dev/null || fail "tour edge guided: not a judge input"
  count=$(sed -n 's/.*; \([0-9]*\) inputs\? measured in.*/\1/p' "$tmp/out")
  echo "ok: tour edge guided: $(head -1 "$tmp/out")"
else
  echo "skipped: tour edge guided (sanitized build: the edge family's path counts outlast the default budget)"
fi
[ -n "$count" ] && [ "$count" -lt 20 ] && count=20
rm -f "$tmp/edge.in"
"$bin" hunt tour --slow --random-only --cases "${count:-20}" --limit-ms 300 --timeout-ms 20000 --memory-mb 0 \
  --out "$tmp/edge.in" -- "$programs" tour-edge "$board" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 0 ] || fail "tour edge random only: exit $status: $(head -c 300 "$tmp/out")"
[ "$("$programs" in-tour-edge <"$tmp/edge.in")" = no ] || fail "tour edge random only: reached the promise's edge"
echo "ok: tour edge random only, ${count:-20} inputs: $(head -1 "$tmp/out")"

finish "hunt extremes, start-up and inconclusive hunts"
