#!/usr/bin/env bash
# Korf's 100 random 15-puzzle instances (blank-first goal), each solved by
# its own process once the pattern databases exist, checked against the
# published optimal lengths; then IDA* with Manhattan distance + linear
# conflicts (--tables none) on the hard half (the 50 instances with the
# most pattern-database nodes) or the first N of them, in the same run.
# Not a test: the data is public benchmark data kept outside the project.
#
# Usage: bench/sliding_korf100.sh [BOARDSEARCH] [DATA] [BASELINE_COUNT]
#   BOARDSEARCH     default build/boardsearch
#   DATA            default ../shared/data/sliding/korf100.txt (one instance
#                   a line: number, 16 cells, optimal length; '#' comments)
#   BASELINE_COUNT  how many of the hard half get the baseline (default 50)
# Environment: TABLES (default 6-6-3).
set -eu
bin="${1:-build/boardsearch}"
data="${2:-../shared/data/sliding/korf100.txt}"
baseline_count="${3:-50}"
tables="${TABLES:-6-6-3}"
if [ ! -r "$data" ]; then
  echo "no data at $data (Korf's 100 instances are not part of the project)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" sliding --build-tables --goal blank-first --tables "$tables" >/dev/null

# solve_all HEURISTIC_TABLES LIST OUT: one process per instance; OUT gets
# "number answer published nodes ms" lines; prints the wall time in seconds.
solve_all() {
  local with="$1" list="$2" out="$3"
  local start end
  start=$(date +%s.%N)
  while read -r number c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13 c14 c15 published; do
    printf '%s %s %s %s\n%s %s %s %s\n%s %s %s %s\n%s %s %s %s\n' \
      "$c0" "$c1" "$c2" "$c3" "$c4" "$c5" "$c6" "$c7" "$c8" "$c9" "$c10" "$c11" "$c12" "$c13" "$c14" "$c15" |
      "$bin" sliding --goal blank-first --tables "$with" --threads 1 --json >"$work/one.json"
    python3 - "$number" "$published" "$work/one.json" >>"$out" <<'PY'
import json, sys
number, published, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
doc = json.load(open(path))
print(number, doc["answer"], published, doc["nodes"], doc["ms"])
PY
  done <"$list"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

grep -v '^#' "$data" | grep -v '^ *$' >"$work/all.txt"
wall=$(solve_all "$tables" "$work/all.txt" "$work/pdb.txt")
wrong=$(awk '$2 != $3' "$work/pdb.txt" | wc -l)
echo "Korf's 100, IDA* with $tables pattern databases + reflection, one process each:"
awk -v wall="$wall" '{n++; nodes += $4; ms += $5} END {
  printf "  %d instances, %d nodes (%.0f a instance), %.0f ms searching, %.2f s wall in total\n", n, nodes, nodes / n, ms, wall }' \
  "$work/pdb.txt"
echo "  lengths that differ from the published ones: $wrong"

# The hard half: the 50 with the most nodes under the pattern databases.
sort -k4,4nr "$work/pdb.txt" | head -50 | head -"$baseline_count" | awk '{print $1}' >"$work/hard.txt"
awk 'NR==FNR {keep[$1]; next} ($1 in keep)' "$work/hard.txt" "$work/all.txt" >"$work/hard_instances.txt"
wall_base=$(solve_all none "$work/hard_instances.txt" "$work/base.txt")
echo "The same run, $(wc -l <"$work/hard.txt") of the hard half: pattern databases against Manhattan + linear conflicts:"
awk 'NR==FNR {pdb[$1] = $4; pms[$1] = $5; next} {
  n++; base += $4; bms += $5; mine += pdb[$1]; mms += pms[$1]; if ($2 != $3) wrong++ } END {
  printf "  pattern databases: %d nodes, %.0f ms; Manhattan + linear conflicts: %d nodes, %.0f ms\n", mine, mms, base, bms
  printf "  ratio: %.0fx fewer nodes, %.0fx less time; baseline lengths wrong: %d\n", base / mine, bms / mms, wrong + 0 }' \
  "$work/pdb.txt" "$work/base.txt"
echo "  baseline wall: $wall_base s"
echo
echo "number answer published nodes ms (pattern databases):"
cat "$work/pdb.txt"
