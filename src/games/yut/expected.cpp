// The expected score of optimal dice yut play when each turn's die is drawn
// at random, exactly.
//
// The recurrence. Let V(r, S) be the expected score still to come from
// position S (the multiset of the pieces' squares) with r turns left, the
// player choosing every move after seeing its die and playing optimally.
// With weights w_f (W = their sum):
//   V(0, S) = 0,
//   V(r, S) = sum over faces f of (w_f / W) * best_f(r, S),
//   best_f(r, S) = max over legal moves S -> S' with die f of
//                  points(landing square) + V(r - 1, S'),
//                  or 0 when no piece can move (the game ends).
// This is the optimum because the future after a move depends only on the
// turns left and on the squares occupied (pieces are interchangeable), and
// the die of a turn is independent of everything before it: backward
// induction (expectimax) over (r, S).
//
// Saturation. Every move of a piece lands strictly further on (the arrows
// make no loop), so a piece on s can move at most moves_left(s) more times,
// where moves_left(finish) = 0 and moves_left(s) = 1 + max over the faces
// thrown of moves_left(landing(s, f)). No game from S lasts more than
// M(S) = sum of moves_left over its pieces, hence V(r, S) = V(M(S), S) for
// every r >= M(S): those values are computed once.
//
// Which (r, S) are needed. From the start, after t moves a piece on s has
// made between min_moves(s) and max_moves(s) moves (the fewest and the most
// moves that reach s), so S is reachable only at turns t in
// [t_min(S), t_max(S)], the sums over its pieces; it is then needed with
// r = T - t turns left. Its values are computed for r in
//   [max(1, min(T - t_max, M)), min(M, T - t_min)]
// (the lower end clamped to M: a state needed only beyond saturation still
// needs V(M, S)). A parent needed at r has its children needed at r - 1
// within their own ranges: a move changes one piece, min_moves grows by at
// most 1 and max_moves by at least 1 along it, and M drops by at least 1.
// Advice from an arbitrary position uses the range [1, min(M, T - turn)].
//
// Order and storage. Positions are ranked (combinatorial number system,
// games/yut/position_ranks.hpp):
// k pieces on start, j on finish, and the set of the other squares, in an
// order of the squares where every move goes to a later square. Ranks are
// grouped by (j ascending, k descending), then colex within a group; a move
// never lowers the rank (leaving start lowers k, reaching finish raises j,
// and replacing a square by a later one raises the colex rank). One array
// holds one value per position; pass r = 1, 2, ..., T updates it in
// increasing rank order, so a parent reads its children (higher ranks)
// before they are overwritten: the array holds V(r - 1, .) ahead of the
// pass position and V(r, .) behind it. Memory: the positions times (value
// + a few words), whatever T is.
//
// Exact arithmetic. Every V(r, S) is a fraction with denominator dividing
// W^r, so N = V * W^T is an integer; it is kept as a fixed number of 64-bit
// limbs in two's complement (GMP's mpn layer), sized from the largest
// possible |V|. A value also keeps a double, converted from the exact one.
// The maximum over moves is taken on the doubles when they differ by more
// than their rounding error can explain (kRelativeSlack, far above the
// error of one conversion and one addition); otherwise the candidates are
// compared exactly. Ties keep the first move: the values are exact either
// way. That is the passes (ExpectedMethod::passes); the default is the two
// phases below, with the passes as the fallback when the two phases'
// tables do not fit the memory budget.
//
// Two phases. The passes spend most of their time choosing, per pair and
// face, the best move over its children's doubles, pass after pass over
// the whole array. The two phases choose once in doubles, for every pair,
// and then compute exact values only for the pairs the answer reads.
//
// Phase 1: doubles by rows. Every position S has a row of doubles
// v(r, S), r in [first_r, last_r] (values.policy_at gives where its row
// starts: the sum of the range lengths before it). A move raises the rank,
// so the rows are made in decreasing rank, every child's before its
// parents' (one thread: by levels of M, which would split over threads,
// was measured twice as slow, see run_phase_one). A parent at r reads V(r - 1, S') for r in its range, i.e. the
// child's row from r - 1 = first_r - 1 up, as one contiguous slice clamped
// as the passes read it: 0 at r - 1 = 0, V(last_r') above last_r'
// (saturation), and r - 1 >= first_r' otherwise by the range proof above
// (fill_candidates counts any read below a range; the tests require none).
// Per face slot the rows of the candidates points + v(r - 1, S') give, per
// r, the best (v = sum of q_f * best_f with q_f = w_f / W in double), the
// first move reaching it and the second best; the choice byte is that
// move, or kTie when best - second <= tie_below(r).
//
// The threshold, proven. Let u = 2^-53, B = max |points| (so |V(r)| <= rB:
// at most r moves score), E(r) >= |v(r, S) - V(r, S)| for every S. A
// candidate fl(p + v(r - 1, S')) is within
//   delta(r) = (1 + 2u) E(r - 1) + 3u r B
// of p + V(r - 1, S') (p as a double: u B; the child: E(r - 1), E grows
// with r so a saturated child is within it too; the sum's rounding:
// u (rB + uB + E)). So if two candidates' doubles differ by more than
// 2 delta(r), the larger is larger exactly, and the byte names the exact
// best; the first such on equal values, as the exact comparison keeps
// (when the doubles are tied the byte is kTie). The max over candidates is
// exact on doubles and 1-Lipschitz, so best_f is within delta(r) of the
// exact best; q_f has one rounding, each product one, the sum of k faces
// k - 1, and sum q_f = 1 exactly, so
//   E(r) = delta(r) + (k + 4) u (r B + delta(r))
// bounds the error of v(r) (k + 2 would do; the code also scales it by
// 1 + 2^-40 for its own roundings). tie_below(r) = tie_factor x 2 delta(r):
// the factor must be at least 2 to cover the rounding of the gap and of
// the bound itself (default 4). With r <= 100 and B = 30 that is about
// 2^-30: only near-ties and exact ties (equal children are common) are
// flagged. A huge factor flags every choice of two moves or more (tests:
// same fractions). Slots of one move are never ties; no move: kNoMove.
//
// Marks. Only doubles are known after phase 1, but the choice bytes say
// which child each pair's exact value reads: for byte m the child of move
// m at r - 1 (clamped: the pair (S', min(r - 1, last_r')), nothing at 0 or
// below the range), for kTie every move's child. The roots are the pairs
// the answer reads (the start at R; advice: every root move's child at R;
// the line: every choice's child along it); in increasing rank (a move
// raises the rank, so parents come first) every marked pair marks what it
// reads. So a marked pair reads only marked pairs, and their exact values
// are those of the full recurrence: exact.
//
// Phase 2: the passes r = 1, 2, ..., restricted to the marked pairs (one
// list of ranks per pass, ascending), exact values only, one array in
// place or two buffers on threads, as PassBuffers. Per slot it reads one
// child, the chosen one (kTie: every move's, compared exactly, the first of
// the highest kept and written back). Unmarked slots of the array hold
// stale values (or 0) and are never read: a marked pair at r reads
// (S', min(r - 1, last_r')), which is marked, so in one array it was
// written by pass min(r - 1, last_r') and not since (pass r reaches S'
// after the parent; passes after last_r' never write S'); with two buffers
// it is in the buffer of r - 1's parity: written at pass r - 1, or copied
// there at pass last_r' + 1 (the copy lists: every rank whose last pair is
// marked), after which both buffers hold it. A copy of an unmarked pair is
// never made. Phase 2 counts no node (phase 1 counted one per pair, so
// the node budget means what it means for the passes); it polls the
// limits (thread 0 on threads).
//
// The line. After phase 2, every pair of the line is marked (the start is,
// and each next pair is the chosen child of a marked one) and its choice
// resolved; the line is walked, then phase 2 runs again from the values of
// every choice along it (new marks; usually far fewer pairs).

#include "games/yut/expected.hpp"

#include <gmp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>
#include <type_traits>

#include "boardsearch/core/huge_pages.hpp"
#include "boardsearch/core/parallel.hpp"
#include "games/yut/position_ranks.hpp"
#include "games/yut/rules.hpp"
#include "games/yut/solver.hpp"

