#pragma once
// --explain: the grid solved as a person solves it. The deductions a
// learner is taught, tried in this order at each step (the first that
// applies is taken): naked single, hidden single (box, row, column),
// locked candidates (pointing, claiming), naked pair, hidden pair; where
// none applies, a guess on a cell with the fewest candidates, taking the
// number the search's completion holds there, and saying whether the other
// candidates lead to no completion (checked by the search, up to 9 x 9).
// Every deduction removes only numbers that no completion holds, so the
// completion is never contradicted and the steps end at it.

#include <cstdint>
#include <string>
#include <vector>

#include "games/sudoku/rules.hpp"
#include "games/sudoku/search.hpp"

namespace boardsearch::sudoku {

// One step: the deduction's text (format.cpp's catalog), and the cell it
// filled (-1 for a step that only removes candidates).
struct ExplainStep {
  std::string text;
  int cell = -1;
  int number = 0;
};

// The steps from `grid` to `completion` (a completion of it).
std::vector<ExplainStep> explain_steps(const Grid& grid, const Grid& completion);

// The --explain text: the steps numbered, then the summary.
std::string explain(const Grid& grid, const Grid& completion, Goal goal, std::uint64_t nodes);

}  // namespace boardsearch::sudoku
