#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::footholds {

// The footholds puzzle as front ends see it (name, options, solve).
const app::Puzzle& puzzle();

}  // namespace boardsearch::footholds
