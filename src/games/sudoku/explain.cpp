#include "games/sudoku/explain.hpp"

#include "games/sudoku/format.hpp"

namespace boardsearch::sudoku {

std::string explain(const Grid& grid, const Grid& completion, Goal goal, std::uint64_t nodes) {
  return text::solved_summary(grid.clues(), grid.side, nodes, goal == Goal::smallest) +
         grid_text(completion, Style::spaced);
}

}  // namespace boardsearch::sudoku
