#pragma once
// The incremental search state of the tour: a BranchAndBoundProblem
// (core/branch_and_bound.hpp) over the rules in rules.hpp that keeps, step by
// step, the counters its bound and its dead-end and connectivity prunings
// read (proofs in problem.cpp).
//
// Vocabulary used in the proofs below. The *region* is the set of free cells:
// the unvisited cells plus the ball's cell. Every tour from the current
// position visits the unvisited cells along a path of 4-adjacent cells that
// starts at the ball and stays inside the region (the ball only ever enters
// unvisited cells, one neighbour at a time). So the rest of a tour is a
// Hamiltonian path of the region starting at the ball; sliding only removes
// paths, so every necessary condition for such a path is a valid reason to
// call the position lost.
//
//   degree(c)   for an unvisited c: its free 4-neighbours (ball included).
//   must stop   an unvisited c with no free opposite pair (left+right or
//               up+down): the ball cannot roll through c, it must stop on c.

#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include "boardsearch/core/move_list.hpp"
#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// The bound of a lost position: larger than any step count.
inline constexpr int kLost = std::numeric_limits<int>::max() / 2;

// Which prunings a TourProblem applies (all on by default; tests and the
// benchmark switch them off one at a time to measure each).
struct PruningOptions {
  bool dead_ends = true;     // degree-0 cells, two degree-1 cells, a lone one of the wrong colour
  bool connectivity = true;  // region split by the last segment
  bool stop_bound = true;    // steps + must-stop cells as the bound
  bool symmetry = true;      // one start per orbit of the board's symmetries
};

class TourProblem {
 public:
  using Move = tour::Move;
  using Value = int;
  using MoveBuffer = core::MoveList<Move, 4>;

  // Precondition: `start` is an empty cell of `board`; `board` outlives this.
  TourProblem(const Board& board, Cell start, PruningOptions pruning = {});

  // Moves the ball to another start cell, keeping the root bookkeeping (it
  // does not depend on where the ball is, only which cell is not counted).
  // Precondition: at the root (no step applied), `start` an empty cell.
  void restart_at(Cell start) {
    const int old_row = position_.ball().row;
    position_.restart_at(start);
    refresh_row(old_row);
    refresh_row(start.row);
  }

  // Steps taken if every cell is visited (the ball cannot move then), else nullopt.
  std::optional<int> solution_value() const {
    if (position_.all_visited()) return position_.steps();
    return std::nullopt;
  }

  // Admissible lower bound on the steps of any tour through this position:
  // kLost if none exists, else steps so far + must-stop cells (each must-stop
  // cell is where some later step ends, and different cells are different steps).
  int bound() const {
    if (lost()) return kLost;
    return position_.steps() + (pruning_.stop_bound ? must_stop_count_ : 0);
  }

  // Proven lost: a degree-0 unvisited cell, two degree-1 unvisited cells, or
  // an unvisited cell the ball can no longer reach. See the proofs in problem.cpp.
  bool lost() const { return dead_end() || cut_at_step_ != kNever; }
  // The dead-end part of lost() alone (false when that pruning is off).
  bool dead_end() const {
    return pruning_.dead_ends && (dead_count_ > 0 || end_count_ >= 2 || (end_count_ == 1 && end_colour_wrong()));
  }

  // The legal steps, the longest slide first (longer slides finish tours in fewer steps).
  void generate_moves(MoveBuffer& moves) const {
    for (Direction d : kDirections) {
      const int length = position_.slide_length(d);
      if (length == 0) continue;
      // Insertion into the (at most four) moves so far, longest first, stable.
      moves.push_back(Move{d, static_cast<std::uint8_t>(length)});
      for (std::size_t i = moves.size() - 1; i > 0 && moves[i - 1].length < moves[i].length; --i)
        std::swap(moves[i - 1], moves[i]);
    }
  }

  void apply(const Move& move);
  void undo(const Move& move);

  const Position& position() const { return position_; }
  int must_stop_count() const { return must_stop_count_; }
  int end_count() const { return end_count_; }
  int dead_count() const { return dead_count_; }

  // State equality for the apply/undo conformance check.
  friend bool operator==(const TourProblem& a, const TourProblem& b) {
    return a.position_ == b.position_ && a.row_counts_ == b.row_counts_ && a.dead_count_ == b.dead_count_ &&
           a.end_count_ == b.end_count_ && a.must_stop_count_ == b.must_stop_count_ &&
           a.rows_with_ends_ == b.rows_with_ends_ && a.cut_at_step_ == b.cut_at_step_;
  }

 private:
  static constexpr int kNever = std::numeric_limits<int>::max();

  // With exactly one degree-1 cell e (the tour's last cell, see problem.cpp):
  // whether its chessboard colour contradicts the path from the ball to it.
  // The u unvisited cells follow the ball along a path whose colours
  // alternate, and e comes last, at distance u: e has the ball's colour
  // exactly when u is even.
  bool end_colour_wrong() const {
    const int r = std::countr_zero(rows_with_ends_);
    const int c = std::countr_zero(row_counts_[static_cast<std::size_t>(r)].ends_mask);
    const Cell ball = position_.ball();
    const bool same_colour = (r + c + ball.row + ball.col) % 2 == 0;
    return same_colour != (position_.unvisited_count() % 2 == 0);
  }

  // Per row, what its unvisited cells contribute to the counters.
  struct RowCounts {
    LineMask ends_mask = 0;      // the degree-1 cells themselves
    std::uint8_t dead = 0;       // degree 0
    std::uint8_t ends = 0;       // degree 1
    std::uint8_t must_stop = 0;  // no free opposite pair
    friend bool operator==(const RowCounts&, const RowCounts&) = default;
  };
  // Recomputes row r's counts from the free masks (bit-parallel over the
  // row) and updates the totals. Precondition: 0 <= r < rows.
  void refresh_row(int r);
  // Refreshes every row whose counts a step between `a` and `b` (the ball's
  // cells before and after) can change: the rows from one to the other, and
  // one more on each side (their cells' up / down neighbours changed).
  void refresh_rows_around(Cell a, Cell b);
  // The ring test after a step from `from` (proof in problem.cpp): writes one
  // free cell per run of the ring that touches the removed line (at most
  // kMaxAnchors of them) and returns the number of such runs. At most one
  // run: the region cannot have been split.
  static constexpr int kMaxAnchors = 8;
  int ring_anchors(Cell from, const Move& move, std::array<Cell, kMaxAnchors>& anchors) const;
  // Whether the first `count` anchors lie in one component of the region.
  bool anchors_connected(const std::array<Cell, kMaxAnchors>& anchors, int count) const;

  Position position_;
  PruningOptions pruning_;
  std::array<RowCounts, kMaxSide> row_counts_{};
  int dead_count_ = 0;           // unvisited cells of degree 0
  int end_count_ = 0;            // unvisited cells of degree 1
  int must_stop_count_ = 0;      // unvisited cells that must be stops
  int cut_at_step_ = kNever;     // the step at which the region was found split
  LineMask rows_with_ends_ = 0;  // bit r: row r holds a degree-1 cell
};

}  // namespace boardsearch::tour
