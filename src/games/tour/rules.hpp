#pragma once
// The rules of the board tour (sliding ball), readable without the search.
//
// A board is N x M cells, each empty or an obstacle. The ball is placed on an
// empty cell (visited). A step picks up / down / left / right; the ball rolls,
// visiting every cell it enters, and stops just before an obstacle, the edge,
// or an already visited cell. A direction in which the ball cannot move even
// one cell is not a step. The tour succeeds when every empty cell is visited.
//
// Bit layout. Cell (r, c) is bit c of row mask r, and bit r of column mask c:
//
//            column  0   1   2  ...  M-1   M ... 63
//   row mask r:    [b0][b1][b2] ... [bM-1][ 0 ... 0 ]     (bits >= M always 0)
//
// Position keeps the *free* cells (unvisited cells plus the ball's own cell)
// both by row and by column, each padded with an all-zero mask before the
// first and after the last line, so the neighbours of border cells read 0:
//
//   free_by_row_[0]        = 0             (virtual row -1)
//   free_by_row_[r + 1]    = free cells of row r
//   free_by_row_[rows + 1] = 0             (virtual row N)
//
// A slide is then one count of consecutive one bits next to the ball in a row
// or column mask, and a step updates one row mask plus one bit per column it
// crosses (or the transpose): no cell-by-cell rolling.

#include <array>
#include <bit>
#include <cstdint>

#include "boardsearch/core/grid.hpp"

namespace boardsearch::tour {

// Largest board side: a row or a column must fit one 64-bit mask.
inline constexpr int kMaxSide = 64;

using LineMask = std::uint64_t;

// The grid vocabulary (directions, cells, shifted) is the one every board
// puzzle shares (core/grid.hpp); a Cell may lie off the board, callers check.
using core::Direction;
using core::is_horizontal;
using core::kDirections;
using core::shifted;
using Cell = core::GridCell;

// The board: sizes and the empty cells by row (bit layout above).
struct Board {
  int rows = 0;
  int cols = 0;
  std::array<LineMask, kMaxSide> empty{};

  // Whether (r, c) is on the board and empty; false anywhere off the board.
  constexpr bool is_empty(int r, int c) const {
    return r >= 0 && r < rows && c >= 0 && c < cols && ((empty[static_cast<std::size_t>(r)] >> c) & 1U) != 0;
  }
  constexpr bool is_empty(Cell cell) const { return is_empty(cell.row, cell.col); }
  constexpr int empty_count() const {
    int count = 0;
    for (int r = 0; r < rows; ++r) count += std::popcount(empty[static_cast<std::size_t>(r)]);
    return count;
  }
  friend constexpr bool operator==(const Board&, const Board&) = default;
};

// One step: the direction and how many cells the ball rolls (>= 1). The length
// is implied by the position but kept so undo needs no search.
struct Move {
  Direction direction = Direction::up;
  std::uint8_t length = 0;
  friend constexpr bool operator==(const Move&, const Move&) = default;
};

namespace detail {

// Number of consecutive one bits of `mask` just above bit `bit` (bit + 1, bit + 2, ...).
constexpr int ones_above(LineMask mask, int bit) {
  return bit + 1 >= kMaxSide ? 0 : std::countr_one(mask >> (bit + 1));
}
// Number of consecutive one bits of `mask` just below bit `bit` (bit - 1, bit - 2, ...).
constexpr int ones_below(LineMask mask, int bit) { return bit == 0 ? 0 : std::countl_one(mask << (kMaxSide - bit)); }
// Bits [low, low + count) set; precondition 0 < count < 64 or (low == 0, count == 64).
constexpr LineMask span_mask(int low, int count) {
  return (count >= kMaxSide ? ~LineMask{0} : ((LineMask{1} << count) - 1)) << low;
}

}  // namespace detail

// The ball, the visited cells and the step count. apply/undo are exact inverses.
class Position {
 public:
  // Precondition: `start` is an empty cell of `board`; `board` outlives this.
  Position(const Board& board, Cell start) : board_(&board), ball_(start), unvisited_(board.empty_count() - 1) {
    for (int r = 0; r < board.rows; ++r) {
      const LineMask row = board.empty[static_cast<std::size_t>(r)];
      free_by_row_[static_cast<std::size_t>(r + 1)] = row;
      for (int c = 0; c < board.cols; ++c)
        if ((row >> c) & 1U) free_by_col_[static_cast<std::size_t>(c + 1)] |= LineMask{1} << r;
    }
  }

  // Moves the ball to another start. Precondition: no step taken yet and
  // `start` is an empty cell (every empty cell is free before the first step).
  void restart_at(Cell start) { ball_ = start; }

