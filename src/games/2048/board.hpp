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

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
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

// Writes into `to` the board after tilting `from` toward `direction` and
// returns whether anything changed (the "unchanged" test is a by-product of
// the slide, no second pass). `to` is resized if needed; it must not be
// `from`. No allocation when `to` already has the right size.
bool apply_move(const Board& from, Direction direction, Board& to);

// What one move does, short of writing the board (MoveSet::summarize): the
// tile counts after it from the exponent asked on, and where the tiles of
// that exponent are, per line of the move (row i for left and right, column
// i for up and down), its cells counted from the wall the move slides
// toward (bit j: the j-th cell from that wall). Boards up to 32 wide.
struct MoveSummary {
  static constexpr int kMaxLines = 32;
  // The counts after the move: count[e] exact for e >= min(level, largest
  // exponent before the move + 1), level being the exponent asked (below
  // that, merges may be left out), and `tiles` and `max_exponent` exact.
  TileCounts counts;
  bool changed = false;  // whether the move changes the board
  // Line i after the move: bit j set iff its j-th cell from the wall holds a
  // tile of the exponent asked; and its number of tiles (which fill cells 0
  // .. length - 1 from the wall).
  std::array<std::uint32_t, kMaxLines> level_cells;
  std::array<std::uint8_t, kMaxLines> lengths;
};

// The moves of one board, sharing the work they have in common (apply_move
// does it again for each move): prepare(from), then apply(direction, to)
// for any directions, each the same as apply_move(from, direction, to).
// `from` must stay unchanged until the next prepare. No allocation after
// the first prepare.
class MoveSet {
 public:
  MoveSet() = default;
  // Scratch only: a copy starts empty (prepare it before applying).
  MoveSet(const MoveSet&) {}
  MoveSet& operator=(const MoveSet&) {
    from_ = nullptr;
    borrowed_ = false;
    last_to_ = nullptr;
    return *this;
  }
  MoveSet(MoveSet&&) noexcept = default;
  MoveSet& operator=(MoveSet&&) noexcept = default;
  ~MoveSet() = default;

  void prepare(const Board& from);
  bool apply(Direction direction, Board& to);
  // The two moves of one orientation summarized for exponent `level` >= 1
  // (see MoveSummary), no board written: `first` for left (horizontal) or
  // up, `second` for right or down, the same counts (from `level` on, as
  // MoveSummary says), change and cells as apply would give. Only where the
  // vector move runs (boards up to 32 wide, SSSE3 and POPCNT); elsewhere
  // returns false and computes nothing.
  bool summarize(bool horizontal, int level, MoveSummary& first, MoveSummary& second);
  // Instead of prepare(board): `parent`'s last apply wrote `board`, and
  // summarize reads its lines where that move left them (no copy; for a
  // vertical move no transpose). Precondition: that apply ran the vector
  // move (summarize answers for it), and `parent` applies nothing else, nor
  // is prepared again, until this set is done summarizing. An apply here
  // prepares from the board first.
  void borrow_last(const MoveSet& parent);
  // Whether the last apply wrote `board` by the vector move (borrow_last may
  // follow for it).
  bool last_wrote(const Board& board) const { return last_to_ == &board; }

 private:
  static constexpr std::size_t kSide = 32;
  // Boards up to 32 wide as 32 x 32 grids (empty past the board): the rows,
  // their transpose (made at the first vertical move), each after 32 empty
  // cells, the lines of a vertical move's result, and (board.cpp) the rows
  // of the last result: a horizontal move's as slid, a vertical move's
  // transposed back.
  struct Grids {
    alignas(16) Exponent rows[kSide + kSide * kSide]{};
    alignas(16) Exponent columns[kSide + kSide * kSide]{};
    alignas(16) Exponent results[kSide * kSide]{};
    alignas(16) Exponent staged[kSide * kSide]{};
    alignas(16) Exponent board_rows[kSide * kSide]{};
  };
  // Empties the grids of results (a new side: their rows past it must be).
  void clear_results();
  const Board* from_ = nullptr;
  bool vector_ = false;
  bool transposed_ = false;
  // Summarizing a result of `borrowed_from_` (borrow_last).
  bool borrowed_ = false;
  const MoveSet* borrowed_from_ = nullptr;
  // The board the last apply wrote by the vector move, and its direction.
  const Board* last_to_ = nullptr;
  Direction last_direction_ = Direction::left;
  // The side of the boards last copied into rows_ (0: none): its cells
  // outside that corner are empty, so a board of the same side only needs
  // its own cells copied.
  std::size_t grid_side_ = 0;
  std::unique_ptr<Grids> rows_;
};

}  // namespace boardsearch::game2048