namespace boardsearch::yut {

namespace {

constexpr std::uint8_t kNoMove = 0xFF;
// Two doubles closer than this (relative to the sizes involved) are
// compared exactly; a double from an exact value is within 2^-52 of it and
// a sum adds 2^-53, so 2^-40 is safe by a factor of thousands.
constexpr double kRelativeSlack = 0x1p-40;

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

constexpr int kUnreachable = std::numeric_limits<int>::max() / 64;

// Steps: 1. the squares reachable from start (and from `extra`, the advice
// position's squares and their landings) with the faces thrown; 2.
// moves_left by a walk over the DAG; 3. order: moves_left descending (every
// move lowers it), then board index; 4. min and max moves from start, in
// that order (a topological one).
SquareCodes order_squares(const Board& board, const MoveTable& moves, const std::vector<int>& faces,
                          const std::vector<int>& extra) {
  const int n = static_cast<int>(board.squares.size());
  // Step 1.
  std::vector<bool> used(n, false);
  std::vector<int> stack{board.start};
  used[board.start] = true;
  for (int square : extra)
    if (!used[square]) used[square] = true, stack.push_back(square);
  while (!stack.empty()) {
    const int square = stack.back();
    stack.pop_back();
    if (square == board.finish) continue;
    for (int face : faces) {
      const int to = moves.destination(square, face);
      if (!used[to]) used[to] = true, stack.push_back(to);
    }
  }
  used[board.finish] = true;
  // Step 2. Memoized; the arrows make no loop, so this ends (iterative: a
  // chain may be 255 squares long).
  std::vector<int> left(n, -1);
  left[board.finish] = 0;
  for (int root = 0; root < n; ++root) {
    if (!used[root]) continue;
    stack.assign(1, root);
    while (!stack.empty()) {
      const int square = stack.back();
      if (left[square] >= 0) {
        stack.pop_back();
        continue;
      }
      bool ready = true;
      int most = 0;
      for (int face : faces) {
        const int to = moves.destination(square, face);
        if (left[to] < 0)
          stack.push_back(to), ready = false;
        else
          most = std::max(most, left[to] + 1);
      }
      if (ready) left[square] = most, stack.pop_back();
    }
  }
  // Step 3.
  std::vector<int> middle;
  for (int square = 0; square < n; ++square)
    if (used[square] && square != board.start && square != board.finish) middle.push_back(square);
  std::stable_sort(middle.begin(), middle.end(), [&](int a, int b) { return left[a] > left[b]; });
  SquareCodes codes;
  codes.middle = static_cast<int>(middle.size());
  codes.square_of_code.push_back(board.start);
  codes.square_of_code.insert(codes.square_of_code.end(), middle.begin(), middle.end());
  codes.square_of_code.push_back(board.finish);
  codes.code_of_square.assign(n, -1);
  for (std::size_t code = 0; code < codes.square_of_code.size(); ++code)
    codes.code_of_square[codes.square_of_code[code]] = static_cast<int>(code);
  // Step 4.
  const std::size_t count = codes.square_of_code.size();
  codes.moves_left.resize(count);
  codes.min_moves.assign(count, kUnreachable);
  codes.max_moves.assign(count, -kUnreachable);
  codes.min_moves[0] = codes.max_moves[0] = 0;
  for (std::size_t code = 0; code < count; ++code) {
    const int square = codes.square_of_code[code];
    codes.moves_left[code] = left[square];
    if (square == board.finish || codes.min_moves[code] == kUnreachable) continue;
    for (int face : faces) {
      const auto to = static_cast<std::size_t>(codes.code_of_square[moves.destination(square, face)]);
      codes.min_moves[to] = std::min(codes.min_moves[to], codes.min_moves[code] + 1);
      codes.max_moves[to] = std::max(codes.max_moves[to], codes.max_moves[code] + 1);
    }
  }
  return codes;
}

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
// (core/huge_pages.hpp): at T = 100, P = 6 the fresh 4 KiB pages of a solve
// were 76,000 faults, about 0.7 s of system time on the VMs measured. A
// block there is rounded up to whole 2 MiB pages, and the budget counts the
// rounding (held()). From 2 MiB, not less: a huge page the host must back
// afresh costs about 3.5 ms there, more than the 4 KiB pages of a block of
// 1 MiB (2.7 ms); a 256 KiB threshold made T = 10, P = 4 (eight such
// blocks) 15-31 ms from run to run against 20-21 ms.
constexpr std::size_t kBigFrom = core::kHugePageBytes;
template <class T>
using BigVector = std::vector<T, core::HugePageAllocator<T, kBigFrom>>;

// The bytes one array of `bytes` holds (its pages).
long double held(long double bytes) {
  if (bytes < static_cast<long double>(kBigFrom)) return bytes;
  constexpr auto page = static_cast<long double>(core::kHugePageBytes);
  return std::ceil(bytes / page) * page;
}

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

// V as a double from N (W^R as mantissa and exponent in Tables): the top
// three limbs of |N|, relative error below 2^-52.
double approximate_value(const Tables& tables, const mp_limb_t* n, std::vector<mp_limb_t>& scratch) {
  static_assert(GMP_NUMB_BITS == 64, "the limb weights below are powers of 2^64");
  const mp_size_t limbs = tables.limbs.size();
  const bool minus = Limbs::negative(n, limbs);
  const mp_limb_t* magnitude = n;
  if (minus) {
    scratch.assign(n, n + limbs);
    mpn_neg(scratch.data(), scratch.data(), limbs);
    magnitude = scratch.data();
  }
  mp_size_t top = limbs - 1;
  while (top >= 0 && magnitude[top] == 0) --top;
  if (top < 0) return 0;
  // The top limbs weighted 1, 2^-64, 2^-128 (exact scalings).
  double high = static_cast<double>(magnitude[top]);
  if (top >= 1) high += static_cast<double>(magnitude[top - 1]) * 0x1p-64;
  if (top >= 2) high += static_cast<double>(magnitude[top - 2]) * 0x1p-128;
  const long exponent = static_cast<long>(GMP_NUMB_BITS) * top - tables.scale_exponent;
  const double value = std::ldexp(high / tables.scale_mantissa, static_cast<int>(exponent));
  return minus ? -value : value;
}

// Counts `bytes` on the budget, refusing sizes no allocation could hold.
void count_bytes(core::MemoryBudget& budget, long double bytes) {
  if (bytes > static_cast<long double>(std::numeric_limits<std::uint64_t>::max() / 4))
    throw core::SearchAborted{core::Outcome::memory_limit};
  budget.allocate(static_cast<std::uint64_t>(bytes));
}

// Whether `bytes` more fit the budget; if so they are counted on it.
bool budget_allows(core::MemoryBudget& budget, long double bytes) {
  try {
    count_bytes(budget, bytes);
    return true;
  } catch (const core::SearchAborted&) {
    return false;
  }
}

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
// place, in increasing rank (see the top of the file).
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
void exact_from_sum(const Tables& tables, std::vector<mp_limb_t>& sum, long long points_sum, mp_limb_t* out) {
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

// Steps 2 to 5 of run_passes for position `rank` in pass r (r in its range).
template <bool kTwoBuffers>
void evaluate(const Tables& tables, const PositionRanks& ranks, Values& values, const PassBuffers<kTwoBuffers>& io,
              std::uint64_t rank, std::uint32_t r, int likely_slot, PassScratch& work) {
  const mp_size_t limbs = tables.limbs.size();
  const int pieces = tables.pieces;
  const std::uint8_t finish = tables.codes.finish_code();
  const std::size_t slots = tables.faces.size();
  std::vector<mp_limb_t>& sum = work.sum;
  std::vector<mp_limb_t>& candidate = work.candidate;
  std::vector<mp_limb_t>& best = work.best;
  std::array<LegalMove, kMaxPieces>& moves = work.moves;
  std::array<double, kMaxPieces>& guess = work.guess;
  std::array<double, kMaxPieces>& slack = work.slack;
  const bool children_at_zero = r == 1;
  const MoveCache& cache = values.moves;
  const std::uint64_t cached = cache.first_of(rank);
  RankedCodes parent;
  if (cached == MoveCache::kNone) parent = ranks.parts_of(values.keys[rank], rank);
  std::fill_n(sum.begin(), limbs, 0);
  long long points_sum = 0;  // sum over faces of w_f * points of the chosen move
  for (std::size_t slot = 0; slot < slots; ++slot) {
    // Step 2.
    int count = 0;
    if (cached != MoveCache::kNone) {
      count = cache.count[rank * slots + slot];
      const std::uint64_t at = cache.entry(rank, slot);
      for (int c = 0; c < count; ++c) moves[c].to = cache.to[at + c], moves[c].child = cache.child[at + c];
    } else {
      count = legal_moves(
          parent, pieces, finish, ranks, [&](std::uint8_t from) { return tables.landing[from * slots + slot]; }, moves);
    }
    if (slot == static_cast<std::size_t>(likely_slot) && !values.policy.empty())
      values.policy[values.policy_at[rank] + (r - values.first_r[rank])] = kNoMove;
    if (count == 0) continue;  // the game ends: this face adds 0
    int top = 0;
    for (int c = 0; c < count; ++c) {
      const double child = children_at_zero ? 0 : io.approximate(moves[c].child, r - 1);
      guess[c] = tables.points[moves[c].to] + child;
      slack[c] = kRelativeSlack * (std::fabs(tables.points[moves[c].to]) + std::fabs(child) + 1);
      if (guess[c] > guess[top]) top = c;
    }
    // Step 3. Candidates the doubles cannot tell from the top one.
    int chosen = top;
    bool exact_ready = false;
    for (int c = 0; c < count; ++c) {
      if (c == top || guess[c] < guess[top] - slack[top] - slack[c]) continue;
      const auto exact_of = [&](int which, std::vector<mp_limb_t>& into) {
        const mp_limb_t* points = &tables.scaled_points[moves[which].to * limbs];
        if (children_at_zero)
          std::copy(points, points + limbs, into.begin());
        else
          mpn_add_n(into.data(), points, io.exact(moves[which].child, r - 1), limbs);
      };
      if (!exact_ready) exact_of(chosen, best), exact_ready = true;
      exact_of(c, candidate);
      const int order = tables.limbs.compare(candidate.data(), best.data());
      if (order > 0 || (order == 0 && c < chosen)) chosen = c, best.swap(candidate);
    }
    if (slot == static_cast<std::size_t>(likely_slot) && !values.policy.empty())
      values.policy[values.policy_at[rank] + (r - values.first_r[rank])] = static_cast<std::uint8_t>(chosen);
    // Step 4. The points' part is gathered as a machine integer (its size
    // is at most W x the largest |points|, below 2^62 by solve_expected's
    // precondition) and scaled by W^R once, in step 5.
    const mp_limb_t weight = tables.face_weights[slot];
    points_sum += static_cast<long long>(weight) * tables.whole_points[moves[chosen].to];
    if (!children_at_zero) mpn_addmul_1(sum.data(), io.exact(moves[chosen].child, r - 1), limbs, weight);
  }
  // Step 5. The sum is W * N exactly (every V(r - 1, .) is N / W^R). Two's
  // complement modulo 2^(64 limbs), like every sum here: the carries out
  // are dropped and the final sum fits.
  mp_limb_t* out = io.exact_out(rank, r);
  exact_from_sum(tables, sum, points_sum, out);
  io.approximate_out(rank, r) = approximate_value(tables, out, work.scratch);
}

// Positions per task while the move cache is filled.
constexpr std::uint64_t kCacheChunkRanks = 4096;

// Fills values.moves (MoveCache) for the positions whose range holds
// least_pairs passes or more (the passes: 2, a position of one pass would
// make its moves once either way; the two phases: 1, phase 1, the marking
// and phase 2 all read them), when ranks fit 32 bits and the cache fits the memory budget; else
// leaves it empty and the passes make every move themselves. No value
// depends on it: an entry is exactly what legal_moves gives in the pass.
// Steps: 1. per position, its first entry (an upper bound on its moves:
// slots x movable); 2. the entries counted on the budget; 3. the moves, in
// chunks of positions on up to `threads` threads (each chunk writes only
// its own positions' blocks; thread 0 polls the limits, no other thread
// touches `control` meanwhile).
void build_move_cache(const Tables& tables, const PositionRanks& ranks, Values& values, core::MemoryBudget& budget,
                      core::SearchControl& control, std::size_t threads, std::uint32_t least_pairs = 2) {
  const std::uint64_t positions = values.keys.size();
  if (positions > std::numeric_limits<std::uint32_t>::max()) return;
  const std::size_t slots = tables.faces.size();
  const std::uint8_t finish = tables.codes.finish_code();
  const int pieces = tables.pieces;
  // Step 1.
  const auto index_bytes = static_cast<std::uint64_t>(
      held(static_cast<long double>(positions) * sizeof(std::uint64_t)) + held(static_cast<long double>(positions)));
  if (!budget_allows(budget, static_cast<long double>(index_bytes))) return;
  MoveCache& cache = values.moves;
  cache.first.assign(positions, MoveCache::kNone);
  cache.movable.assign(positions, 0);
  std::uint64_t entries = 0;
  for (std::uint64_t rank = 0; rank < positions; ++rank) {
    if (values.last_r[rank] < values.first_r[rank] || values.last_r[rank] - values.first_r[rank] + 1 < least_pairs)
      continue;  // fewer passes than least_pairs
    const Codes codes = unpack_codes(values.keys[rank]);
    int movable = 0;
    for (int i = 0; i < pieces; ++i)
      if (codes[i] != finish && (i == 0 || codes[i - 1] != codes[i])) ++movable;
    cache.first[rank] = entries;
    cache.movable[rank] = static_cast<std::uint8_t>(movable);
    entries += slots * static_cast<std::uint64_t>(movable);
  }
  // Step 2.
  const long double entry_bytes = held(static_cast<long double>(entries) * sizeof(std::uint32_t)) +
                                  held(static_cast<long double>(entries)) +
                                  held(static_cast<long double>(positions) * slots);
  if (entries == 0 || !budget_allows(budget, entry_bytes)) {
    cache = MoveCache{};
    budget.release(index_bytes);
    return;
  }
  cache.count.assign(positions * slots, 0);
  cache.child.resize(entries);
  cache.to.resize(entries);
  // Step 3.
  const std::size_t chunks = static_cast<std::size_t>((positions + kCacheChunkRanks - 1) / kCacheChunkRanks);
  core::for_each_task(threads, chunks, [&](std::size_t thread, std::size_t chunk) {
    if (thread == 0) control.poll();
    std::array<LegalMove, kMaxPieces> moves{};
    const std::uint64_t end = std::min<std::uint64_t>(positions, (chunk + 1) * kCacheChunkRanks);
    for (std::uint64_t rank = chunk * kCacheChunkRanks; rank < end; ++rank) {
      if (cache.first[rank] == MoveCache::kNone) continue;
      const RankedCodes parent = ranks.parts_of(values.keys[rank], rank);
      for (std::size_t slot = 0; slot < slots; ++slot) {
        const int count = legal_moves(
            parent, pieces, finish, ranks, [&](std::uint8_t from) { return tables.landing[from * slots + slot]; },
            moves);
        cache.count[rank * slots + slot] = static_cast<std::uint8_t>(count);
        const std::uint64_t at = cache.entry(rank, slot);
        for (int c = 0; c < count; ++c) {
          cache.child[at + c] = static_cast<std::uint32_t>(moves[c].child);
          cache.to[at + c] = moves[c].to;
        }
      }
    }
  });
}

// How run_passes spreads a pass over threads.
struct PassThreads {
  std::size_t threads = 1;  // 1: the serial passes (one buffer)
  std::size_t chunk_ranks = 1;
  // One per thread, thread 0's reporting progress (the passes on threads;
  // the two phases count their nodes on one thread and need none).
  std::vector<std::unique_ptr<core::SearchControl::Worker>>* workers = nullptr;
};

// The passes with one buffer (one thread) or two (several), see PassBuffers.
template <bool kTwoBuffers>
void run_passes_with(const Tables& tables, const PositionRanks& ranks, Values& values, std::vector<Capture>& captures,
                     int likely_slot, core::SearchControl& control, const PassThreads& spread) {
  const PassBuffers<kTwoBuffers> io{values, tables.limbs.size()};
  std::uint32_t last_pass = 0;
  for (const Capture& capture : captures) last_pass = std::max(last_pass, capture.r);
  last_pass = std::max<std::uint32_t>(last_pass, static_cast<std::uint32_t>(tables.horizon));
  const std::uint64_t total = values.keys.size();
  std::vector<PassScratch> work;
  const std::size_t scratches = kTwoBuffers ? spread.threads : 1;
  work.reserve(scratches);
  for (std::size_t i = 0; i < scratches; ++i) work.emplace_back(tables.limbs.size());
  std::vector<mp_limb_t> scratch;
  const std::size_t chunks =
      kTwoBuffers ? static_cast<std::size_t>((total + spread.chunk_ranks - 1) / spread.chunk_ranks) : 0;

  for (std::uint32_t r = 1; r <= last_pass; ++r) {
    if constexpr (!kTwoBuffers) {
      for (std::uint64_t rank = 0; rank < total; ++rank) {
        if (r < values.first_r[rank] || r > values.last_r[rank]) continue;
        // Step 1.
        control.visit();
        evaluate(tables, ranks, values, io, rank, r, likely_slot, work[0]);
      }
    } else {
      // The pass's positions in chunks of ranks, on the threads: each
      // writes only its own positions (and their policy bytes).
      core::for_each_task(spread.threads, chunks, [&](std::size_t thread, std::size_t chunk) {
        core::SearchControl::Worker& worker = *(*spread.workers)[thread];
        const std::uint64_t end = std::min<std::uint64_t>(total, (chunk + 1) * spread.chunk_ranks);
        for (std::uint64_t rank = chunk * spread.chunk_ranks; rank < end; ++rank) {
          const std::uint32_t last = values.last_r[rank];
          if (r == last + 1 && last >= values.first_r[rank]) io.copy_forward(rank, r);
          if (r < values.first_r[rank] || r > last) continue;
          // Step 1.
          worker.visit();
          evaluate(tables, ranks, values, io, rank, r, likely_slot, work[thread]);
        }
      });
    }
    for (Capture& capture : captures)
      if (capture.r == r) capture.value = tables.limbs.to_mpz(io.exact(capture.rank, r), scratch);
  }
}

// The backward induction (see the top of the file). Steps per pass r and
// position S in increasing rank with r in its range:
//   1. count a node (limits may stop the solve here);
//   2. per face thrown: the legal moves and their candidates' doubles;
//   3. the best move: by doubles when they are clearly apart, else exactly;
//   4. add w_f * (points * W^R + N(r - 1, child)) to the sum;
//   5. N(r, S) = sum / W, exactly; its double.
// After pass r, the captures of r are copied. With spread.threads > 1 (and
// values' odd buffers made) each pass is split over the threads.
void run_passes(const Tables& tables, const PositionRanks& ranks, Values& values, std::vector<Capture>& captures,
                int likely_slot, core::SearchControl& control, const PassThreads& spread) {
  if (spread.threads > 1)
    run_passes_with<true>(tables, ranks, values, captures, likely_slot, control, spread);
  else
    run_passes_with<false>(tables, ranks, values, captures, likely_slot, control, spread);
}

// ---------------------------------------------------------------------------
// The two phases (see "Two phases" at the top of the file).

constexpr std::uint8_t kTie = 0xFE;

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

// Phase 1's tables and what phase 2 keeps of them.
struct TwoPhaseTables {
  PagedArray<double> rows;                           // per pair (values.policy_at layout): V(r, S) in doubles
  PagedArray<std::uint8_t> choice;                   // per pair and slot: the best move's index, kTie or kNoMove
  std::vector<double> tie_below;                     // per r: a gap at most this is a tie
  std::vector<double> weight_share;                  // per slot: w_f / W in double
  BigVector<std::uint64_t> marks;                    // one bit per pair
  std::vector<std::vector<std::uint32_t>> evaluate;  // per pass r: the ranks of its marked pairs, ascending
  std::vector<std::vector<std::uint32_t>> copies;    // two buffers: per pass, the ranks copied forward
  std::size_t longest_row = 0;
  // The largest last_r of any position: no pass beyond it has a pair, so
  // the per-pass lists stop there (sized by the board, not by T).
  std::uint32_t longest_r = 0;
};

// Phase 1's vectors: kLanes doubles (GCC's vector extension), one AVX2
// register where row_of's AVX2 clone runs, two SSE2 ones elsewhere.
constexpr std::size_t kLanes = 4;
using Lanes = double __attribute__((vector_size(kLanes * sizeof(double))));
using LaneMask = long long __attribute__((vector_size(kLanes * sizeof(double))));
// The same, at any double's address (loads and stores of rows).
using UnalignedLanes =
    double __attribute__((vector_size(kLanes * sizeof(double)), aligned(alignof(double)), may_alias));

// One thread's phase 1 rows and counts: the candidates' rows of one slot
// (kMaxPieces rows of `stride` doubles, the longest row rounded up to
// whole vectors: the lanes past a row's length are computed and never
// stored) and the row's sum.
struct RowScratch {
  explicit RowScratch(std::size_t longest)
      : stride((longest + kLanes - 1) / kLanes * kLanes),
        candidates(kMaxPieces * stride + kLanes),
        sum(stride + kLanes),
        best(stride + kLanes),
        second(stride + kLanes),
        index(stride + kLanes) {}
  std::size_t stride;
  std::vector<double> candidates, sum, best, second, index;
  std::array<LegalMove, kMaxPieces> moves{};
  std::uint64_t decided = 0, ties = 0, range_gaps = 0;
};

// The legal moves of `rank` with the slot's face, from the cache when it
// holds the rank, else made here. Returns their count.
int moves_of(const Tables& tables, const PositionRanks& ranks, const Values& values, std::uint64_t rank,
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

// The candidate row of one move into `out`: points + V(first - 1 + i,
// child) for i < length, the child's value clamped as the passes read it:
// 0 at 0 turns left, 0 below the child's range (a range gap: counted,
// never seen, see the top of the file), V(last_r') above it (saturation).
inline void fill_candidates(const Values& values, const TwoPhaseTables& two, std::uint64_t child, double points,
                            std::uint32_t first, std::size_t length, double* out, std::uint64_t& range_gaps) {
  const long long first_child = values.first_r[child], last_child = values.last_r[child];
  const long long before = static_cast<long long>(first) - 1;  // turns left of the children at i = 0
  const auto count = static_cast<long long>(length);
  if (last_child < first_child) {
    for (long long i = 0; i < count; ++i) out[i] = points;
    return;
  }
  const double* row = &two.rows[values.policy_at[child]];
  long long i = 0;
  const long long low = std::max<long long>(first_child, 1);
  for (; i < count && before + i < low; ++i) {
    out[i] = points;
    if (before + i >= 1) ++range_gaps;
  }
  const long long end = std::min(count, last_child - before + 1);
  const double* from = row + (before - first_child);
  for (; i < end; ++i) out[i] = points + from[i];
  if (i == count) return;
  // Read only when it is used: on threads V(last_r') may be a higher band's
  // element, not made yet (run_phase_one), when no element here reads it.
  const double saturated = points + row[last_child - first_child];
  for (; i < count; ++i) out[i] = saturated;
}

// One element of a candidate row: what fill_candidates writes for turns
// left r (the child read at r - 1), by the same operations.
inline double candidate_at(const Values& values, const TwoPhaseTables& two, std::uint64_t child, double points,
                           std::uint32_t r, std::uint64_t& range_gaps) {
  const long long first_child = values.first_r[child], last_child = values.last_r[child];
  if (last_child < first_child) return points;
  const long long before = static_cast<long long>(r) - 1;
  if (before < std::max<long long>(first_child, 1)) {
    if (before >= 1) ++range_gaps;
    return points;
  }
  const double* row = &two.rows[values.policy_at[child]];
  return points + row[std::min(before, last_child) - first_child];
}

// Phase 1 for one position and the turns left r in [low, high] (within
// its range; a band of run_phase_one): those elements of its row of doubles
// and their choice bytes (steps 3 and 4 of run_phase_one). Only those are
// written.
//
// Per slot: the candidates' rows (fill_candidates), then one pass over the
// row in vectors of kLanes that keeps, per lane, the best, the largest of
// the others (the multiset's second) and the first move reaching the best
// (the same comparisons, in the same order, as one element at a time: the
// same doubles and bytes on every machine), adds share_f x best to the
// sum, and gives the choice bytes. Compiled twice, for AVX2 and for the
// baseline, and picked at run time (row_of below: no ifunc, which
// ThreadSanitizer's runtime cannot start with); nothing here rounds
// differently on AVX2 (no FMA: additions, products and comparisons only).
[[gnu::always_inline]] inline void make_row(const Tables& tables, const PositionRanks& ranks, const Values& values,
                                            TwoPhaseTables& two, std::uint64_t rank, std::uint32_t low,
                                            std::uint32_t high, RowScratch& work) {
  const std::size_t length = high - low + 1;
  const std::size_t blocks = (length + kLanes - 1) / kLanes;
  const std::size_t slots = tables.faces.size();
  const std::uint64_t at = values.policy_at[rank] + (low - values.first_r[rank]);
  const std::size_t stride = work.stride;
  double* const sum = work.sum.data();
  double* const best_out = work.best.data();
  double* const second_out = work.second.data();
  double* const index_out = work.index.data();
  const double* const tie_below = &two.tie_below[low];
  std::fill_n(sum, blocks * kLanes, 0.0);
  for (std::size_t slot = 0; slot < slots; ++slot) {
    std::uint8_t* choice = &two.choice[at * slots + slot];
    const int count = moves_of(tables, ranks, values, rank, slot, work.moves);
    if (count == 0) {  // the game ends: this face adds 0
      for (std::size_t i = 0; i < length; ++i) choice[i * slots] = kNoMove;
      continue;
    }
    if (length < kLanes) {  // Short rows (most at T = 10): one element at a time, the same comparisons.
      const double share = two.weight_share[slot];
      for (std::size_t i = 0; i < length; ++i) {
        const std::uint32_t r = low + static_cast<std::uint32_t>(i);
        double best =
            candidate_at(values, two, work.moves[0].child, tables.points[work.moves[0].to], r, work.range_gaps);
        double second = -std::numeric_limits<double>::infinity();
        int index = 0;
        for (int c = 1; c < count; ++c) {
          const double candidate =
              candidate_at(values, two, work.moves[c].child, tables.points[work.moves[c].to], r, work.range_gaps);
          const double lower = candidate < best ? candidate : best;
          second = second > lower ? second : lower;
          if (candidate > best) index = c, best = candidate;
        }
        sum[i] += share * best;
        if (count == 1) {
          choice[i * slots] = 0;
          continue;
        }
        const bool tie = !(best - second > tie_below[i]);
        choice[i * slots] = tie ? kTie : static_cast<std::uint8_t>(index);
        work.ties += tie ? 1 : 0;
        work.decided += tie ? 0 : 1;
      }
      continue;
    }
    for (int c = 0; c < count; ++c)
      fill_candidates(values, two, work.moves[c].child, tables.points[work.moves[c].to], low, length,
                      &work.candidates[c * stride], work.range_gaps);
    const Lanes share = two.weight_share[slot] - Lanes{};
    if (count == 1) {
      for (std::size_t j = 0; j < blocks * kLanes; j += kLanes)
        *reinterpret_cast<UnalignedLanes*>(sum + j) +=
            share * *reinterpret_cast<const UnalignedLanes*>(&work.candidates[j]);
      for (std::size_t i = 0; i < length; ++i) choice[i * slots] = 0;
      continue;
    }
    for (std::size_t j = 0; j < blocks * kLanes; j += kLanes) {
      Lanes best = *reinterpret_cast<const UnalignedLanes*>(&work.candidates[j]);
      Lanes second = -std::numeric_limits<double>::infinity() - Lanes{};
      Lanes index = Lanes{};
      for (int c = 1; c < count; ++c) {
        const Lanes candidate = *reinterpret_cast<const UnalignedLanes*>(&work.candidates[c * stride + j]);
        const Lanes lower = candidate < best ? candidate : best;
        second = second > lower ? second : lower;
        const LaneMask above = candidate > best;
        index = above ? static_cast<double>(c) - Lanes{} : index;
        best = above ? candidate : best;
      }
      *reinterpret_cast<UnalignedLanes*>(sum + j) += share * best;
      *reinterpret_cast<UnalignedLanes*>(best_out + j) = best;
      *reinterpret_cast<UnalignedLanes*>(second_out + j) = second;
      *reinterpret_cast<UnalignedLanes*>(index_out + j) = index;
    }
    for (std::size_t i = 0; i < length; ++i) {
      const bool tie = !(best_out[i] - second_out[i] > tie_below[i]);
      choice[i * slots] = tie ? kTie : static_cast<std::uint8_t>(index_out[i]);
      work.ties += tie ? 1 : 0;
      work.decided += tie ? 0 : 1;
    }
  }
  std::copy_n(sum, length, &two.rows[at]);
}

__attribute__((target("avx2"))) void make_row_avx2(const Tables& tables, const PositionRanks& ranks,
                                                   const Values& values, TwoPhaseTables& two, std::uint64_t rank,
                                                   std::uint32_t low, std::uint32_t high, RowScratch& work) {
  make_row(tables, ranks, values, two, rank, low, high, work);
}

void make_row_baseline(const Tables& tables, const PositionRanks& ranks, const Values& values, TwoPhaseTables& two,
                       std::uint64_t rank, std::uint32_t low, std::uint32_t high, RowScratch& work) {
  make_row(tables, ranks, values, two, rank, low, high, work);
}

void row_of(const Tables& tables, const PositionRanks& ranks, const Values& values, TwoPhaseTables& two,
            std::uint64_t rank, std::uint32_t low, std::uint32_t high, RowScratch& work) {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2)
    make_row_avx2(tables, ranks, values, two, rank, low, high, work);
  else
    make_row_baseline(tables, ranks, values, two, rank, low, high, work);
}

// How many positions ahead phase 1 prefetches (twice that for the first
// stage); measured, see docs/yut.md.
constexpr std::uint64_t kPrefetchAhead = 4;

// Prefetches for phase 1 (no value depends on them): the children's row
// places of `rank` (stage 0: their policy_at and ranges) or the parts of
// their rows that r in [low, high] reads (stage 1), from the move cache
// (the legal moves only: a slot's block has unused entries past them).
// Phase 1 reads every child row once per parent, from anywhere in the
// rows (tens of MB): memory latency, not arithmetic, is what it waits on.
void prefetch_children(const Tables& tables, const Values& values, const TwoPhaseTables& two, std::uint64_t rank,
                       std::uint32_t low, std::uint32_t high, int stage) {
  const MoveCache& cache = values.moves;
  if (cache.first_of(rank) == MoveCache::kNone) return;
  const std::size_t slots = tables.faces.size();
  const long long before = static_cast<long long>(low) - 1;
  const long long length = static_cast<long long>(high) - low;
  for (std::size_t slot = 0; slot < slots; ++slot) {
    const std::uint64_t entry = cache.entry(rank, slot), end = entry + cache.count[rank * slots + slot];
    for (std::uint64_t e = entry; e < end; ++e) {
      const std::uint32_t child = cache.child[e];
      if (stage == 0) {
        __builtin_prefetch(&values.policy_at[child]);
        __builtin_prefetch(&values.first_r[child]);
        __builtin_prefetch(&values.last_r[child]);
      } else {
        const long long first = values.first_r[child], last = values.last_r[child];
        if (last < first) continue;
        const long long from = std::clamp<long long>(before, first, last) - first;
        const long long to = std::clamp<long long>(before + length, first, last) - first;
        const double* row = &two.rows[values.policy_at[child]];
        for (long long i = from; i < to + 8; i += 8) __builtin_prefetch(row + std::min(i, to));
      }
    }
  }
}

// Phase 1 on threads: the turns left split into bands, one a thread
// (threads x bands, see run_phase_one), each band made over the ranks in
// decreasing order, in chunks of kPhaseOneChunkRanks (fewer when the
// request's chunk_ranks is smaller: tests).
constexpr std::size_t kPhaseOneChunkRanks = 512;

// One band's state (one cache line: the threads write it).
struct alignas(64) PhaseOneBand {
  std::uint32_t low = 0, high = 0;   // the turns left r of the band
  std::atomic<bool> held{false};     // a thread is making its next chunk
  std::atomic<std::size_t> done{0};  // chunks made, in order from the highest ranks
};

// Phase 1: every position's row, in decreasing rank (a move raises the
// rank, so every child's row is made before its parents'). Measured
// (docs/yut.md): twice as fast as the same work by levels of M ascending,
// because a parent's children are mostly of nearby ranks, whose rows were
// made moments before and are still in the caches. Steps per position: 1.
// prefetch the children's row places and rows a few positions ahead; 2.
// count a node per pair (limits may stop the solve here); 3. per face
// slot, the candidates' rows and the best, second best and first best
// move per r; 4. the choice bytes (kTie when the gap is within the
// threshold), the row = sum of share_f * best_f.
//
// Threads (threads > 1): the turns left are split into `threads` bands of
// about equal pairs, r in [low_b, high_b], low_0 = 1, high_b + 1 =
// low_(b+1); a band makes, for every position, the elements of its row
// with r in the band (and their choice bytes), in decreasing rank, chunk by
// chunk (chunk k: the k-th block of ranks from the top). Why no read is of
// an element not yet made: an element at r reads its children (higher
// ranks) at r' = min(r - 1, last_r') < r, so in its own band or a lower
// one, never a higher one (and reads nothing else: fill_candidates and
// candidate_at read V(last_r') only for an element that uses it; TSan
// found the read it once made anyway). Its own band made them before (decreasing rank,
// one chunk after the other, a chunk by one thread at a time); a lower
// band b' made them in a chunk k' <= k (the child's rank is higher), and
// band b starts its chunk k only when band b - 1 has made chunk k, which
// band b - 1 started only when band b - 2 had made it, and so on: every
// lower band has made every chunk up to k. The done counters are stored
// with release after the chunk's rows and loaded with acquire before the
// next band reads them; `held` hands a band from one thread to another
// the same way. Writes: band b writes only its own elements and choice
// bytes (disjoint from every other band's).
//
// No thread ever waits for a call that may not have started (TBB may run
// the calls one after another, core/parallel.hpp): every thread takes any
// band whose next chunk is ready and that no other thread holds, its own
// band first; the lowest unfinished band is always ready, so one thread
// alone makes everything. The nodes of a chunk (one per pair of its
// positions, all bands) are counted when band 0 makes it, and every chunk
// of a higher band polls the limits, both under `control_mutex` (control is
// not thread-safe); a stop (a limit: SearchAborted) ends every thread at
// its next chunk and is rethrown by run_on_threads. One thread: the same
// order as band 0 alone (the whole range is one band).
void run_phase_one(const Tables& tables, const PositionRanks& ranks, const Values& values, TwoPhaseTables& two,
                   core::SearchControl& control, ExpectedResult::TwoPhase& counts, std::size_t threads,
                   std::size_t chunk_ranks) {
  const std::uint64_t positions = values.keys.size();
  // The bands: of about equal work, counted per r as the candidates read
  // there (a position's legal moves over its slots, per element of its
  // row) plus its fixed work per row (its moves and their slices, taken as
  // two elements' worth and spread over the row). Measured: bands of equal
  // pairs left one thread idle for a quarter of the other's time (the early
  // positions, at high r, have more moves).
  const std::size_t bands = std::max<std::size_t>(1, threads);
  std::vector<PhaseOneBand> band(bands);
  {
    const MoveCache& cache = values.moves;
    const std::size_t slots = tables.faces.size();
    std::vector<double> at_r(two.longest_r + 2, 0);  // differences of the work per r
    double total = 0;
    for (std::uint64_t rank = 0; rank < positions; ++rank) {
      const std::uint32_t first = values.first_r[rank], last = values.last_r[rank];
      if (last < first) continue;
      double moves = 0;
      if (cache.first_of(rank) != MoveCache::kNone) {
        for (std::size_t slot = 0; slot < slots; ++slot) moves += cache.count[rank * slots + slot];
      } else {
        moves = static_cast<double>(slots * static_cast<std::size_t>(tables.pieces));
      }
      const double length = last - first + 1;
      const double per_element = (moves + 1) * (length + 2) / length;
      at_r[first] += per_element, at_r[last + 1] -= per_element;
      total += per_element * length;
    }
    double running = 0, cumulative = 0;
    std::size_t b = 0;
    band[0].low = 1;
    for (std::uint32_t r = 1; r <= two.longest_r && b + 1 < bands; ++r) {
      running += at_r[r];  // the work at r
      cumulative += running;
      if (cumulative * static_cast<double>(bands) >= total * static_cast<double>(b + 1))
        band[b].high = r, band[++b].low = r + 1;
    }
    band[b].high = std::max(two.longest_r, band[b].low);
    for (std::size_t rest = b + 1; rest < bands; ++rest)  // empty bands (too few r)
      band[rest].low = band[b].high + 1, band[rest].high = band[b].high;
  }
  const std::size_t chunk = std::clamp<std::size_t>(chunk_ranks, 1, kPhaseOneChunkRanks);
  const std::size_t chunks = static_cast<std::size_t>((positions + chunk - 1) / chunk);
  std::mutex control_mutex;
  std::atomic<bool> stopped{false};
  std::vector<ExpectedResult::TwoPhase> per_thread(bands);
  // Chunk k of band b: steps 1 to 4 for its ranks, from the highest down.
  const auto make_chunk = [&](std::size_t b, std::size_t k, RowScratch& work) {
    const std::uint64_t top = positions - static_cast<std::uint64_t>(k) * chunk;
    const std::uint64_t bottom = top > chunk ? top - chunk : 0;
    if (b == 0) {  // Step 2, for the chunk's positions.
      const std::lock_guard lock(control_mutex);
      for (std::uint64_t rank = top; rank-- > bottom;)
        for (std::uint32_t r = values.first_r[rank]; r <= values.last_r[rank]; ++r) control.visit();
    } else {
      const std::lock_guard lock(control_mutex);
      control.poll();
    }
    const std::uint32_t low = band[b].low, high = band[b].high;
    const auto part = [&](std::uint64_t rank, std::uint32_t& from, std::uint32_t& to) {
      from = std::max(values.first_r[rank], low), to = std::min(values.last_r[rank], high);
      return from <= to;
    };
    for (std::uint64_t rank = top; rank-- > bottom;) {
      std::uint32_t from = 0, to = 0;
      // Step 1.
      if (rank >= 2 * kPrefetchAhead && part(rank - 2 * kPrefetchAhead, from, to))
        prefetch_children(tables, values, two, rank - 2 * kPrefetchAhead, from, to, 0);
      if (rank >= kPrefetchAhead && part(rank - kPrefetchAhead, from, to))
        prefetch_children(tables, values, two, rank - kPrefetchAhead, from, to, 1);
      // Steps 3 and 4.
      if (part(rank, from, to)) row_of(tables, ranks, values, two, rank, from, to, work);
    }
  };
  core::run_on_threads(bands, [&](std::size_t thread) {
    RowScratch work(two.longest_row);
    try {
      while (!stopped.load(std::memory_order_relaxed)) {
        bool finished = true, made = false;
        for (std::size_t j = 0; j < bands && !made; ++j) {
          const std::size_t b = (thread + j) % bands;
          const std::size_t k = band[b].done.load(std::memory_order_acquire);
          if (k == chunks) continue;
          finished = false;
          if (b > 0 && band[b - 1].done.load(std::memory_order_acquire) <= k) continue;  // not ready
          if (band[b].held.exchange(true, std::memory_order_acquire)) continue;          // another thread's
          if (band[b].done.load(std::memory_order_relaxed) == k) {                       // (not made meanwhile)
            try {
              make_chunk(b, k, work);
            } catch (...) {
              band[b].held.store(false, std::memory_order_release);
              throw;
            }
            band[b].done.store(k + 1, std::memory_order_release);
            made = true;
          }
          band[b].held.store(false, std::memory_order_release);
        }
        if (finished) break;
        if (!made) std::this_thread::yield();
      }
    } catch (...) {
      stopped.store(true, std::memory_order_relaxed);
      throw;
    }
    per_thread[thread].decided = work.decided;
    per_thread[thread].ties = work.ties;
    per_thread[thread].range_gaps = work.range_gaps;
  });
  for (const ExpectedResult::TwoPhase& part : per_thread) {
    counts.decided += part.decided;
    counts.ties += part.ties;
    counts.range_gaps += part.range_gaps;
  }
}

// The pair (child, min(r, last_r')) whose exact value a read of V(r, child)
// gets, or kNoPair when the read is 0 (r = 0, no range, r below it).
constexpr std::uint64_t kNoPair = std::numeric_limits<std::uint64_t>::max();
std::uint64_t pair_read(const Values& values, std::uint64_t child, std::uint32_t r) {
  const std::uint32_t first = values.first_r[child], last = values.last_r[child];
  if (r == 0 || last < first || r < first) return kNoPair;
  return values.policy_at[child] + (std::min(r, last) - first);
}

bool marked(const TwoPhaseTables& two, std::uint64_t pair) { return (two.marks[pair / 64] >> (pair % 64)) & 1; }
void mark(TwoPhaseTables& two, std::uint64_t pair) {
  if (pair != kNoPair) two.marks[pair / 64] |= std::uint64_t{1} << (pair % 64);
}

// The marking: from the roots (rank, r), every pair whose exact value the
// roots' values read. Steps: 1. the roots' pairs; 2. in increasing rank
// (parents before children: a move raises the rank), for every marked
// pair and face slot, the chosen child's pair, every move's child's on
// kTie; 3. the lists of phase 2: per pass, its marked ranks in increasing
// rank, counted on the budget before they are made (the copies of two
// buffers: build_copies). Returns the pairs marked.
std::uint64_t mark_pairs(const Tables& tables, const PositionRanks& ranks, const Values& values, TwoPhaseTables& two,
                         const std::vector<Capture>& roots, std::uint32_t last_pass, core::MemoryBudget& budget,
                         std::uint64_t& list_bytes, core::SearchControl& control) {
  const std::uint64_t positions = values.keys.size();
  const std::size_t slots = tables.faces.size();
  const MoveCache& cache = values.moves;
  // Step 1.
  std::fill(two.marks.begin(), two.marks.end(), 0);
  for (const Capture& root : roots) mark(two, pair_read(values, root.rank, root.r));
  // Step 2. Passes past two.longest_r have no pair: no list for them.
  last_pass = std::min(last_pass, two.longest_r);
  std::vector<std::uint64_t> per_pass(last_pass + 2, 0);
  std::array<LegalMove, kMaxPieces> moves{};
  std::uint64_t total = 0;
  for (std::uint64_t rank = 0; rank < positions; ++rank) {
    const std::uint32_t first = values.first_r[rank], last = values.last_r[rank];
    if (last < first) continue;
    if (rank % 65536 == 0) control.poll();
    const std::uint64_t at = values.policy_at[rank];
    const std::uint64_t cached = cache.first_of(rank);
    for (std::uint32_t r = first; r <= last; ++r) {
      const std::uint64_t pair = at + (r - first);
      if (!marked(two, pair)) continue;
      ++total;
      ++per_pass[r];
      if (r == 1) continue;  // the children have 0 turns left
      for (std::size_t slot = 0; slot < slots; ++slot) {
        const std::uint8_t choice = two.choice[pair * slots + slot];
        if (choice == kNoMove) continue;
        // The chosen move straight from the cache, else every move made.
        int count = 1;
        if (choice != kTie && cached != MoveCache::kNone) {
          moves[0].child = cache.child[cache.entry(rank, slot, choice)];
        } else {
          count = moves_of(tables, ranks, values, rank, slot, moves);
          if (choice != kTie) moves[0] = moves[choice], count = 1;
        }
        for (int c = 0; c < count; ++c) {
          const std::uint64_t child = moves[c].child;
          if (r - 1 < values.first_r[child] && values.first_r[child] <= values.last_r[child])
            throw std::logic_error("yut --expected: a marked pair reads below its child's range");
          mark(two, pair_read(values, child, r - 1));
        }
      }
    }
  }
  // Step 3.
  budget.release(list_bytes);
  list_bytes = 0;
  for (std::uint64_t count : per_pass) list_bytes += count * sizeof(std::uint32_t);
  count_bytes(budget, static_cast<long double>(list_bytes));
  two.evaluate.assign(last_pass + 1, {});
  two.copies.assign(last_pass + 1, {});
  for (std::uint32_t r = 1; r <= last_pass; ++r) two.evaluate[r].reserve(per_pass[r]);
  for (std::uint64_t rank = 0; rank < positions; ++rank) {
    const std::uint32_t first = values.first_r[rank], last = values.last_r[rank];
    if (last < first) continue;
    const std::uint64_t at = values.policy_at[rank];
    for (std::uint32_t r = first; r <= last; ++r) {
      if (!marked(two, at + (r - first))) continue;
      two.evaluate[r].push_back(static_cast<std::uint32_t>(rank));
    }
  }
  return total;
}

// Two buffers: per pass q, the ranks whose last pair (last_r = q - 1) is
// marked, copied forward at pass q (see PassBuffers). At most one entry a
// rank: the caller counted positions x 4 bytes for them.
void build_copies(const Values& values, TwoPhaseTables& two, std::uint32_t last_pass) {
  last_pass = std::min(last_pass, two.longest_r);  // no pass past it (mark_pairs)
  two.copies.assign(last_pass + 1, {});
  std::vector<std::uint64_t> per_pass(last_pass + 1, 0);
  const std::uint64_t positions = values.keys.size();
  const auto copied = [&](std::uint64_t rank) {
    const std::uint32_t first = values.first_r[rank], last = values.last_r[rank];
    return last >= first && last + 1 <= last_pass && marked(two, values.policy_at[rank] + (last - first));
  };
  for (std::uint64_t rank = 0; rank < positions; ++rank)
    if (copied(rank)) ++per_pass[values.last_r[rank] + 1];
  for (std::uint32_t r = 1; r <= last_pass; ++r) two.copies[r].reserve(per_pass[r]);
  for (std::uint64_t rank = 0; rank < positions; ++rank)
    if (copied(rank)) two.copies[values.last_r[rank] + 1].push_back(static_cast<std::uint32_t>(rank));
}

// Phase 2 for the marked pair (rank, r): its exact N(r, S) from the chosen
// children's exact values (kTie: every move compared exactly, the first of
// the highest kept and written back), as evaluate's steps 4 and 5.
//
// A child's value is read straight from the buffer, without pair_read's
// look at the child's range (three more scattered reads a face, once the
// largest part of phase 2's time): at r = 1 it is 0 (no read); at r >= 2
// it is what pair_read would give. A child without a range (M = 0, every
// piece home: pair_read's kNoPair) reads 0: phase 2 writes and copies only
// ranks with a range, and both buffers start at 0. A child with a range
// has first_r' <= r - 1 (the range proof at the top: the tests count no
// range gap in phase 1, and mark_pairs stops with a logic_error if a marked
// pair ever read one), so the read is the pair (S', min(r - 1, last_r')),
// which is marked, as pair_read says. A slot that is not a tie names its
// move directly in the move cache (the others' entries are not read).
template <bool kTwoBuffers>
void evaluate_marked(const Tables& tables, const PositionRanks& ranks, const Values& values, TwoPhaseTables& two,
                     const PassBuffers<kTwoBuffers>& io, std::uint64_t rank, std::uint32_t r, PassScratch& work) {
  const mp_size_t limbs = tables.limbs.size();
  const std::size_t slots = tables.faces.size();
  const std::uint64_t pair = values.policy_at[rank] + (r - values.first_r[rank]);
  const MoveCache& cache = values.moves;
  const std::uint64_t cached = cache.first_of(rank);
  const bool children_at_zero = r == 1;
  std::vector<mp_limb_t>& sum = work.sum;
  std::fill_n(sum.begin(), limbs, 0);
  long long points_sum = 0;
  for (std::size_t slot = 0; slot < slots; ++slot) {
    std::uint8_t& choice = two.choice[pair * slots + slot];
    if (choice == kNoMove) continue;
    std::uint8_t to = 0;
    std::uint64_t child = 0;
    if (choice != kTie && cached != MoveCache::kNone) {
      const std::uint64_t entry = cache.entry(rank, slot, choice);
      to = cache.to[entry];
      child = cache.child[entry];
    } else {
      const int count = moves_of(tables, ranks, values, rank, slot, work.moves);
      int chosen = choice;
      if (choice == kTie) {
        const auto exact_of = [&](int which, std::vector<mp_limb_t>& into) {
          const mp_limb_t* points = &tables.scaled_points[work.moves[which].to * limbs];
          if (children_at_zero)
            std::copy(points, points + limbs, into.begin());
          else
            mpn_add_n(into.data(), points, io.exact(work.moves[which].child, r - 1), limbs);
        };
        chosen = 0;
        exact_of(0, work.best);
        for (int c = 1; c < count; ++c) {
          exact_of(c, work.candidate);
          if (tables.limbs.compare(work.candidate.data(), work.best.data()) > 0)
            chosen = c, work.best.swap(work.candidate);
        }
        choice = static_cast<std::uint8_t>(chosen);
      }
      to = work.moves[chosen].to;
      child = work.moves[chosen].child;
    }
    const mp_limb_t weight = tables.face_weights[slot];
    points_sum += static_cast<long long>(weight) * tables.whole_points[to];
    if (!children_at_zero) mpn_addmul_1(sum.data(), io.exact(child, r - 1), limbs, weight);
  }
  mp_limb_t* out = io.exact_out(rank, r);
  exact_from_sum(tables, sum, points_sum, out);
}

// Prefetches for phase 2 (no value depends on them): the exact value of
// each chosen child of the marked pair (rank, r) in the buffer pass r
// reads, from the move cache (ties and uncached positions: none).
template <bool kTwoBuffers>
void prefetch_chosen(const Tables& tables, const Values& values, const TwoPhaseTables& two,
                     const PassBuffers<kTwoBuffers>& io, std::uint64_t rank, std::uint32_t r) {
  const MoveCache& cache = values.moves;
  if (r == 1 || cache.first_of(rank) == MoveCache::kNone) return;
  const std::size_t slots = tables.faces.size();
  const std::uint64_t pair = values.policy_at[rank] + (r - values.first_r[rank]);
  for (std::size_t slot = 0; slot < slots; ++slot) {
    const std::uint8_t choice = two.choice[pair * slots + slot];
    if (choice == kNoMove || choice == kTie) continue;
    __builtin_prefetch(io.exact(cache.child[cache.entry(rank, slot, choice)], r - 1));
  }
}

// Phase 2: passes r = 1 .. last pass over the marked pairs only (the lists
// of mark_pairs), one array in place or two buffers on threads, as
// run_passes_with; then the captures of r. The limits are polled (thread 0
// on threads), no node is counted.
template <bool kTwoBuffers>
void run_phase_two_with(const Tables& tables, const PositionRanks& ranks, Values& values, TwoPhaseTables& two,
                        std::vector<Capture>& captures, std::uint32_t last_pass, core::SearchControl& control,
                        const PassThreads& spread) {
  const PassBuffers<kTwoBuffers> io{values, tables.limbs.size()};
  std::vector<PassScratch> work;
  const std::size_t scratches = kTwoBuffers ? spread.threads : 1;
  work.reserve(scratches);
  for (std::size_t i = 0; i < scratches; ++i) work.emplace_back(tables.limbs.size());
  std::vector<mp_limb_t> scratch;
  // No pass past two.longest_r has a pair (nor a list: mark_pairs); the
  // captures beyond it read every position's last value, which the buffer
  // of that pass's parity holds (PassBuffers: written there, or copied at
  // last_r + 1 <= passes; both buffers hold it after that copy).
  const std::uint32_t passes = std::min(last_pass, two.longest_r);
  for (std::uint32_t r = 1; r <= passes; ++r) {
    const std::vector<std::uint32_t>& list = two.evaluate[r];
    if constexpr (!kTwoBuffers) {
      for (std::size_t k = 0; k < list.size(); ++k) {
        if (k % 4096 == 0) control.poll();
        if (k + kPrefetchAhead < list.size()) prefetch_chosen(tables, values, two, io, list[k + kPrefetchAhead], r);
        evaluate_marked(tables, ranks, values, two, io, list[k], r, work[0]);
      }
    } else {
      const std::vector<std::uint32_t>& copies = two.copies[r];
      const std::size_t chunk = std::max<std::size_t>(1, spread.chunk_ranks);
      const std::size_t copy_chunks = (copies.size() + chunk - 1) / chunk;
      const std::size_t chunks = copy_chunks + (list.size() + chunk - 1) / chunk;
      // Each task writes only its own ranks' values (and choice bytes);
      // copies and evaluations of one pass are of different ranks.
      core::for_each_task(spread.threads, chunks, [&](std::size_t thread, std::size_t task) {
        if (thread == 0) control.poll();
        if (task < copy_chunks) {
          const std::size_t stop = std::min(copies.size(), (task + 1) * chunk);
          for (std::size_t k = task * chunk; k < stop; ++k) io.copy_forward_exact(copies[k], r);
          return;
        }
        const std::size_t from = (task - copy_chunks) * chunk, stop = std::min(list.size(), from + chunk);
        for (std::size_t k = from; k < stop; ++k) {
          if (k + kPrefetchAhead < stop) prefetch_chosen(tables, values, two, io, list[k + kPrefetchAhead], r);
          evaluate_marked(tables, ranks, values, two, io, list[k], r, work[thread]);
        }
      });
    }
    for (Capture& capture : captures)
      if (capture.r == r)
        capture.value = pair_read(values, capture.rank, r) == kNoPair
                            ? mpz_class(0)
                            : tables.limbs.to_mpz(io.exact(capture.rank, r), scratch);
  }
  for (Capture& capture : captures)
    if (capture.r > passes && pair_read(values, capture.rank, capture.r) != kNoPair)
      capture.value = tables.limbs.to_mpz(io.exact(capture.rank, passes), scratch);
}

void run_phase_two(const Tables& tables, const PositionRanks& ranks, Values& values, TwoPhaseTables& two,
                   std::vector<Capture>& captures, std::uint32_t last_pass, core::SearchControl& control,
                   const PassThreads& spread) {
  if (spread.threads > 1)
    run_phase_two_with<true>(tables, ranks, values, two, captures, last_pass, control, spread);
  else
    run_phase_two_with<false>(tables, ranks, values, two, captures, last_pass, control, spread);
}

// The exact value N / W^R of a choice: points * W^R + N(child).
mpq_class choice_value(const Tables& tables, int to_code, const mpz_class& child, const mpz_class& scale) {
  mpq_class value(
      mpz_class(static_cast<long>(tables.board.squares[tables.codes.square_of_code[to_code]].points)) * scale + child,
      scale);
  value.canonicalize();
  return value;
}

// The line along the most likely face (slot likely_slot, face likely_face)
// from `root` with R = horizon turns left, for at most `turns` turns: per
// turn the position, the die and every legal choice (values 0, for
// value_line), the move taken being chosen_at(rank, r) (kNoMove: the game
// ends there, every piece home or no piece can move). For every choice the
// capture of its child's value at r - 1 is appended to `captures`, in the
// order of the turns and their choices.
template <class ChosenAt>
std::vector<LineTurn> walk_line(const Tables& tables, const PositionRanks& ranks, int turns, std::uint32_t horizon,
                                Codes position, int likely_slot, int likely_face, ChosenAt&& chosen_at,
                                std::vector<Capture>& captures) {
  const SquareCodes& codes = tables.codes;
  const std::size_t slots = tables.faces.size();
  std::vector<LineTurn> line;
  for (int turn = 1; turn <= turns; ++turn) {
    const std::uint32_t r = horizon - static_cast<std::uint32_t>(turn) + 1;
    const std::uint8_t chosen = chosen_at(ranks.rank(position), r);
    if (chosen == kNoMove) break;
    std::array<LegalMove, kMaxPieces> moves{};
    const int count = legal_moves(
        ranks.parts(position), tables.pieces, codes.finish_code(), ranks,
        [&](std::uint8_t from) { return tables.landing[from * slots + static_cast<std::size_t>(likely_slot)]; }, moves);
    LineTurn line_turn;
    line_turn.turn = turn;
    line_turn.die = likely_face;
    for (int i = 0; i < tables.pieces; ++i) line_turn.squares.push_back(codes.square_of_code[position[i]]);
    line_turn.best = chosen;
    for (int c = 0; c < count; ++c) {
      line_turn.choices.push_back(
          ExpectedChoice{codes.square_of_code[position[moves[c].piece]], codes.square_of_code[moves[c].to], 0});
      captures.push_back(Capture{r - 1, moves[c].child, 0});
    }
    line.push_back(std::move(line_turn));
    position = moved(position, tables.pieces, moves[chosen].piece, moves[chosen].to);
  }
  return line;
}

// The values of the line's choices from the captures walk_line appended,
// the first of them at captures[first], once a run has filled them.
void value_line(const Tables& tables, std::vector<LineTurn>& line, const std::vector<Capture>& captures,
                std::size_t first, const mpz_class& scale) {
  std::size_t k = first;
  for (LineTurn& line_turn : line)
    for (ExpectedChoice& choice : line_turn.choices) {
      const Capture& capture = captures[k++];
      const mpz_class child = capture.r == 0 ? mpz_class(0) : capture.value;
      choice.value = choice_value(tables, tables.codes.code_of_square[choice.to], child, scale);
    }
}

}  // namespace

int most_likely_face(const Board& board, const std::vector<std::uint64_t>& weights) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < board.faces.size(); ++i)
    if (weights[i] > weights[best]) best = i;
  return board.faces[best];
}

