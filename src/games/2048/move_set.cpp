#include "games/2048/move_set.hpp"

#include <cassert>
#include <cstddef>
#include <cstring>
#include <memory>

#include "games/2048/vector_move.hpp"

namespace boardsearch::game2048 {

void MoveSet::prepare(const Board& from) {
#if BOARDSEARCH_2048_VECTOR_MOVE
  static_assert(kSide == kVectorSide);
#endif
  from_ = &from;
  transposed_ = false;
  borrowed_ = false;
#if BOARDSEARCH_2048_VECTOR_MOVE
  const auto side = static_cast<std::size_t>(from.side());
  vector_ = side <= kSide && has_vector_move();
  if (!vector_) return;
  if (rows_ == nullptr) {
    rows_ = std::make_unique<Grids>();  // empty
    grid_side_ = 0;
  }
  Exponent* rows = rows_->rows + kSide;
  // Only the board's cells are ever written to `rows` (below), so after a
  // board of the same side the rest is still empty.
  if (grid_side_ != side) {
    std::memset(rows, 0, kSide * kSide);
    clear_results();
    grid_side_ = side;
  }
  for (std::size_t r = 0; r < side; ++r) copy_row(rows + r * kSide, from.cells().data() + r * side, side);
#endif
}

bool MoveSet::apply(Direction direction, Board& to) {
  assert(from_ != nullptr && from_ != &to);
#if BOARDSEARCH_2048_VECTOR_MOVE
  if (borrowed_) prepare(*from_);
  last_to_ = nullptr;
  if (vector_) {
    const Board& from = *from_;
    if (to.side_ != from.side_ || to.cells_.size() != from.cells_.size()) {
      to.side_ = from.side_;
      to.cells_.assign(from.cells_.size(), 0);
    }
    to.counts_ = from.counts_;
    const bool vertical = direction == Direction::up || direction == Direction::down;
    if (vertical && !transposed_) {
      transpose32(rows_->rows + kSide, rows_->columns + kSide);
      transposed_ = true;
    }
    last_to_ = &to;
    last_direction_ = direction;
    return move_lines(rows_->rows + kSide, rows_->columns + kSide, rows_->results, rows_->staged, rows_->board_rows,
                      from.side_, direction, to.cells_.data(), to.counts_);
  }
#endif
  return apply_lines(*from_, direction, to);
}

void MoveSet::borrow_last(const MoveSet& parent) {
#if BOARDSEARCH_2048_VECTOR_MOVE
  assert(parent.last_to_ != nullptr);
  from_ = parent.last_to_;
  vector_ = true;
  transposed_ = false;
  borrowed_ = true;
  borrowed_from_ = &parent;
  if (rows_ == nullptr) {
    rows_ = std::make_unique<Grids>();  // empty
    grid_side_ = 0;
  }
  // Only its columns grid is written while borrowing (a transpose of the
  // parent's `staged`), and a prepare rewrites all of it before reading it.
#else
  (void)parent;
#endif
}

void MoveSet::clear_results() {
  std::memset(rows_->columns, 0, sizeof rows_->columns);
  std::memset(rows_->results, 0, sizeof rows_->results);
  std::memset(rows_->staged, 0, sizeof rows_->staged);
  std::memset(rows_->board_rows, 0, sizeof rows_->board_rows);
}

bool MoveSet::summarize(bool horizontal, int level, MoveSummary& first, MoveSummary& second) {
  assert(from_ != nullptr && level >= 1 && level <= kMaxExponent);
#if BOARDSEARCH_2048_VECTOR_MOVE
  if (vector_) {
    first.counts = from_->counts_;
    const auto side = static_cast<std::size_t>(from_->side_);
    if (borrowed_) {
      // The lines of the borrowed result (borrow_last): a horizontal move's
      // rows in `staged`, a vertical move's columns in `results` and rows in
      // `board_rows`; those of a reversed move end at cell 31 (offset 32 - n),
      // so their transpose starts at line 32 - n. The missing orientation of
      // a horizontal move is transposed here.
      const MoveSet& parent = *borrowed_from_;
      const bool reversed = parent.last_direction_ == Direction::right || parent.last_direction_ == Direction::down;
      const std::size_t offset = reversed ? kSide - side : 0;
      const bool parent_horizontal =
          parent.last_direction_ == Direction::left || parent.last_direction_ == Direction::right;
      if (horizontal == parent_horizontal) {
        summarize_lines(parent_horizontal ? parent.rows_->staged : parent.rows_->results, offset, from_->side_, level,
                        first, second);
      } else if (horizontal) {
        summarize_lines(parent.rows_->board_rows + offset * kSide, 0, from_->side_, level, first, second);
      } else {
        if (!transposed_) {
          transpose32(parent.rows_->staged, rows_->columns + kSide);
          transposed_ = true;
        }
        summarize_lines(rows_->columns + kSide + offset * kSide, 0, from_->side_, level, first, second);
      }
      return true;
    }
    if (!horizontal && !transposed_) {
      transpose32(rows_->rows + kSide, rows_->columns + kSide);
      transposed_ = true;
    }
    summarize_lines(horizontal ? rows_->rows + kSide : rows_->columns + kSide, 0, from_->side_, level, first, second);
    return true;
  }
#endif
  (void)horizontal, (void)first, (void)second;
  return false;
}

}  // namespace boardsearch::game2048
