#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::footholds {

// The hunter's footholds inputs (hunt_cases.cpp): generated, shrunk and
// written over the game's own Board, parse_board and to_text.
app::HuntCases hunt_cases();

}  // namespace boardsearch::footholds
