#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::queens {

// The hunter's N-Queens inputs (hunt_cases.cpp): N alone and partial boards,
// shrunk and written with the game's own parse_board and judge_text.
app::HuntCases hunt_cases();

}  // namespace boardsearch::queens
