#pragma once
// The plain N x N board's placements counted up to the 8 symmetries of the
// square (OEIS A002562), by Burnside's lemma: the number of classes is the
// mean, over the 8 symmetries g, of the placements g keeps.
//
// Proof of the formula used (classes_under_symmetry), for N >= 2:
// - identity keeps every placement: T (the total).
// - the two mirrors (columns c <-> N-1-c, rows r <-> N-1-r) keep none: a
//   queen (r, c) kept by the column mirror has its image (r, N-1-c) on the
//   same row, so c = N-1-c for every row: all N queens on one column,
//   impossible for N >= 2. The row mirror likewise.
// - the two diagonal reflections keep none: under (r, c) -> (c, r) a queen
//   with r != c has its image (c, r) on the same anti-diagonal (r + c), an
//   attack, so every queen is on r = c, one diagonal: impossible for N >= 2.
//   The anti-diagonal reflection (r, c) -> (N-1-c, N-1-r) likewise (the
//   images share a diagonal r - c).
// - the quarter turns (90 and 270 degrees) keep the same placements (one is
//   the other's inverse): Q of them; the half turn keeps H (Q <= H: a
//   placement kept by the quarter turn is kept by its square).
// So classes = (T + H + 2 Q) / 8. For N = 1 the one placement is its own
// class.

#include "boardsearch/core/limits.hpp"
#include "games/queens/rules.hpp"

namespace boardsearch::queens {

struct RotationFixed {
  Count half_turn = 0;     // H: placements the 180-degree turn keeps
  Count quarter_turn = 0;  // Q: placements the 90-degree turn keeps
};

// H and Q for the empty n x n board, by a search that places the queens of
// rows r and N-1-r together ((r, c) and its half-turn image (N-1-r, N-1-c);
// for odd N the middle row's queen on the centre), every node counted on
// `control` (throws core::SearchAborted at a limit). Q: the leaves whose
// columns q satisfy q[q[r]] = N-1-r (the 90-degree image of (r, q[r]) is
// (q[r], N-1-r)).
RotationFixed count_rotation_fixed(int n, core::SearchControl& control);

// (T + H + 2 Q) / 8 for n >= 2, 1 for n = 1 (see the top of this file).
Count classes_under_symmetry(int n, Count total, RotationFixed fixed);

}  // namespace boardsearch::queens