  const Board& board() const { return *board_; }
  Cell ball() const { return ball_; }
  int steps() const { return steps_; }
  // Empty cells not yet visited (the ball's cell is visited).
  int unvisited_count() const { return unvisited_; }
  bool all_visited() const { return unvisited_ == 0; }

  // Unvisited or the ball's cell; false for obstacles, visited cells, off-board cells.
  bool is_free(int r, int c) const {
    return r >= -1 && r <= kMaxSide && c >= 0 && c < kMaxSide &&
           ((free_by_row_[static_cast<std::size_t>(r + 1)] >> c) & 1U) != 0;
  }
  bool is_free(Cell cell) const { return is_free(cell.row, cell.col); }
  bool is_unvisited(Cell cell) const { return is_free(cell) && !(cell == ball_); }
  // The free cells of row r (0 <= r < rows), bit layout above.
  LineMask free_row(int r) const { return free_by_row_[static_cast<std::size_t>(r + 1)]; }
  // The free masks of rows 0 .. rows-1 as an array (row -1 and row `rows` are readable zeros).
  const LineMask* free_rows() const { return free_by_row_.data() + 1; }
  // The free cells of column c (bit r = row r); 0 off the board.
  LineMask free_column(int c) const {
    return c < 0 || c >= kMaxSide ? 0 : free_by_col_[static_cast<std::size_t>(c + 1)];
  }

  // How many cells the ball rolls in direction d (0: that direction is not a step).
  int slide_length(Direction d) const {
    switch (d) {
      case Direction::up:
        return detail::ones_below(column_mask(ball_.col), ball_.row);
      case Direction::down:
        return detail::ones_above(column_mask(ball_.col), ball_.row);
      case Direction::left:
        return detail::ones_below(row_mask(ball_.row), ball_.col);
      case Direction::right:
        return detail::ones_above(row_mask(ball_.row), ball_.col);
    }
    return 0;
  }

  // Takes the step `move`. Precondition: move.length == slide_length(move.direction) > 0.
  // The ball's old cell and the cells it rolls over (all but the last) stop being free.
  void apply(const Move& move) {
    set_segment_free(ball_, move, false);
    ball_ = shifted(ball_, move.direction, move.length);
    unvisited_ -= move.length;
    ++steps_;
  }

  // Undoes `move`, the last step applied.
  void undo(const Move& move) {
    ball_ = shifted(ball_, move.direction, -move.length);
    set_segment_free(ball_, move, true);
    unvisited_ += move.length;
    --steps_;
  }

  friend bool operator==(const Position& a, const Position& b) {
    return a.board_ == b.board_ && a.ball_ == b.ball_ && a.steps_ == b.steps_ && a.unvisited_ == b.unvisited_ &&
           a.free_by_row_ == b.free_by_row_ && a.free_by_col_ == b.free_by_col_;
  }

 private:
  LineMask row_mask(int r) const { return free_by_row_[static_cast<std::size_t>(r + 1)]; }
  LineMask column_mask(int c) const { return free_by_col_[static_cast<std::size_t>(c + 1)]; }

  // Sets or clears the free bits of the `move.length` cells starting at `from`
  // and going in move.direction (from itself included, the stop cell excluded).
  void set_segment_free(Cell from, const Move& move, bool free) {
    const int length = move.length;
    if (is_horizontal(move.direction)) {
      const int low = move.direction == Direction::right ? from.col : from.col - length + 1;
      const LineMask cells = detail::span_mask(low, length);
      LineMask& row = free_by_row_[static_cast<std::size_t>(from.row + 1)];
      row = free ? (row | cells) : (row & ~cells);
      const LineMask row_bit = LineMask{1} << from.row;
      for (int c = low; c < low + length; ++c) {
        LineMask& column = free_by_col_[static_cast<std::size_t>(c + 1)];
        column = free ? (column | row_bit) : (column & ~row_bit);
      }
    } else {
      const int low = move.direction == Direction::down ? from.row : from.row - length + 1;
      const LineMask cells = detail::span_mask(low, length);
      LineMask& column = free_by_col_[static_cast<std::size_t>(from.col + 1)];
      column = free ? (column | cells) : (column & ~cells);
      const LineMask col_bit = LineMask{1} << from.col;
      for (int r = low; r < low + length; ++r) {
        LineMask& row = free_by_row_[static_cast<std::size_t>(r + 1)];
        row = free ? (row | col_bit) : (row & ~col_bit);
      }
    }
  }

  const Board* board_;
  Cell ball_;
  int steps_ = 0;
  int unvisited_ = 0;
  std::array<LineMask, kMaxSide + 2> free_by_row_{};
  std::array<LineMask, kMaxSide + 2> free_by_col_{};
};

}  // namespace boardsearch::tour
