#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::yut {

// The yut puzzle as front ends see it (name, options, solve).
const app::Puzzle& puzzle();

}  // namespace boardsearch::yut