std::string rounded_decimal(const mpq_class& value, int decimals) {
  // floor(value * 10^d + 1/2), then the digits with the point put back.
  mpz_class power;
  mpz_ui_pow_ui(power.get_mpz_t(), 10, static_cast<unsigned long>(decimals));
  const mpz_class twice = 2 * value.get_num() * power + value.get_den();
  mpz_class units;
  mpz_fdiv_q(units.get_mpz_t(), twice.get_mpz_t(), mpz_class(2 * value.get_den()).get_mpz_t());
  const bool minus = units < 0;
  const mpz_class magnitude = minus ? mpz_class(-units) : units;
  std::string digits = magnitude.get_str();
  if (digits.size() <= static_cast<std::size_t>(decimals))
    digits.insert(0, static_cast<std::size_t>(decimals) + 1 - digits.size(), '0');
  if (decimals > 0) digits.insert(digits.size() - static_cast<std::size_t>(decimals), 1, '.');
  return (minus ? "-" : "") + digits;
}

// Steps: 1. faces thrown, squares, ranks; 2. sizes, counted on the budget
// before anything grows; 3. ranges of every position; 4. the passes (a
// second run with captures for the line, the first one recording the
// most likely face's moves); 5. the answer.
ExpectedResult solve_expected(const Board& board, const ExpectedRequest& request, const core::SearchLimits& limits) {
  core::SearchControl control(limits);
  core::MemoryBudget budget(limits.max_memory_bytes);
  ExpectedResult result;
  try {
    // Step 1.
    const MoveTable moves(board);
    Tables tables(board);
    tables.pieces = request.pieces;
    for (std::size_t i = 0; i < board.faces.size(); ++i) {
      if (request.weights[i] == 0) continue;
      tables.faces.push_back(board.faces[i]);
      tables.face_weights.push_back(request.weights[i]);
      tables.weight_sum += request.weights[i];
    }
    const bool advice = request.advice.has_value();
    std::vector<int> extra;
    if (advice) {
      for (int square : request.advice->squares) {
        extra.push_back(square);
        if (square != board.finish) extra.push_back(moves.destination(square, request.advice->die));
      }
    }
    tables.codes = order_squares(board, moves, tables.faces, extra);
    const SquareCodes& codes = tables.codes;
    const std::size_t slots = tables.faces.size();
    const std::size_t code_count = codes.square_of_code.size();
    tables.landing.assign(code_count * slots, codes.finish_code());
    tables.points.resize(code_count);
    for (std::size_t code = 0; code < code_count; ++code) {
      const int square = codes.square_of_code[code];
      tables.points[code] = static_cast<double>(board.squares[square].points);
      if (square == board.finish) continue;
      for (std::size_t slot = 0; slot < slots; ++slot)
        tables.landing[code * slots + slot] =
            static_cast<std::uint8_t>(codes.code_of_square[moves.destination(square, tables.faces[slot])]);
    }
    const PositionRanks ranks(codes.middle, request.pieces);
    tables.horizon = advice ? request.turns - request.advice->turn : request.turns;
    const auto horizon = static_cast<std::uint32_t>(tables.horizon);

    // Step 2. The limbs hold (|points| max * M(root) + 1) * W^(R + 1), the
    // largest |W * N| a pass forms, with a sign bit to spare.
    long long largest_points = 0;
    int most_moves = 0;
    for (std::size_t code = 0; code < code_count; ++code) {
      largest_points = std::max(largest_points, std::abs(board.squares[codes.square_of_code[code]].points));
      most_moves = std::max(most_moves, codes.moves_left[code]);
    }
    // Step 4 of the passes gathers sum of w_f * points in a machine word.
    if (static_cast<long double>(tables.weight_sum) * static_cast<long double>(largest_points) >= 0x1p62L)
      throw std::invalid_argument("yut --expected: the weights times the points exceed 2^62");
    mpz_class scale;
    mpz_ui_pow_ui(scale.get_mpz_t(), tables.weight_sum, horizon);
    const mpz_class largest =
        (mpz_class(static_cast<unsigned long>(largest_points)) *
             (static_cast<unsigned long>(most_moves) * static_cast<unsigned long>(request.pieces) + 1) +
         1) *
        scale * tables.weight_sum;
    tables.limbs = Limbs(static_cast<mp_size_t>(mpz_sizeinbase(largest.get_mpz_t(), 2) / GMP_NUMB_BITS + 1));
    const mp_size_t limbs = tables.limbs.size();
    tables.scale_mantissa = mpz_get_d_2exp(&tables.scale_exponent, scale.get_mpz_t());
    const std::uint64_t positions = ranks.total();
    result.positions = positions;
    // The keys and ranges here; the values' arrays with their method.
    count_bytes(budget, held(static_cast<long double>(positions) * sizeof(std::uint64_t)) +
                            2 * held(static_cast<long double>(positions) * sizeof(std::uint32_t)) +
                            static_cast<long double>(code_count) * limbs * sizeof(mp_limb_t));
    tables.scaled_points.resize(code_count * limbs);
    tables.whole_points.resize(code_count);
    for (std::size_t code = 0; code < code_count; ++code) {
      tables.whole_points[code] = board.squares[codes.square_of_code[code]].points;
      tables.limbs.from_mpz(mpz_class(static_cast<long>(tables.whole_points[code])) * scale,
                            &tables.scaled_points[code * limbs]);
    }
    tables.scale.resize(limbs);
    tables.limbs.from_mpz(scale, tables.scale.data());
    Values values;
    values.keys.resize(positions);
    values.first_r.resize(positions);
    values.last_r.resize(positions);

    // Step 3.
    std::uint64_t policy_bytes = 0;
    ranks.for_each([&](std::uint64_t rank, const Codes& position) {
      values.keys[rank] = pack_codes(position);
      long long fewest = 0, most = 0, left = 0;
      for (int i = 0; i < request.pieces; ++i) {
        fewest += codes.min_moves[position[i]];
        most += codes.max_moves[position[i]];
        left += codes.moves_left[position[i]];
      }
      long long first = 1, last = std::min<long long>(left, horizon);
      if (!advice) {
        first = std::max<long long>(1, std::min<long long>(static_cast<long long>(horizon) - most, left));
        last = std::min<long long>(left, static_cast<long long>(horizon) - fewest);
      }
      if (last < first) first = 1, last = 0;  // never computed (its value stays 0 where read: M = 0)
      values.first_r[rank] = static_cast<std::uint32_t>(first);
      values.last_r[rank] = static_cast<std::uint32_t>(last);
      policy_bytes += static_cast<std::uint64_t>(last - first + 1);
    });

    // Step 4.
    const int likely_face = most_likely_face(board, request.weights);
    int likely_slot = 0;
    for (std::size_t slot = 0; slot < slots; ++slot)
      if (tables.faces[slot] == likely_face) likely_slot = static_cast<int>(slot);
    std::vector<Capture> captures;
    Codes root{};
    if (advice) {
      std::vector<int> sorted;
      for (int square : request.advice->squares) sorted.push_back(codes.code_of_square[square]);
      std::sort(sorted.begin(), sorted.end());
      for (int i = 0; i < request.pieces && i < kMaxPieces; ++i) root[i] = static_cast<std::uint8_t>(sorted[i]);
    } else {
      for (int i = 0; i < request.pieces; ++i) root[i] = kStartCode;
    }
    const auto root_landing = [&](std::uint8_t from) {
      return static_cast<std::uint8_t>(
          codes.code_of_square[moves.destination(codes.square_of_code[from], request.advice->die)]);
    };
    std::array<LegalMove, kMaxPieces> root_moves{};
    int root_count = 0;
    if (advice) {
      root_count = legal_moves(ranks.parts(root), request.pieces, codes.finish_code(), ranks, root_landing, root_moves);
      for (int c = 0; c < root_count; ++c) captures.push_back(Capture{horizon, root_moves[c].child, 0});
      for (Capture& capture : captures)
        if (capture.r == 0 || values.last_r[capture.rank] == 0) capture.value = 0;
    }
    result.pairs = policy_bytes;
    result.line_computed = !advice && (request.want_line || policy_bytes <= request.line_if_at_most);
    // Step 4 (two phases). Their tables when they fit (automatic), else
    // the passes below. What phase 2 needs beyond phase 1's tables (one
    // exact value a position, the per-pass lists at most 4 bytes a pair)
    // is reserved on the budget with them, until the marking, so that the
    // move cache (made when it fits) cannot take it: within a budget that
    // holds both, phase 2 never stops at the memory limit.
    const std::size_t threads = std::clamp<std::size_t>(limits.threads, 1, core::kMaxSearchThreads);
    const std::uint64_t mark_words = policy_bytes / 64 + 1;
    const long double phase_one_bytes =
        held(static_cast<long double>(positions) * sizeof(std::uint64_t)) +
        static_cast<long double>(PagedArray<double>::bytes_for(policy_bytes)) +
        static_cast<long double>(PagedArray<std::uint8_t>::bytes_for(policy_bytes * slots)) +
        held(static_cast<long double>(mark_words) * sizeof(std::uint64_t));
    const long double phase_two_bytes = held(static_cast<long double>(positions) * limbs * sizeof(mp_limb_t)) +
                                        static_cast<long double>(policy_bytes) * sizeof(std::uint32_t);
    // Step 5 for advice, either method: every root move's value from its
    // capture (the child's value after the run), the first best.
    const auto advise = [&] {
      for (int c = 0; c < root_count; ++c) {
        const LegalMove& move = root_moves[c];
        const mpz_class child = horizon == 0 ? mpz_class(0) : captures[c].value;
        result.choices.push_back(ExpectedChoice{codes.square_of_code[root[move.piece]], codes.square_of_code[move.to],
                                                choice_value(tables, move.to, child, scale)});
        if (result.choices.back().value > result.choices[result.best].value) result.best = result.choices.size() - 1;
      }
      result.value = result.choices.empty() ? mpq_class(0) : result.choices[result.best].value;
    };
    bool two_phase = false;
    if (request.method != ExpectedMethod::passes && positions <= std::numeric_limits<std::uint32_t>::max() &&
        policy_bytes < (std::uint64_t{1} << 50)) {
      if (request.method == ExpectedMethod::two_phase) {
        count_bytes(budget, phase_one_bytes);
        count_bytes(budget, phase_two_bytes);
        two_phase = true;
      } else if (budget_allows(budget, phase_one_bytes)) {
        two_phase = budget_allows(budget, phase_two_bytes);
        if (!two_phase) budget.release(static_cast<std::uint64_t>(phase_one_bytes));
      }
    }
    if (two_phase) {
      using Clock = std::chrono::steady_clock;
      const auto seconds_since = [](Clock::time_point from) {
        return std::chrono::duration<double>(Clock::now() - from).count();
      };
      result.method = ExpectedMethod::two_phase;
      TwoPhaseTables two;
      // The rows' layout and the thresholds.
      values.policy_at.resize(positions);
      std::uint64_t at = 0;
      std::uint32_t longest_r = 0;
      for (std::uint64_t rank = 0; rank < positions; ++rank) {
        values.policy_at[rank] = at;
        const std::uint32_t first = values.first_r[rank], last = values.last_r[rank];
        if (last < first) continue;
        at += last - first + 1;
        longest_r = std::max(longest_r, last);
        two.longest_r = longest_r;
        two.longest_row = std::max<std::size_t>(two.longest_row, last - first + 1);
      }
      two.rows.reset(policy_bytes);
      two.choice.reset(policy_bytes * slots);
      two.marks.assign(mark_words, 0);
      // The threshold (see "Two phases" at the top): E(r) bounds the error
      // of every V(r, .) in doubles, delta(r) that of a candidate at r.
      {
        constexpr double u = 0x1p-53;
        const double bound = static_cast<double>(largest_points);
        const double terms = static_cast<double>(slots) + 4;
        two.tie_below.assign(static_cast<std::size_t>(longest_r) + 2, 0);
        double error = 0;  // E(r - 1)
        for (std::uint32_t r = 1; r <= longest_r + 1; ++r) {
          const double delta = (1 + 2 * u) * error + 3 * u * r * bound;
          two.tie_below[r] = request.tie_factor * 2 * delta;
          error = (delta + terms * u * (r * bound + delta)) * (1 + 0x1p-40);
        }
      }
      for (std::size_t slot = 0; slot < slots; ++slot)
        two.weight_share.push_back(static_cast<double>(tables.face_weights[slot]) /
                                   static_cast<double>(tables.weight_sum));
      // Threads (when long enough): the move cache and phase 2; phase 1
      // runs on this thread (run_phase_one says why), counting its nodes
      // with control.visit().
      PassThreads spread;
      if (threads > 1 && policy_bytes >= request.parallel_pairs) {
        spread = PassThreads{threads, std::max<std::size_t>(1, request.chunk_ranks), nullptr};
        result.stats.threads = threads;
      }
      auto started = Clock::now();
      if (request.move_cache) build_move_cache(tables, ranks, values, budget, control, spread.threads, 1);
      run_phase_one(tables, ranks, values, two, control, result.two_phase, spread.threads, request.chunk_ranks);
      result.two_phase.phase1_seconds = seconds_since(started);
      two.rows.release();
      budget.release(PagedArray<double>::bytes_for(policy_bytes));
      // The roots: the start at R (the answer) or the advice's children.
      if (!advice) captures.push_back(Capture{horizon, ranks.rank(root), 0});
      std::uint32_t last_pass = horizon;
      for (const Capture& capture : captures) last_pass = std::max(last_pass, capture.r);
      // The marks; then phase 2's values: one array, or two buffers on
      // threads when the second (and its copy lists) fits after the lists.
      std::uint64_t list_bytes = 0;
      started = Clock::now();
      budget.release(static_cast<std::uint64_t>(phase_two_bytes));  // the reservation (step 4)
      result.two_phase.marked =
          mark_pairs(tables, ranks, values, two, captures, last_pass, budget, list_bytes, control);
      count_bytes(budget, held(static_cast<long double>(positions) * limbs * sizeof(mp_limb_t)));
      values.exact.assign(positions * limbs, 0);
      PassThreads exact_spread;
      if (spread.threads > 1 &&
          budget_allows(budget, held(static_cast<long double>(positions) * limbs * sizeof(mp_limb_t)) +
                                    static_cast<long double>(positions) * sizeof(std::uint32_t))) {
        values.exact_odd.assign(positions * limbs, 0);
        exact_spread = spread;
        build_copies(values, two, last_pass);
      }
      const bool two_buffers = exact_spread.threads > 1;
      result.two_phase.mark_seconds = seconds_since(started);
      started = Clock::now();
      run_phase_two(tables, ranks, values, two, captures, last_pass, control, exact_spread);
      result.two_phase.phase2_seconds = seconds_since(started);
      // Step 5 (two phases).
      if (advice) {
        advise();
      } else {
        result.value = mpq_class(captures.back().value, scale);
        result.value.canonicalize();
      }
      if (result.line_computed) {
        // The line: the resolved choices of the most likely face (every
        // pair of the line is marked: the start is, and each next one is
        // the chosen child of a marked pair), then phase 2 again from the
        // values of every choice along it.
        std::vector<Capture> line_captures;
        result.line = walk_line(
            tables, ranks, request.turns, horizon, root, likely_slot, likely_face,
            [&](std::uint64_t rank, std::uint32_t r) {
              const std::uint64_t pair = pair_read(values, rank, r);
              if (pair == kNoPair) return kNoMove;  // every piece home
              const std::uint8_t chosen = two.choice[pair * slots + static_cast<std::size_t>(likely_slot)];
              if (chosen == kTie) throw std::logic_error("yut --expected: a tie of the line left unresolved");
              return chosen;
            },
            line_captures);
        std::uint32_t line_pass = 0;
        for (const Capture& capture : line_captures) line_pass = std::max(line_pass, capture.r);
        started = Clock::now();
        result.two_phase.line_marked =
            mark_pairs(tables, ranks, values, two, line_captures, line_pass, budget, list_bytes, control);
        if (two_buffers) build_copies(values, two, line_pass);
        result.two_phase.mark_seconds += seconds_since(started);
        started = Clock::now();
        run_phase_two(tables, ranks, values, two, line_captures, line_pass, control, exact_spread);
        result.two_phase.phase2_seconds += seconds_since(started);
        value_line(tables, result.line, line_captures, 0, scale);
      }
    } else {
      count_bytes(budget, held(static_cast<long double>(positions) * sizeof(double)) +
                              held(static_cast<long double>(positions) * limbs * sizeof(mp_limb_t)));
      values.approximate.assign(positions, 0);
      values.exact.assign(positions * limbs, 0);
      if (result.line_computed) {
        count_bytes(budget, held(static_cast<long double>(positions) * sizeof(std::uint64_t)) +
                                held(static_cast<long double>(policy_bytes)));
        values.policy_at.resize(positions);
        std::uint64_t at = 0;
        for (std::uint64_t rank = 0; rank < positions; ++rank) {
          values.policy_at[rank] = at;
          at += values.last_r[rank] - values.first_r[rank] + 1;
        }
        values.policy.assign(policy_bytes, kNoMove);
      }
      // Threads: the passes are split over them when they are long enough to
      // gain (request.parallel_pairs) and the second value buffer they need
      // fits the memory budget; else one thread runs them in place.
      std::vector<std::unique_ptr<core::SearchControl::Worker>> workers;  // gone before control.finish()
      PassThreads spread;
      if (threads > 1 && policy_bytes >= request.parallel_pairs &&
          budget_allows(budget, held(static_cast<long double>(positions) * sizeof(double)) +
                                    held(static_cast<long double>(positions) * limbs * sizeof(mp_limb_t)))) {
        values.approximate_odd.assign(positions, 0);
        values.exact_odd.assign(positions * limbs, 0);
        for (std::size_t i = 0; i < threads; ++i)
          workers.push_back(std::make_unique<core::SearchControl::Worker>(control, i == 0));
        spread = PassThreads{threads, std::max<std::size_t>(1, request.chunk_ranks), &workers};
        result.stats.threads = threads;
      }
      if (request.move_cache) build_move_cache(tables, ranks, values, budget, control, spread.threads);
      run_passes(tables, ranks, values, captures, likely_slot, control, spread);
      std::vector<mp_limb_t> scratch;

      // Step 5.
      if (advice) {
        advise();
      } else {
        const std::uint64_t start = ranks.rank(root);
        const mp_limb_t* start_value =
            spread.threads > 1 ? PassBuffers<true>{values, limbs}.exact(start, horizon) : &values.exact[start * limbs];
        result.value = mpq_class(tables.limbs.to_mpz(start_value, scratch), scale);
        result.value.canonicalize();
      }
      if (result.line_computed) {
        // The line: the first run's moves of the most likely face, then a
        // second run that captures the value of every choice along it.
        const std::size_t first_capture = captures.size();
        result.line = walk_line(
            tables, ranks, request.turns, horizon, root, likely_slot, likely_face,
            [&](std::uint64_t rank, std::uint32_t r) {
              if (values.last_r[rank] < values.first_r[rank]) return kNoMove;  // every piece home
              const std::uint32_t at = std::min(r, values.last_r[rank]);
              if (at < values.first_r[rank]) return kNoMove;  // not reachable here (cannot happen on the line)
              return values.policy[values.policy_at[rank] + (at - values.first_r[rank])];
            },
            captures);
        // Entries must hold V(r - 1) again from the start: a fresh array.
        std::fill(values.exact.begin(), values.exact.end(), 0);
        std::fill(values.approximate.begin(), values.approximate.end(), 0);
        std::fill(values.exact_odd.begin(), values.exact_odd.end(), 0);
        std::fill(values.approximate_odd.begin(), values.approximate_odd.end(), 0);
        BigVector<std::uint8_t>().swap(values.policy);
        run_passes(tables, ranks, values, captures, likely_slot, control, spread);
        value_line(tables, result.line, captures, first_capture, scale);
      }
    }
  } catch (const core::SearchAborted& aborted) {
    result.outcome = aborted.outcome;
  } catch (const std::bad_alloc&) {
    result.outcome = core::Outcome::memory_limit;
  } catch (const std::length_error&) {
    result.outcome = core::Outcome::memory_limit;
  }
  const std::size_t threads_used = result.stats.threads;
  result.stats = control.finish();
  result.stats.memory_bytes = budget.peak();
  result.stats.threads = threads_used;
  // Threads see the node budget only when they flush (SearchControl::Worker),
  // so a solve may end up to a flush per thread past it: then it did not fit
  // the budget, as one thread would have said.
  if (result.outcome == core::Outcome::proven && limits.max_nodes != 0 && result.stats.nodes > limits.max_nodes)
    result.outcome = core::Outcome::node_limit;
  // A limit gives no value (solve_expected's contract): a stop in the
  // line's second run would otherwise leave the answer's value and a line
  // of choices valued 0 behind it.
  if (result.outcome != core::Outcome::proven) {
    result.value = 0;
    result.choices.clear();
    result.line.clear();
    result.line_computed = false;
  }
  return result;
}

}  // namespace boardsearch::yut
