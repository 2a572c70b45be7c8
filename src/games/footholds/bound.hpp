#pragma once
// The footholds search's bounds and closed forms, each with its proof:
//   score_window          the score of a position still to be searched lies
//                         in it (the negamax window's clamp);
//   separated_score       the exact score once the players can no longer
//                         reach each other (no search of the game needed);
//   longest_path_bound    an upper bound on a lone player's longest walk (the
//                         longest-path search's cut-off, longest_path.hpp).
// Scores are the mover's, as rules.hpp defines them.

#include <algorithm>
#include <utility>

#include "games/footholds/geometry.hpp"

namespace boardsearch::footholds {

// The window of the score of a position with f = `footholds` footholds
// whose score FootholdsGame::known_score() does not know (nullopt): the
// fail-soft search clamps every window to it. The mover has a step,
// so it loses at the earliest after 2 plies (f_end <= f - 2, score >= -(f - 2)).
// It cannot win on the next ply (known_score, case 2), so a win takes at least 3
// plies (score <= f - 3); if f - 3 < 1 no win is possible at all (f_end >= 1)
// and the best is a loss, score <= -1.
inline std::pair<int, int> score_window(int footholds) {
  const int f = footholds;
  const int lowest = -(f - 2);
  const int highest = f - 3 >= 1 ? f - 3 : -1;
  return {lowest, std::max(highest, lowest)};
}

// The score of a position where the players cannot reach each other, from
// the mover's point of view (rules.hpp has the score): f = foothold_count
// footholds, the mover at `mover`, the other at `other`, neither over nor
// winning at once (FootholdsGame::known_score, cases 1 and 2). Paths: a
// LongestPaths<BB> (longest_path.hpp). May throw core::SearchAborted.
//
// Claim. Let Lm, Lo be the longest simple paths (in steps) from the mover's
// and the other's cells inside their own regions (the components of F
// holding them), f = |F|. Then the mover wins iff Lm > Lo, and the game
// lasts 2 Lo + 1 more plies if it does, 2 Lm if it does not:
//   score = +(f - 2 Lo - 1) if Lm > Lo,   -(f - 2 Lm) otherwise.
//
// Proof. The regions are disjoint and no step leaves a region, so neither
// player can change the other's region or stand on its cell: the vanishing
// rule can no longer apply, and each player simply walks a simple path in its
// own region (a cell left has vanished, so it is never revisited), moving
// while it can. If the mover walks k steps and the other j, the mover is
// stuck at its (k+1)-th turn, after 2k plies, and the other at its (j+1)-th,
// after 2j + 1 plies; the first of these ends the game. So the mover loses
// iff 2k < 2j + 1, i.e. k <= j, with 2k plies; else the other loses after
// 2j + 1 plies.
//  - If Lm > Lo: the mover walks a longest path (k = Lm); every j <= Lo < k,
//    so the mover wins whatever the other does. The length 2j + 1 is the
//    other's choice alone; losing, it maximizes it with j = Lo. (The mover
//    cannot shorten it: its path does not touch the other's region.)
//  - If Lm <= Lo: symmetrically the other wins by walking j = Lo >= k, and
//    the mover, losing, maximizes 2k with k = Lm.
// Each player always can walk a longest path (its choices never depend on
// the opponent), so these are the values of the game; f_end = f - plies.
//
// Computing it: only the loser's longest path is needed exactly; for the
// winner it is enough to find a path at least that long. The smaller region
// is solved exactly first (cheaper, and usually the loser's), then the other
// is asked only "is there a path of length >= goal" (longest_up_to), which
// gives its exact value when the answer is no.
template <class BB, class Paths>
int separated_score(const Geometry<BB>& geometry, Paths& paths, BB footholds, int foothold_count, int mover,
                    int other) {
  const int f = foothold_count;
  const BB mover_region = geometry.component(mover, footholds);
  const BB other_region = geometry.component(other, footholds & ~mover_region);
  if (mover_region.count() <= other_region.count()) {
    const int mover_longest = paths.longest_from(mover_region, mover);
    // The other wins iff its longest path reaches mover_longest.
    const int other_reach = paths.longest_up_to(other_region, other, mover_longest);
    return other_reach >= mover_longest ? -(f - 2 * mover_longest) : f - 2 * other_reach - 1;
  }
  const int other_longest = paths.longest_from(other_region, other);
  // The mover wins iff its longest path exceeds other_longest.
  const int mover_reach = paths.longest_up_to(mover_region, mover, other_longest + 1);
  return mover_reach > other_longest ? f - 2 * other_longest - 1 : -(f - 2 * mover_reach);
}

namespace detail {

// Most cells of a path alternating colours from a cell of the first
// colour, given `same` cells of that colour (start included) and `other`.
inline int parity_cells(int same, int other) { return other >= same ? 2 * same : 2 * other + 1; }

// Cells of `region` with exactly one orthogonal neighbour in `region`.
template <class BB>
BB single_neighbour_cells(const Geometry<BB>& g, BB region) {
  // For each direction, the cells whose neighbour that way is in the region.
  const BB from_left = region.shifted_up(1) & g.not_first_col;
  const BB from_right = region.shifted_down(1) & g.not_last_col;
  BB from_above = BB{};
  BB from_below = BB{};
  if (g.rows > 1) {
    from_above = region.shifted_up(g.cols) & g.board;
    from_below = region.shifted_down(g.cols);
  }
  const BB at_least_one = from_left | from_right | from_above | from_below;
  const BB at_least_two = (from_left & (from_right | from_above | from_below)) |
                          (from_right & (from_above | from_below)) | (from_above & from_below);
  return region & at_least_one & ~at_least_two;
}

}  // namespace detail

// An upper bound on the steps of a simple path from `start` inside `region`
// (region connected, contains start), the longest-path search's bound
// (longest_path.hpp). Two admissible facts combined:
//  - Dead ends. A cell other than start with exactly one neighbour in the
//    region can only be the last cell of a path (it is entered through its
//    one neighbour and cannot be left), so a path holds at most one of them.
//  - Checkerboard parity. A path's cells alternate colours starting with
//    start's colour: with S cells of that colour and T of the other
//    available, a path of v cells uses ceil(v/2) of the first and floor(v/2)
//    of the second, so v <= 2S when T >= S and v <= 2T + 1 otherwise.
// The bound is the parity bound over the region without its dead ends, plus
// at best one dead end (of either colour present, whichever helps more).
// Steps are cells - 1; the bound never exceeds the region size minus one.
template <class BB>
int longest_path_bound(const Geometry<BB>& geometry, BB region, int start) {
  const BB dead_ends = detail::single_neighbour_cells(geometry, region) & ~BB::cell(start);
  const BB same_colour_set = geometry.even_cells.test(start) ? geometry.even_cells : ~geometry.even_cells;
  const BB open = region & ~dead_ends;
  const int same = (open & same_colour_set).count();
  const int other = open.count() - same;
  int cells = detail::parity_cells(same, other);
  if ((dead_ends & same_colour_set).any()) cells = std::max(cells, detail::parity_cells(same + 1, other));
  if ((dead_ends & ~same_colour_set).any()) cells = std::max(cells, detail::parity_cells(same, other + 1));
  return cells - 1;
}

}  // namespace boardsearch::footholds
