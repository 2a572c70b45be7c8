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

  // One cost for all turns: ternary search over [0, largest points] (a
  // higher cost only makes every move lose: no tighter).
  auto uniform = [this](long long cost) { return use_costs(std::vector<long long>(horizon_, cost)); };
  long long low = 0;
  long long high = 0;
  for (const Square& square : board.squares) high = std::max(high, square.points);
  while (high - low > 2) {
    const long long left = low + (high - low) / 3;
    const long long right = high - (high - low) / 3;
    if (uniform(left) <= uniform(right)) high = right;
    else low = left;
  }
  long long best_cost = low;
  for (long long cost = low + 1; cost <= high; ++cost)
    if (uniform(cost) < uniform(best_cost)) best_cost = cost;
  uniform(best_cost);
  refine_costs();
}

void FutureBound::refine_costs() {
  // Work cap: the refinement costs iterations x horizon x squares steps.
  constexpr long long kMaxWork = 20'000'000;
  constexpr int kMaxIterations = 400;
  const long long per_iteration = static_cast<long long>(horizon_ + 1) * static_cast<long long>(squares_);
  const int iterations = static_cast<int>(std::min<long long>(kMaxIterations, kMaxWork / per_iteration));
  std::vector<long long> costs = costs_;
  std::vector<long long> best_costs = costs_;
  long long best_bound = start_bound();
  // Step size: starts at a quarter of the uniform cost, shrinks geometrically.
  double step = std::max(1.0, static_cast<double>(costs.empty() ? 0 : costs[0]) / 4);
  constexpr double kStepShrink = 0.98;
  std::vector<char> used(horizon_);
  for (int iteration = 0; iteration < iterations; ++iteration) {
    // The lone piece's best plan from start at turn 0 (all pieces share it).
    std::fill(used.begin(), used.end(), 0);
    int at = board_.start;
    for (std::size_t t = 0; t < horizon_ && at != board_.finish; ++t) {
      if (lone_piece(at, t) == lone_piece(at, t + 1)) continue;  // skipping is as good
      used[t] = 1;
      at = moves_.destination(at, dice_[t]);
    }
    // Subgradient of the start bound in c_t: 1 - pieces * used[t]; step
    // against it and project onto costs >= 0.
    const auto delta = std::max<long long>(1, static_cast<long long>(step));
    for (std::size_t t = 0; t < horizon_; ++t)
      costs[t] = used[t] ? costs[t] + delta * (pieces_ - 1) : std::max<long long>(0, costs[t] - delta);
    const long long bound = use_costs(costs);
    if (bound < best_bound) best_bound = bound, best_costs = costs;
    step *= kStepShrink;
  }
  use_costs(best_costs);
}

long long FutureBound::start_bound() const {
  const long long start_budget = budget_[board_.start] * pieces_;
  return pieces_ * lone_piece(board_.start, 0) + cost_sum(0, moves_bound(0, start_budget));
}

long long FutureBound::moves_bound(std::size_t turn, long long budget) const {
  if (turn >= dice_.size()) return 0;
  // The largest n with d_turn + ... + d_{turn+n-1} <= budget.
  const auto first_over = std::upper_bound(dice_prefix_.begin() + static_cast<std::ptrdiff_t>(turn),
                                           dice_prefix_.end(), dice_prefix_[turn] + budget);
  return (first_over - dice_prefix_.begin()) - 1 - static_cast<long long>(turn);
}

long long FutureBound::use_costs(const std::vector<long long>& costs) {
  costs_ = costs;
  cost_prefix_.assign(horizon_ + 1, 0);
  for (std::size_t t = 0; t < horizon_; ++t) cost_prefix_[t + 1] = cost_prefix_[t] + costs_[t];
  lone_piece_.assign((horizon_ + 1) * squares_, 0);  // row horizon_ stays 0
  for (std::size_t t = horizon_; t-- > 0;) {
    const long long* later = &lone_piece_[(t + 1) * squares_];
    long long* row = &lone_piece_[t * squares_];
    for (std::size_t square = 0; square < squares_; ++square) {
      if (static_cast<int>(square) == board_.finish) continue;
      const int to = moves_.destination(static_cast<int>(square), dice_[t]);
      row[square] = std::max(later[square], board_.squares[to].points - costs_[t] + later[to]);
    }
  }
  return start_bound();
}

}  // namespace boardsearch::yut
