#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::tour {

// The hunter's tour inputs (hunt_cases.cpp): files of cases generated,
// shrunk and written over the game's own Board, parse_boards and
// format_boards.
app::HuntCases hunt_cases();

}  // namespace boardsearch::tour
