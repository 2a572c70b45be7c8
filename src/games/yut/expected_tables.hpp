#pragma once
// The tables of one random-dice solve (expected_search.cpp), shared by its
// parts: the squares that take part and their order (SquareCodes), the
// fixed-size exact integers (Limbs), what every part reads (Tables), the
// values array and the ranges of every position (Values), the legal moves
// made once (MoveCache), and the buffers the passes read and write
// (PassBuffers). The method and its proofs: expected_search.cpp.

#include <gmp.h>
#include <gmpxx.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "boardsearch/core/huge_pages.hpp"
#include "boardsearch/core/limits.hpp"
#include "games/yut/expected.hpp"
#include "games/yut/position_ranks.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut::expectimax {

// A choice byte: no legal move (the game ends for that face).
inline constexpr std::uint8_t kNoMove = 0xFF;
// A choice byte of the two phases: the doubles could not tell the best
// move apart (expected_phase_one.cpp), phase 2 compares the moves exactly.
inline constexpr std::uint8_t kTie = 0xFE;
// How many positions ahead phase 1 and phase 2 prefetch (phase 1: twice
// that for its first stage); tuned on T = 100, P = 6 (docs/yut.md, "Tuned constants").
inline constexpr std::uint64_t kPrefetchAhead = 4;

// The squares that take part, their order and per-square facts.
struct SquareCodes {
  int middle = 0;                   // m
  std::vector<int> square_of_code;  // code -> board square
  std::vector<int> code_of_square;  // board square -> code, -1 if not used
  std::vector<int> moves_left;      // per code: most moves still possible
  std::vector<int> min_moves;       // per code: fewest moves from start to here (big: unreachable)
  std::vector<int> max_moves;       // per code: most moves from start to here
  std::uint8_t finish_code() const { return static_cast<std::uint8_t>(middle + 1); }
};

inline constexpr int kUnreachable = std::numeric_limits<int>::max() / 64;

// The squares that take part and their facts. Steps: 1. the squares
// reachable from start (and from `extra`, the advice position's squares and
// their landings) with the faces thrown; 2. moves_left by a walk over the
// DAG; 3. order: moves_left descending (every move lowers it), then board
// index; 4. min and max moves from start, in that order (a topological one).
SquareCodes order_squares(const Board& board, const MoveTable& moves, const std::vector<int>& faces,
                          const std::vector<int>& extra);

// Fixed-size signed integers in two's complement, `limbs` limbs each.
class Limbs {
 public:
  explicit Limbs(mp_size_t limbs) : limbs_(limbs) {}
  mp_size_t size() const { return limbs_; }

  static bool negative(const mp_limb_t* x, mp_size_t n) { return (x[n - 1] >> (GMP_NUMB_BITS - 1)) != 0; }

  // Sign of a - b.
  int compare(const mp_limb_t* a, const mp_limb_t* b) const {
    const auto top_a = static_cast<std::int64_t>(a[limbs_ - 1]);
    const auto top_b = static_cast<std::int64_t>(b[limbs_ - 1]);
    if (top_a != top_b) return top_a < top_b ? -1 : 1;
    return limbs_ == 1 ? 0 : mpn_cmp(a, b, limbs_ - 1);
  }

  // x as an mpz (sign and magnitude).
  mpz_class to_mpz(const mp_limb_t* x, std::vector<mp_limb_t>& scratch) const {
    scratch.assign(x, x + limbs_);
    const bool minus = negative(x, limbs_);
    if (minus) mpn_neg(scratch.data(), scratch.data(), limbs_);
    mpz_t view;
    mpz_class value(mpz_roinit_n(view, scratch.data(), limbs_));
    if (minus) value = -value;
    return value;
  }

  // `value` into x. Precondition: it fits (|value| < 2^(64 limbs - 1)).
  void from_mpz(const mpz_class& value, mp_limb_t* x) const {
    std::fill(x, x + limbs_, 0);
    std::size_t count = 0;
    mpz_export(x, &count, -1, sizeof(mp_limb_t), 0, 0, value.get_mpz_t());
    if (value < 0) mpn_neg(x, x, limbs_);
  }

 private:
  mp_size_t limbs_;
};

