#pragma once
// The judge text out (the count in decimal, exact past 64 bits), the board
// drawn with a placement on it (--explain, the viewer line), and the judge
// text of a board (hunt cases).

#include <span>
#include <string>
#include <vector>

#include "games/queens/rules.hpp"

namespace boardsearch::queens {

// `count` in decimal ("0", "92", "2279184", ...), any 128-bit value.
std::string decimal(Count count);

// The rows of `board` with a queen on each row's column of `columns` (empty:
// the board as given), each N characters '.', 'Q', '#'.
std::vector<std::string> drawn_rows(const Board& board, std::span<const int> columns);

// The judge text: "N\n", then the rows when the input gave a board.
std::string judge_text(const Board& board);

}  // namespace boardsearch::queens
