#include "games/2048/vector_move.hpp"

#if BOARDSEARCH_2048_VECTOR_MOVE

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace boardsearch::game2048 {

// The vector move (contract: vector_move.hpp).
//
// One line is taken as 32 bytes in order from the wall (cells past the
// line's end are empty, and so are any cells before its first one), and
// slid with a handful of vector steps instead of a step per cell:
//   1. Gather the tiles toward the wall: for each 8 cells, a byte shuffle
//      picked by the mask of its tiles (kPackShuffles), stored at the next
//      free place; tiles that are already one run (from the wall: nothing
//      to do; from another cell: moved down by one pair of shuffles).
//   2. The equal neighbours among the tiles (one compare of the tiles with
//      themselves shifted by one) and from them the pairs that merge
//      (merge_starts).
//   3. Each pair's first tile plus one, its second tile dropped by a second
//      gather; the counts updated per pair.
// The line changed iff a pair merged or the tiles did not already fill the
// cells from the wall on (the same test as slide_line's).

namespace {

// For each mask of 8 cells: the byte shuffle that moves the marked cells, in
// order, to the front and fills the rest with zeros (index 0x80).
// The shuffle has 16 bytes (a whole register; bytes 8-15 of its result are
// zeros too).
struct alignas(16) PackShuffle {
  std::array<std::uint8_t, 16> index;
};
constexpr auto kPackShuffles = [] {
  std::array<PackShuffle, 256> table{};
  for (std::size_t mask = 0; mask < 256; ++mask) {
    std::size_t next = 0;
    for (int bit = 0; bit < 8; ++bit)
      if ((mask >> bit & 1) != 0) table[mask].index[next++] = static_cast<std::uint8_t>(bit);
    while (next < 16) table[mask].index[next++] = 0x80;
  }
  return table;
}();

// Bits 0 .. n-1 (n <= 32).
constexpr std::uint32_t low32(int n) { return n >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1; }

// The pairs a move merges, as the bit of each pair's first tile, from the
// bits of equal neighbours (bit i: tiles i and i + 1 are equal). In a chain
// of c equal tiles, a run of c - 1 bits starting at s, the pairs nearest the
// wall merge first: the pairs start at s, s + 2, ..., the run's bits at an
// even offset from s. The runs starting at an odd bit: adding a run's
// lowest bit carries through the run and clears it, and only it (the bit
// above a run is clear). In those runs the odd bits are taken, in the
// others the even ones.
constexpr std::uint32_t merge_starts(std::uint32_t equal) {
  constexpr std::uint32_t kEvenBits = 0x55555555U;
  const std::uint32_t run_starts = equal & ~(equal << 1);
  const std::uint32_t odd_runs = equal & ~(equal + (run_starts & ~kEvenBits));
  return equal & (odd_runs ^ kEvenBits);
}

// The cells of lo:hi (32 cells) marked in `mask`, in order, from cell 0 of
// out_lo:out_hi on, empty after them; only the first `blocks` blocks of 8
// cells can hold marked cells. All in registers: a gather through memory is
// read back at once, and a read of bytes stored by several smaller writes
// waits until they are done. Each block: its marked cells to its front
// (kPackShuffles), then moved to the next free cell `at` by two byte
// shuffles (an index below 0 or above 15 gives an empty cell).
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline void pack32(__m128i lo, __m128i hi, std::uint32_t mask,
                                                                       int blocks, __m128i& out_lo, __m128i& out_hi) {
  const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m128i fifteen = _mm_set1_epi8(15);
  __m128i acc_lo = _mm_setzero_si128(), acc_hi = _mm_setzero_si128();
  int at = 0;
  for (int block = 0; block < blocks; ++block) {
    const __m128i cells = block == 0   ? lo
                          : block == 1 ? _mm_srli_si128(lo, 8)
                          : block == 2 ? hi
                                       : _mm_srli_si128(hi, 8);
    const std::uint32_t marked = mask >> (8 * block) & 0xFF;
    const __m128i front =
        _mm_shuffle_epi8(cells, _mm_load_si128(reinterpret_cast<const __m128i*>(kPackShuffles[marked].index.data())));
    acc_lo = _mm_or_si128(acc_lo, _mm_shuffle_epi8(front, _mm_sub_epi8(iota, _mm_set1_epi8(static_cast<char>(at)))));
    __m128i high = _mm_add_epi8(iota, _mm_set1_epi8(static_cast<char>(16 - at)));
    high = _mm_or_si128(high, _mm_cmpgt_epi8(high, fifteen));
    acc_hi = _mm_or_si128(acc_hi, _mm_shuffle_epi8(front, high));
    at += __builtin_popcount(marked);
  }
  out_lo = acc_lo;
  out_hi = acc_hi;
}

// The 32 cells lo:hi moved down by 0 <= s < 32 cells (out cell j = cell
// j + s), empty from 32 - s on. A byte shuffle's index above 15 is made
// negative, and a negative one gives an empty cell.
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline void shift_down32(__m128i lo, __m128i hi, int s,
                                                                             __m128i& out_lo, __m128i& out_hi) {
  const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m128i fifteen = _mm_set1_epi8(15);
  auto in_range = [&](__m128i index) { return _mm_or_si128(index, _mm_cmpgt_epi8(index, fifteen)); };
  const __m128i from_lo = in_range(_mm_add_epi8(iota, _mm_set1_epi8(static_cast<char>(s))));
  const __m128i from_hi = in_range(_mm_add_epi8(iota, _mm_set1_epi8(static_cast<char>(s - 16))));
  out_lo = _mm_or_si128(_mm_shuffle_epi8(lo, from_lo), _mm_shuffle_epi8(hi, from_hi));
  out_hi = _mm_shuffle_epi8(hi, from_lo);
}

// 0x01 in each byte whose bit of `bits` (16 bits) is set, else 0.
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline __m128i bit_bytes(std::uint32_t bits) {
  const __m128i spread = _mm_shuffle_epi8(_mm_cvtsi32_si128(static_cast<int>(bits)),
                                          _mm_set_epi8(1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0));
  const __m128i select = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1, -128, 64, 32, 16, 8, 4, 2, 1);
  return _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(spread, select), select), _mm_set1_epi8(1));
}

