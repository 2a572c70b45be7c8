#pragma once
// Judge-format input for the tour: cases until the end of input, each a line
// `N M` and N rows of M characters '.' (empty) or '*' (obstacle).

#include <string_view>
#include <vector>

#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// Parses every case. Throws app::InputError naming the line (and field or
// column) for: no case at all, a header that is not two integers in
// [1, kMaxSide], a missing row, a row of the wrong length, a character other
// than '.' and '*', and anything after the last case that is not a case.
std::vector<Board> parse_boards(std::string_view text);

}  // namespace boardsearch::tour
