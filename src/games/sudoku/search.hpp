#pragma once
// The search: candidates as bitsets, naked and hidden singles propagated to
// a fixed point, then a branch on one cell (the one with the fewest
// candidates, or for the smallest completion the first open cell row by
// row), each candidate in turn on a copy of the state.
//
// Bit layout: one mask per cell, bit d - 1 = number d may go there
// (uint16_t up to 16 x 16, uint32_t for 25 x 25):
//
//   bit      8 7 6 5 4 3 2 1 0
//   number   9 8 7 6 5 4 3 2 1        0b000010100: 3 or 5
//
// A cell with one bit is placed; no bit: a contradiction.

#include <array>
#include <memory>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/sudoku/rules.hpp"

namespace boardsearch::sudoku {

// What a search looks for.
//   any       a completion, the first found (Baekjoon 2580 accepts any)
//   smallest  the completion first in row-by-row order (Baekjoon 2239)
//   count     the number of completions (every one visited)
enum class Goal : std::uint8_t { any, smallest, count };

struct Searched {
  std::vector<int> completion;  // the grid's cells completed; empty when none (or when counting)
  Count count = 0;              // goal count: completions counted (all of them when proven and not capped)
  bool capped = false;          // goal count: stopped on reaching max_count ("at least")
  core::Outcome outcome = core::Outcome::proven;
  core::SearchStats stats;
  bool proven() const { return outcome == core::Outcome::proven; }
};

// Searches `grid` (clues that break the rules give no completion) for
// `goal`, within `limits` (one SearchControl for the solve; one node per
// branch point, the root included). Counting stops once `max_count`
// completions are found (0: never). When a limit stops a count, `count` is
// what was counted so far: a lower bound.
Searched search(const Grid& grid, Goal goal, Count max_count, const core::SearchLimits& limits);

// The candidates of every cell once singles have been propagated from the
// clues alone (bit d - 1 = number d); empty when they contradict. For the
// state checks.
std::vector<std::uint32_t> propagated_candidates(const Grid& grid);

// 9 x 9 grids one after another on one control (the bulk mode): no
// allocation per grid.
class LineSolver {
 public:
  explicit LineSolver(core::SearchControl& control);
  ~LineSolver();
  LineSolver(const LineSolver&) = delete;
  LineSolver& operator=(const LineSolver&) = delete;
  // Completes `cells` ('0' empty, '1'..'9'; clues that keep the rules) in
  // place for goal any or smallest; false (cells unchanged) when there is
  // no completion. Throws core::SearchAborted when a limit of the control
  // stops it.
  bool solve(std::array<char, 81>& cells, Goal goal);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace boardsearch::sudoku