// Everything one solve shares.
struct Tables {
  explicit Tables(const Board& of) : board(of) {}
  const Board& board;
  int pieces = 0;
  std::vector<int> faces;               // faces thrown (weight > 0)
  std::vector<mp_limb_t> face_weights;  // their weights
  mp_limb_t weight_sum = 0;             // W
  SquareCodes codes;
  std::vector<std::uint8_t> landing;     // [code * faces + slot] -> code
  std::vector<double> points;            // per code
  std::vector<mp_limb_t> scaled_points;  // per code: points * W^R, `limbs` limbs
  std::vector<long long> whole_points;   // per code: points
  std::vector<mp_limb_t> scale;          // W^R, `limbs` limbs
  Limbs limbs{1};
  double scale_mantissa = 1;  // W^R = scale_mantissa * 2^scale_exponent
  long scale_exponent = 0;
  int horizon = 0;  // R: turns left at the root
};

// The per-rank and per-pair arrays live on huge pages from kBigFrom bytes
// (core/huge_pages.hpp); a block there is rounded up to whole 2 MiB pages,
// and the budget counts the rounding (held()). The threshold was tuned on
// the fault costs of T = 100, P = 6 and T = 10, P = 4 (docs/yut.md, "Tuned constants"): below
// 2 MiB a fresh huge page costs more than the 4 KiB pages it replaces.
inline constexpr std::size_t kBigFrom = core::kHugePageBytes;
template <class T>
using BigVector = std::vector<T, core::HugePageAllocator<T, kBigFrom>>;

// The bytes one array of `bytes` holds (its pages).
inline long double held(long double bytes) {
  if (bytes < static_cast<long double>(kBigFrom)) return bytes;
  constexpr auto page = static_cast<long double>(core::kHugePageBytes);
  return std::ceil(bytes / page) * page;
}

// An array of trivial T (uninitialized), on huge pages from kBigFrom bytes
// like BigVector: phase 1 and the marking read rows and choices all over
// tens of MB, where 4 KB pages would also make nearly every read a TLB
// miss. bytes_for() is what it holds (the caller counts it).
template <class T>
class PagedArray {
 public:
  PagedArray() = default;
  PagedArray(const PagedArray&) = delete;
  PagedArray& operator=(const PagedArray&) = delete;
  ~PagedArray() { release(); }
  // The bytes an array of `count` takes.
  static std::size_t bytes_for(std::size_t count) {
    return static_cast<std::size_t>(held(static_cast<long double>(count) * sizeof(T)));
  }
  // `count` elements, uninitialized (T trivial). Throws std::bad_alloc.
  void reset(std::size_t count) {
    release();
    if (count == 0) return;
    data_ = Allocator().allocate(count);
    count_ = count;
  }
  void release() {
    if (data_ != nullptr) Allocator().deallocate(data_, count_);
    data_ = nullptr;
    count_ = 0;
  }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

 private:
  static_assert(std::is_trivial_v<T>);
  using Allocator = typename BigVector<T>::allocator_type;  // huge pages from kBigFrom, as BigVector
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

// The legal moves of the positions evaluated in two passes or more, made
// once before the passes: a move's landing and child do not depend on r.
// A cached position has one block of `movable` entries per face slot
// (movable: its distinct squares other than finish, at most one move each),
// the slot's moves first, in legal_moves' order.
struct MoveCache {
  static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
  BigVector<std::uint64_t> first;   // per rank: its first entry, kNone if not cached; empty: no cache
  BigVector<std::uint8_t> movable;  // per rank: entries per slot
  BigVector<std::uint8_t> count;    // per rank and slot: the slot's legal moves
  BigVector<std::uint32_t> child;   // per entry: the child's rank
  BigVector<std::uint8_t> to;       // per entry: the landing code

