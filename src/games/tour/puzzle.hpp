#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::tour {

// The tour puzzle as front ends see it (name, options, solve).
const app::Puzzle& puzzle();

}  // namespace boardsearch::tour
