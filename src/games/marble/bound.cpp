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

namespace boardsearch::marble {

namespace {

using detail::SlideStops;

// The cells red can reach from `cell` in one tilt towards `direction` (at
// most two; the hole when it falls), without `cell` itself; `delta` is the
// index step towards `direction`.
struct Reach {
  std::array<std::uint32_t, 2> cells{};
  int count = 0;
};

Reach reach(const Board& board, const SlideStops& stops, std::uint32_t cell, core::Direction direction, int delta) {
  Reach out;
  const std::uint32_t stop = stops.stop(direction, cell);
  if (stop == SlideStops::kFalls) {
    out.cells[out.count++] = static_cast<std::uint32_t>(board.hole);
    return out;
  }
  if (stop == cell) return out;
  out.cells[out.count++] = stop;
  const auto short_of_stop = static_cast<std::uint32_t>(static_cast<int>(stop) - delta);
  if (short_of_stop != cell) out.cells[out.count++] = short_of_stop;
  return out;
}

}  // namespace

RedBound::RedBound(const Board& board, const SlideStops& stops) {
  const auto cells = static_cast<std::uint32_t>(board.cell_count());
  const auto is_start = [&](std::uint32_t cell) {
    return !board.is_wall(static_cast<int>(cell)) && cell != static_cast<std::uint32_t>(board.hole);
  };
  std::array<int, 4> deltas{};  // the index step per direction
  for (const core::Direction direction : core::kDirections)
    deltas[static_cast<std::size_t>(detail::index_of(direction))] = board.step(0, direction);
  // Step 1: the edges of G reversed, in compressed rows: the cells that reach
  // v in one tilt are from[first[v] .. first[v + 1]).
  std::vector<std::uint32_t> first(cells + 1, 0);
  for (std::uint32_t cell = 0; cell < cells; ++cell) {
    if (!is_start(cell)) continue;
    for (const core::Direction direction : core::kDirections) {
      const Reach out =
          reach(board, stops, cell, direction, deltas[static_cast<std::size_t>(detail::index_of(direction))]);
      for (int i = 0; i < out.count; ++i) ++first[out.cells[i] + 1];
    }
  }
  for (std::uint32_t cell = 0; cell < cells; ++cell) first[cell + 1] += first[cell];
  std::vector<std::uint32_t> from(first[cells]);
  {
    std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
    for (std::uint32_t cell = 0; cell < cells; ++cell) {
      if (!is_start(cell)) continue;
      for (const core::Direction direction : core::kDirections) {
        const Reach out =
            reach(board, stops, cell, direction, deltas[static_cast<std::size_t>(detail::index_of(direction))]);
        for (int i = 0; i < out.count; ++i) from[next[out.cells[i]]++] = cell;
      }
    }
  }
  // Step 2: breadth-first from the hole over the reversed edges.
  tilts_.assign(cells, kUnreachable);
  std::vector<std::uint32_t> queue;
  queue.reserve(cells);
  const auto hole = static_cast<std::uint32_t>(board.hole);
  tilts_[hole] = 0;
  queue.push_back(hole);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t cell = queue[head];
    for (std::uint32_t i = first[cell]; i < first[cell + 1]; ++i) {
      const std::uint32_t before = from[i];
      if (tilts_[before] != kUnreachable) continue;
      tilts_[before] = tilts_[cell] + 1;
      queue.push_back(before);
    }
  }
}

}  // namespace boardsearch::marble
