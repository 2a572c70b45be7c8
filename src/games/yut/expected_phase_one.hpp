#pragma once
// Phase 1 of the two phases (ExpectedMethod::two_phase): every pair's value
// in doubles, row by row, and per face slot the choice byte phase 2 follows
// (the best move, or kTie when the doubles cannot tell). Method and proof:
// expected_phase_one.cpp.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/yut/expected_tables.hpp"

namespace boardsearch::yut::expectimax {

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

// Lays out phase 1's tables for `pairs` (turns left, position) pairs:
// values.policy_at (where each row starts), the rows and choice bytes
// (uninitialized; the caller counted them), `mark_words` words of marks, the
// tie thresholds for a largest |points| of `largest_points` and the safety
// factor `tie_factor` (at least 2, see the proof), the faces' shares.
void lay_out_two_phase_tables(const Tables& tables, Values& values, TwoPhaseTables& two, std::uint64_t pairs,
                              std::uint64_t mark_words, long long largest_points, double tie_factor);

// Phase 1 (see expected_phase_one.cpp): every element of every row and its
// choice bytes, on `threads` threads (bands of turns left), in chunks of at
// most chunk_ranks ranks. Counts one node per pair on `control` and adds
// the choices decided, the ties and the range gaps to `counts`. A limit
// stops it (core::SearchAborted).
void run_phase_one(const Tables& tables, const PositionRanks& ranks, const Values& values, TwoPhaseTables& two,
                   core::SearchControl& control, ExpectedResult::TwoPhase& counts, std::size_t threads,
                   std::size_t chunk_ranks);

}  // namespace boardsearch::yut::expectimax
