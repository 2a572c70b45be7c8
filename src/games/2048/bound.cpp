#include "games/2048/bound.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

namespace {

// How many tiles of exponent e the next move merges with each other, in the
// best direction. In one line, the tiles of exponent e that merge are the
// maximal chains of consecutive tiles of exponent e (empties skipped, any
// other tile breaks a chain): a chain of length k gives floor(k / 2) merges.
// Left and right make the same number of merges (the pairs differ, not their
// count), and so do up and down. One row-major pass over the tiles of
// exponent e: a tile continues a chain if the nearest tile before it in its
// row (for rows) or column (for columns) is the chain's last tile; a chain
// gains a merge at each even length, so `merges` sums floor(k / 2).
//   This scan serves any side; boards up to kMaskSide wide take the mask
// version below (the same count, tested equal to the rules and to this).
std::uint32_t merging_tiles_by_scan(const Board& board, int e) {
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

// Boards up to 64 wide: one row at a time as two bit masks (bit c: column
// c), nonzero cells Z and cells of exponent e Q, built 16 cells at a time
// with SSE2 compares (a plain loop elsewhere). Rows and columns then follow
// from bit operations on the masks, no per-tile loop:
//
//  * Columns, the rows taken top to bottom: A holds the columns whose
//    nearest tile so far is of exponent e and ends a chain of odd length.
//    A tile of exponent e in such a column makes the chain even: one merge.
//    Otherwise it starts a chain or makes an even one odd (either way the
//    chain is odd now and the next equal tile merges with it). Another tile
//    ends the chain; an empty cell changes nothing.
//  * Rows: row_merges() below.
constexpr int kMaskSide = 64;

// Bits 0 .. n-1 set.
std::uint64_t low_bits(int n) { return n >= kMaskSide ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }

// The masks of one row of n cells (see above).
[[gnu::always_inline]] inline void row_masks(const Exponent* row, int n, int e, std::uint64_t& nonzero,
                                             std::uint64_t& equal) {
  std::uint64_t empty = 0, same = 0;
#if defined(__SSE2__)
  if (n >= 16) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i target = _mm_set1_epi8(static_cast<char>(e));
    // The last block overlaps the one before it rather than reading past
    // the row; a cell seen twice sets the same bit twice.
    auto block = [&](int at) {
      const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + at));
      empty |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(cells, zero)))} << at;
      same |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(cells, target)))} << at;
    };
    for (int at = 0; at + 16 < n; at += 16) block(at);
    block(n - 16);
    nonzero = ~empty & low_bits(n);
    equal = same;
    return;
  }
#endif
  for (int c = 0; c < n; ++c) {
    empty |= std::uint64_t{row[c] == 0} << c;
    same |= std::uint64_t{row[c] == e} << c;
  }
  nonzero = ~empty & low_bits(n);
  equal = same;
}

// `x` spread from each set bit through the bits of `through` next to it, in
// the direction of higher bits (up) or lower bits (down): doubling steps,
// each reaching twice as far (the carried mask keeps only runs of `through`
// that long).
[[gnu::always_inline]] inline std::uint64_t spread_up(std::uint64_t x, std::uint64_t through) {
  for (int step = 1; step < kMaskSide; step *= 2) {
    x |= (x << step) & through;
    through &= through << step;
  }
  return x;
}
[[gnu::always_inline]] inline std::uint64_t spread_down(std::uint64_t x, std::uint64_t through) {
  for (int step = 1; step < kMaskSide; step *= 2) {
    x |= (x >> step) & through;
    through &= through >> step;
  }
  return x;
}

// The merges of exponent-e tiles one horizontal move makes in a row with
// masks Z (nonzero) and Q (exponent e): the sum of floor(k / 2) over its
// chains (k tiles of exponent e in a row, only empties between them).
//   A chain of k tiles has floor(k / 2) tiles at odd offsets from its first
// tile, so count those. The offset of a tile among the row's tiles is its
// index among the bits of Z, whose parity is the prefix xor P of Z; two
// tiles of one chain are consecutive tiles of the row, so a tile's offset in
// its chain is odd iff its P differs from the chain's first tile's P.
//   F: the chains with the empties inside them filled in (an empty cell with
// a tile of exponent e nearest on both sides), so each chain is one run of
// bits of F, starting at its first tile. R1: the runs whose first tile has
// P = 1 (adding a run's lowest bit carries through the whole run and clears
// it, and only it: the bit above a run is clear). A tile of Q is at an odd
// offset iff P differs from its run's start: P = 0 inside R1, P = 1 outside.
//   A row whose tiles are one run (every full row, and every row after a
// horizontal move) has no empties inside a chain and alternate parities by
// position: F = Q and any alternating P will do.
[[gnu::always_inline]] inline std::uint32_t row_merges(std::uint64_t z, std::uint64_t q) {
  if ((q & (q - 1)) == 0) return 0;  // fewer than two tiles of exponent e
  if ((z & (z + (z & (~z + 1)))) == 0) {
    constexpr std::uint64_t kAlternate = 0x5555555555555555ULL;
    const std::uint64_t r1 = q & ~(q + ((q & ~(q << 1)) & kAlternate));
    return static_cast<std::uint32_t>(std::popcount(q & (r1 ^ kAlternate)));
  }
  const std::uint64_t empties = ~z;
  const std::uint64_t f = q | (empties & spread_up(q, empties) & spread_down(q, empties));
  std::uint64_t parity = z;
  for (int step = 1; step < kMaskSide; step *= 2) parity ^= parity << step;
  const std::uint64_t starts = f & ~(f << 1);
  const std::uint64_t r1 = f & ~(f + (starts & parity));
  return static_cast<std::uint32_t>(std::popcount(q & (r1 ^ parity)));
}

}  // namespace

