#pragma once
// The marble escape engine: the fewest tilts that drop the red marble and not
// the blue one, and one line of tilts that does it, by a search over the
// marbles' resting cells (solver.cpp): breadth-first, or A* with the red
// marble's bound (bound.cpp).

#include <cstddef>
#include <cstdint>
#include <optional>

#include "boardsearch/core/grid.hpp"
#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/marble/board.hpp"

namespace boardsearch::marble {

// The memory a solve may hold when the caller sets no budget (neither
// SolveOptions::memory_budget_bytes nor SearchLimits::max_memory_bytes): the
// slide stop tables, the bound, the visited set and the search's records
// together; about 30 million pairs, far beyond any judge board (a 10 x 10
// board has fewer than 64^2 pairs), and a safety cap for 1000 x 1000 boards,
// whose unlimited search would otherwise take the machine's memory.
inline constexpr std::size_t kDefaultMemoryBudgetBytes = std::size_t{1} << 30;

enum class Strategy {
  breadth_first,  // layer by layer; no bound, no pruning: the plainest exact engine
  a_star,         // best first on tilts + the red marble's bound; drops pairs red cannot escape from;
                  // hands over to breadth_first past SolveOptions::hand_over_after pairs
};

// A* expands this many pairs at most before breadth-first takes over (when
// breadth-first's visited set is dense on the board): past it the red
// marble's bound has proven weak on this board, and a dense breadth-first
// pair costs about a quarter of an A* pair. Measured on the benchmark boards
// (docs/marble.md): every A* solve that it helps needed 0.95 M pairs or
// more, every one it leaves alone 0.24 M or fewer.
inline constexpr std::uint64_t kAStarHandOverAfter = 500'000;

struct SolveOptions {
  std::optional<int> max_tilts;  // nullopt: no limit (15653); the judge's 13460 is 10. >= 0 if set.
  Strategy strategy = Strategy::a_star;
  std::size_t memory_budget_bytes = 0;  // 0: SearchLimits::max_memory_bytes, else kDefaultMemoryBudgetBytes
  // breadth_first: the dense visited set (a bit per pair of rest cells)
  // when its bits fit; false: always the hash table (tests, benchmarks)
  bool dense_visited = true;
  // a_star: expanded pairs before breadth-first takes over (the search
  // starts again; the answer is the same, nodes and states count both)
  std::uint64_t hand_over_after = kAStarHandOverAfter;
};

struct Solution {
  // value: the fewest tilts (nullopt: impossible within the limit, -1 at the
  // judge); line: one optimal sequence of tilts; stats.nodes: pairs
  // expanded. When a limit stopped the search, outcome says which (node,
  // time, cancelled, memory; depth_limit for an A* line beyond
  // detail::kMaxRecordedTilts) and value and line are empty.
  core::SearchResult<core::Direction, int> search;
  std::uint64_t states = 0;      // distinct resting pairs stored (the start included)
  std::size_t memory_bytes = 0;  // the most the search held at once (tables, bound, visited set, records)
};

// Solves `board` (parse_board invariants). Nodes are counted with
// core::SearchControl, one per expanded pair, so limits.max_nodes, the
// deadline and cancellation apply; the search stops with
// Outcome::memory_limit before it would hold more than the budget. The
// search runs on the calling thread whatever limits.threads allows
// (stats.threads is 1; docs/marble.md, "Threads", says why).
Solution solve(const Board& board, const SolveOptions& options, const core::SearchLimits& limits);

}  // namespace boardsearch::marble
