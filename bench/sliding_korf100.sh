#!/usr/bin/env bash
# Korf's 100 random 15-puzzle instances (blank-first goal), each solved by
# its own process once the pattern databases exist, checked against the
# published optimal lengths; then IDA* with Manhattan distance + linear
# conflicts (--tables none) on the hard half (the 50 instances with the
# most pattern-database nodes) or the first N of them, in the same run.
# Not a test: the data is public benchmark data kept outside the project.
#
# Usage: bench/sliding_korf100.sh BOARDSEARCH DATA [BASELINE_COUNT]
#   BOARDSEARCH     the binary, e.g. build/boardsearch
#   DATA            Korf's instances (Korf 1985, with the published optimal
#                   lengths), one a line: number, 16 cells, optimal length;
#                   '#' comments. Not shipped with the project.
#   BASELINE_COUNT  how many of the hard half get the baseline (default 50)
# Environment: TABLES (default 6-6-3).
set -eu
if [ $# -lt 2 ]; then
  echo "usage: bench/sliding_korf100.sh BOARDSEARCH DATA [BASELINE_COUNT] (DATA: Korf's 100 instances, not part of the project)" >&2
  exit 2
fi
bin="$1"
data="$2"
baseline_count="${3:-50}"
tables="${TABLES:-6-6-3}"
if [ ! -r "$data" ]; then
  echo "no data at $data (Korf's 100 instances are not part of the project)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" sliding --build-tables --goal blank-first --tables "$tables" >/dev/null

# solve_all TABLES LIST OUT: one process per instance; OUT gets "number
# answer published nodes ms cpu_ms" lines (ms: the search's own clock; cpu_ms:
# the whole process's user + system CPU time, start-up and table mapping
# included); prints the wall time of the loop in seconds.
solve_all() {
  local with="$1" list="$2" out="$3"
  local start end cpu
  start=$(date +%s.%N)
  while read -r number c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13 c14 c15 published; do
    printf '%s %s %s %s\n%s %s %s %s\n%s %s %s %s\n%s %s %s %s\n' \
      "$c0" "$c1" "$c2" "$c3" "$c4" "$c5" "$c6" "$c7" "$c8" "$c9" "$c10" "$c11" "$c12" "$c13" "$c14" "$c15" \
      >"$work/one.in"
    cpu=$( { TIMEFORMAT='%3U %3S'; time "$bin" sliding --goal blank-first --tables "$with" --threads 1 --json \
      "$work/one.in" >"$work/one.json"; } 2>&1)
    echo "$number $(jq -r '"\(.answer) '"$published"' \(.nodes) \(.ms)"' "$work/one.json") $(echo "$cpu" |
      awk '{printf "%.0f", ($1 + $2) * 1000}')" >>"$out"
  done <"$list"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

grep -v '^#' "$data" | grep -v '^ *$' >"$work/all.txt"
wall=$(solve_all "$tables" "$work/all.txt" "$work/pdb.txt")
wrong=$(awk '$2 != $3' "$work/pdb.txt" | wc -l)
echo "Korf's 15-puzzle instances ($(wc -l <"$work/all.txt") of them), IDA* with $tables pattern databases + reflection, one process each:"
awk -v wall="$wall" '{n++; nodes += $4; ms += $5; cpu += $6} END {
  printf "  %d instances, %.0f nodes (%.0f an instance), %.0f ms searching, %.2f s CPU of the processes, %.2f s wall\n",
    n, nodes, nodes / n, ms, cpu / 1000, wall }' "$work/pdb.txt"
echo "  lengths that differ from the published ones: $wrong"

# The hard half: the 50 with the most nodes under the pattern databases.
sort -k4,4nr "$work/pdb.txt" | head -50 | head -"$baseline_count" | awk '{print $1}' >"$work/hard.txt"
awk 'NR==FNR {keep[$1]; next} ($1 in keep)' "$work/hard.txt" "$work/all.txt" >"$work/hard_instances.txt"
wall_base=$(solve_all none "$work/hard_instances.txt" "$work/base.txt")
echo "The same run, $(wc -l <"$work/hard.txt") of the hard half: pattern databases against Manhattan + linear conflicts:"
awk 'NR==FNR {pdb[$1] = $4; pcpu[$1] = $6; next} {
  n++; base += $4; bcpu += $6; mine += pdb[$1]; mcpu += pcpu[$1]; if ($2 != $3) wrong++ } END {
  printf "  pattern databases: %.0f nodes, %.2f s CPU; Manhattan + linear conflicts: %.0f nodes, %.2f s CPU\n",
    mine, mcpu / 1000, base, bcpu / 1000
  printf "  ratio: %.0fx fewer nodes, %.0fx less CPU; baseline lengths wrong: %d\n", base / mine, bcpu / mcpu, wrong + 0 }' \
  "$work/pdb.txt" "$work/base.txt"
echo "  baseline wall: $wall_base s"
echo
echo "number answer published nodes ms cpu_ms (pattern databases):"
cat "$work/pdb.txt"
echo
echo "number answer published nodes ms cpu_ms (Manhattan + linear conflicts):"
cat "$work/base.txt"
