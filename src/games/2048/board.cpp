#include "games/2048/board.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace boardsearch::game2048 {

Board::Board(int side) : side_(side), cells_(static_cast<std::size_t>(side) * static_cast<std::size_t>(side), 0) {
  assert(side >= kMinSide && side <= kMaxSide);
}

void Board::set(int row, int col, Exponent e) {
  assert(e <= kMaxExponent);
  Exponent& cell = cells_[static_cast<std::size_t>(row * side_ + col)];
  if (cell != 0) {
    --counts_.count[cell];
    --counts_.tiles;
  }
  cell = e;
  if (e != 0) {
    ++counts_.count[e];
    ++counts_.tiles;
  }
  counts_.max_exponent = 0;
  for (int x = kMaxExponent; x > 0; --x)
    if (counts_.count[static_cast<std::size_t>(x)] != 0) {
      counts_.max_exponent = x;
      break;
    }
}

bool slide_line(const Exponent* src, Exponent* dst, std::ptrdiff_t stride, int length, TileCounts& counts) {
  const std::ptrdiff_t end = stride * length;
  // Step 1. The untouched prefix: a tile with no empty cell before it, whose
  // next cell holds a different tile, stays where it is. (Step 2 would emit
  // it at its own cell, and resumes in the same state: nothing pending,
  // write == read.) The next cell must not be empty: in "2 0 2" the first 2
  // merges.
  std::ptrdiff_t read = 0;
  for (; read + stride != end && src[read] != 0 && src[read + stride] != 0 && src[read] != src[read + stride];
       read += stride)
    dst[read] = src[read];
  // Step 2. One pass from there outward. `pending` is the last tile read
  // that is not yet written (read at `pending_from`): it may still merge
  // with the next tile read. Writing it (merged or not) clears it, so a
  // merged tile never merges again.
  //   The line changed iff a merge happened or some tile is written at
  // another cell than its own: otherwise every tile stays put, so the tiles
  // already filled the cells from the wall on and the rest was empty, as it
  // is written. (Conversely a merge leaves fewer tiles, and a moved tile
  // leaves a different set of occupied cells.) No cell is compared.
  std::ptrdiff_t write = read;  // offset of the next cell to write
  bool changed = false;
  Exponent pending = 0;
  std::ptrdiff_t pending_from = 0;
  for (; read != end; read += stride) {
    const Exponent e = src[read];
    if (e == 0) continue;
    if (pending == 0) {
      pending = e;
      pending_from = read;
    } else if (pending == e) {
      // Merge: two 2^e become one 2^(e+1); the sum is unchanged, so e + 1
      // stays <= kMaxExponent on any board whose sum fits in 64 bits.
      const Exponent merged = static_cast<Exponent>(e + 1);
      counts.count[e] -= 2;
      ++counts.count[merged];
      --counts.tiles;
      counts.max_exponent = std::max<int>(counts.max_exponent, merged);
      dst[write] = merged;
      write += stride;
      changed = true;
      pending = 0;
    } else {
      changed |= pending_from != write;
      dst[write] = pending;
      write += stride;
      pending = e;
      pending_from = read;
    }
  }
  if (pending != 0) {
    changed |= pending_from != write;
    dst[write] = pending;
    write += stride;
  }
  // Step 3. The cells left over are empty.
  for (; write != end; write += stride) dst[write] = 0;
  return changed;
}

// A faster move for boards up to 32 wide on x86-64 processors with SSSE3
// and POPCNT (checked once at run time; elsewhere the loop above does every
// line). Same result, tested equal on every direction and side 1-40.
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
#if defined(__x86_64__) && defined(__GNUC__)
#define BOARDSEARCH_2048_VECTOR_MOVE 1
#endif

