#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::yut {

// The hunter's dice yut inputs (hunt_cases.cpp): dice schedules generated,
// shrunk and written with the game's own parse_dice and format_dice.
app::HuntCases hunt_cases();

}  // namespace boardsearch::yut
