#pragma once
// The symmetries of a tour board (rotations and reflections that map its
// obstacles onto themselves), used to search one start per orbit.

#include <vector>

#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// Keeps, of `starts` (closed under the board's symmetries), the first in
// row-major order of each orbit. Tours from cells of one orbit have the same
// step counts (proof in symmetry.cpp).
std::vector<Cell> one_start_per_orbit(const Board& board, const std::vector<Cell>& starts);

}  // namespace boardsearch::tour
