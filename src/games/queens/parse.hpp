#pragma once
// The judge text in: N alone (Baekjoon 9663), or N and a partial board.

#include <string_view>

#include "games/queens/rules.hpp"

namespace boardsearch::queens {

// Parses a line holding N (kMinSide <= N <= kMaxSide), then optionally N
// rows of N characters '.', 'Q', '#' (the partial board; without them the
// board is empty). Throws app::InputError, one line naming where ("line 3,
// column 4: ..."), for: a first line that is not one integer in range, a
// missing row, a row of another length, another character, and anything
// after the last row. Placed queens that attack each other are valid input
// (the board then has 0 completions).
Board parse_board(std::string_view text);

}  // namespace boardsearch::queens
