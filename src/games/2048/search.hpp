#pragma once
// The exact search: largest tile reachable within K moves, with an optimal
// line. Depth-first branch and bound (core::branch_and_bound) over the rules
// in rules.hpp, pruned by the admissible bounds of bound.hpp and by an exact
// table of boards already entered (table.hpp).

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

// Memory the table of entered boards may use by default: about 160,000
// 20 x 20 boards (400 cells, a count and two slots each). A full table
// stops taking boards, which costs skips, never correctness. Tuned on the
// dense 20 x 20 bench boards (what larger tables save: docs/2048.md, "Current figures").
inline constexpr std::size_t kDefaultTableBytes = std::size_t{64} << 20;

// Deepest line the search follows (it recurses once per move). Larger K is
// accepted, but a line that would go deeper is cut there instead of risking
// the stack, and the search reports Outcome::depth_limit.
inline constexpr long long kMaxSearchDepth = 20000;

// What a running maximize_tile has established, for a progress line: the
// answer lies in [best_exponent, root_bound]. The search writes it (at the
// start, then only when a line reaches a larger tile, never per node); any
// thread may read it while the search runs, e.g. from
// SearchLimits::on_progress. Exponents, as everywhere in the search.
struct MaxTileProgress {
  std::atomic<int> best_exponent{0};          // the largest tile a line found so far reaches
  std::atomic<int> root_bound{kMaxExponent};  // the root's admissible bound: no line of K moves does better
};

// The serial trial before threads start (core::parallel_branch_and_bound):
// about this many cell visits, i.e. kTrialCellNodes / cells nodes (a node
// slides every cell four times), at least kMinTrialNodes. Tuned on the
// lone-1024 20 x 20 boards at K = 10: a judge-size case starts no thread.
inline constexpr std::uint64_t kTrialCellNodes = 400'000;
inline constexpr std::uint64_t kMinTrialNodes = 16;
// Nodes this close to the root share their children among the threads.
inline constexpr std::size_t kSplitDepth = 5;

// Children with kLookaheadFrom..kLookaheadTo moves left are also judged
// one move further (lookahead_can_build). Tuned on the dense 20 x 20 bench
// boards at K = 10 and 12 (docs/2048.md, "Tuned constants").
inline constexpr long long kLookaheadFrom = 2;
inline constexpr long long kLookaheadTo = 5;

struct SearchOptions {
  bool use_bounds = true;       // ancestry bound (else only the trivial bound)
  bool use_seen_boards = true;  // skip boards entered before with >= moves left
  std::size_t table_bytes = kDefaultTableBytes;
  long long max_depth = kMaxSearchDepth;  // tests lower it to reach the cut
  MaxTileProgress* progress = nullptr;    // if set, kept up to date (see above)
  // Search threads (SearchLimits::threads; 1: the serial search). With more,
  // the table budget is split evenly among the threads' tables.
  std::size_t threads = 1;
  // Nodes of the serial trial before threads start; nullopt: from the board
  // (kTrialCellNodes above); 0: threads at once (tests force small boards
  // onto the parallel path with it).
  std::optional<std::uint64_t> trial_nodes;
  std::size_t split_depth = kSplitDepth;
  // A child with this many moves left, from lookahead_from to lookahead_to,
  // must also pass lookahead_can_build (bound.hpp) at the target the
  // search needs (the best so far + 1); lookahead_to < lookahead_from: never.
  // Only speed depends on these (the test is admissible).
  long long lookahead_from = kLookaheadFrom;
  long long lookahead_to = kLookaheadTo;
};

struct MaxTileResult {
  // value: exponent of the largest reachable tile; line: the moves reaching
  // it (at most K, fewer when fewer suffice: no wasted moves).
  // search.outcome is Outcome::depth_limit if a line was cut at
  // kMaxSearchDepth and no other limit stopped the search first.
  core::SearchResult<Direction, int> search;
  std::size_t seen_boards = 0;  // boards in the table at the end (summed over the threads' tables)
  // The admissible bound at the root (exponent): no line of K moves makes a
  // larger tile. With search.value it brackets the answer of a search that a
  // limit stopped.
  int root_bound = 0;
};

// Solves: the largest tile after at most `moves` moves from `start`, under
// the caller's control: every search of one solve draws on its one node
// budget, deadline and cancel flag, and search.stats are the control's
// (cumulative over the searches that shared it). A limit stops the search at
// the node that crosses it, so a budget of N nodes stops after N + 1 (with
// threads, within the Workers' slack, core/limits.hpp). options.threads > 1:
// a serial trial, then, if the trial did not finish, the tree split among
// the threads (core::parallel_branch_and_bound); search.stats.threads says
// how many searched. The value never depends on the thread count.
// Preconditions: moves >= 0; the board has a tile; its sum fits in 64 bits.
MaxTileResult maximize_tile(const Board& start, long long moves, core::SearchControl& control,
                            const SearchOptions& options = {});

// The same with a control of its own, built once from `limits`.
MaxTileResult maximize_tile(const Board& start, long long moves, const core::SearchLimits& limits = {},
                            const SearchOptions& options = {});

}  // namespace boardsearch::game2048