// The 32 cells reversed.
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline void reverse32(__m128i& lo, __m128i& hi) {
  const __m128i reverse = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m128i new_lo = _mm_shuffle_epi8(hi, reverse);
  hi = _mm_shuffle_epi8(lo, reverse);
  lo = new_lo;
}

// Steps 1 and 2 above, which the move and its summary share: the tiles of
// the line lo:hi (`tiles_at`: its cells holding one, within its first
// 8 * blocks cells) gathered toward cell 0, and which of them merge.
struct GatheredLine {
  __m128i lo, hi;        // the k tiles from cell 0, empty after them
  int k;                 // how many tiles
  bool packed;           // the tiles were already one run from cell 0 (no gather)
  std::uint32_t equal;   // bit p: tile p equals tile p + 1
  std::uint32_t starts;  // bit p: tiles p and p + 1 merge (merge_starts)
};
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline GatheredLine gather_line(__m128i lo, __m128i hi,
                                                                                    std::uint32_t tiles_at,
                                                                                    int blocks) {
  GatheredLine line;
  // Step 1. A line whose tiles are already one run from the wall (a full
  // line, or one packed by a move of the same orientation) is its own
  // gather. Otherwise gather the blocks of 8 cells the line covers.
  line.k = std::popcount(tiles_at);
  line.packed = tiles_at == low32(line.k);
  line.lo = lo;
  line.hi = hi;
  if (!line.packed) {
    // Tiles that are one run from some cell s on (a line packed against the
    // far wall by the move before, a lone tile) are gathered by moving every
    // cell down by s; otherwise block by block.
    const int s = std::countr_zero(tiles_at);
    if ((tiles_at >> s) == low32(line.k))
      shift_down32(lo, hi, s, line.lo, line.hi);
    else
      pack32(lo, hi, tiles_at, blocks, line.lo, line.hi);
  }
  // Step 2. Each tile against the next one (the tiles shifted by a byte).
  const __m128i n_lo = _mm_alignr_epi8(line.hi, line.lo, 1);
  const __m128i n_hi = _mm_srli_si128(line.hi, 1);
  line.equal = (static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(line.lo, n_lo))) |
                static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(line.hi, n_hi))) << 16) &
               (line.k >= 2 ? low32(line.k - 1) : 0);
  line.starts = merge_starts(line.equal);
  return line;
}

