#pragma once
// Solving a board: parity first (-1 without search), then breadth-first
// search for boards of 12 cells or fewer, IDA* for bigger ones with the
// best heuristic at hand (pattern databases for 4 x 4 when their tables
// exist or may be built, else Manhattan distance + linear conflicts).

#include <string>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/sliding/breadth_first.hpp"
#include "games/sliding/rules.hpp"

namespace boardsearch::sliding {

// The heuristic of an IDA* search.
enum class Heuristic : std::uint8_t { manhattan, manhattan_linear, pattern_databases };

struct SolveOptions {
  GoalLayout layout = GoalLayout::blank_last;
  std::string partition = "6-6-3";  // pattern databases for 4 x 4 ("none": Manhattan + linear conflicts)
  bool may_build_tables = false;    // build missing tables (CLI) or list them (server)
};

struct Solution {
  core::Outcome outcome = core::Outcome::proven;
  bool solvable = true;
  SearchLine search;                 // the line, or the bound proven before a limit
  std::string method;                // "parity", "breadth-first search", "IDA* with ..."
  int start_estimate = 0;            // the heuristic's value at the start (IDA*), 0 otherwise
  std::vector<std::string> missing;  // tables that were missing (the search then used Manhattan + conflicts)
  bool tables_built = false;
  core::SearchStats stats;
  bool proven() const { return outcome == core::Outcome::proven; }
  int moves() const { return solvable ? static_cast<int>(search.line.size()) : -1; }
};

// Solves `board` under `options` within `limits` (not proven: outcome and
// search.lower_bound say what is known). A table build runs before the
// search under the same deadline, but its states are not the search's nodes.
Solution solve(const Board& board, const SolveOptions& options, const core::SearchLimits& limits);

// IDA* from `board` with one heuristic, for boards of any size (the tests'
// and the benchmark's baselines use it on boards breadth-first search would
// take). Precondition: solvable; for pattern_databases, `tables` holds the
// tables (table.hpp's PatternTables). Same limits as solve.
struct PatternTables;
Solution ida_star(const Board& board, GoalLayout layout, Heuristic heuristic, const core::SearchLimits& limits,
                  const PatternTables* tables = nullptr);

}  // namespace boardsearch::sliding