// On x86-64, a copy compiled for the popcnt instruction as well, picked at
// load time where the processor has it (the count above is a popcount a row;
// without the instruction each is a library call). Not under
// ThreadSanitizer: the load-time pick (an ifunc resolver) runs before its
// runtime is set up, and the test executables crashed at start.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
#define BOARDSEARCH_2048_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define BOARDSEARCH_2048_POPCNT_CLONES
#endif

BOARDSEARCH_2048_POPCNT_CLONES std::uint32_t next_move_merging_tiles(const Board& board, int e) {
  const int n = board.side();
  if (n > kMaskSide) return merging_tiles_by_scan(board, e);
  const Exponent* cells = board.cells().data();
  std::uint64_t odd_columns = 0;
  std::uint32_t row_total = 0, column_total = 0;
  for (int row = 0; row < n; ++row) {
    std::uint64_t z = 0, q = 0;
    row_masks(cells + static_cast<std::ptrdiff_t>(row) * n, n, e, z, q);
    column_total += static_cast<std::uint32_t>(std::popcount(q & odd_columns));
    odd_columns = (q & ~odd_columns) | (odd_columns & ~z);
    row_total += row_merges(z, q);
  }
  return 2 * std::max(row_total, column_total);
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
namespace {

// Whether can_build passes with no tile counted at the lowest level
// (target - moves_left >= 1): then the refined test passes whatever that
// level's pair count, which need not be made. can_build is monotone in
// lowest_level_count: the lowest level is the loop's last step, which passes
// iff its count is at least twice the units still missing (`need = 2 * need
// - here <= 0`), the steps above not reading it. (Worth it on the dense
// bench boards, where the levels above often pass alone.)
bool passes_without_lowest_level(const TileCounts& counts, int target, long long moves_left) {
  return can_build(counts, target, moves_left, 0);
}

// The refined test of one target (see the proof above): can_build, with the
// lowest level counted only up to the tiles the next move can merge there.
bool refined_can_build(const Board& board, int target, long long moves_left) {
  const TileCounts& counts = board.counts();
  if (!can_build(counts, target, moves_left)) return false;
  const long long lowest = target - moves_left;
  // Only look at the board when the lowest level exists and matters.
  return lowest < 1 || counts.count[static_cast<std::size_t>(lowest)] == 0 ||
         passes_without_lowest_level(counts, target, moves_left) ||
         can_build(counts, target, moves_left, next_move_merging_tiles(board, static_cast<int>(lowest)));
}

// The bound from `bound` on, every target up to `bound` known to pass.
int climb(const Board& board, long long moves_left, int bound) {
  while (bound < kMaxExponent && refined_can_build(board, bound + 1, moves_left)) ++bound;
  return bound;
}

}  // namespace

int upper_bound_exponent(const Board& board, long long moves_left) {
  assert(board.counts().tiles > 0);
  return climb(board, moves_left, board.max_exponent());
}

// The bound is the last target before the first that fails, so it exceeds
// `value` iff no target up to value + 1 fails; by the monotonicity above
// that is iff value + 1 passes (targets up to the largest tile always pass,
// can_build's first test). Then every target up to value + 1 passes and the
// climb goes on from there, to the same bound.
std::optional<int> upper_bound_above(const Board& board, long long moves_left, int value) {
  assert(board.counts().tiles > 0);
  if (value < board.max_exponent()) return climb(board, moves_left, board.max_exponent());
  if (value >= kMaxExponent || !refined_can_build(board, value + 1, moves_left)) return std::nullopt;
  return climb(board, moves_left, value + 1);
}

// Proof (lookahead). Let some line of at most r >= 1 moves from B end on a
// board with a tile 2^u, u >= t > max(B). Leave out its moves that change
// nothing (each leaves the board as it was, so the rest of the line does
// the same from there): at most r moves, the same last board, and at least
// one move, since B has no such tile. Its first move d changes B, and the
// rest is a line of at most r - 1 moves from d(B) that reaches 2^u. The
// refined test is admissible (proven above), so it passes for (d(B), u,
// r - 1), and, being monotone in the target (above), for (d(B), t, r - 1).
// So if the test fails for every child d(B) != B (a stuck board has none),
// no line of at most r moves from B has a tile >= 2^t. The same argument
// with "some child passes at u" shows this test is monotone in t as well.
//   Each child's test is computed from the summary of its move
// (MoveSet::summarize) where there is one, not from the child's board: its
// counts are the child's, and so is its lowest-level pair count, from the
// cells of that level per line of the move (below). The tests check both
// against the child computed in full.
namespace {

// next_move_merging_tiles of the board after a move, from its summary at
// exponent e: twice the larger of the merges along the move's lines and
// across them. Along a line the tiles fill the cells from the wall, one run,
// so its chains of e are its runs of e cells. Across the lines the cells are
// counted from the same wall in every line, so the j-th cells of the lines
// form one line of the other orientation (in board order, or reversed for
// right and down, which keeps the chains); the carried mask of columns with
// an odd chain so far, as in next_move_merging_tiles.
[[gnu::always_inline]] inline std::uint32_t merging_tiles_after(const MoveSummary& summary, int n) {
  std::uint64_t odd_across = 0;
  std::uint32_t along = 0, across = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t z = low_bits(summary.lengths[static_cast<std::size_t>(i)]);
    const std::uint64_t q = summary.level_cells[static_cast<std::size_t>(i)];
    across += static_cast<std::uint32_t>(std::popcount(q & odd_across));
    odd_across = (q & ~odd_across) | (odd_across & ~z);
    along += row_merges(z, q);
  }
  return 2 * std::max(along, across);
}

// refined_can_build of the board after the summarized move, for exponent
// `lowest` = target - moves_left summarized (or exponent 1 when that is
// below 1, the test then not looking at cells), once its first step (can_build
// of the counts alone) has passed: the caller makes that step once for both
// moves of an orientation, whose counts are the same. can_build reads the
// counts of the window [max(1, lowest), target - 1], the largest exponent
// and the number of tiles, all of which the summary has exact (MoveSummary:
// the counts from the exponent summarized on).
[[gnu::always_inline]] inline bool pair_test_after(const MoveSummary& summary, int n, int target,
                                                   long long moves_left) {
  const TileCounts& counts = summary.counts;
  const long long lowest = target - moves_left;
  return lowest < 1 || counts.count[static_cast<std::size_t>(lowest)] == 0 ||
         passes_without_lowest_level(counts, target, moves_left) ||
         can_build(counts, target, moves_left, merging_tiles_after(summary, n));
}

}  // namespace