// The tile counts after the merges `starts` of the gathered tiles lo:hi:
// two 2^e become one 2^(e+1) (the sum is unchanged, so e + 1 stays <=
// kMaxExponent on any board whose sum fits in 64 bits).
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline void count_merges(__m128i lo, __m128i hi,
                                                                             std::uint32_t starts, TileCounts& counts) {
  alignas(16) Exponent tiles[32];
  _mm_store_si128(reinterpret_cast<__m128i*>(tiles), lo);
  _mm_store_si128(reinterpret_cast<__m128i*>(tiles + 16), hi);
  for (std::uint32_t left = starts; left != 0; left &= left - 1) {
    const Exponent e = tiles[std::countr_zero(left)];
    counts.count[e] -= 2;
    ++counts.count[static_cast<Exponent>(e + 1)];
    --counts.tiles;
  }
}

// Slides the line lo:hi (32 cells from the wall, its first cell at 0,
// empty past its `length` cells) toward cell 0, in place (32 cells from the
// wall). Steps 1-3 above. Returns whether the line changed.
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline bool slide32(__m128i& lo, __m128i& hi, int length,
                                                                        TileCounts& counts) {
  const __m128i zero = _mm_setzero_si128();
  const std::uint32_t empty = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, zero))) |
                              static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, zero))) << 16;
  // Steps 1 and 2.
  const GatheredLine line = gather_line(lo, hi, ~empty, (length + 7) / 8);
  const int k = line.k;
  const std::uint32_t starts = line.starts;
  const __m128i t_lo = line.lo, t_hi = line.hi;
  const bool changed = starts != 0 || !line.packed;
  if (starts == 0) {
    // No pair: the tiles as gathered (empty after them).
    lo = t_lo;
    hi = t_hi;
    return changed;
  }
  // Step 3.
  count_merges(t_lo, t_hi, starts, counts);
  const __m128i m_lo = _mm_add_epi8(t_lo, bit_bytes(starts & 0xFFFF));
  const __m128i m_hi = _mm_add_epi8(t_hi, bit_bytes(starts >> 16));
  pack32(m_lo, m_hi, ~(starts << 1) & low32(k), (k + 7) / 8, lo, hi);
  return changed;
}

// Transposes a 16 x 16 block of bytes: out row j, byte i = in row i, byte j.
// Four rounds of interleaving (bytes, then pairs, quads, eights), each
// pairing the rows so that a unit of the next round holds one column of
// twice as many rows.
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline void transpose16(const Exponent* in, std::size_t in_pitch,
                                                                            Exponent* out, std::size_t out_pitch) {
  __m128i a[16], b[16];
  for (std::size_t i = 0; i < 16; ++i) a[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i * in_pitch));
  // Rows 2i, 2i+1 as 16-bit units: columns 0-7 in b[i], 8-15 in b[i + 8].
  for (int i = 0; i < 8; ++i) {
    b[i] = _mm_unpacklo_epi8(a[2 * i], a[2 * i + 1]);
    b[i + 8] = _mm_unpackhi_epi8(a[2 * i], a[2 * i + 1]);
  }
  // Rows 4i..4i+3 as 32-bit units: columns 4g..4g+3 in a[4g + i].
  for (int i = 0; i < 4; ++i) {
    a[i] = _mm_unpacklo_epi16(b[2 * i], b[2 * i + 1]);
    a[i + 4] = _mm_unpackhi_epi16(b[2 * i], b[2 * i + 1]);
    a[i + 8] = _mm_unpacklo_epi16(b[2 * i + 8], b[2 * i + 9]);
    a[i + 12] = _mm_unpackhi_epi16(b[2 * i + 8], b[2 * i + 9]);
  }
  // Rows 0-7 / 8-15 as 64-bit units, two columns per register.
  for (int g = 0; g < 4; ++g) {
    b[4 * g] = _mm_unpacklo_epi32(a[4 * g], a[4 * g + 1]);
    b[4 * g + 1] = _mm_unpackhi_epi32(a[4 * g], a[4 * g + 1]);
    b[4 * g + 2] = _mm_unpacklo_epi32(a[4 * g + 2], a[4 * g + 3]);
    b[4 * g + 3] = _mm_unpackhi_epi32(a[4 * g + 2], a[4 * g + 3]);
  }
  // Whole columns.
  for (std::size_t g = 0; g < 4; ++g) {
    auto store = [&](std::size_t column, __m128i v) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + column * out_pitch), v);
    };
    store(4 * g, _mm_unpacklo_epi64(b[4 * g], b[4 * g + 2]));
    store(4 * g + 1, _mm_unpackhi_epi64(b[4 * g], b[4 * g + 2]));
    store(4 * g + 2, _mm_unpacklo_epi64(b[4 * g + 1], b[4 * g + 3]));
    store(4 * g + 3, _mm_unpackhi_epi64(b[4 * g + 1], b[4 * g + 3]));
  }
}

