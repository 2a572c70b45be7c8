#include "games/2048/bounds.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>

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
// So if neither holds, no tile 2^t can exist after r moves. Nor after any
// r' < r moves: the same argument with r' gives the window [t - r', t - 1],
// a subset of [t - r, t - 1], whose sum is no larger.
bool can_build(const TileCounts& counts, int target, long long moves_left,
               std::optional<std::uint32_t> lowest_level_count) {
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
    const std::int64_t here = e == target - moves_left && lowest_level_count
                                  ? std::int64_t{*lowest_level_count}
                                  : std::int64_t{counts.count[static_cast<std::size_t>(e)]};
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
int ancestry_bound(const TileCounts& counts, long long moves_left) {
  assert(counts.tiles > 0);
  int bound = counts.max_exponent;
  while (bound < kMaxExponent && can_build(counts, bound + 1, moves_left)) ++bound;
  return bound;
}

// How many tiles of exponent e the next move merges with each other, in the
// best direction. In one line, the tiles of exponent e that merge are the
// maximal chains of consecutive tiles of exponent e (empties skipped, any
// other tile breaks a chain): a chain of length k gives floor(k / 2) merges.
// Left and right make the same number of merges (the pairs differ, not their
// count), and so do up and down. One row-major pass over the tiles of
// exponent e: a tile continues a chain if the nearest tile before it in its
// row (for rows) or column (for columns) is the chain's last tile; a chain
// gains a merge at each even length, so `merges` sums floor(k / 2).
std::uint32_t next_move_merging_tiles(const Board& board, int e) {
  const int n = board.side();
  const Exponent* cells = board.cells().data();
  static_assert(sizeof(Exponent) == 1, "memchr scans one byte per cell");
  // Per line: where its current chain ended (-1: none) and its length.
  // column_run[c] is read only once column_last[c] >= 0, i.e. after it was
  // written: only column_last needs clearing, and only the board's n columns.
  std::array<int, kMaxSide> column_last;
  std::array<std::uint32_t, kMaxSide> column_run;
  std::fill_n(column_last.begin(), n, -1);
  int row_of_last = -1, col_of_last = -1;
  std::uint32_t row_run = 0, row_merges = 0, column_merges = 0;
  const std::size_t size = board.cells().size();
  for (const void* at = std::memchr(cells, e, size); at != nullptr;) {
    const auto index = static_cast<int>(static_cast<const Exponent*>(at) - cells);
    const int row = index / n;
    const int col = index % n;
    // Rows: linked to the previous tile of exponent e if it is in this row
    // and only empties lie between.
    bool linked = row == row_of_last;
    for (int c = col_of_last + 1; linked && c < col; ++c) linked = cells[row * n + c] == 0;
    row_run = linked ? row_run + 1 : 1;
    row_merges += row_run % 2 == 0;
    row_of_last = row, col_of_last = col;
    // Columns: the same with the previous tile of exponent e in this column.
    const auto line = static_cast<std::size_t>(col);
    linked = column_last[line] >= 0;
    for (int r = column_last[line] + 1; linked && r < row; ++r) linked = cells[r * n + col] == 0;
    column_run[line] = linked ? column_run[line] + 1 : 1;
    column_merges += column_run[line] % 2 == 0;
    column_last[line] = row;
    const std::size_t next = static_cast<std::size_t>(index) + 1;
    at = next < size ? std::memchr(cells + next, e, size - next) : nullptr;
  }
  return 2 * std::max(row_merges, column_merges);
}

// Proof (lowest-level refinement). In the ancestry tree of a tile 2^t
// present after r moves (see can_build), a leaf of exponent t - r has depth
// r: it merges in each of the r moves, in particular in the next one. Its
// partner in that merge is a tile of the current board (merges join tiles
// present before the move) of the same exponent t - r, also in the tree, so
// also such a leaf. So these leaves merge with each other, in pairs, all in
// the one next move: there are at most 2 * (the number of merges of two
// exponent t - r tiles that the next move makes) of them, at most
// next_move_merging_tiles(board, t - r) whatever the direction. So
// can_build with that count in place of the level's full count is still a
// necessary condition. (If t itself is created before move r the tree is
// shallower and has no leaf at t - r at all, which the condition allows.)
// Monotone in t as in ancestry_bound: the level t - r is counted in full in
// the window of t - 1.
int upper_bound_exponent(const Board& board, long long moves_left) {
  const TileCounts& counts = board.counts();
  assert(counts.tiles > 0);
  int bound = counts.max_exponent;
  while (bound < kMaxExponent && can_build(counts, bound + 1, moves_left)) {
    const long long lowest = bound + 1 - moves_left;
    // Only look at the board when the lowest level exists and matters.
    if (lowest >= 1 && counts.count[static_cast<std::size_t>(lowest)] != 0 &&
        !can_build(counts, bound + 1, moves_left, next_move_merging_tiles(board, static_cast<int>(lowest))))
      break;
    ++bound;
  }
  return bound;
}

}  // namespace boardsearch::game2048
