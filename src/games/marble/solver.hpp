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
                  // hands over to breadth_first past SolveOptions::hand_over_after pairs (bits_hand_over_after
                  // on the closed bits; pruned by a beam's line when one is found: SolveOptions::beam_width)
};

// A* expands this many pairs at most before breadth-first takes over (when
// breadth-first's visited set is dense on the board): past it the red
// marble's bound has proven weak on this board, and a dense breadth-first
// pair costs a fraction of an A* pair. Two counts, by A*'s closed set:
//  - kAStarHandOverAfter with its 16-byte table (every board past about
//    109 x 109, where a pair costs about 440 ns): on 24 random 300 x 300
//    boards outside the bench whose A* needs 250,000 pairs or more, the
//    solves took 4.96 s in all at 125,000 against 5.96 s at 500,000 (5.40 s
//    at 250,000; 2 threads, docs/marble.md, seventh round), and 2.21 s
//    against 2.51 s on 36 boards of 150 and 200 a side; the bench's two
//    hard 300 x 300 boards 750 and 393 ms against 823 and 483, while
//    300, 30 %, 3 (A* alone: 235 k pairs) goes from 33 to 70 ms;
//  - kAStarBitsHandOverAfter with the closed bits (about 66 x 66 to
//    109 x 109, about 50 ns a pair): every 100 x 100 bench board that A*
//    solves needs at most 123 k pairs, and those that hand over (no line)
//    would be visited whole by breadth-first anyway.
inline constexpr std::uint64_t kAStarHandOverAfter = 125'000;
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
// Measured on the benchmark boards (docs/marble.md): on 300 x 300, 15 %,
// board 4 (88 tilts) a width of 1,000 finds 90 tilts after 80 k pairs, and
// breadth-first pruned by it stores 21 M pairs instead of 58 M.
inline constexpr std::size_t kBeamWidth = 1000;
inline constexpr std::uint64_t kBeamMaxExpanded = 200'000;
// When that beam finds nothing, a wider one (the late beam) runs beside
// breadth-first once breadth-first has expanded kLateBeamAfter pairs (the
// board has shown itself big), expanding at most kLateBeamPercent % of
// breadth-first's pairs past that and at most kLateBeamMaxExpanded in all;
// its line, once found, prunes the layers still to come. Measured
// (docs/marble.md): on 300 x 300, 30 %, board 0 (200 tilts) a width of
// 16,000 finds 200 tilts after 2.5 M pairs, and the solve expands 9.7 M
// pairs instead of 18.0 M; boards with fewer pairs, such as every
// impossible 100 x 100 one (at most about 1.3 M), never start it.
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
  // a_star: its closed set (solver.cpp, a_star_on_bits)
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