  // `rank`'s first entry, kNone if it is not cached (or there is no cache).
  std::uint64_t first_of(std::uint64_t rank) const { return first.empty() ? kNone : first[rank]; }
  // The entry of move `move` of face slot `slot` of a cached `rank`.
  std::uint64_t entry(std::uint64_t rank, std::size_t slot, std::size_t move = 0) const {
    return first[rank] + slot * movable[rank] + move;
  }
};

// The values array and the ranges of every position.
struct Values {
  BigVector<std::uint64_t> keys;     // per rank: its codes packed, byte i = codes[i]
  BigVector<std::uint32_t> first_r;  // per rank: computed for r in [first_r, last_r]
  BigVector<std::uint32_t> last_r;
  BigVector<double> approximate;       // per rank: V as a double
  BigVector<mp_limb_t> exact;          // per rank: N = V * W^R, `limbs` limbs
  BigVector<std::uint64_t> policy_at;  // per rank: where its policy bytes start (line only)
  BigVector<std::uint8_t> policy;      // the move of the most likely face per (r, position)
  // Passes on several threads only: the values of the odd passes (the even
  // ones are in approximate and exact), see PassBuffers.
  BigVector<double> approximate_odd;
  BigVector<mp_limb_t> exact_odd;
  MoveCache moves;
};

// One legal move of a position: the moving piece (index in the codes), its
// landing code and the child's rank.
struct LegalMove {
  int piece = 0;
  std::uint8_t to = 0;
  std::uint64_t child = 0;
};

// The legal moves of `parent` with the die of face slot `slot` (a piece not
// on finish, one per distinct square: pieces on start are interchangeable;
// landing on finish or a square no other piece holds), in piece order.
// `landing_of(code)` gives the landing code.
template <class LandingOf>
int legal_moves(const RankedCodes& parent, int pieces, std::uint8_t finish, const PositionRanks& ranks,
                LandingOf&& landing_of, std::array<LegalMove, kMaxPieces>& out) {
  const Codes& codes = parent.codes;
  int count = 0;
  for (int i = 0; i < pieces; ++i) {
    const std::uint8_t from = codes[i];
    if (from == finish || (i > 0 && codes[i - 1] == from)) continue;
    const std::uint8_t to = landing_of(from);
    if (to != finish && holds_code(parent.key, to)) continue;
    out[count++] = LegalMove{i, to, ranks.child_rank(parent, i, to)};
  }
  return count;
}

// The legal moves of `rank` with the face of slot `slot`, from the cache
// when it holds the rank, else made here. Returns their count.
inline int moves_of(const Tables& tables, const PositionRanks& ranks, const Values& values, std::uint64_t rank,
                    std::size_t slot, std::array<LegalMove, kMaxPieces>& moves) {
  const MoveCache& cache = values.moves;
  const std::size_t slots = tables.faces.size();
  if (cache.first_of(rank) != MoveCache::kNone) {
    const int count = cache.count[rank * slots + slot];
    const std::uint64_t at = cache.entry(rank, slot);
    for (int c = 0; c < count; ++c) moves[c].to = cache.to[at + c], moves[c].child = cache.child[at + c];
    return count;
  }
  const RankedCodes parent = ranks.parts_of(values.keys[rank], rank);
  return legal_moves(
      parent, tables.pieces, tables.codes.finish_code(), ranks,
      [&](std::uint8_t from) { return tables.landing[from * slots + slot]; }, moves);
}

// Fills values.moves (MoveCache) for the positions whose range holds
// least_pairs passes or more (the passes: 2, a position of one pass would
// make its moves once either way; the two phases: 1, phase 1, the marking
// and phase 2 all read them), when ranks fit 32 bits and the cache fits the
// memory budget; else leaves it empty and the passes make every move
// themselves. No value depends on it: an entry is exactly what legal_moves
// gives in the pass.
void build_move_cache(const Tables& tables, const PositionRanks& ranks, Values& values, core::MemoryBudget& budget,
                      core::SearchControl& control, std::size_t threads, std::uint32_t least_pairs = 2);

// Counts `bytes` on the budget, refusing sizes no allocation could hold
// (throws core::SearchAborted{memory_limit}).
void count_bytes(core::MemoryBudget& budget, long double bytes);

// Whether `bytes` more fit the budget; if so they are counted on it.
bool budget_allows(core::MemoryBudget& budget, long double bytes);

// A request for the exact value of one position after pass `r` (r = 0: 0).
struct Capture {
  std::uint32_t r = 0;
  std::uint64_t rank = 0;
  mpz_class value;  // N, filled by the run
};

// One thread's working storage for evaluate.
// Every thread writes its own at every pair, so no cache line may hold two
// threads' parts (such false sharing took half the speed of two threads):
// the struct is aligned to a line, and each limb buffer has a line of
// unused room after the limbs used, so that the heap block allocated next
// to it, another thread's perhaps, shares at most that unused line.
struct alignas(64) PassScratch {
  static constexpr mp_size_t kPadLimbs = 64 / sizeof(mp_limb_t);
  explicit PassScratch(mp_size_t limbs)
      : sum(limbs + kPadLimbs), candidate(limbs + kPadLimbs), best(limbs + kPadLimbs) {
    scratch.reserve(static_cast<std::size_t>(limbs + kPadLimbs));
  }
  PassScratch(const PassScratch&) = delete;
  PassScratch& operator=(const PassScratch&) = delete;
  PassScratch(PassScratch&&) = default;
  PassScratch& operator=(PassScratch&&) = default;
  std::vector<mp_limb_t> sum, candidate, best, scratch;  // the first `limbs` limbs are used
  std::array<LegalMove, kMaxPieces> moves{};
  std::array<double, kMaxPieces> guess{};
  std::array<double, kMaxPieces> slack{};
};

// Where pass r reads a child's V(r - 1) and writes V(r).
//
// One buffer (the serial passes): values.exact and values.approximate, in
// place, in increasing rank (expected_search.cpp, "Order and storage").
//
// Two buffers (kTwoBuffers: the passes split over threads, so that a
// position may be written by one thread while a lower one reads it): pass q
// writes the buffers of its parity (even: exact, approximate; odd:
// exact_odd, approximate_odd), and pass last_r + 1 copies a position's last
// value (of pass last_r) into the buffer of its own parity. So after pass q
// the buffer of q's parity holds every position's latest value: the one of
// pass q when q is in its range; the copy, made at pass last_r + 1 <= q,
// when q > last_r (no later pass writes it: those are past its range); and
// the 0 both buffers start with when q < first_r (no pass up to q wrote it),
// as the one array would. Pass r reads the buffer of r - 1's parity and
// writes (values and copies) only the other one, so no pass reads a slot
// that it writes, and every read sees the child's latest value after pass
// r - 1, exactly what the one array holds for it when pass r reaches the
// parent (children rank higher, so pass r has not written them yet there).
template <bool kTwoBuffers>
struct PassBuffers {
  Values& values;
  mp_size_t limbs;

