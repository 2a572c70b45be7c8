#pragma once
// The marble escape engine: the fewest tilts that drop the red marble and not
// the blue one, and one line of tilts that does it, by a search over the
// marbles' resting cells (search.cpp picks among breadth_first.cpp, a_star.cpp
// and, after A*'s hand-over, beam.cpp with breadth-first).

#include <cstddef>
#include <cstdint>
#include <optional>

#include "boardsearch/core/grid.hpp"
#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/marble/rules.hpp"

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
                  // hands over to breadth_first past SolveOptions::hand_over_after pairs (bits_hand_over_after
                  // on the closed bits; pruned by a beam's line when one is found: SolveOptions::beam_width)
};

// A* expands this many pairs at most before breadth-first takes over (when
// breadth-first's visited set is dense on the board): past it the red
// marble's bound has proven weak on this board, and a dense breadth-first
// pair costs a fraction of an A* pair. One count per closed set of A*:
// with its 16-byte table (boards past about 109 x 109), tuned on 60 random
// boards of 150 to 300 a side outside the bench (docs/marble.md, "Hand-over");
inline constexpr std::uint64_t kAStarHandOverAfter = 125'000;
// with the closed bits (about 66 x 66 to 109 x 109), tuned on the 100 x 100
// bench boards (A* solves every one it can within 123 k pairs).
inline constexpr std::uint64_t kAStarBitsHandOverAfter = 500'000;

// Breadth-first's layers go parallel (limits.threads > 1, the dense visited
// set) only after the solve has expanded this many pairs on one thread, about
// 10 to 20 ms: a judge-size board (fewer than 64^2 pairs) never starts a
// thread, nor does any A* solve that does not hand over.
inline constexpr std::uint64_t kParallelAfter = 200'000;
// The pairs of one task of a parallel layer (about 0.3 ms of work): enough
// to pay for a task, small enough that two threads share a layer evenly.
inline constexpr std::size_t kParallelChunk = 4096;

// After A*'s hand-over, a beam search of this width looks for a line (each
// layer cut to the children of least pair bound) within this many expanded
// pairs; breadth-first then keeps only pairs that can lie on a shorter line.
// Tuned on the bench's 300 x 300 boards (docs/marble.md).
inline constexpr std::size_t kBeamWidth = 1000;
inline constexpr std::uint64_t kBeamMaxExpanded = 200'000;
// When that beam finds nothing, a wider one (the late beam) runs beside
// breadth-first once breadth-first has expanded kLateBeamAfter pairs (the
// board has shown itself big, so no impossible 100 x 100 board starts it),
// expanding at most kLateBeamPercent % of breadth-first's pairs past that
// and at most kLateBeamMaxExpanded in all; its line, once found, prunes the
// layers still to come. Tuned on the bench's 300 x 300, 30 % boards
// (docs/marble.md).
inline constexpr std::size_t kLateBeamWidth = 16'000;
inline constexpr std::uint64_t kLateBeamAfter = 2'000'000;
inline constexpr std::uint64_t kLateBeamPercent = 100;
inline constexpr std::uint64_t kLateBeamMaxExpanded = 4'000'000;

// A*'s closed set. by_size: the dense bits of the rest cells on boards
// where they are neither tiny nor big (about 66 x 66 to 109 x 109: every
// 100 x 100 board), the 16-byte table elsewhere (judge boards: a few hundred
// pairs, where a 2 MiB block of bits costs more than the search); bits:
// wherever they take at most that much (tests: the bits on judge boards);
// table: always the table.
enum class ClosedSet { by_size, bits, table };

struct SolveOptions {
  std::optional<int> max_tilts;  // nullopt: no limit (15653); the judge's 13460 is 10. >= 0 if set.
  Strategy strategy = Strategy::a_star;
  std::size_t memory_budget_bytes = 0;  // 0: SearchLimits::max_memory_bytes, else kDefaultMemoryBudgetBytes
  // breadth_first: the dense visited set (a bit per pair of rest cells)
  // when its bits fit; false: always the hash table (tests, benchmarks)
  bool dense_visited = true;
  // a_star: expanded pairs before breadth-first takes over (the search
  // starts again; the answer is the same, nodes and states count both),
  // with A*'s table and with its closed bits
  std::uint64_t hand_over_after = kAStarHandOverAfter;
  std::uint64_t bits_hand_over_after = kAStarBitsHandOverAfter;
  // breadth_first with the dense visited set and limits.threads > 1: the
  // nodes the solve runs on one thread before a layer may be split over
  // threads (the serial trial; 0: from the first layer with more than one
  // chunk, for the tests), and the pairs per task of a parallel layer
  std::uint64_t parallel_after = kParallelAfter;
  std::size_t parallel_chunk = kParallelChunk;
  // a_star: its closed set (a_star.cpp, ClosedBits or ClosedTable)
  ClosedSet a_star_closed = ClosedSet::by_size;
  // a_star, after the hand-over: the beam's width (0: no beam, plain
  // breadth-first) and the most pairs it expands
  std::size_t beam_width = kBeamWidth;
  std::uint64_t beam_max_expanded = kBeamMaxExpanded;
  // a_star, after the hand-over when that beam found nothing: the late
  // beam's width (0: none), breadth-first's pairs before it starts, its
  // share of breadth-first's pairs past those (percent) and the most pairs
  // it expands
  std::size_t late_beam_width = kLateBeamWidth;
  std::uint64_t late_beam_after = kLateBeamAfter;
  std::uint64_t late_beam_percent = kLateBeamPercent;
  std::uint64_t late_beam_max_expanded = kLateBeamMaxExpanded;
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
  std::size_t threads = 1;       // the threads that searched (stats.threads): > 1 once a layer went parallel
};

// Solves `board` (parse_board invariants). Nodes are counted with
// core::SearchControl, one per expanded pair, so limits.max_nodes, the
// deadline and cancellation apply; the search stops with
// Outcome::memory_limit before it would hold more than the budget.
// limits.threads > 1 lets breadth-first (alone or after A*'s hand-over)
// expand its layers on that many threads once the serial trial is over
// (SolveOptions::parallel_after); the answer is the same, the line one of
// the optimal ones; A* always runs on the calling thread (docs/marble.md,
// "Threads").
Solution solve(const Board& board, const SolveOptions& options, const core::SearchLimits& limits);

}  // namespace boardsearch::marble
