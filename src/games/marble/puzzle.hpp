#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::marble {

// Marble escape as front ends see it (name, judges, options, solve, accepts,
// hunt cases).
const app::Puzzle& puzzle();

}  // namespace boardsearch::marble
