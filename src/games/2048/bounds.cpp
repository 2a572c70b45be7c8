#include "games/2048/bounds.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace boardsearch::game2048 {

// Proof (doubling). Along any line of play, a tile after a move is either a
// tile from before the move (slid) or the merge of two equal tiles from
// before, i.e. twice a tile from before. So the largest exponent grows by at
// most 1 per move, and after r moves it is at most max_exponent + r.
int doubling_bound(const TileCounts& counts, long long moves_left) {
  return static_cast<int>(std::min<long long>(counts.max_exponent + moves_left, kMaxExponent));
}

// Proof (sum). Nothing spawns and a merge replaces 2^e + 2^e by 2^(e+1), so
// the sum S of all tiles is the same on every reachable board. A tile is at
// most S, so its exponent is at most floor(log2 S).
int sum_bound(const TileCounts& counts) {
  assert(counts.tiles > 0);
  // S < 2^64 is guaranteed by the parser (see format.cpp), so no overflow.
  std::uint64_t sum = 0;
  for (int e = 1; e <= kMaxExponent; ++e) sum += std::uint64_t{counts.count[static_cast<std::size_t>(e)]} << e;
  return std::bit_width(sum) - 1;
}

// Proof (ancestry). Take a tile X of value 2^t present after r moves. Trace
// it back move by move: after each move it is either a tile from before the
// move or the merge of two tiles 2^(v-1) from before (of the tile 2^v after
// the move). This gives a binary tree whose leaves are distinct tiles of the
// start board (distinct: every start tile ends up inside exactly one tile at
// any later time). A tile produced by a merge cannot merge again in the same
// move, so each move adds at most one level on any root-to-leaf path: a leaf
// at depth d <= r has value 2^(t - d) exactly (each level halves). Hence
//   (a) every leaf has an exponent in [t - r, t], and
//   (b) the leaf values sum to 2^t (merging preserves sums).
// A leaf of exponent t means the tree is that single start tile (2^t >= 2^t
// is the whole sum), i.e. a tile >= 2^t exists already. Otherwise all leaves
// lie in [t - r, t - 1] and the start tiles there sum to at least 2^t.
// So if neither holds, no tile 2^t can exist after r moves, nor after fewer
// (the max tile never decreases, and r' < r moves is covered by r' >= ...:
// apply the same argument with r' in place of r; the window only shrinks).
bool can_build(const TileCounts& counts, int target, long long moves_left) {
  if (target <= counts.max_exponent) return true;
  if (target > kMaxExponent) return false;
  // Walk down from exponent target-1 keeping `need`: how many tiles of the
  // current exponent are still missing to reach 2^target. One unit at level j
  // is two units at level j-1. Once need exceeds the number of tiles left
  // (each worth at most half a unit below the current level) it cannot be
  // met, which also keeps `need` small (no overflow for any moves_left).
  const long long lowest = std::max<long long>(1, target - moves_left);
  std::int64_t need = 1;
  std::int64_t tiles_left = counts.tiles;
  for (int e = target - 1; e >= lowest; --e) {
    const std::int64_t here = counts.count[static_cast<std::size_t>(e)];
    need = 2 * need - here;
    if (need <= 0) return true;
    tiles_left -= here;
    if (need > tiles_left) return false;
  }
  return false;
}

// can_build is monotone in the target, so the first failure above the
// current max is the answer. Proof: let target-1 > max_exponent (else
// can_build(target-1) holds trivially). No tile has exponent target-1, so the
// tiles in [target-r, target-1] are those in [target-r, target-2], a subset of
// the window [target-1-r, target-2] of target-1; their sum >= 2^target >
// 2^(target-1). It follows that the bound is at most doubling_bound (the
// window [t-r, t-1] is empty once t > max + r) and at most sum_bound (the
// window sum is at most S).
int upper_bound_exponent(const TileCounts& counts, long long moves_left) {
  assert(counts.tiles > 0);
  int bound = counts.max_exponent;
  while (bound < kMaxExponent && can_build(counts, bound + 1, moves_left)) ++bound;
  return bound;
}

}  // namespace boardsearch::game2048
