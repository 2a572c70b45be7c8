// Phase 1 of the two phases (expected_phase_one.hpp); the two phases as a
// whole: expected_search.cpp, "Two phases".
//
// Phase 1: doubles by rows. Every position S has a row of doubles
// v(r, S), r in [first_r, last_r] (values.policy_at gives where its row
// starts: the sum of the range lengths before it). A move raises the rank,
// so the rows are made in decreasing rank, every child's before its
// parents' (not by levels of M: see run_phase_one). A parent at r reads
// V(r - 1, S') for r in its range, i.e. the child's row from r - 1 =
// first_r - 1 up, as one contiguous slice clamped as the passes read it: 0 at r - 1 = 0, V(last_r') above last_r'
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

#include "games/yut/expected_phase_one.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <thread>

#include "boardsearch/core/parallel.hpp"

namespace boardsearch::yut::expectimax {

namespace {

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

// The candidate row of one move into `out`: points + V(first - 1 + i,
// child) for i < length, the child's value clamped as the passes read it:
// 0 at 0 turns left, 0 below the child's range (a range gap: counted,
// never seen, see expected_search.cpp), V(last_r') above it (saturation).
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

// The bands of phase 1 on `bands` threads: of about equal work, counted
// per r as the candidates read there (a position's legal moves over its
// slots, per element of its row) plus its fixed work per row (its moves and
// their slices, taken as two elements' worth and spread over the row).
// Measured: bands of equal pairs left one thread idle for a quarter of the
// other's time (the early positions, at high r, have more moves).
std::vector<PhaseOneBand> equal_work_bands(const Tables& tables, const Values& values, const TwoPhaseTables& two,
                                           std::size_t bands) {
  const std::uint64_t positions = values.keys.size();
  std::vector<PhaseOneBand> band(bands);
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
  return band;
}

}  // namespace

void lay_out_two_phase_tables(const Tables& tables, Values& values, TwoPhaseTables& two, std::uint64_t pairs,
                              std::uint64_t mark_words, long long largest_points, double tie_factor) {
  const std::uint64_t positions = values.keys.size();
  const std::size_t slots = tables.faces.size();
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
  two.rows.reset(pairs);
  two.choice.reset(pairs * slots);
  two.marks.assign(mark_words, 0);
  // The threshold (proven at the top of the file): E(r) bounds the error
  // of every V(r, .) in doubles, delta(r) that of a candidate at r.
  {
    constexpr double u = 0x1p-53;
    const double bound = static_cast<double>(largest_points);
    const double terms = static_cast<double>(slots) + 4;
    two.tie_below.assign(static_cast<std::size_t>(longest_r) + 2, 0);
    double error = 0;  // E(r - 1)
    for (std::uint32_t r = 1; r <= longest_r + 1; ++r) {
      const double delta = (1 + 2 * u) * error + 3 * u * r * bound;
      two.tie_below[r] = tie_factor * 2 * delta;
      error = (delta + terms * u * (r * bound + delta)) * (1 + 0x1p-40);
    }
  }
  for (std::size_t slot = 0; slot < slots; ++slot)
    two.weight_share.push_back(static_cast<double>(tables.face_weights[slot]) / static_cast<double>(tables.weight_sum));
}

// Phase 1: every position's row, in decreasing rank (a move raises the
// rank, so every child's row is made before its parents'). Not by levels
// of M ascending (twice as slow: docs/yut.md, "Tried and dropped"): a parent's children are
// mostly of nearby ranks, whose rows were made moments before and are still
// in the caches. Steps per position: 1.
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
  const std::size_t bands = std::max<std::size_t>(1, threads);
  std::vector<PhaseOneBand> band = equal_work_bands(tables, values, two, bands);
  const std::size_t chunk = std::clamp<std::size_t>(chunk_ranks, 1, kPhaseOneChunkRanks);
  const std::size_t chunks = static_cast<std::size_t>((positions + chunk - 1) / chunk);
  std::mutex control_mutex;
  std::atomic<bool> stopped{false};
  std::vector<ExpectedResult::TwoPhase> per_thread(bands);
  // Chunk k of band b: steps 1 to 4 for its ranks, from the highest down.
  const auto make_chunk = [&](std::size_t b, std::size_t k, RowScratch& work) {
    const std::uint64_t top = positions - static_cast<std::uint64_t>(k) * chunk;
    const std::uint64_t bottom = top > chunk ? top - chunk : 0;
    if (b == 0) {  // Step 2. One node per pair of the chunk's positions (limits may stop here).
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
      // Step 1. Prefetch the children's row places and rows a few positions ahead.
      if (rank >= 2 * kPrefetchAhead && part(rank - 2 * kPrefetchAhead, from, to))
        prefetch_children(tables, values, two, rank - 2 * kPrefetchAhead, from, to, 0);
      if (rank >= kPrefetchAhead && part(rank - kPrefetchAhead, from, to))
        prefetch_children(tables, values, two, rank - kPrefetchAhead, from, to, 1);
      // Steps 3 and 4. The candidates' rows, the best per r, the choice bytes and the row.
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

}  // namespace boardsearch::yut::expectimax