// The cells holding `level` after the move toward cell 0 (left, up) of a
// line, bit j for its j-th cell from that wall, from its gathered tiles:
// those of exponent `level` at `at`, of level - 1 at `below`, pairs merging
// at `starts` (GatheredLine). A tile that does not merge holds `level` iff
// it held it; pair p, p + 1 is kept at p and holds `level` iff it held
// level - 1. A kept tile lands after the kept tiles before it.
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline std::uint32_t level_cells_toward_start(
    std::uint32_t at, std::uint32_t below, std::uint32_t starts) {
  const std::uint32_t removed = starts << 1;
  std::uint32_t cells = ((at & ~(starts | removed)) | (below & starts));
  if (removed != 0) {
    std::uint32_t placed = 0;
    // Each cell's bit b: the cells below it are b - 1 (no test on the
    // width, unlike low32).
    for (; cells != 0; cells &= cells - 1) {
      const std::uint32_t bit = cells & (0U - cells);
      placed |= std::uint32_t{1} << (std::countr_zero(cells) - std::popcount(removed & (bit - 1)));
    }
    cells = placed;
  }
  return cells;
}

// The same for the move toward the other end (right, down), bit j for the
// j-th cell from that end, from the same gathered tiles (k of them, `equal`
// their equal neighbours). That move pairs the same chains from their other
// end: a chain whose equal-neighbour bits are a run of odd length pairs the
// same tiles, a run of even length (its top bit not taken from the start)
// the other bits of the run.
[[gnu::always_inline, gnu::target("ssse3,popcnt")]] inline std::uint32_t level_cells_toward_end(
    std::uint32_t at, std::uint32_t below, std::uint32_t equal, std::uint32_t starts, int k) {
  // The runs of even length: their top bits not taken, spread down the run.
  std::uint32_t even_runs = equal & ~(equal >> 1) & ~starts, through = equal;
  for (int step = 1; even_runs != 0 && step < 32; step *= 2) {
    even_runs |= (even_runs >> step) & through;
    through &= through >> step;
  }
  const std::uint32_t starts_at_end = starts ^ even_runs;  // bit p: tiles p and p + 1 merge, p + 1 kept
  // Kept at p + 1, placed after the kept tiles above it.
  const std::uint32_t kept_at_end = low32(k) & ~starts_at_end;
  std::uint32_t placed_at_end = 0;
  for (std::uint32_t end_cells = (at & ~(starts_at_end | starts_at_end << 1)) | (below & starts_at_end << 1);
       end_cells != 0; end_cells &= end_cells - 1) {
    // The cells above the lowest one, of bit b: not b, nor those below it.
    const std::uint32_t bit = end_cells & (0U - end_cells);
    placed_at_end |= std::uint32_t{1} << std::popcount(kept_at_end & ~(bit | (bit - 1)));
  }
  return placed_at_end;
}

}  // namespace

