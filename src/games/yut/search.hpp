#pragma once
// The known-dice search: the maximum score of a known dice schedule, and a
// plan that reaches it, by dynamic programming over (turn, multiset of
// squares). How and why it is exact: search.cpp.

#include <cstddef>
#include <span>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut {

// One turn of the plan: piece `piece` (1-based, pieces are numbered in the
// order they leave start) moves from square `from` to square `to` (indices
// into Board::squares). The die value of turn t is the schedule's t-th value.
struct Move {
  int piece = 0;
  int from = 0;
  int to = 0;
  bool operator==(const Move&) const = default;
};

// Positions per layer kept by the heuristic first pass, which finds a good
// real game whose score lets the exact pass drop hopeless positions (see
// search.cpp): wide enough to land on or near the optimum in practice, narrow
// enough to cost little. Any width >= 1 gives the same (exact) answer; tests
// use tiny widths so that the pruned exact pass runs on small inputs too.
inline constexpr std::size_t kDefaultBeamWidth = 256;

// The exact pass expands a layer on several threads (SearchLimits::threads
// > 1) only when it holds at least this many positions: tuned on 8 pieces
// (such a layer is milliseconds of work, handing it to the threads tens of
// microseconds); the judge's schedules never start a thread.
inline constexpr std::size_t kParallelLayerPositions = 8192;
// Positions of a layer per task of the parallel expansion (tasks are taken
// by whichever thread is free, so uneven chunks even out).
inline constexpr std::size_t kParallelChunkPositions = 1024;

// What the layers expanded on threads needed (tests: the bound on the extra
// memory of the parallel layers below is stated in these).
struct ParallelFootprint {
  // The most positions of one layer expanded on threads (W).
  std::size_t widest_layer = 0;
  // The sum over the merge's 64 shards of the most children one shard
  // received from one layer (S; about the most children of one layer, since
  // the shards split every layer evenly by key hash).
  std::size_t shard_children = 0;
};

// How solve_schedule runs; the defaults are the product's, tests change them
// to reach every path on small inputs. No field changes the answer.
struct ScheduleTuning {
  // Positions per layer kept by the first pass (kDefaultBeamWidth above).
  std::size_t beam_width = kDefaultBeamWidth;
  // With limits.threads > 1: the exact pass expands layers of at least this
  // many positions on the threads (0: every layer), in chunks of
  // chunk_positions positions (at least 1).
  std::size_t parallel_layer = kParallelLayerPositions;
  std::size_t chunk_positions = kParallelChunkPositions;
  // Tests. budget: when set, the solve counts its memory on it instead of a
  // budget of limits.max_memory_bytes (its own limit applies), so that a
  // test can see that every byte counted was released by the end (whatever
  // the outcome). footprint: when set, receives what the layers on threads
  // needed (the largest over the solve's runs; unchanged if none ran).
  core::MemoryBudget* budget = nullptr;
  ParallelFootprint* footprint = nullptr;
};

// Solves one schedule. Preconditions: board valid (parse_board invariants),
// 1 <= pieces <= kMaxPieces, every die value is one of board.faces.
//
// Returns, when proven: value = the maximum total score, line = one optimal
// plan (one Move per turn played; shorter than `dice` when the game ends early
// because no piece can move). Nodes count positions expanded; memory_bytes
// the most bytes the layers and their index held at once. When a limit stops
// the search the outcome says which, and value and line are empty.
// limits.max_memory_bytes bounds those layers, checked before each allocation
// that grows them (outcome memory_limit rather than growing past it).
//
// Threads: limits.threads > 1 lets the exact pass expand its wide layers
// (tuning.parallel_layer) on that many threads; the answer, the node count
// and the set of positions of every layer are those of one thread (a plan
// may differ where several are optimal). SearchStats::threads says how many
// threads expanded a layer (1: none was wide enough). The parallel layers
// hold more memory than one thread, counted on the budget like the rest. On
// T threads in chunks of c positions (P pieces, W and S as in
// ParallelFootprint), at most this many bytes beyond one thread's peak (a
// buffer that must grow grows by half at least, hence the factors 1.5):
//   24 P c ceil(W / c)              every child of a layer before the merge;
//   24 P c T                        each thread's chunk as made;
//   1.5 x 308 ceil(W / c)           each chunk's shard counts, best end and
//                                   block of children;
//   1.5 x 24 S + 8 sum_s slots(n_s) the shards' entries and indexes, kept
//                                   from layer to layer, where n_s is the
//                                   most children shard s received from one
//                                   layer and slots(n) the smallest power of
//                                   two >= max(64, 2n) (so at most
//                                   68 S + 64 x 512 bytes).
// (The next layer itself is made to its exact size; one thread's may hold
// up to twice its positions.)
core::SearchResult<Move, long long> solve_schedule(const Board& board, std::span<const int> dice, int pieces,
                                                   const core::SearchLimits& limits, const ScheduleTuning& tuning);

// solve_schedule with the default tuning but `beam_width`.
inline core::SearchResult<Move, long long> solve_schedule(const Board& board, std::span<const int> dice, int pieces,
                                                          const core::SearchLimits& limits,
                                                          std::size_t beam_width = kDefaultBeamWidth) {
  return solve_schedule(board, dice, pieces, limits, ScheduleTuning{.beam_width = beam_width});
}

}  // namespace boardsearch::yut
