#!/usr/bin/env bash
# footholds --all-starts through the built CLI: on small boards, every
# ordered pair's line of the table equals the CLI's answer for that pair
# alone; the table is the same on one thread, on two, and (when mpirun is
# there) on two MPI ranks; --json lists the same; a run stopped after K pairs
# resumes from its checkpoint to the same table.
# Usage: all_starts_cli_test.sh BOARDSEARCH_BINARY
set -u
bin="$1"
# shellcheck source=/dev/null
source "$(dirname "$0")/../../cli/cli_lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# check_board NAME R C ROWS...: the board (starts at its first foothold, ignored).
check_board() {
  local name="$1" rows="$2" cols="$3"
  shift 3
  local board_rows=("$@")
  local first=""
  {
    echo "$rows $cols"
    printf '%s\n' "${board_rows[@]}"
  } >"$tmp/board"
  # A start line pair for the judge input: the first foothold for both.
  for r in $(seq 0 $((rows - 1))); do
    read -ra cells <<<"${board_rows[$r]}"
    for c in $(seq 0 $((cols - 1))); do
      [ -z "$first" ] && [ "${cells[$c]}" = 1 ] && first="$r $c"
    done
  done
  { cat "$tmp/board"; echo "$first"; echo "$first"; } >"$tmp/$name.in"

  # Step 1. Every pair alone, through the CLI: the expected table.
  local footholds=()
  for r in $(seq 0 $((rows - 1))); do
    read -ra cells <<<"${board_rows[$r]}"
    for c in $(seq 0 $((cols - 1))); do [ "${cells[$c]}" = 1 ] && footholds+=("$r,$c"); done
  done
  echo "${#footholds[@]}" | awk '{print $1 * $1 " start pairs (A'"'"'s cell, B'"'"'s cell: row,column from 0)"}' >"$tmp/expected"
  for a in "${footholds[@]}"; do
    for b in "${footholds[@]}"; do
      { cat "$tmp/board"; echo "${a/,/ }"; echo "${b/,/ }"; } >"$tmp/pair.in"
      moves=$("$bin" footholds "$tmp/pair.in") || fail "$name: pair $a $b: exit $?"
      winner=B
      [ $((moves % 2)) = 1 ] && winner=A
      echo "A $a  B $b  moves $moves  winner $winner" >>"$tmp/expected"
    done
  done

  # Step 2. The table on one thread, two threads, two MPI ranks.
  expect 0 "$name: --all-starts on one thread" -- footholds --all-starts --threads 1 "$tmp/$name.in"
  cmp -s "$tmp/out" "$tmp/expected" || fail "$name: one thread: $(diff "$tmp/out" "$tmp/expected" | head -5)"
  expect 0 "$name: --all-starts on two threads" -- footholds --all-starts --threads 2 "$tmp/$name.in"
  cmp -s "$tmp/out" "$tmp/expected" || fail "$name: two threads: $(diff "$tmp/out" "$tmp/expected" | head -5)"
  if command -v mpirun >/dev/null; then
    mpirun --oversubscribe -np 2 "$bin" footholds --all-starts "$tmp/$name.in" >"$tmp/out" 2>"$tmp/err" ||
      fail "$name: mpirun -np 2: exit $? ($(tail -c 300 "$tmp/err"))"
    cmp -s "$tmp/out" "$tmp/expected" || fail "$name: two ranks: $(diff "$tmp/out" "$tmp/expected" | head -5)"
    echo "ok: $name: --all-starts on two MPI ranks"
  fi

  # Step 3. --json: the same pairs.
  expect 0 "$name: --all-starts --json" -- footholds --all-starts --json "$tmp/$name.in"
  python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
lines = ["A %d,%d  B %d,%d  moves %d  winner %s" % (p["a"][0], p["a"][1], p["b"][0], p["b"][1], p["moves"], p["winner"])
         for p in doc["all_starts"]]
want = open(sys.argv[2]).read().splitlines()[1:]
assert lines == want, (lines[:3], want[:3])' "$tmp/out" "$tmp/expected" || fail "$name: --json differs"
}

check_board "2x3 full" 2 3 "1 1 1" "1 1 1"
check_board "3x3 with a hole" 3 3 "1 1 1" "1 0 1" "1 1 0"
check_board "1x4" 1 4 "1 1 1 1"

# Stopped after K pairs, then resumed from the checkpoint: the same table.
expect 3 "stopped after 20 pairs" -- footholds --all-starts --checkpoint "$tmp/ck" --stop-after-tasks 20 "$tmp/3x3 with a hole.in"
grep -qF "stopped after 20 start pairs (--stop-after-tasks); 20 of 49 pairs solved, kept in" "$tmp/err" ||
  fail "stop message: $(cat "$tmp/err")"
expect 0 "resumed from the checkpoint" -- footholds --all-starts --checkpoint "$tmp/ck" "$tmp/3x3 with a hole.in"
check_board "3x3 with a hole" 3 3 "1 1 1" "1 0 1" "1 1 0"  # rebuilds expected for that board
expect 0 "resumed again (nothing left)" -- footholds --all-starts --checkpoint "$tmp/ck" "$tmp/3x3 with a hole.in"
cmp -s "$tmp/out" "$tmp/expected" || fail "resumed table: $(diff "$tmp/out" "$tmp/expected" | head -5)"
expect 2 "--checkpoint without --all-starts" -- footholds --checkpoint "$tmp/ck" "$tmp/1x4.in"

finish "footholds --all-starts"
