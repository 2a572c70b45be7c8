#pragma once
// Judge-format input for dice yut: the dice schedule, values separated by
// blanks, any number per line, read until end of input (the judge gives ten
// on one line). Each value must be a face of the board.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/yut/board.hpp"

namespace boardsearch::yut {

// Parses the schedule. Throws app::InputError naming the line and field for
// a value that is not an integer or not a face of `board`, and when there is
// no value at all.
std::vector<int> parse_dice(std::string_view input, const Board& board);

// The schedule as one line of values separated by single spaces
// (parse_dice(format_dice(d), board) == d for non-empty d of board's faces).
std::string format_dice(std::span<const int> dice);

}  // namespace boardsearch::yut
