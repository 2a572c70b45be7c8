#include "games/tour/search.hpp"

#include <algorithm>
#include <utility>

#include "boardsearch/core/branch_and_bound.hpp"
#include "games/tour/board_analysis.hpp"
#include "games/tour/problem.hpp"
#include "games/tour/symmetry.hpp"

namespace boardsearch::tour {

TourResult solve_tour(const Board& board, core::SearchControl& control, PruningOptions pruning,
                      TourProgress* progress) {
  TourResult result;
  if (progress != nullptr) *progress = {};
  const BoardAnalysis analysis = analyze_board(board);

  // Step 1. Root bounds: the problems for every start, best root bound first
  // (likely short tours early make the shared incumbent prune more).
  std::vector<std::pair<int, Cell>> ordered;
  if (analysis.starts.empty()) {
    result.search.stats = control.finish();
    return result;
  }
  // One problem for every start: B&B returns it to its root, and restart_at
  // moves the ball without recomputing the board's bookkeeping.
  const std::vector<Cell> starts = pruning.symmetry ? one_start_per_orbit(board, analysis.starts) : analysis.starts;
  TourProblem problem(board, starts.front(), pruning);
  ordered.reserve(starts.size());
  for (const Cell& start : starts) {
    problem.restart_at(start);
    ordered.emplace_back(problem.bound(), start);
  }
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  // No tour can beat the smallest root bound: stop as soon as one reaches it.
  const std::optional<int> best_possible =
      ordered.empty() ? std::nullopt : std::optional<int>(std::min(ordered.front().first, kLost - 1));
  if (progress != nullptr) progress->bound = best_possible;

  // Step 2. Branch and bound from each start with one shared incumbent, and
  // one shared control (one node budget for all starts). With
  // no tour found yet the incumbent is the number of empty cells, which no
  // tour reaches (each step visits at least one new cell), so lost positions
  // (bound kLost) are pruned from the first node on.
  std::optional<int> best;
  for (const auto& [root_bound, start] : ordered) {
    if (root_bound >= best.value_or(analysis.empty_cells)) continue;
    problem.restart_at(start);
    core::BranchAndBoundOptions<int> options;
    options.incumbent = best.value_or(analysis.empty_cells);
    options.best_possible = best_possible;
    if (progress != nullptr) options.on_improvement = [progress](int steps) { progress->best = steps; };
    auto found = core::branch_and_bound<core::Goal::minimize>(problem, control, options);
    if (found.value) {
      best = found.value;
      result.start = start;
      result.search.line = std::move(found.line);
    }
    if (!found.proven()) {
      result.search.outcome = found.outcome;
      break;
    }
    if (best && best == best_possible) break;
  }
  result.search.value = best;
  result.search.stats = control.finish();
  return result;
}

TourResult solve_tour(const Board& board, const core::SearchLimits& limits, PruningOptions pruning) {
  core::SearchControl control(limits);
  return solve_tour(board, control, pruning);
}

}  // namespace boardsearch::tour
