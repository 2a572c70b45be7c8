#pragma once
// The passes (ExpectedMethod::passes): backward induction over the whole
// values array, pass r = 1, 2, ... in increasing rank (expected_search.cpp,
// "Order and storage" and "Exact arithmetic").

#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/yut/expected_tables.hpp"

namespace boardsearch::yut::expectimax {

// The backward induction (expected_search.cpp). Steps per pass r and
// position S in increasing rank with r in its range:
//   1. count a node (limits may stop the solve here);
//   2. per face thrown: the legal moves and their candidates' doubles;
//   3. the best move: by doubles when they are clearly apart, else exactly;
//   4. add w_f * (points * W^R + N(r - 1, child)) to the sum;
//   5. N(r, S) = sum / W, exactly; its double.
// After pass r, the captures of r are copied. With spread.threads > 1 (and
// values' odd buffers made) each pass is split over the threads.
void run_passes(const Tables& tables, const PositionRanks& ranks, Values& values, std::vector<Capture>& captures,
                int likely_slot, core::SearchControl& control, const PassThreads& spread);

}  // namespace boardsearch::yut::expectimax