#if BOARDSEARCH_2048_VECTOR_MOVE
namespace {

constexpr int kVectorSide = 32;

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

// The same for 32 x 32 bytes, rows kVectorSide apart, in four blocks.
[[gnu::target("ssse3,popcnt")]] void transpose32(const Exponent* in, Exponent* out) {
  constexpr std::size_t kPitch = kVectorSide;
  for (std::size_t r = 0; r < kPitch; r += 16)
    for (std::size_t c = 0; c < kPitch; c += 16) transpose16(in + r * kPitch + c, kPitch, out + c * kPitch + r, kPitch);
}

// Copies n <= 32 bytes; from 16 on as two 16-byte blocks (overlapping),
// which the compiler inlines, unlike a copy of a length it does not know.
inline void copy_row(Exponent* to, const Exponent* from, std::size_t n) {
  if (n >= 16) {
    std::memcpy(to, from, 16);
    std::memcpy(to + n - 16, from + n - 16, 16);
  } else {
    std::memcpy(to, from, n);
  }
}

// The vector move for 1 <= n <= kVectorSide (see above), from `rows` (a
// 32 x 32 copy of the board, empty past it, with 32 empty cells before it)
// or, for up and down, `columns` (its transpose, the same way): each line is
// a row. Horizontal results go straight to
// the board; vertical ones to the rows of `results` (whose rows from n on
// stay empty), transposed back.
// `staged` and `board_rows` (32 x 32 each, their rows from n on empty) get
// what a borrowing MoveSet reads (MoveSet::borrow_last): the rows of a
// horizontal result, and of a vertical one the transpose of `results`.
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
// end. A chain whose equal-neighbour bits are a run of odd length pairs the
// same tiles either way; a run of even length (its top bit not taken from
// the start) the other bits of the run. Per pair the counts, which are the
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
    changed_first |= starts != 0 || !packed;
    changed_second |= starts != 0 || !packed_at_end;
    const std::uint32_t pairs = static_cast<std::uint32_t>(std::popcount(starts));
    first.lengths[i] = second.lengths[i] = static_cast<std::uint8_t>(k - static_cast<int>(pairs));
    if (starts != 0) {
      const std::uint32_t counted = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(t_lo, counted_above))) |
                                    static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(t_hi, counted_above)))
                                        << 16;
      if ((starts & counted) != 0) count_merges(t_lo, t_hi, starts & counted, counts);
      uncounted += static_cast<std::uint32_t>(std::popcount(starts & ~counted));
    }
    const std::uint32_t at = mask_of(t_lo, t_hi, at_level) & low32(k);
    const std::uint32_t below = mask_of(t_lo, t_hi, below_level) & low32(k);
    if ((at | below) == 0) {
      first.level_cells[i] = second.level_cells[i] = 0;
      continue;
    }
    // Toward the start: pair p, p + 1 is kept at p.
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
    first.level_cells[i] = cells;
    // Toward the end. The runs of even length: their top bits not taken,
    // spread down the run.
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
    second.level_cells[i] = placed_at_end;
  }
  // count_merges took one tile per merge it counted; the others too.
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

}  // namespace
#endif

bool apply_lines(const Board& from, Direction direction, Board& to) {
  assert(&from != &to);
  const int n = from.side_;
  if (to.side_ != n || to.cells_.size() != from.cells_.size()) {
    to.side_ = n;
    to.cells_.assign(from.cells_.size(), 0);
  }
  to.counts_ = from.counts_;
  const Exponent* src = from.cells_.data();
  Exponent* dst = to.cells_.data();
  bool changed = false;
  // Where line i starts (at the wall) and the step along it.
  for (int i = 0; i < n; ++i) {
    std::ptrdiff_t start = 0;
    std::ptrdiff_t stride = 0;
    switch (direction) {
      case Direction::left:
        start = std::ptrdiff_t{i} * n, stride = 1;
        break;
      case Direction::right:
        start = std::ptrdiff_t{i} * n + (n - 1), stride = -1;
        break;
      case Direction::up:
        start = i, stride = n;
        break;
      case Direction::down:
        start = std::ptrdiff_t{n - 1} * n + i, stride = -std::ptrdiff_t{n};
        break;
    }
    changed |= slide_line(src + start, dst + start, stride, n, to.counts_);
  }
  return changed;
}

bool apply_move(const Board& from, Direction direction, Board& to) {
  MoveSet moves;
  moves.prepare(from);
  return moves.apply(direction, to);
}

void MoveSet::prepare(const Board& from) {
#if BOARDSEARCH_2048_VECTOR_MOVE
  static_assert(kSide == kVectorSide);
#endif
  from_ = &from;
  transposed_ = false;
  borrowed_ = false;
#if BOARDSEARCH_2048_VECTOR_MOVE
  const auto side = static_cast<std::size_t>(from.side());
  vector_ = side <= kSide && has_vector_move();
  if (!vector_) return;
  if (rows_ == nullptr) {
    rows_ = std::make_unique<Grids>();  // empty
    grid_side_ = 0;
  }
  Exponent* rows = rows_->rows + kSide;
  // Only the board's cells are ever written to `rows` (below), so after a
  // board of the same side the rest is still empty.
  if (grid_side_ != side) {
    std::memset(rows, 0, kSide * kSide);
    clear_results();
    grid_side_ = side;
  }
  for (std::size_t r = 0; r < side; ++r) copy_row(rows + r * kSide, from.cells().data() + r * side, side);
#endif
}

