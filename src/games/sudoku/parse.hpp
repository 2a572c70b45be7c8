#pragma once
// The judge text in: a grid in one of three forms, and the bulk file of
// 81-character lines.
//
//   spaced     side lines of side numbers separated by blanks, 0 empty
//              (Baekjoon 2580; the only form above 9 x 9)
//   compact    side lines of side digits, no blanks, 0 or '.' empty
//              (Baekjoon 2239; 4 x 4 and 9 x 9)
//   line       one line of 81 characters, '1'..'9', '.' or '0' empty (the
//              community's form, as the benchmark sets are published)

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "games/sudoku/rules.hpp"

namespace boardsearch::sudoku {

enum class Form : std::uint8_t { spaced, compact, line };

struct ParsedGrid {
  Grid grid;
  Form form = Form::spaced;
  std::vector<std::size_t> row_lines;  // the input line of each row (all the same for `line`)
};

// Reads one grid. The first non-blank line decides the side: several
// fields give side = their count (4, 9, 16 or 25), one field of 81
// characters alone is the line form, else its length (4 or 9) is the
// compact side. Throws app::InputError, one line naming where ("line 3,
// field 5: ..."), for a size that is no n² with n = 2..5, a missing or
// short row, a number out of 0..side, another character, anything after
// the last row, and clues that already break the rules (the row, column or
// box that holds a number twice, and both cells, counted from 1).
ParsedGrid parse_grid(std::string_view text);

// The clash message of parse_grid for `clash` (rows and columns from 1).
std::string clash_message(const ParsedGrid& parsed, const Clash& clash);

// One grid of the bulk file: 81 characters '1'..'9', '.' or '0' at
// line[0..80], the rest of the line blank or a comment after a blank.
// The bulk file: one grid a line; blank lines and lines starting with '#'
// are skipped. Throws app::InputError naming the line for a line of
// another form and for clues that break the rules.
struct BulkGrid {
  std::size_t line = 0;
  std::array<char, 81> cells{};  // '0' for empty, '1'..'9'
};
std::vector<BulkGrid> parse_bulk(std::string_view text);  // InputError when it holds no grid

}  // namespace boardsearch::sudoku
