// The marking and phase 2 (expected_phase_two.hpp); the two phases as a
// whole: expected_search.cpp, "Two phases"; phase 1: expected_phase_one.cpp.
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

#include "games/yut/expected_phase_two.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "boardsearch/core/parallel.hpp"

namespace boardsearch::yut::expectimax {

std::uint64_t mark_pairs(const Tables& tables, const PositionRanks& ranks, const Values& values, TwoPhaseTables& two,
                         const std::vector<Capture>& roots, std::uint32_t last_pass, core::MemoryBudget& budget,
                         std::uint64_t& list_bytes, core::SearchControl& control) {
  const std::uint64_t positions = values.keys.size();
  const std::size_t slots = tables.faces.size();
  const MoveCache& cache = values.moves;
  // Step 1. The roots' pairs.
  std::fill(two.marks.begin(), two.marks.end(), 0);
  for (const Capture& root : roots) mark(two, pair_read(values, root.rank, root.r));
  // Step 2. In increasing rank, every marked pair marks the pairs it reads. Passes past two.longest_r have no pair: no
  // list for them.
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
  // Step 3. The lists of phase 2, counted on the budget before they are made.
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

namespace {

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

}  // namespace

void run_phase_two(const Tables& tables, const PositionRanks& ranks, Values& values, TwoPhaseTables& two,
                   std::vector<Capture>& captures, std::uint32_t last_pass, core::SearchControl& control,
                   const PassThreads& spread) {
  if (spread.threads > 1)
    run_phase_two_with<true>(tables, ranks, values, two, captures, last_pass, control, spread);
  else
    run_phase_two_with<false>(tables, ranks, values, two, captures, last_pass, control, spread);
}

}  // namespace boardsearch::yut::expectimax
