#include "games/sudoku/bulk.hpp"

#include <time.h>

#include <chrono>

#include "games/sudoku/format.hpp"
#include "games/sudoku/parse.hpp"

namespace boardsearch::sudoku {

namespace {

// This thread's CPU time in milliseconds.
double thread_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

}  // namespace

BulkSolved solve_bulk(std::string_view text, Goal goal, const core::SearchLimits& limits) {
  // Step 1. Every grid read and checked before any search.
  std::vector<BulkGrid> grids = parse_bulk(text);
  BulkSolved bulk;
  bulk.grids = grids.size();
  bulk.answer.reserve(grids.size() * 82);

  // Step 2. Each grid on one control and one solver. The wall clock is
  // read around the loop (the answers' formatting included: a few bytes a
  // grid); this thread's CPU time around each solve, for the slowest grid
  // on a machine where other processes take the cores (each read, a system
  // call of a few hundred ns, is counted in cpu_ms).
  core::SearchControl control(limits);
  LineSolver solver(control);
  const auto wall_start = core::Clock::now();
  const double cpu_start = thread_cpu_ms();
  for (BulkGrid& grid : grids) {
    const double grid_start = thread_cpu_ms();
    bool completed = false;
    try {
      completed = solver.solve(grid.cells, goal);
    } catch (const core::SearchAborted& aborted) {
      bulk.outcome = aborted.outcome;
      bulk.stopped_line = grid.line;
      break;
    }
    const double us = (thread_cpu_ms() - grid_start) * 1000.0;
    if (us > bulk.slowest_us) {
      bulk.slowest_us = us;
      bulk.slowest_line = grid.line;
    }
    if (completed) {
      ++bulk.solved;
      bulk.answer.append(grid.cells.data(), grid.cells.size());
      bulk.answer += '\n';
    } else {
      bulk.answer += kNoCompletion;
    }
  }
  bulk.solve_ms = std::chrono::duration<double, std::milli>(core::Clock::now() - wall_start).count();
  bulk.cpu_ms = thread_cpu_ms() - cpu_start;
  bulk.stats = control.finish();
  return bulk;
}

}  // namespace boardsearch::sudoku
