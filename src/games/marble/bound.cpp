// The red marble's bound: its distance to the hole in the graph of the moves
// it can make in one tilt, with the blue marble anywhere.
//
// Claim: in one tilt towards d from a pair whose red marble rests on r, the
// red marble stays on r, falls in, or comes to rest on s or on s - delta(d),
// where s = stop(d, r) is where it would rest alone. Proof, from the cases
// of tilt_pair (slide.hpp): if red alone would fall, it falls (or blue falls
// too and the line is dead); else if both marbles have the same stop s, red
// rests on s (in front) or one cell short of it, s - delta (behind); else it
// rests on s.
//
// So let G be the graph on cells with the edges r -> s, r -> s - delta and,
// when red alone would fall, r -> hole, for each of the four directions. A
// successful line of T tilts moves the red marble along a walk in G from its
// start to the hole with at most T edges (a tilt that leaves red where it is
// is no edge). Hence T >= dist_G(start, hole): the bound is admissible. And
// it is consistent: a tilt from pair P to pair Q moves red along one edge or
// not at all, so bound(P) <= 1 + bound(Q), and tilts + bound never decreases
// along a line; A* then expands every pair first at its fewest tilts.
//
// dist_G = infinity means the red marble can never fall in from there, with
// any help from the blue one: such pairs are dropped without a search.
//
// Why not simpler bounds: the red marble's distance when it rolls alone
// (edges r -> s only) is not a bound, since the blue marble can stop it one
// cell short of a wall (the s - delta edges). The fewest straight runs when
// a run may stop on any free cell is a bound too (it allows every stop G
// allows) but a weaker one: on open boards almost every cell is two runs
// from the hole.

#include "games/marble/bound.hpp"

#include <array>
#include <vector>

namespace boardsearch::marble {

// The distances come from a breadth-first search of G backwards from the
// hole, with the edges into each cell v found by walking the runs that end
// at v or one cell short of a stop (no reversed graph is stored). For each
// direction d with index step delta, the edges r -> v of that direction are
// exactly the cells r = v - k delta, k >= 1, met walking back from v while
// they are free and not the hole, in three cases:
//   (a) v is the hole: these r roll into the hole (no wall before it), so
//       stop(d, r) falls; and a cell whose stop falls rolls over free cells
//       into the hole, so it is on that walk. Nothing else leads to the
//       hole: it is never a stop, nor one short of one (a marble behind it
//       would fall in before reaching the stop).
//   (b) stop(d, v) = v (v is a stop): these r roll to v, since the walk ends
//       at the first wall or hole behind v; and a cell r != v with
//       stop(d, r) = v lies on the run behind v with only free cells, none
//       the hole, between them.
//   (c) stop(d, v) = v + delta = s (v is one short of a stop s): the edges
//       r -> s - delta = v, for r with stop(d, r) = s, r != s and r != v:
//       the cells behind v on the run of s, which is the same walk.
// A cell is in at most these three cases per direction, so each cell is
// met at most twice per direction (once from its stop, once from one cell
// short of it): O(cells) in all.
RedBound::RedBound(const Board& board, const detail::SlideStops& stops) {
  const auto cells = static_cast<std::uint32_t>(board.cell_count());
  const auto hole = static_cast<std::uint32_t>(board.hole);
  tilts_.assign(cells, kUnreachable);
  // Each cell enters the queue once, when first reached: `cells` slots, no
  // growth (so the loop below makes no call that could move memory).
  std::vector<std::uint32_t> queue(cells);
  std::uint32_t* const tilts = tilts_.data();
  const std::uint8_t* const wall = board.wall.data();
  std::array<int, 4> deltas{};  // the index step per direction
  for (const core::Direction direction : core::kDirections)
    deltas[static_cast<std::size_t>(detail::index_of(direction))] = board.step(0, direction);
  tilts[hole] = 0;
  queue[0] = hole;
  std::size_t tail = 1;
  // Step 1: breadth-first from the hole; a cell's distance is final when it
  // is first reached.
  for (std::size_t head = 0; head < tail; ++head) {
    const std::uint32_t v = queue[head];
    const std::uint32_t next_tilts = tilts[v] + 1;
    for (const core::Direction direction : core::kDirections) {
      const int delta = deltas[static_cast<std::size_t>(detail::index_of(direction))];
      // Step 2: the cases (a)-(c): whether edges of direction d end at v.
      if (v != hole) {
        const std::uint32_t stop = stops.stop(direction, v);
        if (stop != v && stop != static_cast<std::uint32_t>(static_cast<int>(v) + delta)) continue;
      }
      // Step 3: the walk back from v.
      for (auto r = static_cast<std::uint32_t>(static_cast<int>(v) - delta); wall[r] == 0 && r != hole;
           r = static_cast<std::uint32_t>(static_cast<int>(r) - delta)) {
        if (tilts[r] != kUnreachable) continue;
        tilts[r] = next_tilts;
        queue[tail++] = r;
      }
    }
  }
}

}  // namespace boardsearch::marble
