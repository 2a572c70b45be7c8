#include "games/2048/search.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "boardsearch/core/branch_and_bound.hpp"
#include "games/2048/problem.hpp"

namespace boardsearch::game2048 {

MaxTileResult maximize_tile(const Board& start, long long moves, core::SearchControl& control,
                            const SearchOptions& options) {
  // Step 1. The root and its bound: stop as soon as a line reaches the root
  // bound, nothing can beat it.
  MaxTileProblem problem(start, moves, options);
  core::BranchAndBoundOptions<int> bnb_options;
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
  bool depth_limited = false;
  std::size_t seen_boards = 0;
  if (options.threads <= 1) {
    // Step 2a. One thread: the serial branch and bound.
    result.search = core::branch_and_bound<core::Goal::maximize>(problem, control, bnb_options);
    depth_limited = problem.depth_limited();
    seen_boards = problem.seen_boards();
  } else {
    // Step 2b. Threads: a serial trial, then the tree split among them.
    // Each thread has a table of its own (no lock on the hot path), with an
    // even share of the budget, so the tables together stay within it. The
    // first thread takes the trial's table, less the boards the trial left
    // unfinished (abandon_trial, proof at "Threads" in problem.hpp), when it
    // fits that share; else it is dropped. Either way it is gone from the
    // trial before the other tables are made (the core makes the threads'
    // problems in order, from 0), so the trial and the threads never hold
    // more than the budget.
    SearchOptions per_thread = options;
    per_thread.table_bytes = options.table_bytes / options.threads;
    core::ParallelOptions parallel;
    parallel.threads = options.threads;
    const std::uint64_t cells = std::max<std::uint64_t>(start.cells().size(), 1);
    parallel.trial_nodes = options.trial_nodes.value_or(std::max(kMinTrialNodes, kTrialCellNodes / cells));
    parallel.split_depth = options.split_depth;
    result.search = core::parallel_branch_and_bound<core::Goal::maximize>(
        problem, control, bnb_options, parallel,
        [&](std::size_t thread) {
          MaxTileProblem thread_problem(start, moves, per_thread);
          if (thread == 0) thread_problem.adopt_trial_table(problem);
          return thread_problem;
        },
        [&](const MaxTileProblem& thread_problem) {
          depth_limited = depth_limited || thread_problem.depth_limited();
          seen_boards += thread_problem.seen_boards();
        });
    // The trial's cut counts too (a finished trial is the whole search).
    depth_limited = depth_limited || problem.depth_limited();
    if (result.search.stats.threads == 1) seen_boards = problem.seen_boards();
  }
  // Step 3. The outcome. A cut line leaves the value unproven; a node or
  // time limit that also struck is reported first (it stopped the search,
  // the cut only narrowed it).
  if (depth_limited && result.search.proven()) result.search.outcome = core::Outcome::depth_limit;
  result.seen_boards = seen_boards;
  result.root_bound = *bnb_options.best_possible;
  return result;
}

MaxTileResult maximize_tile(const Board& start, long long moves, const core::SearchLimits& limits,
                            const SearchOptions& options) {
  core::SearchControl control(limits);
  return maximize_tile(start, moves, control, options);
}

}  // namespace boardsearch::game2048
