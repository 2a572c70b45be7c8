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
// every choice of costs >= 0: the costs only change how tight the bound is.
// They are tuned once, for the start position: first one cost for all turns
// (ternary search: the bound is convex in it, a maximum of linear functions
// plus a linear term), then per turn by projected subgradient steps (a turn
// whose die the lone piece's best plan uses gets dearer, an unused one
// cheaper), keeping the costs with the smallest start bound. All integers,
// so the bound is exact arithmetic.

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "games/yut/board.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut {

class FutureBound {
 public:
  // Preconditions: board valid, every die a face, 1 <= pieces <= 8.
  FutureBound(const Board& board, const MoveTable& moves, std::span<const int> dice, int pieces);

  // Per-square budget term: L(s) - 1 + F for squares other than finish, 0
  // on finish. A position's budget is the sum over its pieces.
  long long budget(int square) const { return budget_[square]; }
  // G_c(square, turn); 0 from the horizon on (no move can happen there).
  long long lone_piece(int square, std::size_t turn) const {
    return turn < horizon_ ? lone_piece_[turn * squares_ + square] : 0;
  }
  // The most moves that can still be played from `turn` with this budget.
  long long moves_bound(std::size_t turn, long long budget) const;
  // The sum of the costs of turns [turn, turn + count), within the horizon.
  long long cost_sum(std::size_t turn, long long count) const {
    const std::size_t end = std::min(horizon_, turn + static_cast<std::size_t>(count));
    return turn < end ? cost_prefix_[end] - cost_prefix_[turn] : 0;
  }

  // The bound itself, for a position described by its sums.
  long long future(std::size_t turn, long long lone_piece_sum, long long budget_sum) const {
    return lone_piece_sum + cost_sum(turn, moves_bound(turn, budget_sum));
  }
  // The bound of the start position (for tests and diagnostics).
  long long start_bound() const;

 private:
  // Sets the costs, fills lone_piece_ and cost_prefix_; returns start_bound().
  long long use_costs(const std::vector<long long>& costs);
  // Projected subgradient steps on the per-turn costs (see the top).
  void refine_costs();

  const Board& board_;
  const MoveTable& moves_;
  std::span<const int> dice_;
  int pieces_;
  std::size_t squares_;
  std::vector<long long> budget_;
  std::vector<long long> dice_prefix_;  // dice_prefix_[k] = d_0 + ... + d_{k-1}
  std::size_t horizon_ = 0;             // no move is possible at or after this turn
  std::vector<long long> lone_piece_;   // horizon_ + 1 rows of squares_ values
  std::vector<long long> costs_;        // c_u for u < horizon_
  std::vector<long long> cost_prefix_;  // cost_prefix_[u] = c_0 + ... + c_{u-1}
};

}  // namespace boardsearch::yut
