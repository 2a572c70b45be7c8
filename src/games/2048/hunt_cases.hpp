#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::game2048 {

// The hunter's 2048 inputs (hunt_cases.cpp): generated, shrunk and written
// over the game's own Board, parse_board and format_board.
app::HuntCases hunt_cases();

}  // namespace boardsearch::game2048
