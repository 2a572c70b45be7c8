#pragma once
// The marble escape engine: the fewest tilts that drop the red marble and not
// the blue one, and one line of tilts that does it, by breadth-first search
// over the marbles' resting cells (solver.cpp).

#include <cstddef>
#include <cstdint>
#include <optional>

#include "boardsearch/core/grid.hpp"
#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/marble/board.hpp"

namespace boardsearch::marble {

// The memory a solve may hold when the caller sets no budget: the slide stop
// tables, the visited set and the BFS layers together. About 45 million
// visited pairs (solver.cpp counts the bytes), far beyond any judge board
// (a 10 x 10 board has fewer than 64^2 pairs) and within a shared machine.
// core::SearchLimits has no memory field yet; when it gains one, a non-zero
// value there replaces this default (see memory_budget in solver.cpp).
inline constexpr std::size_t kDefaultMemoryBudgetBytes = std::size_t{1} << 30;

struct Solution {
  // value: the fewest tilts (nullopt: impossible within the limit, -1 at the
  // judge); line: one optimal sequence of tilts; stats.nodes: states
  // expanded. When a limit stopped the search, outcome says which and value
  // and line are empty.
  core::SearchResult<core::Direction, int> search;
  std::uint64_t states = 0;      // distinct resting pairs visited (the start included)
  std::size_t memory_bytes = 0;  // the most the search held at once (tables, visited set, layers)
};

// Solves `board` (parse_board invariants) with at most `max_tilts` tilts
// (nullopt: no limit, 15653; the judge's 13460 is 10). Preconditions:
// max_tilts >= 0 if set. Nodes are counted with core::SearchControl, one per
// expanded state, so limits.max_nodes, the deadline and cancellation apply.
// The search stops with Outcome::memory_limit before it would hold more than
// `memory_budget_bytes` (0: kDefaultMemoryBudgetBytes).
Solution solve(const Board& board, std::optional<int> max_tilts, const core::SearchLimits& limits,
               std::size_t memory_budget_bytes = 0);

}  // namespace boardsearch::marble
