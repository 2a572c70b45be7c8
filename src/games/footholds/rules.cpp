// The footholds rules (rules.hpp): what is not a template.
#include "games/footholds/rules.hpp"

namespace boardsearch::footholds {

int Board::step(int cell, Direction direction) const {
  const core::GridCell next = core::shifted({row_of(cell), col_of(cell)}, direction);
  if (next.row < 0 || next.row >= rows || next.col < 0 || next.col >= cols) return -1;
  return cell_at(next.row, next.col);
}

}  // namespace boardsearch::footholds
