#include "games/yut/bound.hpp"

#include <algorithm>

namespace boardsearch::yut {

namespace {

// Longest path from every square to finish, in steps over red and blue
// arrows. The arrows make no loop (board invariant), so a memoized
// depth-first walk terminates; iterative because chains may be 255 long.
std::vector<long long> longest_steps_to_finish(const Board& board) {
  constexpr long long kUnknown = -1;
  std::vector<long long> steps(board.squares.size(), kUnknown);
  steps[board.finish] = 0;
  std::vector<int> stack;
  for (std::size_t root = 0; root < board.squares.size(); ++root) {
    stack.push_back(static_cast<int>(root));
    while (!stack.empty()) {
      const int square = stack.back();
      if (steps[square] != kUnknown) {
        stack.pop_back();
        continue;
      }
      const Square& here = board.squares[square];
      bool ready = true;
      long long longest = 0;
      for (int next : {here.red, here.blue}) {
        if (next == kNoSquare) continue;
        if (steps[next] == kUnknown) {
          stack.push_back(next);
          ready = false;
        } else {
          longest = std::max(longest, steps[next] + 1);
        }
      }
      if (ready) {
        steps[square] = longest;
        stack.pop_back();
      }
    }
  }
  return steps;
}

}  // namespace

FutureBound::FutureBound(const Board& board, const MoveTable& moves, std::span<const int> dice, int pieces)
    : board_(board), moves_(moves), dice_(dice), pieces_(pieces), squares_(board.squares.size()) {
  // Budgets (see the header, step 1).
  const std::vector<long long> longest = longest_steps_to_finish(board);
  const long long largest_face = board.faces.back();
  budget_.resize(squares_);
  for (std::size_t square = 0; square < squares_; ++square)
    budget_[square] = static_cast<int>(square) == board.finish ? 0 : longest[square] - 1 + largest_face;
  dice_prefix_.assign(dice.size() + 1, 0);
  for (std::size_t t = 0; t < dice.size(); ++t) dice_prefix_[t + 1] = dice_prefix_[t] + dice[t];

  // No game lasts beyond the moves the start position allows.
  horizon_ = static_cast<std::size_t>(moves_bound(0, budget_[board.start] * pieces));

  // The move cost c: ternary search for the smallest start bound over
  // [0, largest points] (beyond, every move only loses: c is no tighter).
  long long low = 0;
  long long high = 0;
  for (const Square& square : board.squares) high = std::max(high, square.points);
  while (high - low > 2) {
    const long long left = low + (high - low) / 3;
    const long long right = high - (high - low) / 3;
    if (fill_lone_piece(left) <= fill_lone_piece(right)) high = right;
    else low = left;
  }
  long long best_cost = low;
  long long best_bound = fill_lone_piece(low);
  for (long long cost = low + 1; cost <= high; ++cost) {
    const long long bound = fill_lone_piece(cost);
    if (bound < best_bound) best_bound = bound, best_cost = cost;
  }
  fill_lone_piece(best_cost);
}

long long FutureBound::moves_bound(std::size_t turn, long long budget) const {
  if (turn >= dice_.size()) return 0;
  // The largest n with d_turn + ... + d_{turn+n-1} <= budget.
  const auto first_over = std::upper_bound(dice_prefix_.begin() + static_cast<std::ptrdiff_t>(turn),
                                           dice_prefix_.end(), dice_prefix_[turn] + budget);
  return (first_over - dice_prefix_.begin()) - 1 - static_cast<long long>(turn);
}

long long FutureBound::fill_lone_piece(long long cost) {
  move_cost_ = cost;
  lone_piece_.assign((horizon_ + 1) * squares_, 0);  // row horizon_ stays 0
  for (std::size_t t = horizon_; t-- > 0;) {
    const long long* later = &lone_piece_[(t + 1) * squares_];
    long long* row = &lone_piece_[t * squares_];
    for (std::size_t square = 0; square < squares_; ++square) {
      if (static_cast<int>(square) == board_.finish) continue;
      const int to = moves_.destination(static_cast<int>(square), dice_[t]);
      row[square] = std::max(later[square], board_.squares[to].points - cost + later[to]);
    }
  }
  return pieces_ * lone_piece(board_.start, 0) + cost * moves_bound(0, budget_[board_.start] * pieces_);
}

}  // namespace boardsearch::yut
