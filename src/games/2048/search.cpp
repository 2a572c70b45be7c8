#include "games/2048/search.hpp"

#include <atomic>

#include "boardsearch/core/branch_and_bound.hpp"
#include "games/2048/problem.hpp"

namespace boardsearch::game2048 {

MaxTileResult maximize_tile(const Board& start, long long moves, core::SearchControl& control,
                            const SearchOptions& options) {
  MaxTileProblem problem(start, moves, options);
  core::BranchAndBoundOptions<int> bnb_options;
  // Stop as soon as a line reaches the root bound: nothing can beat it.
  bnb_options.best_possible = problem.bound();
  if (options.progress != nullptr) {
    // The root is the first line found (zero moves); the core reports each
    // better one as it finds it.
    options.progress->root_bound.store(problem.bound(), std::memory_order_relaxed);
    options.progress->best_exponent.store(start.max_exponent(), std::memory_order_relaxed);
    bnb_options.on_improvement = [progress = options.progress](const int& exponent) {
      progress->best_exponent.store(exponent, std::memory_order_relaxed);
    };
  }
  MaxTileResult result;
  result.search = core::branch_and_bound<core::Goal::maximize>(problem, control, bnb_options);
  // A cut line leaves the value unproven; a node or time limit that also
  // struck is reported first (it stopped the search, the cut only narrowed it).
  if (problem.depth_limited() && result.search.proven()) result.search.outcome = core::Outcome::depth_limit;
  result.seen_boards = problem.seen_boards();
  result.root_bound = *bnb_options.best_possible;
  return result;
}

MaxTileResult maximize_tile(const Board& start, long long moves, const core::SearchLimits& limits,
                            const SearchOptions& options) {
  core::SearchControl control(limits);
  return maximize_tile(start, moves, control, options);
}

}  // namespace boardsearch::game2048