// transpose16 on each of the four blocks.
[[gnu::target("ssse3,popcnt")]] void transpose32(const Exponent* in, Exponent* out) {
  constexpr std::size_t kPitch = kVectorSide;
  for (std::size_t r = 0; r < kPitch; r += 16)
    for (std::size_t c = 0; c < kPitch; c += 16) transpose16(in + r * kPitch + c, kPitch, out + c * kPitch + r, kPitch);
}

// Each line is a row of `rows` or `columns`, slid by slide32 (steps 1-3
// above). Horizontal results are staged in `staged` and copied to the board;
// vertical ones go to the rows of `results`, transposed back.
[[gnu::target("ssse3,popcnt")]] bool move_lines(const Exponent* rows, const Exponent* columns, Exponent* results,
                                                Exponent* staged, Exponent* board_rows, int n, Direction direction,
                                                Exponent* dst, TileCounts& counts) {
  constexpr std::size_t kPitch = kVectorSide;
  const bool horizontal = direction == Direction::left || direction == Direction::right;
  const bool reversed = direction == Direction::right || direction == Direction::down;
  const std::size_t side = static_cast<std::size_t>(n);
  // A reversed line's cell c is at 32 - n + c once reversed back.
  const std::size_t offset = reversed ? kPitch - side : 0;
  const Exponent* in = horizontal ? rows : columns;
  const int max_before = counts.max_exponent;
  bool changed = false;
  // Horizontal results, a row each, copied to the board at the end (read
  // back long after they were written).
  Exponent* out_rows = horizontal ? staged : results;
  for (std::size_t i = 0; i < side; ++i) {
    // A reversed line: the 32 cells ending at its last one, reversed, so its
    // wall cell is at 0; the cells past it are the padding of the line
    // before (or the grid's empty head).
    const Exponent* line = in + i * kPitch;
    __m128i lo, hi;
    if (reversed) {
      lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line + side - kPitch));
      hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line + side - 16));
      reverse32(lo, hi);
    } else {
      lo = _mm_load_si128(reinterpret_cast<const __m128i*>(line));
      hi = _mm_load_si128(reinterpret_cast<const __m128i*>(line + 16));
    }
    changed |= slide32(lo, hi, n, counts);
    if (reversed) reverse32(lo, hi);
    _mm_store_si128(reinterpret_cast<__m128i*>(out_rows + i * kPitch), lo);
    _mm_store_si128(reinterpret_cast<__m128i*>(out_rows + i * kPitch + 16), hi);
  }
  if (horizontal) {
    for (std::size_t r = 0; r < side; ++r) copy_row(dst + r * side, staged + r * kPitch + offset, side);
  } else {
    // Column i of the result is row i of `results`; row r + offset of its
    // transpose is the board's row r.
    transpose32(results, board_rows);
    for (std::size_t r = 0; r < side; ++r) copy_row(dst + r * side, board_rows + (r + offset) * kPitch, side);
  }
  // One move raises the largest tile by one at most (a merge doubles).
  if (max_before + 1 <= kMaxExponent && counts.count[static_cast<std::size_t>(max_before + 1)] != 0)
    counts.max_exponent = max_before + 1;
  return changed;
}

