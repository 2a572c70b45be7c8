#pragma once
// Judge-format input for the tour: cases until the end of input, each a line
// `N M` and N rows of M characters '.' (empty) or '*' (obstacle).

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// Parses every case. Throws app::InputError naming the line (and field or
// column) for: no case at all, a header that is not two integers in
// [1, kMaxSide], a missing row, a row of the wrong length, a character other
// than '.' and '*', and anything after the last case that is not a case.
std::vector<Board> parse_boards(std::string_view text);

// The judge input for `boards`, one case after the other: `N M`, then N rows
// of '.' and '*' (parse_boards(format_boards(b)) == b for non-empty b).
std::string format_boards(std::span<const Board> boards);

}  // namespace boardsearch::tour
