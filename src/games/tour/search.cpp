#include "games/tour/search.hpp"

#include <algorithm>
#include <utility>

#include "boardsearch/core/branch_and_bound.hpp"
#include "boardsearch/core/move_list.hpp"
#include "games/tour/board_analysis.hpp"
#include "games/tour/symmetry.hpp"

namespace boardsearch::tour {

namespace {

// The starts worth searching, best root bound first (likely short tours
// early make the shared incumbent prune more), and what bounds them all.
struct OrderedStarts {
  std::vector<std::pair<int, Cell>> ordered;  // (root bound, start)
  std::optional<int> best_possible;           // no tour beats it: the smallest root bound
  int empty_cells = 0;
};

// Step 1 of every search: the root bounds of the starts. `problem` ends at
// the root of the first start (one problem for every start: B&B returns it
// to its root, and restart_at moves the ball without recomputing the
// board's bookkeeping).
OrderedStarts order_starts(const BoardAnalysis& analysis, const std::vector<Cell>& starts, TourProblem& problem) {
  OrderedStarts result;
  result.empty_cells = analysis.empty_cells;
  result.ordered.reserve(starts.size());
  for (const Cell& start : starts) {
    problem.restart_at(start);
    result.ordered.emplace_back(problem.bound(), start);
  }
  std::stable_sort(result.ordered.begin(), result.ordered.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // No tour can beat the smallest root bound: stop as soon as one reaches it.
  if (!result.ordered.empty()) result.best_possible = std::min(result.ordered.front().first, kLost - 1);
  return result;
}

std::vector<Cell> starts_of(const Board& board, const BoardAnalysis& analysis, PruningOptions pruning) {
  return pruning.symmetry ? one_start_per_orbit(board, analysis.starts) : analysis.starts;
}

// A move of the whole search tree of a board for the parallel phase: at
// the root, the choice of a start cell; below, a step of the ball.
struct TreeMove {
  bool is_start = false;
  Cell start{};
  Move step{};
  friend bool operator==(const TreeMove& a, const TreeMove& b) {
    return a.is_start == b.is_start && a.start.row == b.start.row && a.start.col == b.start.col && a.step == b.step;
  }
};

// The search over every start at once, as one tree (what
// core::parallel_branch_and_bound_over splits among threads): the root
// places the ball (its children, the starts, are listed by the caller: a
// MoveBuffer could not hold them all), every node below is a TourProblem
// node. The root is no solution and its bound is the smallest root bound of
// the starts (admissible: every tour starts at one of them).
class TourTree {
 public:
  using Move = TreeMove;
  using Value = int;
  using MoveBuffer = core::MoveList<TreeMove, 4>;

  TourTree(const Board& board, Cell any_start, PruningOptions pruning, int root_bound)
      : problem_(board, any_start, pruning), root_bound_(root_bound) {}

  std::optional<int> solution_value() const { return placed_ ? problem_.solution_value() : std::nullopt; }
  int bound() const { return placed_ ? problem_.bound() : root_bound_; }
  // The steps from a placed ball (the root's starts come from the caller).
  void generate_moves(MoveBuffer& moves) const {
    if (!placed_) return;
    TourProblem::MoveBuffer steps;
    problem_.generate_moves(steps);
    for (const tour::Move& step : steps) moves.push_back(TreeMove{false, {}, step});
  }
  void apply(const TreeMove& move) {
    if (move.is_start) {
      problem_.restart_at(move.start);
      placed_ = true;
    } else {
      problem_.apply(move.step);
    }
  }
  void undo(const TreeMove& move) {
    if (move.is_start)
      placed_ = false;
    else
      problem_.undo(move.step);
  }
  // A TourProblem applies any legal step without generating first.
  void replay(const TreeMove& move) { apply(move); }

 private:
  TourProblem problem_;
  int root_bound_;
  bool placed_ = false;
};

// Step 2, serial: branch and bound from each start with one shared
// incumbent, counting on `counter` (one node budget for all starts). With
// no tour found yet the incumbent is the number of empty cells, which no
// tour reaches (each step visits at least one new cell), so lost positions
// (bound kLost) are pruned from the first node on. `search(problem,
// options)` runs one start's search and returns its result, or nullopt if
// it was abandoned (the trial's cap); the loop then stops and returns the
// index of that start (else the number of starts).
template <class SearchOne>
std::size_t search_starts(const OrderedStarts& starts, TourProblem& problem, TourResult& result,
                          std::optional<int>& best, TourProgress* progress, SearchOne&& search) {
  for (std::size_t i = 0; i < starts.ordered.size(); ++i) {
    const auto& [root_bound, start] = starts.ordered[i];
    if (root_bound >= best.value_or(starts.empty_cells)) continue;
    problem.restart_at(start);
    core::BranchAndBoundOptions<int> options;
    options.incumbent = best.value_or(starts.empty_cells);
    options.best_possible = starts.best_possible;
    if (progress != nullptr) options.on_improvement = [progress](int steps) { progress->set_best(steps); };
    std::optional<core::SearchResult<Move, int>> found = search(problem, options);
    if (!found) return i;
    if (found->value) {
      best = found->value;
      result.start = start;
      result.search.line = std::move(found->line);
    }
    if (!found->proven()) {
      result.search.outcome = found->outcome;
      return starts.ordered.size();
    }
    if (best && best == starts.best_possible) return starts.ordered.size();
  }
  return starts.ordered.size();
}

}  // namespace

TourResult solve_tour(const Board& board, core::SearchControl& control, PruningOptions pruning, TourProgress* progress,
                      TourThreads* threads) {
  TourResult result;
  if (progress != nullptr) progress->reset();
  const BoardAnalysis analysis = analyze_board(board);

  // Step 1. Root bounds: the problems for every start, best root bound first.
  if (analysis.starts.empty()) {
    result.search.stats = control.finish();
    return result;
  }
  const std::vector<Cell> starts = starts_of(board, analysis, pruning);
  TourProblem problem(board, starts.front(), pruning);
  const OrderedStarts ordered = order_starts(analysis, starts, problem);
  if (progress != nullptr) progress->set_bound(ordered.best_possible);

  // Step 2. One thread: the serial search over the starts, exactly.
  std::optional<int> best;
  if (threads == nullptr || threads->threads <= 1) {
    search_starts(ordered, problem, result, best, progress, [&](TourProblem& p, const auto& options) {
      return std::optional(core::branch_and_bound<core::Goal::minimize>(p, control, options));
    });
    result.search.value = best;
    result.search.stats = control.finish();
    return result;
  }

  // Step 3. Threads: the serial trial first, while threads->trial_left
  // lasts (each start's search capped at what is left).
  std::size_t next = 0;
  if (threads->trial_left > 0) {
    next = search_starts(ordered, problem, result, best, progress, [&](TourProblem& p, const auto& options) {
      const std::uint64_t before = control.stats().nodes;
      auto capped = core::branch_and_bound_capped<core::Goal::minimize>(p, control, options, threads->trial_left);
      const std::uint64_t used = control.stats().nodes - before;
      threads->trial_left -= std::min(used, threads->trial_left);
      // The trial keeps what it found before the cap: a tour it reached.
      if (!capped.finished) {
        if (capped.result.value) {
          best = capped.result.value;
          result.start = p.position().ball();
          result.search.line = std::move(capped.result.line);
        }
        return std::optional<core::SearchResult<Move, int>>();
      }
      return std::optional(std::move(capped.result));
    });
    if (next == ordered.ordered.size()) {
      result.search.value = best;
      result.search.stats = control.finish();
      return result;
    }
  }

  // Step 4. The starts left as one tree shared among the threads: the start
  // the trial stopped in and every later one that can still beat the best.
  std::vector<TreeMove> root_moves;
  for (std::size_t i = next; i < ordered.ordered.size(); ++i)
    if (ordered.ordered[i].first < best.value_or(ordered.empty_cells))
      root_moves.push_back(TreeMove{true, ordered.ordered[i].second, {}});
  if (root_moves.empty()) {
    result.search.value = best;
    result.search.stats = control.finish();
    return result;
  }
  core::BranchAndBoundOptions<int> options;
  options.incumbent = best.value_or(ordered.empty_cells);
  options.best_possible = ordered.best_possible;
  if (progress != nullptr) options.on_improvement = [progress](int steps) { progress->set_best(steps); };
  core::ParallelOptions parallel;
  parallel.threads = threads->threads;
  parallel.split_depth = threads->split_depth + 1;  // the start is the first move of a tree line
  const int root_bound = ordered.best_possible.value_or(kLost - 1);
  const auto found = core::parallel_branch_and_bound_over<core::Goal::minimize, TourTree>(
      root_moves, control, options, parallel,
      [&](std::size_t) { return TourTree(board, starts.front(), pruning, root_bound); });
  if (found.value && !found.line.empty()) {
    best = found.value;
    result.start = found.line.front().start;
    result.search.line.clear();
    for (std::size_t i = 1; i < found.line.size(); ++i) result.search.line.push_back(found.line[i].step);
  }
  result.search.outcome = found.outcome;
  result.search.value = best;
  result.search.stats = found.stats;
  return result;
}

TourResult solve_tour(const Board& board, core::SearchControl::Worker& worker, PruningOptions pruning) {
  TourResult result;
  const BoardAnalysis analysis = analyze_board(board);
  if (analysis.starts.empty()) return result;
  const std::vector<Cell> starts = starts_of(board, analysis, pruning);
  TourProblem problem(board, starts.front(), pruning);
  const OrderedStarts ordered = order_starts(analysis, starts, problem);
  // Counts this board's nodes on the way to the Worker.
  struct Counter {
    core::SearchControl::Worker& worker;
    std::uint64_t nodes = 0;
    void visit() {
      ++nodes;
      worker.visit();
    }
  } counter{worker};
  std::optional<int> best;
  search_starts(ordered, problem, result, best, nullptr, [&](TourProblem& p, const auto& options) {
    return std::optional(core::branch_and_bound_counted<core::Goal::minimize>(p, counter, options));
  });
  result.search.value = best;
  result.search.stats.nodes = counter.nodes;
  return result;
}

TourResult solve_tour(const Board& board, const core::SearchLimits& limits, PruningOptions pruning) {
  core::SearchControl control(limits);
  return solve_tour(board, control, pruning);
}

}  // namespace boardsearch::tour