// What move_lines would do for both moves of one orientation, without
// writing (MoveSet::summarize). Each line is read from its start wall
// (left, up) once, its tiles gathered and paired as in slide32 (steps 1 and
// 2); the other move (right, down) pairs the same chains from their other
// end (level_cells_toward_end). Per pair the counts, which are the
// same for both moves (a chain of c equal tiles merges floor(c / 2) pairs
// either way). A kept tile lands after the kept tiles between it and the
// wall; it holds `level` after the move iff it held it and did not merge,
// or it held level - 1 and merged.
//   Only the merges that can change what the summary promises are counted
// one by one: a merge of two 2^e changes the counts of e and e + 1 only, so
// the counts from exponent c + 1 on, c = min(level - 1, largest exponent
// before the move), are exact when the merges of exponents below c are
// left out (they change counts of exponents up to c only), and so is the
// largest exponent (the only new one can be c + 1 or higher: the old
// largest plus one). The number of tiles falls by one per merge, counted
// for all. Lines without a tile of `level` or level - 1 have no cells of
// `level` after either move (a tile there held it or merged from level - 1),
// so their pairing from the other end is not needed.
// Line i is read from in + 32 i + offset (its n cells, empty for 32 - n
// cells after them).
[[gnu::target("ssse3,popcnt")]] void summarize_lines(const Exponent* in, std::size_t offset, int n, int level,
                                                     MoveSummary& first, MoveSummary& second) {
  constexpr std::size_t kPitch = kVectorSide;
  const std::size_t side = static_cast<std::size_t>(n);
  TileCounts& counts = first.counts;
  const int max_before = counts.max_exponent;
  const __m128i zero = _mm_setzero_si128();
  const __m128i at_level = _mm_set1_epi8(static_cast<char>(level));
  const __m128i below_level = _mm_set1_epi8(static_cast<char>(level - 1));
  // Tiles of exponent > c - 1, c as above (exponents are at most 63, so the
  // signed compare is right; c - 1 >= -1).
  const __m128i counted_above = _mm_set1_epi8(static_cast<char>(std::min(level - 1, max_before) - 1));
  auto mask_of = [](__m128i a, __m128i b, __m128i value) {
    return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(a, value))) |
           static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(b, value))) << 16;
  };
  const std::uint32_t line_cells = low32(n);
  bool changed_first = false, changed_second = false;
  std::uint32_t uncounted = 0;  // merges not passed to count_merges
  for (std::size_t i = 0; i < side; ++i) {
    // Step 1. Gather the line's tiles and pair them (steps 1 and 2 of the move).
    const Exponent* line = in + i * kPitch + offset;
    const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line));
    const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(line + 16));
    const std::uint32_t tiles_at = ~mask_of(lo, hi, zero);  // nothing past the line's n cells
    const GatheredLine gathered = gather_line(lo, hi, tiles_at, (n + 7) / 8);
    const int k = gathered.k;
    const bool packed = gathered.packed;
    const bool packed_at_end = tiles_at == (line_cells & ~low32(n - k));
    const __m128i t_lo = gathered.lo, t_hi = gathered.hi;
    const std::uint32_t equal = gathered.equal, starts = gathered.starts;
    // Step 2. Whether each move changes the line (a merge, or tiles not
    // already packed against its wall), and the tiles it keeps.
    changed_first |= starts != 0 || !packed;
    changed_second |= starts != 0 || !packed_at_end;
    const std::uint32_t pairs = static_cast<std::uint32_t>(std::popcount(starts));
    first.lengths[i] = second.lengths[i] = static_cast<std::uint8_t>(k - static_cast<int>(pairs));
    // Step 3. Count the merges of exponents from c on one by one, the others
    // only as tiles gone (see above).
    if (starts != 0) {
      const std::uint32_t counted = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(t_lo, counted_above))) |
                                    static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(t_hi, counted_above)))
                                        << 16;
      if ((starts & counted) != 0) count_merges(t_lo, t_hi, starts & counted, counts);
      uncounted += static_cast<std::uint32_t>(std::popcount(starts & ~counted));
    }
    // Step 4. Where tiles of `level` lie after each move (none unless the
    // line has a tile of `level` or level - 1).
    const std::uint32_t at = mask_of(t_lo, t_hi, at_level) & low32(k);
    const std::uint32_t below = mask_of(t_lo, t_hi, below_level) & low32(k);
    if ((at | below) == 0) {
      first.level_cells[i] = second.level_cells[i] = 0;
      continue;
    }
    first.level_cells[i] = level_cells_toward_start(at, below, starts);
    second.level_cells[i] = level_cells_toward_end(at, below, equal, starts, k);
  }
  // Step 5. The counts of both moves: count_merges took one tile per merge it
  // counted, take the others too; the largest exponent rose by one at most.
  counts.tiles -= uncounted;
  if (max_before + 1 <= kMaxExponent && counts.count[static_cast<std::size_t>(max_before + 1)] != 0)
    counts.max_exponent = max_before + 1;
  first.changed = changed_first;
  second.counts = counts;
  second.changed = changed_second;
}

bool has_vector_move() {
  static const bool has = __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("popcnt");
  return has;
}

}  // namespace boardsearch::game2048

#endif
