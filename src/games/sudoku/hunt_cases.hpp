#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::sudoku {

// The hunter's sudoku inputs (hunt_cases.cpp): 9 x 9 grids in the selected
// judge's form, thinned from random full grids, shrunk by filling cells.
app::HuntCases hunt_cases();

}  // namespace boardsearch::sudoku
