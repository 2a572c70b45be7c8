#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::marble {

// The hunter's marble escape inputs (hunt_cases.cpp): boards generated within
// the judge's limits, shrunk and written with the game's own parse_board and
// judge_text.
app::HuntCases hunt_cases();

}  // namespace boardsearch::marble
