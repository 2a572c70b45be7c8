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

// Subgradient settings. The start's costs get the longer refinement (from a
// uniform cost); each later checkpoint starts from the previous checkpoint's
// costs, which are already close, so a shorter one suffices (docs/yut.md,
// "Tuned constants").
constexpr int kStartIterations = 100;
constexpr double kStartStepShrink = 0.98;
constexpr int kCheckpointIterations = 50;
constexpr double kCheckpointStepShrink = 0.94;
// Largest cost-of-budget table (entries of 8 bytes): beyond it, future()
// searches the dice prefix sums instead.
constexpr std::size_t kMaxTableEntries = std::size_t{1} << 21;
// Turns between checkpoints, at least; more when the work cap needs it.
constexpr std::size_t kMinSpacing = 4;
// Cap on the tuning work of the start, and again of all later checkpoints
// together, in (turn, square) steps of use_costs: a few milliseconds each.
constexpr long long kMaxWork = 20'000'000;

}  // namespace

FutureBound::FutureBound(const Board& board, const MoveTable& moves, std::span<const int> dice, int pieces,
                         core::MemoryBudget* budget)
    : board_(board), moves_(moves), dice_(dice), pieces_(pieces), squares_(board.squares.size()), memory_(budget) {
  // Budgets (see the header, step 1). Per-square tables are at most
  // kMaxSquares entries (fixed bookkeeping); per-turn ones are counted.
  const std::vector<long long> longest = longest_steps_to_finish(board);
  const long long largest_face = board.faces.back();
  budget_.resize(squares_);
  zeros_.assign(squares_, 0);
  for (std::size_t square = 0; square < squares_; ++square)
    budget_[square] = static_cast<int>(square) == board.finish ? 0 : longest[square] - 1 + largest_face;
  const std::uint64_t prefix_bytes = (dice.size() + 1) * sizeof(long long);
  count_bytes(prefix_bytes);
  dice_prefix_.assign(dice.size() + 1, 0);
  for (std::size_t t = 0; t < dice.size(); ++t) dice_prefix_[t + 1] = dice_prefix_[t] + dice[t];

  // No game lasts beyond the moves the start position allows.
  horizon_ = static_cast<std::size_t>(moves_bound(0, budget_[board.start] * pieces));
  max_budget_ =
      static_cast<std::size_t>(*std::max_element(budget_.begin(), budget_.end())) * static_cast<std::size_t>(pieces_);
  // Everything the start's tuning holds at once: segment 0, the cost table,
  // and the temporaries of the ternary search and refine_costs.
  count_bytes(prefix_bytes + segment_bytes(0) + cost_table_entries() * sizeof(long long) + temporary_bytes());

  // The start (segment 0): one cost for all turns, ternary search over
  // [0, largest points] (a higher cost only makes every move lose: no
  // tighter), then the subgradient refinement.
  const std::vector<int> start_position(pieces, board.start);
  spacing_ = std::max<std::size_t>(horizon_, 1);  // one segment covers every turn
  segments_.resize(1);
  Segment& start = segments_[0];
  auto uniform = [&](long long cost) {
    use_costs(start, std::vector<long long>(horizon_, cost));
    return bound_at(start, start_position);
  };
  long long low = 0;
  long long high = 0;
  for (const Square& square : board.squares) high = std::max(high, square.points);
  while (high - low > 2) {
    const long long left = low + (high - low) / 3;
    const long long right = high - (high - low) / 3;
    if (uniform(left) <= uniform(right))
      high = right;
    else
      low = left;
  }
  long long best_cost = low;
  for (long long cost = low + 1; cost <= high; ++cost)
    if (uniform(cost) < uniform(best_cost)) best_cost = cost;
  uniform(best_cost);
  const int start_iterations = static_cast<int>(std::min<long long>(kStartIterations, kMaxWork / work_per_step()));
  first_step_ = std::max(1.0, static_cast<double>(best_cost) / 4);
  refine_costs(start, start_position, start_iterations, first_step_, kStartStepShrink);
  tabulate_costs_of_budgets();
}

FutureBound::~FutureBound() {
  if (memory_ != nullptr) memory_->release(counted_bytes_);
}