bool MoveSet::apply(Direction direction, Board& to) {
  assert(from_ != nullptr && from_ != &to);
#if BOARDSEARCH_2048_VECTOR_MOVE
  if (borrowed_) prepare(*from_);
  last_to_ = nullptr;
  if (vector_) {
    const Board& from = *from_;
    if (to.side_ != from.side_ || to.cells_.size() != from.cells_.size()) {
      to.side_ = from.side_;
      to.cells_.assign(from.cells_.size(), 0);
    }
    to.counts_ = from.counts_;
    const bool vertical = direction == Direction::up || direction == Direction::down;
    if (vertical && !transposed_) {
      transpose32(rows_->rows + kSide, rows_->columns + kSide);
      transposed_ = true;
    }
    last_to_ = &to;
    last_direction_ = direction;
    return move_lines(rows_->rows + kSide, rows_->columns + kSide, rows_->results, rows_->staged, rows_->board_rows,
                      from.side_, direction, to.cells_.data(), to.counts_);
  }
#endif
  return apply_lines(*from_, direction, to);
}

void MoveSet::borrow_last(const MoveSet& parent) {
#if BOARDSEARCH_2048_VECTOR_MOVE
  assert(parent.last_to_ != nullptr);
  from_ = parent.last_to_;
  vector_ = true;
  transposed_ = false;
  borrowed_ = true;
  borrowed_from_ = &parent;
  if (rows_ == nullptr) {
    rows_ = std::make_unique<Grids>();  // empty
    grid_side_ = 0;
  }
  // Only its columns grid is written while borrowing (a transpose of the
  // parent's `staged`), and a prepare rewrites all of it before reading it.
#else
  (void)parent;
#endif
}

void MoveSet::clear_results() {
  std::memset(rows_->columns, 0, sizeof rows_->columns);
  std::memset(rows_->results, 0, sizeof rows_->results);
  std::memset(rows_->staged, 0, sizeof rows_->staged);
  std::memset(rows_->board_rows, 0, sizeof rows_->board_rows);
}

bool MoveSet::summarize(bool horizontal, int level, MoveSummary& first, MoveSummary& second) {
  assert(from_ != nullptr && level >= 1 && level <= kMaxExponent);
#if BOARDSEARCH_2048_VECTOR_MOVE
  if (vector_) {
    first.counts = from_->counts_;
    const auto side = static_cast<std::size_t>(from_->side_);
    if (borrowed_) {
      // The lines of the borrowed result (borrow_last): a horizontal move's
      // rows in `staged`, a vertical move's columns in `results` and rows in
      // `board_rows`; those of a reversed move end at cell 31 (offset 32 - n),
      // so their transpose starts at line 32 - n. The missing orientation of
      // a horizontal move is transposed here.
      const MoveSet& parent = *borrowed_from_;
      const bool reversed = parent.last_direction_ == Direction::right || parent.last_direction_ == Direction::down;
      const std::size_t offset = reversed ? kSide - side : 0;
      const bool parent_horizontal =
          parent.last_direction_ == Direction::left || parent.last_direction_ == Direction::right;
      if (horizontal == parent_horizontal) {
        summarize_lines(parent_horizontal ? parent.rows_->staged : parent.rows_->results, offset, from_->side_, level,
                        first, second);
      } else if (horizontal) {
        summarize_lines(parent.rows_->board_rows + offset * kSide, 0, from_->side_, level, first, second);
      } else {
        if (!transposed_) {
          transpose32(parent.rows_->staged, rows_->columns + kSide);
          transposed_ = true;
        }
        summarize_lines(rows_->columns + kSide + offset * kSide, 0, from_->side_, level, first, second);
      }
      return true;
    }
    if (!horizontal && !transposed_) {
      transpose32(rows_->rows + kSide, rows_->columns + kSide);
      transposed_ = true;
    }
    summarize_lines(horizontal ? rows_->rows + kSide : rows_->columns + kSide, 0, from_->side_, level, first, second);
    return true;
  }
#endif
  (void)horizontal, (void)first, (void)second;
  return false;
}

}  // namespace boardsearch::game2048
