#pragma once
// The tests' oracle: sudoku completions found the plain way, cell by cell
// in row order, numbers ascending, each placement checked by scanning its
// row, column and box; no bitset, no propagation, no branch choice. Its
// first completion is the smallest row by row; it counts every completion
// up to a cap.

#include <cstdint>
#include <vector>

#include "games/sudoku/rules.hpp"

namespace boardsearch::sudoku::testing {

struct PlainOracle {
  Grid grid;
  std::vector<int> first;       // the first completion found (the smallest); empty when none
  std::uint64_t count = 0;      // completions counted (stops at `cap`)
  std::uint64_t cap = 1;        // stop after this many completions
  std::uint64_t steps = 0;      // placements tried
  std::uint64_t max_steps = 0;  // 0: no limit; else give up (gave_up) after this many
  bool gave_up = false;

  bool fits(int row, int col, int number) const {
    for (int k = 0; k < grid.side; ++k)
      if (grid.at(row, k) == number || grid.at(k, col) == number) return false;
    const int top = row - row % grid.box, left = col - col % grid.box;
    for (int r = top; r < top + grid.box; ++r)
      for (int c = left; c < left + grid.box; ++c)
        if (grid.at(r, c) == number) return false;
    return true;
  }

  // Fills cells from `k` on; false once it should stop.
  bool fill(int k) {
    if (max_steps != 0 && ++steps > max_steps) {
      gave_up = true;
      return false;
    }
    if (k == grid.size()) {
      if (count++ == 0) first = grid.cells;
      return count < cap;
    }
    if (grid.cells[static_cast<std::size_t>(k)] != 0) return fill(k + 1);
    const int row = k / grid.side, col = k % grid.side;
    for (int number = 1; number <= grid.side; ++number) {
      if (!fits(row, col, number)) continue;
      grid.cells[static_cast<std::size_t>(k)] = number;
      const bool go_on = fill(k + 1);
      grid.cells[static_cast<std::size_t>(k)] = 0;
      if (!go_on) return false;
    }
    return true;
  }
};

// The completions of `grid` (clues that keep the rules) counted up to
// `cap`, and the smallest; gave_up when `max_steps` ran out first.
inline PlainOracle plain_completions(const Grid& grid, std::uint64_t cap, std::uint64_t max_steps = 0) {
  PlainOracle oracle;
  oracle.grid = grid;
  oracle.cap = cap;
  oracle.max_steps = max_steps;
  oracle.fill(0);
  return oracle;
}

}  // namespace boardsearch::sudoku::testing
