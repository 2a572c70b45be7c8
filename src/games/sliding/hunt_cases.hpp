#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::sliding {

// The hunter's sliding-tile inputs (hunt_cases.cpp): boards of every shape
// up to 3 x 4, solvable or not, shrunk and written with the game's own
// parse_board and judge_text.
app::HuntCases hunt_cases();

}  // namespace boardsearch::sliding
