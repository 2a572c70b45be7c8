#!/usr/bin/env bash
# N-Queens on the task farm through the built CLI: threads (no mpirun) and
# MPI (mpirun --oversubscribe, 1, 2 and 3 ranks) give the table's counts
# for N = 12..14; a run stopped after K tasks (--stop-after-tasks) and one
# whose rank was killed (kill -9) resume from the checkpoint to the same total; a
# foreign or corrupted checkpoint is refused (exit 2, one line, nothing on
# stdout), never mixed in. Label `mpi`: it runs in the release stage only
# (Open MPI's own start-up allocations are not ours to clear under ASan).
# Usage: farm_cli_test.sh BOARDSEARCH_BINARY SOURCE_DIR
set -u
bin="$1"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"

# CI runs as root; Open MPI refuses that unless told. 3 ranks on 2 cores: --oversubscribe.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# mpi R ARGS...: the CLI on R ranks, as `expect` runs it (stdout, stderr, status).
mpi_expect() {
  local want="$1" what="$2" ranks="$3"
  shift 4
  mpirun --oversubscribe -np "$ranks" "$bin" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  local got=$?
  [ "$got" = "$want" ] || fail "$what: exit $got, wanted $want (stdout: $(head -c 300 "$tmp/out"); stderr: $(tail -c 600 "$tmp/err"))"
  [ "$want" = 0 ] || [ ! -s "$tmp/out" ] || fail "$what: stdout must be empty on error, got: $(head -c 200 "$tmp/out")"
  echo "ok: $what"
}
task_lines() { echo $(($(wc -l <"$1") - 5)); }  # the header is 5 lines

known=(1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184 14772512)
for n in 12 13 14; do
  printf '%s\n' "$n" >"$tmp/$n.in"
  rm -f "$tmp/ck"
  expect 0 "threads farm N = $n" -- queens --threads 2 --checkpoint "$tmp/ck" "$tmp/$n.in"
  expect_output "${known[$((n - 1))]}" "threads farm N = $n"
  [ "$(task_lines "$tmp/ck")" -ge 1000 ] || fail "N = $n: only $(task_lines "$tmp/ck") tasks in the checkpoint"
  for ranks in 1 2 3; do
    rm -f "$tmp/ck"
    mpi_expect 0 "mpirun -np $ranks N = $n" "$ranks" -- queens --checkpoint "$tmp/ck" "$tmp/$n.in"
    expect_output "${known[$((n - 1))]}" "mpirun -np $ranks N = $n"
  done
done
mpi_expect 0 "mpirun -np 2 without a checkpoint, --json" 2 -- queens --json "$tmp/13.in"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["answer"]=="73712" and d["classes"]=="9233" and d["threads"]==2, d' \
  "$tmp/out" || fail "mpirun --json: $(head -c 300 "$tmp/out")"

# Stopped after K tasks, then resumed: threads, then MPI, then threads again.
rm -f "$tmp/ck"
expect 3 "threads farm stopped after 300 tasks" -- queens --checkpoint "$tmp/ck" --stop-after-tasks 300 "$tmp/14.in"
grep -q "stopped after 300 parts of the count (--stop-after-tasks); 300 of [0-9]* parts counted, kept in" "$tmp/err" ||
  fail "stop message: $(cat "$tmp/err")"
[ "$(task_lines "$tmp/ck")" = 300 ] || fail "stopped after 300: $(task_lines "$tmp/ck") tasks in the checkpoint"
mpi_expect 3 "mpirun -np 3 stopped after 500 more" 3 -- queens --checkpoint "$tmp/ck" --stop-after-tasks 500 "$tmp/14.in"
[ "$(task_lines "$tmp/ck")" = 800 ] || fail "stopped after 500 more: $(task_lines "$tmp/ck") tasks in the checkpoint"
mpi_expect 0 "mpirun -np 2 resumes to the total" 2 -- queens --checkpoint "$tmp/ck" "$tmp/14.in"
expect_output 365596 "mpirun -np 2 resumed"
expect 0 "threads farm reads the finished checkpoint" -- queens --checkpoint "$tmp/ck" "$tmp/14.in"
expect_output 365596 "finished checkpoint"

# A rank killed mid-run (kill -9): mpirun ends the job; the run resumes.
printf '16\n' >"$tmp/16.in"
for victim in 1 0; do
  rm -f "$tmp/ck"
  mpirun --oversubscribe -np 3 "$bin" queens --checkpoint "$tmp/ck" "$tmp/16.in" >"$tmp/out" 2>"$tmp/err" &
  launcher=$!
  for _ in $(seq 1 600); do
    [ -f "$tmp/ck" ] && [ "$(task_lines "$tmp/ck")" -ge 40 ] && break
    sleep 0.05
  done
  killed=""
  for pid in $(pgrep -P "$launcher"); do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$victim"; then
      kill -9 "$pid" && killed=$pid
    fi
  done
  wait "$launcher"
  status=$?
  [ -n "$killed" ] || fail "kill rank $victim: no rank $victim found (the run ended first? exit $status)"
  [ "$status" != 0 ] || fail "kill rank $victim: mpirun exit 0 after a rank was killed"
  before=$(task_lines "$tmp/ck")
  [ "$before" -ge 40 ] || fail "kill rank $victim: only $before tasks in the checkpoint"
  mpi_expect 0 "rank $victim killed after $before tasks: mpirun -np 2 resumes" 2 -- queens --checkpoint "$tmp/ck" "$tmp/16.in"
  expect_output 14772512 "resumed after the kill of rank $victim"
done

# Refused: another problem's checkpoint, a corrupted one (threads and MPI).
rm -f "$tmp/ck"
expect 0 "N = 12 checkpoint" -- queens --checkpoint "$tmp/ck" "$tmp/12.in"
expect 2 "an N = 12 checkpoint refused for N = 13" -- queens --checkpoint "$tmp/ck" "$tmp/13.in"
grep -qF "it is another job's (line 3 is 'problem queens N=12 empty board', this run's is 'problem queens N=13 empty board')" \
  "$tmp/err" || fail "foreign message: $(cat "$tmp/err")"
mpi_expect 2 "mpirun -np 3 refuses it too" 3 -- queens --checkpoint "$tmp/ck" "$tmp/13.in"
grep -qF "it is another job's" "$tmp/err" || fail "mpirun foreign message: $(cat "$tmp/err")"
sed -i '20s/^\([0-9]* \)[0-9]/\19/' "$tmp/ck"
expect 2 "a corrupted checkpoint refused" -- queens --checkpoint "$tmp/ck" "$tmp/12.in"
grep -qF "corrupted: line 20 fails its checksum" "$tmp/err" || fail "corrupted message: $(cat "$tmp/err")"
mpi_expect 2 "mpirun -np 2 refuses it too" 2 -- queens --checkpoint "$tmp/ck" "$tmp/12.in"
printf 'not a checkpoint\n' >"$tmp/other"
expect 2 "a file that is no checkpoint refused" -- queens --checkpoint "$tmp/other" "$tmp/12.in"
grep -qF "not a boardsearch farm checkpoint" "$tmp/err" || fail "other file: $(cat "$tmp/err")"

finish "queens farm"