void FutureBound::count_bytes(std::uint64_t bytes) {
  if (memory_ == nullptr) return;
  if (bytes > counted_bytes_) memory_->allocate(bytes - counted_bytes_);
  if (bytes < counted_bytes_) memory_->release(counted_bytes_ - bytes);
  counted_bytes_ = bytes;
}

std::uint64_t FutureBound::segment_bytes(std::size_t first_turn) const {
  const std::size_t rows = horizon_ >= first_turn ? horizon_ - first_turn + 1 : 1;
  return (horizon_ + (horizon_ + 1) + rows * squares_) * sizeof(long long);
}

std::uint64_t FutureBound::temporary_bytes() const {
  // A cost vector of the ternary search, refine_costs' two cost vectors
  // and its use counts.
  return horizon_ * (3 * sizeof(long long) + sizeof(int));
}

std::size_t FutureBound::cost_table_entries() const {
  const std::size_t stride = max_budget_ + 1;
  if (horizon_ == 0 || stride > kMaxTableEntries / horizon_) return 0;
  return horizon_ * stride;
}

void FutureBound::tabulate_costs_of_budgets() {
  std::vector<long long>().swap(cost_of_budget_);  // freed before the new table (counted once)
  const std::size_t stride = max_budget_ + 1;
  if (cost_table_entries() == 0) return;
  std::vector<long long> table(horizon_ * stride);
  for (std::size_t turn = 0; turn < horizon_; ++turn)
    for (std::size_t budget = 0; budget < stride; ++budget)
      table[turn * stride + budget] = cost_sum(turn, moves_bound(turn, static_cast<long long>(budget)));
  cost_of_budget_ = std::move(table);
}

void FutureBound::tune_along(std::span<const std::vector<int>> guide) {
  // Checkpoints: every `spacing` turns of the guide while it lasts and moves
  // remain possible, as many as the work cap affords (none: one segment).
  segments_.resize(1);
  spacing_ = std::max<std::size_t>(horizon_, 1);
  const auto affordable = static_cast<std::size_t>(kMaxWork / (kCheckpointIterations * work_per_step()));
  const std::size_t guide_turns = std::min(horizon_, guide.empty() ? 0 : guide.size() - 1);
  const std::size_t spacing = affordable == 0 ? 0 : std::max(kMinSpacing, (guide_turns + affordable - 1) / affordable);
  const std::size_t checkpoints = spacing == 0 ? 0 : guide_turns / spacing;
  if (checkpoints > 0) spacing_ = spacing;
  // Counted before the checkpoints' tables are made (the earlier ones are
  // gone with segments_.resize(1)).
  std::uint64_t bytes = (dice_.size() + 1) * sizeof(long long) + segment_bytes(0) +
                        cost_table_entries() * sizeof(long long) + temporary_bytes();
  for (std::size_t k = 1; k <= checkpoints; ++k) bytes += segment_bytes(k * spacing_);
  count_bytes(bytes);
  // Each from the previous one's costs.
  for (std::size_t k = 1; k <= checkpoints; ++k) {
    Segment segment;
    segment.first_turn = k * spacing_;
    use_costs(segment, segments_.back().costs);
    refine_costs(segment, guide[segment.first_turn], kCheckpointIterations, first_step_, kCheckpointStepShrink);
    segments_.push_back(std::move(segment));
  }
  tabulate_costs_of_budgets();
}

