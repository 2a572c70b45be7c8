#pragma once
// Marble escape (Baekjoon 13460 family): the board, the tilt rule, how a line
// ends, and the four judges of the family. Everything a reader needs to know
// about the rules is in this header and rules.cpp; the judge text is read by
// parse.hpp and written by format.hpp, and the search (search.hpp) only makes
// it fast.
//
// Cells are numbered row-major, `index = row * cols + col`, so that one
// integer names a cell; core::GridCell converts for display.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "boardsearch/core/grid.hpp"

namespace boardsearch::marble {

// The judge's limits (13460: 3 <= N, M <= 10, at most 10 tilts) and ours:
// the parser takes any side from 3 up to kMaxSide. 1000 x 1000 keeps a cell
// index below 2^20, which the search's 40-bit pair key relies on.
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

// The four judges of the family: what they ask, and their tilt limits.
enum class Judge {
  escape_2,  // 13460: the fewest tilts within 10, or -1
  escape,    // 13459: 1 if possible within 10, else 0
  escape_3,  // 15644: the fewest within 10 and one optimal line, or -1
  escape_4,  // 15653: the fewest with no limit, or -1
};

inline constexpr std::string_view kJudgeNumbers[] = {"13460", "13459", "15644", "15653"};

// "13460" -> Judge::escape_2, ...; nullopt for anything else.
std::optional<Judge> judge_of(std::string_view number);
std::string_view number_of(Judge judge);

// The judge's tilt limit: 10, none for 15653.
std::optional<int> judge_tilt_limit(Judge judge);

}  // namespace boardsearch::marble
