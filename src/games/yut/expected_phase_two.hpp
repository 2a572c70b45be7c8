#pragma once
// The marking and phase 2 of the two phases: from the pairs the answer
// reads, every pair whose exact value they need (following phase 1's choice
// bytes), then the exact values of those pairs only. Method and proof:
// expected_phase_two.cpp.

#include <cstdint>
#include <limits>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/yut/expected_phase_one.hpp"
#include "games/yut/expected_tables.hpp"

namespace boardsearch::yut::expectimax {

// The pair (child, min(r, last_r')) whose exact value a read of V(r, child)
// gets, or kNoPair when the read is 0 (r = 0, no range, r below it).
inline constexpr std::uint64_t kNoPair = std::numeric_limits<std::uint64_t>::max();
inline std::uint64_t pair_read(const Values& values, std::uint64_t child, std::uint32_t r) {
  const std::uint32_t first = values.first_r[child], last = values.last_r[child];
  if (r == 0 || last < first || r < first) return kNoPair;
  return values.policy_at[child] + (std::min(r, last) - first);
}

// Whether pair `pair` is marked; mark() marks it (kNoPair: nothing).
inline bool marked(const TwoPhaseTables& two, std::uint64_t pair) { return (two.marks[pair / 64] >> (pair % 64)) & 1; }
inline void mark(TwoPhaseTables& two, std::uint64_t pair) {
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
                         std::uint64_t& list_bytes, core::SearchControl& control);

// Two buffers: per pass q, the ranks whose last pair (last_r = q - 1) is
// marked, copied forward at pass q (see PassBuffers). At most one entry a
// rank: the caller counted positions x 4 bytes for them.
void build_copies(const Values& values, TwoPhaseTables& two, std::uint32_t last_pass);

// Phase 2: passes r = 1 .. last pass over the marked pairs only (the lists
// of mark_pairs), one array in place (spread.threads == 1) or two buffers
// on threads, as the passes; then the captures of r. The limits are polled
// (thread 0 on threads), no node is counted.
void run_phase_two(const Tables& tables, const PositionRanks& ranks, Values& values, TwoPhaseTables& two,
                   std::vector<Capture>& captures, std::uint32_t last_pass, core::SearchControl& control,
                   const PassThreads& spread);

}  // namespace boardsearch::yut::expectimax
