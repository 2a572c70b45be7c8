#pragma once
// The tour's admissible bound and its proofs of a lost position, kept up to
// date step by step (TourBound). The search state that owns one is
// TourProblem (search.hpp); the proofs are in bound.cpp.
//
// Vocabulary used in the proofs. The *region* is the set of free cells: the
// unvisited cells plus the ball's cell. Every tour from the current position
// visits the unvisited cells along a path of 4-adjacent cells that starts at
// the ball and stays inside the region (the ball only ever enters unvisited
// cells, one neighbour at a time). So the rest of a tour is a Hamiltonian
// path of the region starting at the ball; sliding only removes paths, so
// every necessary condition for such a path is a valid reason to call the
// position lost.
//
//   degree(c)   for an unvisited c: its free 4-neighbours (ball included).
//   must stop   an unvisited c with no free opposite pair (left+right or
//               up+down): the ball cannot roll through c, it must stop on c.

#include <array>
#include <bit>
#include <cstdint>
#include <limits>

#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// The bound of a lost position: larger than any step count.
inline constexpr int kLost = std::numeric_limits<int>::max() / 2;

// Which prunings a search applies (all on by default; tests and the
// benchmark switch them off one at a time to measure each). The first three
// are TourBound's; symmetry is the search driver's (symmetry.hpp).
struct PruningOptions {
  bool dead_ends = true;     // degree-0 cells, two degree-1 cells, a lone one of the wrong colour
  bool connectivity = true;  // region split by the last segment
  bool stop_bound = true;    // steps + must-stop cells as the bound
  bool symmetry = true;      // one start per orbit of the board's symmetries
};

// The counters behind the bound, per row and in total, for one Position: it
// is told of every change of the position (after_restart, after_apply,
// after_undo) and answers for the position it was last told of.
class TourBound {
 public:
  // The counters of `position`. Precondition: `position` at its root.
  TourBound(const Position& position, PruningOptions pruning);

  // Admissible lower bound on the steps of any tour through `position`:
  // kLost if none exists, else steps so far + must-stop cells (each must-stop
  // cell is where some later step ends, and different cells are different
  // steps; proof in bound.cpp).
  int lower_bound(const Position& position) const {
    if (lost(position)) return kLost;
    return position.steps() + (pruning_.stop_bound ? must_stop_count_ : 0);
  }

  // Proven lost: a degree-0 unvisited cell, two degree-1 unvisited cells, a
  // lone degree-1 cell of the wrong colour, or an unvisited cell the ball
  // can no longer reach (proofs in bound.cpp).
  bool lost(const Position& position) const { return dead_end(position) || cut_at_step_ != kNever; }
  // The dead-end part of lost() alone (false when that pruning is off).
  bool dead_end(const Position& position) const {
    return pruning_.dead_ends &&
           (dead_count_ > 0 || end_count_ >= 2 || (end_count_ == 1 && end_colour_wrong(position)));
  }

  // The ball of `position` was moved from a cell of row `old_row` by
  // Position::restart_at (at the root: only which cell is not counted changes).
  void after_restart(const Position& position, int old_row) {
    refresh_row(position, old_row);
    refresh_row(position, position.ball().row);
  }
  // `position` has just applied `move` from `from`.
  void after_apply(const Position& position, Cell from, const Move& move);
  // `position` has just undone a step that ended on `to`.
  void after_undo(const Position& position, Cell to);

  int must_stop_count() const { return must_stop_count_; }
  int end_count() const { return end_count_; }
  int dead_count() const { return dead_count_; }

  // Counter equality for the apply/undo conformance check.
  friend bool operator==(const TourBound& a, const TourBound& b) {
    return a.row_counts_ == b.row_counts_ && a.dead_count_ == b.dead_count_ && a.end_count_ == b.end_count_ &&
           a.must_stop_count_ == b.must_stop_count_ && a.rows_with_ends_ == b.rows_with_ends_ &&
           a.cut_at_step_ == b.cut_at_step_;
  }

 private:
  static constexpr int kNever = std::numeric_limits<int>::max();

  // With exactly one degree-1 cell e (the tour's last cell, see bound.cpp):
  // whether its chessboard colour contradicts the path from the ball to it.
  // The u unvisited cells follow the ball along a path whose colours
  // alternate, and e comes last, at distance u: e has the ball's colour
  // exactly when u is even.
  bool end_colour_wrong(const Position& position) const {
    const int r = std::countr_zero(rows_with_ends_);
    const int c = std::countr_zero(row_counts_[static_cast<std::size_t>(r)].ends_mask);
    const Cell ball = position.ball();
    const bool same_colour = (r + c + ball.row + ball.col) % 2 == 0;
    return same_colour != (position.unvisited_count() % 2 == 0);
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
  void refresh_row(const Position& position, int r);
  // Refreshes every row whose counts a step between `a` and `b` (the ball's
  // cells before and after) can change: the rows from one to the other, and
  // one more on each side (their cells' up / down neighbours changed).
  void refresh_rows_around(const Position& position, Cell a, Cell b);
  // The ring test after a step from `from` (proof in bound.cpp): writes one
  // free cell per run of the ring that touches the removed line (at most
  // kMaxAnchors of them) and returns the number of such runs. At most one
  // run: the region cannot have been split.
  static constexpr int kMaxAnchors = 8;
  static int ring_anchors(const Position& position, Cell from, const Move& move,
                          std::array<Cell, kMaxAnchors>& anchors);
  // Whether the first `count` anchors lie in one component of the region.
  static bool anchors_connected(const Position& position, const std::array<Cell, kMaxAnchors>& anchors, int count);

  PruningOptions pruning_;
  std::array<RowCounts, kMaxSide> row_counts_{};
  int dead_count_ = 0;           // unvisited cells of degree 0
  int end_count_ = 0;            // unvisited cells of degree 1
  int must_stop_count_ = 0;      // unvisited cells that must be stops
  LineMask rows_with_ends_ = 0;  // bit r: row r holds a degree-1 cell
  int cut_at_step_ = kNever;     // the step at which the region was found split
};

}  // namespace boardsearch::tour
