#pragma once
// An admissible upper bound on the points a dice yut position can still
// score, used by the exact search to drop positions that cannot beat a game
// already found.
//
// For any move cost c >= 0, split the future score as
//   future = sum over moves (points - c)  +  c * (number of moves).
//
// 1. Moves. Every turn someone moves until the game ends, so the moves use
//    the dice of consecutive turns t, t+1, ..., t+n-1. A piece that has not
//    finished has advanced, in total, less than its longest path to finish
//    L(s) (in steps, over red and blue arrows); a finishing move uses at most
//    the largest face F. So the first n dice sum to at most
//      budget = sum over unfinished pieces of (L(s) - 1 + F),
//    and n <= moves_bound(t, budget), the largest such n.
//
// 2. Each turn u gets a cost c_u >= 0 (a Lagrange multiplier for "each die
//    moves at most one piece"). Split the future score as
//      future = sum over moves (points - c_u)  +  sum of c_u over the turns played,
//    and the second sum is at most the sum of c_u over turns t .. t+n-1 with
//    n = moves_bound(t, budget), because costs are >= 0.
//
// 3. Each piece's moves use a subsequence of those dice and land where the
//    move table says. Dropping the blocking rule and the duty to use every die
//    only allows more, so piece by piece
//      sum over its moves (points - c_u) <= G(s, t)
//    where G(s, t) is the best a lone piece on s can do from turn t when it
//    may skip any die:
//      G(s, t) = max(G(s, t+1), points(land(s, d_t)) - c_t + G(land(s, d_t), t+1)),
//      G(finish, t) = 0, G(s, t) = 0 from the horizon on (no move possible).
//
// Hence future <= sum over pieces G(s_i, t) + sum of c_u, u in [t, t+n), for
// every choice of costs >= 0: the costs only change how tight the bound is,
// and a position may use any one cost vector (its G and its cost sum alike).
//
// 4. Tuning. A cost vector is tuned for one position (the bound is convex in
//    the costs: a maximum of linear functions plus a linear term). For the
//    start: first one cost for all turns (ternary search), then per turn by
//    projected subgradient steps (a turn whose die the pieces' lone plans use
//    more than once gets dearer, an unused one cheaper), keeping the costs
//    with the smallest bound. Costs tuned for the start are poor for the
//    middle of the game, so the costs are tuned again, from the previous
//    ones, at checkpoints every few turns, on the positions of a guide game
//    (a good real game, found by the search's beam pass): a position at turn
//    t uses the costs of the last checkpoint at or before t (how much that
//    tightens the bound: docs/yut.md, "Tuned constants"). Every cost vector is
//    >= 0, so each position's bound is still admissible whatever the guide
//    is. All integers: exact arithmetic.

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut {

class FutureBound {
 public:
  // The bound with one cost vector, tuned for the start position.
  // Preconditions: board valid, every die a face, 1 <= pieces <= 8.
  // `budget` (optional, must outlive the bound): every table of the bound is
  // counted on it before it is allocated (core::SearchAborted memory_limit
  // instead of passing it) and released when the bound is destroyed.
  FutureBound(const Board& board, const MoveTable& moves, std::span<const int> dice, int pieces,
              core::MemoryBudget* budget = nullptr);
  FutureBound(const FutureBound&) = delete;
  FutureBound& operator=(const FutureBound&) = delete;
  ~FutureBound();

  // Adds checkpoints along `guide`, the positions of a real game: guide[t]
  // = the squares of all pieces after t moves (guide[0] all on start).
  // Replaces the checkpoints of an earlier call; the start's costs stay.
  // Precondition: every guide position holds `pieces` squares.
  void tune_along(std::span<const std::vector<int>> guide);

  // Per-square budget term: L(s) - 1 + F for squares other than finish, 0
  // on finish. A position's budget is the sum over its pieces.
  long long budget(int square) const { return budget_[square]; }
  // G_c(square, turn) for the cost vector of `turn`; 0 from the horizon on
  // (no move can happen there).
  long long lone_piece(int square, std::size_t turn) const { return at(turn).lone_piece(square); }
  // The most moves that can still be played from `turn` with this budget.
  long long moves_bound(std::size_t turn, long long budget) const;
  // The sum of the costs of turns [turn, turn + count), within the horizon,
  // for the cost vector of `turn`.
  long long cost_sum(std::size_t turn, long long count) const {
    const std::size_t end = std::min(horizon_, turn + static_cast<std::size_t>(count));
    if (turn >= end) return 0;
    const Segment& segment = segment_of(turn);
    return segment.cost_prefix[end] - segment.cost_prefix[turn];
  }

  // The bound itself, for a position at `turn` described by its sums
  // (lone_piece and budget summed over its pieces).
  long long future(std::size_t turn, long long lone_piece_sum, long long budget_sum) const {
    return at(turn).future(lone_piece_sum, budget_sum);
  }
  // The bound at one turn, its segment and table rows looked up once: the
  // search's inner loop uses it directly, lone_piece() and future() above
  // go through it.
  class AtTurn {
   public:
    long long lone_piece(int square) const { return lone_piece_row_[square]; }
    long long budget(int square) const { return bound_->budget_[square]; }
    long long future(long long lone_piece_sum, long long budget_sum) const {
      if (cost_of_budget_row_ != nullptr) return lone_piece_sum + cost_of_budget_row_[budget_sum];
      return lone_piece_sum + bound_->cost_sum(turn_, bound_->moves_bound(turn_, budget_sum));
    }

   private:
    friend class FutureBound;
    const FutureBound* bound_ = nullptr;
    std::size_t turn_ = 0;
    const long long* lone_piece_row_ = nullptr;      // G_c(., turn), zeros from the horizon on
    const long long* cost_of_budget_row_ = nullptr;  // null: no table, or at/after the horizon
  };
  AtTurn at(std::size_t turn) const;

  // The bound of the start position (for tests and diagnostics).
  long long start_bound() const;
  // How many cost vectors (checkpoints) the bound uses.
  std::size_t checkpoints() const { return segments_.size(); }

 private:
  // The costs of one checkpoint and what they give, for turns from
  // first_turn to the horizon:
  //   lone_piece[(t - first_turn) * squares_ + s] = G_c(s, t), row horizon all 0;
  //   cost_prefix[u] = c_first + ... + c_{u-1} for u >= first_turn (0 before).
  struct Segment {
    std::size_t first_turn = 0;
    std::vector<long long> costs;  // c_u for u < horizon_ (turns before first_turn unused)
    std::vector<long long> lone_piece;
    std::vector<long long> cost_prefix;
  };

  // One subgradient step's work: use_costs fills at most this many entries.
  long long work_per_step() const { return static_cast<long long>(horizon_ + 1) * static_cast<long long>(squares_); }
  const Segment& segment_of(std::size_t turn) const {
    return segments_[std::min(turn / spacing_, segments_.size() - 1)];
  }
  // Fills cost_of_budget_ from the segments, if it is not too large.
  void tabulate_costs_of_budgets();
  // The entries cost_of_budget_ gets (0: no table).
  std::size_t cost_table_entries() const;
  // Bytes of one segment's tables starting at `first_turn` (costs,
  // cost_prefix, lone_piece: each allocated at exactly this size).
  std::uint64_t segment_bytes(std::size_t first_turn) const;
  // Bytes of the vectors that tuning holds only for a while.
  std::uint64_t temporary_bytes() const;
  // Sets the bytes counted on budget_ to `bytes`, counting growth before the
  // caller allocates it (throws core::SearchAborted memory_limit).
  void count_bytes(std::uint64_t bytes);
  // Sets the segment's costs and fills its tables.
  void use_costs(Segment& segment, const std::vector<long long>& costs) const;
  // The bound of `position` (squares of all pieces) at the segment's first turn.
  long long bound_at(const Segment& segment, std::span<const int> position) const;
  // `iterations` projected subgradient steps on the segment's costs for
  // `position`, from its current costs, the step size starting at `step` and
  // multiplied by `step_shrink` after each; keeps the best costs found.
  void refine_costs(Segment& segment, std::span<const int> position, int iterations, double step,
                    double step_shrink) const;

  const Board& board_;
  const MoveTable& moves_;
  std::span<const int> dice_;
  int pieces_;
  std::size_t squares_;
  std::vector<long long> budget_;
  std::vector<long long> dice_prefix_;  // dice_prefix_[k] = d_0 + ... + d_{k-1}
  std::size_t horizon_ = 0;             // no move is possible at or after this turn
  std::size_t spacing_ = 1;             // turns between checkpoints
  double first_step_ = 1;               // the subgradient's first step size
  std::vector<Segment> segments_;       // segment k starts at turn k * spacing_
  // The second term of future() looked up instead of searched: with B =
  // max_budget_ (pieces x the largest square budget),
  //   cost_of_budget_[t * (B + 1) + b] = cost_sum(t, moves_bound(t, b)),
  // for t < horizon_ and 0 <= b <= B; empty when that would be too large.
  std::size_t max_budget_ = 0;
  std::vector<long long> cost_of_budget_;
  std::vector<long long> zeros_;  // G from the horizon on: one row of 0s
  core::MemoryBudget* memory_ = nullptr;
  std::uint64_t counted_bytes_ = 0;  // held on memory_ now
};

}  // namespace boardsearch::yut
