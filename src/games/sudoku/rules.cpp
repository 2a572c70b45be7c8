#include "games/sudoku/rules.hpp"

#include <algorithm>

namespace boardsearch::sudoku {

int Grid::clues() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](int v) { return v != 0; }));
}

Grid empty_grid(int box) {
  Grid grid;
  grid.box = box;
  grid.side = box * box;
  grid.cells.assign(static_cast<std::size_t>(grid.side * grid.side), 0);
  return grid;
}

std::optional<Clash> first_clash(const Grid& grid) {
  for (int r = 0; r < grid.side; ++r)
    for (int c = 0; c < grid.side; ++c) {
      const int v = grid.at(r, c);
      if (v == 0) continue;
      // Earlier clues of the same row, column and box, in that order.
      for (int k = 0; k < c; ++k)
        if (grid.at(r, k) == v) return Clash{Unit::row, r, v, r, k, r, c};
      for (int k = 0; k < r; ++k)
        if (grid.at(k, c) == v) return Clash{Unit::column, c, v, k, c, r, c};
      const int top = r - r % grid.box, left = c - c % grid.box;
      for (int rr = top; rr <= r; ++rr)
        for (int cc = left; cc < left + grid.box; ++cc) {
          if (rr == r && cc >= c) break;
          if (rr != r && cc == c) continue;  // same column: reported above
          if (grid.at(rr, cc) == v) return Clash{Unit::box, grid.box_of(r, c), v, rr, cc, r, c};
        }
    }
  return std::nullopt;
}

bool completes(const Grid& grid, const Grid& answer) {
  if (answer.box != grid.box || answer.side != grid.side || answer.cells.size() != grid.cells.size()) return false;
  for (std::size_t i = 0; i < grid.cells.size(); ++i) {
    if (answer.cells[i] < 1 || answer.cells[i] > grid.side) return false;
    if (grid.cells[i] != 0 && grid.cells[i] != answer.cells[i]) return false;
  }
  return !first_clash(answer).has_value();
}

bool comes_before(const Grid& a, const Grid& b) {
  return std::lexicographical_compare(a.cells.begin(), a.cells.end(), b.cells.begin(), b.cells.end());
}

}  // namespace boardsearch::sudoku
