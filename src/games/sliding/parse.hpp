#pragma once
// The judge text in: one board, R lines of C numbers (Baekjoon 1525: 3 x 3,
// 0 the blank), the size read from the input's shape; or, for --bulk, one
// board a line with the size read from the count of its cells.

#include <string_view>
#include <vector>

#include "games/sliding/rules.hpp"

namespace boardsearch::sliding {

// Parses R non-blank lines of C whitespace-separated integers (2 <= R, C <=
// 5), holding each of 0 .. R*C-1 exactly once. Blank lines before and after
// are allowed, not between rows. Throws app::InputError naming the line and
// field for: no board, a row of another length, a field that is not a
// number or out of 0 .. R*C-1, a number given twice, too many rows.
Board parse_board(std::string_view text);

// --bulk: each non-blank line is one board, its R*C cells row by row; the
// shape is the squarest with R <= C for that count (16: 4 x 4, 12: 3 x 4,
// 10: 2 x 5). Throws app::InputError naming the line for a count that is no
// R x C with 2 <= R <= C <= 5, or the field for a bad number; no line at all
// is an error too.
std::vector<Board> parse_bulk(std::string_view text);

// The shape of a board of `cells` cells in --bulk (rows <= cols), or {0, 0}.
struct Shape {
  int rows = 0;
  int cols = 0;
};
Shape shape_of_count(int cells);

}  // namespace boardsearch::sliding
