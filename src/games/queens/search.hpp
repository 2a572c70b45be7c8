#pragma once
// The count of a board's completions: a bitboard backtracking over the rows,
// split into tasks by its first rows (run in order on one thread, or taken
// by several: core/parallel.hpp), the empty board one symmetry class at a
// time (classes.hpp: the total and the count up to the square's
// symmetries), and the first placement in row order.
//
// Bit layout: one 32-bit mask per row, bit c = column c (N <= 32):
//
//   column   0 1 2 ... N-1          bit c of `cols`: a queen on column c
//   bit      0 1 2 ... N-1          bit c of `ld`:   column c of this row is on
//                                                    the diagonal of a queen above
//                                                    that goes toward higher columns
//                                   bit c of `rd`:   ... toward lower columns
//
// From one row to the next, `ld` moves up one bit (<< 1) and `rd` down one
// (>> 1); the free cells of a row are ~(cols | ld | rd | blocked) & full,
// taken lowest bit (lowest column) first.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/queens/classes.hpp"
#include "games/queens/rules.hpp"

namespace boardsearch::queens {

struct Counted {
  Count total = 0;               // completions of the board
  std::optional<Count> classes;  // the plain board's count up to the 8 symmetries; none otherwise
  std::vector<int> first;        // the first completion in row order (a column per row); empty when none
  core::Outcome outcome = core::Outcome::proven;
  core::SearchStats stats;
  // When a limit stopped the count: the completions counted in the tasks
  // that finished (each task counts a whole subtree), a lower bound.
  Count known = 0;
  bool proven() const { return outcome == core::Outcome::proven; }
};

// The threads start only for a board with at least this many rows without
// a placed queen (N = 15 takes about 0.5 s on one thread; the judge's
// largest, N = 14, starts none).
constexpr int kThreadsFromFreeRows = 15;

// Counts the completions of `board` (0 when placed queens attack each
// other), the first in row order and, for the plain board, the count up to
// symmetry, within `limits` (one SearchControl for the whole solve). At one
// thread the node count is deterministic.
Counted count_completions(const Board& board, const core::SearchLimits& limits);

// The first completion of `board` in row order (a column per row), empty
// when there is none.
std::vector<int> first_completion(const Board& board);

// The count split into independent tasks for the task farm (farm_count.hpp):
// the nodes of the first `split_rows()` rows, the fewest rows (from
// kSplitRows on) that give at least `at_least` tasks; the empty board by
// symmetry class (classes.hpp), a partial board placement by placement.
// Precondition: no two placed queens attack each other. count() is const
// and may run on any thread.
class SplitCount {
 public:
  SplitCount(const Board& board, std::size_t at_least);
  std::size_t tasks() const;
  int split_rows() const;
  // Task i's placements, and its classes for the empty board (0 for a
  // partial board); its nodes added to `nodes`.
  ClassCount count(std::size_t i, std::uint64_t& nodes) const;

 private:
  struct Parts;
  std::shared_ptr<const Parts> parts_;
};

}  // namespace boardsearch::queens
