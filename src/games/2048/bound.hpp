#pragma once
// Admissible upper bounds on the largest tile reachable from a board within
// r more moves, as exponents. Each is proven where it is defined
// (bound.cpp); the search uses the tightest, `upper_bound_exponent`, whose
// proof covers the other two (the tests check all three against brute force).

#include <cstdint>
#include <optional>

#include "games/2048/move_set.hpp"

namespace boardsearch::game2048 {

// The largest tile can at most double per move: max_exponent + r (saturated
// at kMaxExponent, which no tile can exceed anyway).
int doubling_bound(const TileCounts& counts, long long moves_left);

// No tile exceeds the board sum, which never changes: floor(log2(sum)).
// Precondition: at least one tile.
int sum_bound(const TileCounts& counts);

// Can a tile of 2^target exist within `moves_left` moves? Necessary
// condition (see bound.cpp): a tile >= 2^target exists already, or the
// tiles with exponents in [target - moves_left, target - 1] sum to at least
// 2^target. `lowest_level_count`, if given, replaces the number of tiles at
// exponent target - moves_left (see next_move_merging_tiles).
bool can_build(const TileCounts& counts, int target, long long moves_left,
               std::optional<std::uint32_t> lowest_level_count = std::nullopt);

// The ancestry bound: the largest target for which can_build holds. At most
// both doubling_bound and sum_bound. Precondition: at least one tile.
int ancestry_bound(const TileCounts& counts, long long moves_left);

// How many tiles of exponent e the next move can merge with each other, in
// the best direction: twice the larger of the number of such merges a
// horizontal and a vertical move makes. At most the number of tiles of
// exponent e whose nearest tile (empties skipped) in some direction is equal.
std::uint32_t next_move_merging_tiles(const Board& board, int e);

// The bound the search uses: the ancestry bound, where tiles that would
// have to merge in every remaining move (exponent target - moves_left) only
// count up to next_move_merging_tiles. At most ancestry_bound.
// Precondition: at least one tile.
int upper_bound_exponent(const Board& board, long long moves_left);

// upper_bound_exponent(board, moves_left) if it exceeds `value`, else
// nullopt; for a bound that only matters above a value (the search's best so
// far), without the pair counts of the targets up to it. Precondition: at
// least one tile.
std::optional<int> upper_bound_above(const Board& board, long long moves_left, int value);

// One move further (bound.cpp, "lookahead"): can a tile >= 2^target exist
// within `moves_left` moves, judged by the refined test of each board one
// move away with one move less? A necessary condition, at least as strong
// as the test of `board` itself on the boards measured (tested against brute
// force, and strictly stronger somewhere). `moves` and `child` are scratch
// (the children are computed in them). Preconditions: moves_left >= 1; at
// least one tile.
bool lookahead_can_build(const Board& board, long long moves_left, int target, MoveSet& moves, Board& child);

// The same, where `board` may be what `parent`'s last apply wrote: then its
// lines are read where that move left them (MoveSet::borrow_last) if it ran
// the vector move, so `parent` must not have applied or been prepared since
// (else, and for any other board, `moves` is prepared for it).
bool lookahead_can_build_after(const Board& board, long long moves_left, int target, const MoveSet& parent,
                               MoveSet& moves, Board& child);

}  // namespace boardsearch::game2048
