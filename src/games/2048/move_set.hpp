#pragma once
// The moves of one board as the search makes them: all four (or two of one
// orientation, summarized without writing a board) from one preparation,
// sharing the work they have in common. Each gives what the rules give
// (rules.hpp: apply_lines); where the vector move runs (vector_move.hpp:
// boards up to 32 wide, SSSE3 and POPCNT) it does the work, elsewhere the
// rules' own slide_line.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

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
  // cells, the lines of a vertical move's result, and (vector_move.cpp) the rows
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
