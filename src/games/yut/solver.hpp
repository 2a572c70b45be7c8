#pragma once
// The dice yut engine: the maximum score of a known dice schedule, and a plan
// that reaches it, by dynamic programming over (turn, multiset of squares).

#include <cstddef>
#include <span>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/yut/board.hpp"

namespace boardsearch::yut {

// A position packs the squares of all pieces, one byte each, into a 64-bit
// key (solver.cpp), so at most 8 pieces. More would not be practical anyway:
// the number of positions grows like C(squares, pieces).
inline constexpr int kMaxPieces = 8;

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
// solver.cpp): wide enough to land on or near the optimum in practice, narrow
// enough to cost little. Any width >= 1 gives the same (exact) answer; tests
// use tiny widths so that the pruned exact pass runs on small inputs too.
inline constexpr std::size_t kDefaultBeamWidth = 256;

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
core::SearchResult<Move, long long> solve_schedule(const Board& board, std::span<const int> dice, int pieces,
                                                   const core::SearchLimits& limits,
                                                   std::size_t beam_width = kDefaultBeamWidth);

}  // namespace boardsearch::yut
