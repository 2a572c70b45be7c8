#pragma once
// Marble escape (Baekjoon 13460 family): the board, the tilt rule, and the
// judge text in and out. Everything a reader needs to know about the rules is
// in this header and board.cpp; the search (solver.*) only makes it fast.
//
// Cells are numbered row-major, `index = row * cols + col`, so that one
// integer names a cell; core::GridCell converts for display.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/core/grid.hpp"

namespace boardsearch::marble {

// The judge's limits (13460: 3 <= N, M <= 10, at most 10 tilts) and ours:
// the parser takes any side from 3 up to kMaxSide. 1000 x 1000 keeps a cell
// index below 2^20, which the solver's 40-bit state key relies on.
inline constexpr int kMinSide = 3;
inline constexpr int kJudgeMaxSide = 10;
inline constexpr int kMaxSide = 1000;
inline constexpr int kJudgeMaxTilts = 10;

// A board as the judge gives it: walls, the hole, and where the marbles start.
// Invariants (parse_board checks them): kMinSide <= rows, cols <= kMaxSide,
// every border cell is a wall, and hole, red, blue are three distinct
// non-wall cells.
struct Board {
  int rows = 0;
  int cols = 0;
  std::vector<std::uint8_t> wall;  // rows * cols, row-major, 1 = wall
  int hole = 0;
  int red = 0;   // start cell of the red marble
  int blue = 0;  // start cell of the blue marble

  int index(int row, int col) const { return row * cols + col; }
  core::GridCell cell(int index) const { return {index / cols, index % cols}; }
  bool is_wall(int index) const { return wall[static_cast<std::size_t>(index)] != 0; }
  int cell_count() const { return rows * cols; }
  // The index one cell from `index` towards `direction` (the border is wall,
  // so from a non-wall cell this never leaves the board).
  int step(int index, core::Direction direction) const;
};

// Where the two marbles are. kInHole: the marble fell into the hole.
inline constexpr int kInHole = -1;
struct Marbles {
  int red = 0;
  int blue = 0;
  bool operator==(const Marbles&) const = default;
};

inline Marbles start_of(const Board& board) { return {board.red, board.blue}; }

// One tilt, straight from the rules: the marble in front (the one further
// along `direction`, when both are in the same row or column) rolls first
// until a wall stops it or it falls into the hole; then the other rolls until
// a wall, the first marble (if still on the board) or the hole stops it. A
// marble already in the hole stays there. Cell-by-cell, no precomputation.
Marbles tilt(const Board& board, Marbles marbles, core::Direction direction);

// How a line of tilts ends so far: red in and blue out is a success; blue in
// (with red or not) is a failure for good; otherwise the line goes on.
enum class Verdict { playing, success, failure };
Verdict verdict(Marbles marbles);

// The judge's letters: U D L R.
char letter(core::Direction direction);
std::optional<core::Direction> direction_of_letter(char letter);
// The letters of a line, e.g. "RDL".
std::string letters(const std::vector<core::Direction>& line);

// Parses the judge text: a line `N M`, then N rows of M characters. Throws
// app::InputError, one line naming line and column ("line 3, column 4: ..."),
// for: a header that is not two integers in [kMinSide, kMaxSide], a missing
// row, a row shorter or longer than M, a character other than . # O R B, a
// border cell that is not '#', a second O, R or B, a missing O, R or B, and
// anything after the last row.
Board parse_board(std::string_view text);

// The N rows of the board with the marbles at `marbles` (a marble in the hole
// is not drawn), each row ending in '\n'.
std::string format_rows(const Board& board, Marbles marbles);
// The judge text of `board`: "N M\n" then its rows with the start marbles.
std::string judge_text(const Board& board);

}  // namespace boardsearch::marble
