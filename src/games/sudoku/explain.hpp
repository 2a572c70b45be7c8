#pragma once
// --explain: the grid solved as a person solves it (explain.cpp).

#include <cstdint>
#include <string>

#include "games/sudoku/rules.hpp"
#include "games/sudoku/search.hpp"

namespace boardsearch::sudoku {

// The explanation of `completion`, the search's answer for `grid` and
// `goal` after `nodes` search nodes.
std::string explain(const Grid& grid, const Grid& completion, Goal goal, std::uint64_t nodes);

}  // namespace boardsearch::sudoku
