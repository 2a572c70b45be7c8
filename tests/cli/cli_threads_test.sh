#!/usr/bin/env bash
# --threads on every command that solves: a bad value is a usage error naming
# the option (exit 2, one line); answers never depend on it (every sample at
# 1, 2 and 4 threads gives its judge answer); a judge-size sample starts no
# thread (--json reports the threads that searched: 1); a long solve uses
# the threads asked for, at most the cores, and prints no warning.
set -u
bin="$1"
data="$2"
# shellcheck source=/dev/null
source "$(dirname "$0")/cli_lib.sh"

# Step 1. Bad values, on a puzzle command and on hunt and check.
for value in 0 257 -1 two 1.5 ""; do
  expect 2 "--threads '$value'" -- 2048 --threads "$value" "$data/2048/01.in"
  grep -q -- "--threads" "$tmp/err" || fail "--threads '$value': message does not name the option: $(cat "$tmp/err")"
done
expect 2 "hunt --threads 0" -- hunt 2048 --threads 0 --cases 1 -- true
expect 2 "check --threads 0" -- check 2048 --threads 0 "$data/2048"

# Step 2. Every sample of every puzzle at 1, 2 and 4 threads: its answer,
# and --json says one thread searched (a judge-size case is solved before
# threads would gain anything).
for puzzle in $puzzles; do
  for input in "$data/$puzzle"/*.in; do
    [ -f "${input%.in}.out" ] || continue
    args=()
    [ -f "${input%.in}.args" ] && read -r -a args <"${input%.in}.args"
    for threads in 1 2 4; do
      what="$puzzle $(basename "$input") --threads $threads"
      expect 0 "$what" -- "$puzzle" "${args[@]}" --threads "$threads" "$input"
      expect_output "$(cat "${input%.in}.out")" "$what"
    done
    expect 0 "$puzzle $(basename "$input") --json" -- "$puzzle" "${args[@]}" --threads 4 --json "$input"
    used=$(python3 -c '
import json, sys
def find(node):
    if isinstance(node, dict):
        if "threads" in node and isinstance(node["threads"], int): return node["threads"]
        for value in node.values():
            found = find(value)
            if found is not None: return found
    if isinstance(node, list):
        for value in node:
            found = find(value)
            if found is not None: return found
    return None
print(find(json.load(open(sys.argv[1]))))' "$tmp/out")
    [ "$used" = 1 ] || fail "$puzzle $(basename "$input") --json: threads $used, wanted 1"
  done
done

# Step 3. A solve long enough to go parallel (the full 9 x 9 footholds board
# from corner to corner, about 900,000 nodes): the same answer at every
# count, nothing on stderr (asking for more threads than cores is no
# warning), and --json reports the threads that searched: the cores, at most.
{
  echo "9 9"
  for _ in $(seq 9); do echo "1 1 1 1 1 1 1 1 1"; done
  echo "0 0"
  echo "8 8"
} >"$tmp/full9.in"
cores=$(nproc)
for threads in 1 2 256; do
  expect 0 "full 9 x 9 footholds --threads $threads" -- footholds --threads "$threads" "$tmp/full9.in"
  expect_output 77 "full 9 x 9 footholds --threads $threads"
  [ -s "$tmp/err" ] && fail "full 9 x 9 --threads $threads: stderr is not empty: $(cat "$tmp/err")"
  expect 0 "full 9 x 9 footholds --threads $threads --json" -- footholds --threads "$threads" --json "$tmp/full9.in"
  used=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["threads"])' "$tmp/out")
  wanted=$((threads < cores ? threads : cores))
  [ "$used" = "$wanted" ] || fail "full 9 x 9 --threads $threads --json: threads $used, wanted $wanted ($cores cores)"
done

# Step 4. Six and eight yut pieces on 40 dice (wide layers): the answer at
# 2 threads is the answer at 1, and --json says the layers really went to
# the threads (the parallel layers once stopped this at 2 threads with
# "memory limit" whatever --max-memory allowed).
echo "3 2 4 1 1 5 1 3 5 1 5 2 1 1 4 4 1 2 1 5 4 1 5 1 2 5 1 5 5 4 1 2 1 5 2 3 4 2 5 1" >"$tmp/yut40.in"
for pieces in 6 8; do
  what="yut --pieces $pieces on 40 dice"
  expect 0 "$what --threads 1" -- yut --pieces "$pieces" --threads 1 "$tmp/yut40.in"
  expect_output 990 "$what --threads 1"
  expect 0 "$what --threads 2 --json" -- yut --pieces "$pieces" --threads 2 --json "$tmp/yut40.in"
  [ -s "$tmp/err" ] && fail "$what --threads 2: stderr is not empty: $(cat "$tmp/err")"
  got=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["answer"], d["threads"])' "$tmp/out")
  wanted=$((cores < 2 ? cores : 2))
  [ "$got" = "990 $wanted" ] || fail "$what --threads 2 --json: answer and threads '$got', wanted '990 $wanted'"
done

finish "--threads"
