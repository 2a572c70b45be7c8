#pragma once
// The rules of 2048 without spawns, readable without the search: the board,
// one move (slide every line toward a wall, merging equal neighbours once),
// and the tile statistics the bounds need (kept up to date by the move).
//
// Cells hold exponents, one byte each, so values never overflow:
//
//   exponent e:   0      1   2   3   ...  63
//   tile value:  empty   2   4   8   ...  2^63
//
// Row-major layout of an N x N board (N = side):
//
//          col 0    col 1   ...  col N-1
//   row 0  [0]      [1]     ...  [N-1]
//   row 1  [N]      [N+1]   ...  [2N-1]
//   ...
//   row N-1 [N(N-1)] ...         [N*N-1]
//
// A move walks each line from the wall it slides toward: left starts at
// col 0 with step +1, right at col N-1 with step -1, up at row 0 with step
// +N, down at row N-1 with step -N. One routine (slide_line) serves all four.
//
// The same move, faster: vector_move.hpp (SSSE3, boards up to 32 wide), and
// move_set.hpp (the four moves of one board sharing their work, as the
// search makes them). Both are tested equal to the rules here.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "boardsearch/core/grid.hpp"

namespace boardsearch::game2048 {

using Exponent = std::uint8_t;

// Largest tile exponent the engine represents. Inputs are rejected when the
// board sum does not fit in 64 bits, and no tile can exceed the board sum
// (it never changes), so every reachable tile is at most 2^63.
inline constexpr int kMaxExponent = 63;
inline constexpr int kExponentSlots = kMaxExponent + 1;

// Board sides the engine accepts. The judge uses 1..20; 128 leaves room for
// "N beyond 20" while keeping one board (16 KiB) cheap to copy per node.
inline constexpr int kMinSide = 1;
inline constexpr int kMaxSide = 128;

// A move is a direction of the grid vocabulary every board puzzle shares
// (core/grid.hpp: Direction, kDirections, to_string, opposite).
using core::Direction;
using core::kDirections;

// How many tiles of each exponent are on the board. Merges preserve the sum
// of tile values, so the sum is fixed for a whole search.
struct TileCounts {
  std::array<std::uint32_t, kExponentSlots> count{};  // count[0] unused
  int max_exponent = 0;                               // 0: no tile
  std::uint32_t tiles = 0;                            // number of tiles
};

class Board {
 public:
  // An empty side x side board. Precondition: kMinSide <= side <= kMaxSide.
  explicit Board(int side = 1);

  int side() const { return side_; }
  Exponent at(int row, int col) const { return cells_[static_cast<std::size_t>(row * side_ + col)]; }
  // Places exponent e (0: empty) and keeps the counts right. Precondition:
  // 0 <= e <= kMaxExponent.
  void set(int row, int col, Exponent e);
  const std::vector<Exponent>& cells() const { return cells_; }
  const TileCounts& counts() const { return counts_; }
  int max_exponent() const { return counts_.max_exponent; }

  bool operator==(const Board& other) const { return cells_ == other.cells_; }

 private:
  // The moves write a board's cells and counts together: apply_lines here,
  // MoveSet (move_set.hpp) the fast way.
  friend bool apply_lines(const Board& from, Direction direction, Board& to);
  friend class MoveSet;

  int side_;
  std::vector<Exponent> cells_;
  TileCounts counts_;
};

// Slides one line of `length` cells toward its first cell. The line is read
// from `src` and written to `dst`, both walked with step `stride` (negative
// strides walk right-to-left or bottom-to-top). Equal neighbours merge, the
// pair nearest the wall first, and a merged tile does not merge again in the
// same move: "2 2 2" gives "4 2 0", "2 2 2 2" gives "4 4 0 0". Each merge
// is recorded in `counts`. Returns whether the line changed.
// Precondition: src and dst lines do not overlap.
bool slide_line(const Exponent* src, Exponent* dst, std::ptrdiff_t stride, int length, TileCounts& counts);

// Writes into `to` the board after tilting `from` toward `direction`, by
// slide_line on each of its lines, and returns whether anything changed (the
// "unchanged" test is a by-product of the slide, no second pass). `to` is
// resized if needed; it must not be `from`. No allocation when `to` already
// has the right size.
bool apply_lines(const Board& from, Direction direction, Board& to);

// The same board and answer as apply_lines, by the fastest path there is
// (MoveSet, move_set.hpp: the vector move where it runs).
bool apply_move(const Board& from, Direction direction, Board& to);

}  // namespace boardsearch::game2048
