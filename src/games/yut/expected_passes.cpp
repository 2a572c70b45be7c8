// The passes (expected_passes.hpp).

#include "games/yut/expected_passes.hpp"

#include <gmp.h>

#include <algorithm>
#include <cmath>

#include "boardsearch/core/parallel.hpp"

namespace boardsearch::yut::expectimax {

namespace {

// Two doubles closer than this (relative to the sizes involved) are
// compared exactly; a double from an exact value is within 2^-52 of it and
// a sum adds 2^-53, so 2^-40 is safe by a factor of thousands.
constexpr double kRelativeSlack = 0x1p-40;

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
    // Step 2. The legal moves of this face and their candidates' doubles.
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
    // Step 3. The best move: candidates the doubles cannot tell from the top one.
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
    // Step 4. Add w_f x (points x W^R + N(r - 1, child)) to the sum. The
    // points' part is gathered as a machine integer (its size is at most W
    // x the largest |points|, below 2^62 by solve_expected's precondition)
    // and scaled by W^R once, in step 5.
    const mp_limb_t weight = tables.face_weights[slot];
    points_sum += static_cast<long long>(weight) * tables.whole_points[moves[chosen].to];
    if (!children_at_zero) mpn_addmul_1(sum.data(), io.exact(moves[chosen].child, r - 1), limbs, weight);
  }
  // Step 5. N(r, S) = sum / W, and its double. The sum is W * N exactly
  // (every V(r - 1, .) is N / W^R). Two's complement modulo 2^(64 limbs),
  // like every sum here: the carries out are dropped and the final sum fits.
  mp_limb_t* out = io.exact_out(rank, r);
  exact_from_sum(tables, sum, points_sum, out);
  io.approximate_out(rank, r) = approximate_value(tables, out, work.scratch);
}

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
        // Step 1. Count a node (limits may stop the solve here).
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
          // Step 1. Count a node (limits may stop the solve here).
          worker.visit();
          evaluate(tables, ranks, values, io, rank, r, likely_slot, work[thread]);
        }
      });
    }
    for (Capture& capture : captures)
      if (capture.r == r) capture.value = tables.limbs.to_mpz(io.exact(capture.rank, r), scratch);
  }
}

}  // namespace

void run_passes(const Tables& tables, const PositionRanks& ranks, Values& values, std::vector<Capture>& captures,
                int likely_slot, core::SearchControl& control, const PassThreads& spread) {
  if (spread.threads > 1)
    run_passes_with<true>(tables, ranks, values, captures, likely_slot, control, spread);
  else
    run_passes_with<false>(tables, ranks, values, captures, likely_slot, control, spread);
}

}  // namespace boardsearch::yut::expectimax
