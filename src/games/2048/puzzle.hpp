#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::game2048 {

// The 2048 puzzle as front ends see it (name, options, solve).
const app::Puzzle& puzzle();

}  // namespace boardsearch::game2048
