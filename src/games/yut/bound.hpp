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
// 2. Points minus cost. Each piece's moves use a subsequence of those dice
//    and land where the move table says. Dropping the blocking rule and the
//    duty to use every die only allows more, so piece by piece
//      sum over its moves (points - c) <= G_c(s, t)
//    where G_c(s, t) is the best a lone piece on s can do from turn t when it
//    may skip any die:
//      G_c(s, t) = max(G_c(s, t+1), points(land(s, d_t)) - c + G_c(land(s, d_t), t+1)),
//      G_c(finish, t) = 0, G_c(s, t) = 0 once no move is possible any more.
//
// Hence future <= sum over pieces G_c(s_i, t) + c * moves_bound(t, budget),
// for every c >= 0. The bound is convex in c (a maximum of linear functions
// plus a linear term), so c is chosen once by ternary search to minimize the
// bound of the start position; any c keeps the bound admissible.

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
  long long move_cost() const { return move_cost_; }

  // The bound itself, for a position described by its sums.
  long long future(std::size_t turn, long long lone_piece_sum, long long budget_sum) const {
    return lone_piece_sum + move_cost_ * moves_bound(turn, budget_sum);
  }

 private:
  // Fills lone_piece_ for move cost c and returns the start position's bound.
  long long fill_lone_piece(long long cost);

  const Board& board_;
  const MoveTable& moves_;
  std::span<const int> dice_;
  int pieces_;
  std::size_t squares_;
  std::vector<long long> budget_;
  std::vector<long long> dice_prefix_;  // dice_prefix_[k] = d_0 + ... + d_{k-1}
  std::size_t horizon_ = 0;             // no move is possible at or after this turn
  std::vector<long long> lone_piece_;   // horizon_ rows of squares_ values
  long long move_cost_ = 0;
};

}  // namespace boardsearch::yut