  const mp_limb_t* exact(std::uint64_t rank, std::uint32_t after_pass) const {
    return &(odd(after_pass) ? values.exact_odd : values.exact)[rank * limbs];
  }
  double approximate(std::uint64_t rank, std::uint32_t after_pass) const {
    return (odd(after_pass) ? values.approximate_odd : values.approximate)[rank];
  }
  // Two buffers: at pass r = last_r + 1 (the copy described above).
  void copy_forward(std::uint64_t rank, std::uint32_t r) const {
    const mp_limb_t* from = exact(rank, r - 1);
    std::copy(from, from + limbs, exact_out(rank, r));
    approximate_out(rank, r) = approximate(rank, r - 1);
  }
  // The same for the exact value only (the two phases keep no doubles).
  void copy_forward_exact(std::uint64_t rank, std::uint32_t r) const {
    const mp_limb_t* from = exact(rank, r - 1);
    std::copy(from, from + limbs, exact_out(rank, r));
  }
  mp_limb_t* exact_out(std::uint64_t rank, std::uint32_t pass) const {
    return &(kTwoBuffers && pass % 2 == 1 ? values.exact_odd : values.exact)[rank * limbs];
  }
  double& approximate_out(std::uint64_t rank, std::uint32_t pass) const {
    return (kTwoBuffers && pass % 2 == 1 ? values.approximate_odd : values.approximate)[rank];
  }

 private:
  static bool odd(std::uint32_t after_pass) {
    if constexpr (!kTwoBuffers) return false;
    return after_pass % 2 == 1;
  }
};

// Step 5 of the passes (and of phase 2): from `sum` = sum over faces of
// w_f * N(r - 1, chosen child) and points_sum = sum of w_f * points, N(r,
// S) = (sum + points_sum * W^R) / W into `out`, exactly (every V(r - 1, .)
// is N / W^R, so the division is exact). Two's complement modulo 2^(64
// limbs), like every sum here: the carries out are dropped and the final
// value fits. `sum` is overwritten.
inline void exact_from_sum(const Tables& tables, std::vector<mp_limb_t>& sum, long long points_sum, mp_limb_t* out) {
  const mp_size_t limbs = tables.limbs.size();
  if (points_sum > 0)
    mpn_addmul_1(sum.data(), tables.scale.data(), limbs, static_cast<mp_limb_t>(points_sum));
  else if (points_sum < 0)
    mpn_submul_1(sum.data(), tables.scale.data(), limbs, static_cast<mp_limb_t>(-points_sum));
  const bool minus = Limbs::negative(sum.data(), limbs);
  if (minus) mpn_neg(sum.data(), sum.data(), limbs);
  mpn_divexact_1(out, sum.data(), limbs, tables.weight_sum);
  if (minus) mpn_neg(out, out, limbs);
}

// How run_passes spreads a pass over threads.
struct PassThreads {
  std::size_t threads = 1;  // 1: the serial passes (one buffer)
  std::size_t chunk_ranks = 1;
  // One per thread, thread 0's reporting progress (the passes on threads;
  // the two phases count their nodes on one thread and need none).
  std::vector<std::unique_ptr<core::SearchControl::Worker>>* workers = nullptr;
};

}  // namespace boardsearch::yut::expectimax