void FutureBound::refine_costs(Segment& segment, std::span<const int> position, int iterations, double step,
                               double step_shrink) const {
  std::vector<long long> costs = segment.costs;
  std::vector<long long> best_costs = costs;
  long long best_bound = bound_at(segment, position);
  const std::size_t first = segment.first_turn;
  long long budget_sum = 0;
  for (const int square : position) budget_sum += budget_[square];
  const std::size_t counted_end = first + static_cast<std::size_t>(moves_bound(first, budget_sum));
  std::vector<int> used(horizon_);
  for (int iteration = 0; iteration < iterations; ++iteration) {
    // Each piece's lone best plan from its square: which dice it uses.
    std::fill(used.begin(), used.end(), 0);
    for (const int square : position) {
      int at = square;
      for (std::size_t t = first; t < horizon_ && at != board_.finish; ++t) {
        const long long* row = &segment.lone_piece[(t - first) * squares_];
        if (row[at] == row[squares_ + at]) continue;  // skipping is as good
        ++used[t];
        at = moves_.destination(at, dice_[t]);
      }
    }
    // Subgradient of the bound in c_t: [t counted] - used[t]; step against
    // it and project onto costs >= 0.
    const auto delta = std::max<long long>(1, static_cast<long long>(step));
    for (std::size_t t = first; t < horizon_; ++t) {
      const long long gradient = (t < counted_end ? 1 : 0) - used[t];
      costs[t] = std::max<long long>(0, costs[t] - delta * gradient);
    }
    use_costs(segment, costs);
    const long long bound = bound_at(segment, position);
    if (bound < best_bound) best_bound = bound, best_costs = costs;
    step *= step_shrink;
  }
  use_costs(segment, best_costs);
}

long long FutureBound::bound_at(const Segment& segment, std::span<const int> position) const {
  const std::size_t first = segment.first_turn;
  long long lone_piece_sum = 0, budget_sum = 0;
  for (const int square : position) {
    lone_piece_sum += first < horizon_ ? segment.lone_piece[square] : 0;
    budget_sum += budget_[square];
  }
  const std::size_t end = std::min(horizon_, first + static_cast<std::size_t>(moves_bound(first, budget_sum)));
  return lone_piece_sum + (first < end ? segment.cost_prefix[end] - segment.cost_prefix[first] : 0);
}

FutureBound::AtTurn FutureBound::at(std::size_t turn) const {
  AtTurn view;
  view.bound_ = this;
  view.turn_ = turn;
  if (turn >= horizon_) {
    view.lone_piece_row_ = zeros_.data();
    return view;  // future() falls back to cost_sum, which is 0 there
  }
  const Segment& segment = segment_of(turn);
  view.lone_piece_row_ = &segment.lone_piece[(turn - segment.first_turn) * squares_];
  if (!cost_of_budget_.empty()) view.cost_of_budget_row_ = &cost_of_budget_[turn * (max_budget_ + 1)];
  return view;
}

long long FutureBound::start_bound() const { return bound_at(segments_[0], std::vector<int>(pieces_, board_.start)); }

long long FutureBound::moves_bound(std::size_t turn, long long budget) const {
  if (turn >= dice_.size()) return 0;
  // The largest n with d_turn + ... + d_{turn+n-1} <= budget.
  const auto first_over = std::upper_bound(dice_prefix_.begin() + static_cast<std::ptrdiff_t>(turn), dice_prefix_.end(),
                                           dice_prefix_[turn] + budget);
  return (first_over - dice_prefix_.begin()) - 1 - static_cast<long long>(turn);
}

void FutureBound::use_costs(Segment& segment, const std::vector<long long>& costs) const {
  const std::size_t first = segment.first_turn;
  segment.costs = costs;
  segment.cost_prefix.resize(horizon_ + 1);
  std::fill_n(segment.cost_prefix.begin(), std::min(first + 1, horizon_ + 1), 0);
  for (std::size_t t = first; t < horizon_; ++t) segment.cost_prefix[t + 1] = segment.cost_prefix[t] + costs[t];
  // Rows first .. horizon_; every entry is written below (no clearing pass:
  // this runs once per subgradient step).
  const std::size_t rows = horizon_ >= first ? horizon_ - first + 1 : 1;
  segment.lone_piece.resize(rows * squares_);
  long long* horizon_row = &segment.lone_piece[(rows - 1) * squares_];
  std::fill_n(horizon_row, squares_, 0);
  for (std::size_t t = horizon_; t-- > first;) {
    const long long* later = &segment.lone_piece[(t + 1 - first) * squares_];
    long long* row = &segment.lone_piece[(t - first) * squares_];
    for (std::size_t square = 0; square < squares_; ++square) {
      if (static_cast<int>(square) == board_.finish) {
        row[square] = 0;
        continue;
      }
      const int to = moves_.destination(static_cast<int>(square), dice_[t]);
      row[square] = std::max(later[square], board_.squares[to].points - costs[t] + later[to]);
    }
  }
}

}  // namespace boardsearch::yut