namespace {

// lookahead_can_build with `moves` prepared for `board` (or borrowing the
// result that is `board`).
BOARDSEARCH_2048_POPCNT_CLONES bool lookahead_prepared(const Board& board, long long moves_left, int target,
                                                       MoveSet& moves, Board& child) {
  const long long lowest = target - (moves_left - 1);
  const int level = lowest >= 1 ? static_cast<int>(lowest) : 1;
  MoveSummary first, second;
  // Rows first: their summary needs no transpose.
  for (const bool horizontal : {true, false}) {
    if (moves.summarize(horizontal, level, first, second)) {
      // Both moves of an orientation leave the same counts (MoveSummary):
      // when the counts alone fail, neither child passes.
      if (!can_build(first.counts, target, moves_left - 1)) continue;
      for (const MoveSummary* summary : {&first, &second})
        if (summary->changed && pair_test_after(*summary, board.side(), target, moves_left - 1)) return true;
      continue;
    }
    for (const Direction direction :
         horizontal ? std::array{Direction::left, Direction::right} : std::array{Direction::up, Direction::down})
      if (moves.apply(direction, child) && refined_can_build(child, target, moves_left - 1)) return true;
  }
  return false;
}

}  // namespace

bool lookahead_can_build(const Board& board, long long moves_left, int target, MoveSet& moves, Board& child) {
  assert(moves_left >= 1 && board.counts().tiles > 0);
  if (target <= board.max_exponent()) return true;
  if (target > kMaxExponent) return false;
  moves.prepare(board);
  return lookahead_prepared(board, moves_left, target, moves, child);
}

bool lookahead_can_build_after(const Board& board, long long moves_left, int target, const MoveSet& parent,
                               MoveSet& moves, Board& child) {
  assert(moves_left >= 1 && board.counts().tiles > 0);
  if (target <= board.max_exponent()) return true;
  if (target > kMaxExponent) return false;
  if (parent.last_wrote(board))
    moves.borrow_last(parent);
  else
    moves.prepare(board);
  return lookahead_prepared(board, moves_left, target, moves, child);
}

}  // namespace boardsearch::game2048
