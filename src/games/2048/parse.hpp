#pragma once
// The judge's input: N (kMinSide..kMaxSide), then N lines of N integers,
// each 0 (empty) or a power of two >= 2. At least one tile, and the sum of
// all tiles must fit in 64 bits (so every reachable tile, at most the sum,
// prints exactly as an unsigned 64-bit integer and as a JSON number).
// Anything else is an app::InputError naming the line and field.

#include <string_view>

#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

// Parses the judge input. Throws app::InputError on bad input.
Board parse_board(std::string_view input);

}  // namespace boardsearch::game2048
