#pragma once
// --bulk: many 9 x 9 grids, one a line in the community's 81-character form
// (the benchmark sets), one answer a line (the completion in the same form,
// or -1), with the statistics a benchmark quotes.

#include <string>
#include <string_view>

#include "boardsearch/core/limits.hpp"
#include "games/sudoku/search.hpp"

namespace boardsearch::sudoku {

struct BulkSolved {
  std::string answer;      // one line per grid
  std::size_t grids = 0;   // grids read
  std::size_t solved = 0;  // grids with a completion
  double solve_ms = 0;     // time in the solver, the grids already read (the in-process figure)
  double cpu_ms = 0;       // this thread's CPU time over the same loop (preemption on a busy machine left out)
  double slowest_us = 0;   // the slowest grid, in this thread's CPU time
  std::size_t slowest_line = 0;
  core::SearchStats stats;  // nodes over every grid; elapsed: the whole run
  core::Outcome outcome = core::Outcome::proven;
  std::size_t stopped_line = 0;  // when a limit stopped: the line of the grid it stopped in
};

// Reads every grid of `text` first (parse_bulk: bad input throws before any
// search), then completes each for `goal` (any or smallest) on one
// SearchControl from `limits`.
BulkSolved solve_bulk(std::string_view text, Goal goal, const core::SearchLimits& limits);

}  // namespace boardsearch::sudoku
