#pragma once
// The footholds rules as plain data: the board the input describes and the
// text form (parse and print). No search here. Moves are core::Direction
// (core/grid.hpp), the one direction type of every board puzzle.
//
// Rules (docs/footholds.md): A and B stand on footholds, A moves first. A turn
// steps to an orthogonally adjacent cell that still has its foothold (the other
// player's cell counts); the foothold stepped off vanishes. A player loses when
// it is its turn and it cannot step, or the foothold under it has vanished.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/core/grid.hpp"

namespace boardsearch::footholds {

// Boards of up to this many cells are accepted (two 64-bit words).
inline constexpr int kMaxCells = 128;

using core::Direction;
using core::kDirections;

// A position as the input gives it: A is to move.
struct Board {
  int rows = 0;
  int cols = 0;
  std::vector<std::uint8_t> footholds;  // rows * cols entries, index row * cols + column; 1 = foothold
  int a = 0;                            // A's cell, row * cols + column
  int b = 0;                            // B's cell

  int cells() const { return rows * cols; }
  int row_of(int cell) const { return cell / cols; }
  int col_of(int cell) const { return cell % cols; }
  int cell_at(int row, int col) const { return row * cols + col; }
  // The cell one step from `cell` in `direction`, or -1 off the board.
  int step(int cell, Direction direction) const;
  bool operator==(const Board&) const = default;
};

// Parses the text form
//   R C
//   R lines of C values 0/1
//   ar ac
//   br bc
// or the Programmers form, the three literals of solution(board, aloc, bloc)
// separated by blanks, newlines or commas, each with or without its name:
//   [[1, 1, 1], [1, 1, 1], [1, 1, 1]]<TAB>[1, 0]<TAB>[1, 2]
//   board = [[1, 1, 1], [1, 1, 1]]  aloc = [1, 0]  bloc = [1, 2]
// (the Programmers form is the one whose first character other than blanks
// is '[' or a letter). A leading UTF-8 BOM is ignored. Throws app::InputError
// for anything else, naming the line and field (text form) or the literal
// and the position in it, e.g. "board[1][2] (line 1, column 17): expected 0
// or 1, found 2": sizes out of range or R * C > kMaxCells, values other than
// 0/1, wrong counts or ragged rows, a player off the board or on a cell
// without a foothold, trailing text.
Board parse_board(std::string_view text);

// Whether parse_board reads `text` (BOM already removed) as the Programmers
// form: its first character other than blanks is '[' or a letter (the text
// form starts with the number R).
bool is_programmers_form(std::string_view text);

// The text form of `board` (parse_board(to_text(b)) == b).
std::string to_text(const Board& board);

}  // namespace boardsearch::footholds
