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

#include <algorithm>
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
namespace {

// The index step of each direction (Board::step), looked up once.
std::array<int, 4> direction_steps(const Board& board) {
  std::array<int, 4> deltas{};
  for (const core::Direction direction : core::kDirections)
    deltas[static_cast<std::size_t>(detail::index_of(direction))] = board.step(0, direction);
  return deltas;
}

// Calls `reach(r)` for every cell r with an edge r -> v of direction d in G
// (the cases (a)-(c) above; with `one_short` false, (a) and (b) only: the
// graph of the red marble rolling alone). `v` is the hole or a free cell.
template <class Reach>
inline void walk_edges_into(const Board& board, const detail::SlideStops& stops, std::uint32_t v,
                            core::Direction direction, int delta, bool one_short, Reach&& reach) {
  const auto hole = static_cast<std::uint32_t>(board.hole);
  if (v != hole) {
    const std::uint32_t stop = stops.stop(direction, v);
    const bool is_stop = stop == v;
    const bool short_of_stop = one_short && stop == static_cast<std::uint32_t>(static_cast<int>(v) + delta);
    if (!is_stop && !short_of_stop) return;
  }
  const std::uint8_t* const wall = board.wall.data();
  for (auto r = static_cast<std::uint32_t>(static_cast<int>(v) - delta); wall[r] == 0 && r != hole;
       r = static_cast<std::uint32_t>(static_cast<int>(r) - delta))
    reach(r);
}

// Each cell's distance to the hole in G (one_short) or in the graph of red
// rolling alone (not one_short), kUnreachable where there is none, into
// `tilts` (cell_count() entries): breadth-first from the hole over the
// edges found backwards by walk_edges_into; `queue` is its work list.
void distances_to_hole(const Board& board, const detail::SlideStops& stops, bool one_short,
                       std::vector<std::uint32_t>& tilts, std::vector<std::uint32_t>& queue) {
  const auto cells = static_cast<std::uint32_t>(board.cell_count());
  const auto hole = static_cast<std::uint32_t>(board.hole);
  tilts.assign(cells, RedBound::kUnreachable);
  // Each cell enters the queue once, when first reached: `cells` slots, no
  // growth.
  queue.resize(cells);
  const std::array<int, 4> deltas = direction_steps(board);
  tilts[hole] = 0;
  queue[0] = hole;
  std::size_t tail = 1;
  // Step 1: breadth-first from the hole; a cell's distance is final when it
  // is first reached.
  for (std::size_t head = 0; head < tail; ++head) {
    const std::uint32_t v = queue[head];
    const std::uint32_t next_tilts = tilts[v] + 1;
    // Step 2: the edges into v (walk_edges_into: the cases (a)-(c)).
    for (const core::Direction direction : core::kDirections)
      walk_edges_into(board, stops, v, direction, deltas[static_cast<std::size_t>(detail::index_of(direction))],
                      one_short, [&](std::uint32_t r) {
                        if (tilts[r] != RedBound::kUnreachable) return;
                        tilts[r] = next_tilts;
                        queue[tail++] = r;
                      });
  }
}

}  // namespace

RedBound::RedBound(const Board& board, const detail::SlideStops& stops) {
  std::vector<std::uint32_t> queue;
  distances_to_hole(board, stops, true, tilts_, queue);
}

// PairBound. Let a line of T tilts succeed from the pair (r, b).
//   (1) If the red marble never rests one cell short of its stop s = stop(d,
//       r) in it (the blue marble in front, tilt_pair's last case), each of
//       red's moves is an edge of the graph A of red rolling alone (r -> s,
//       r -> hole): T >= alone(r) = dist_A(r, hole).
//   (2) Else let the first such tilt be tilt t + 1, towards d, with red's
//       stop s: before it the blue marble rests on a cell c whose stop
//       towards d is s as well and with a free cell (red's) behind it in the
//       run, and after it red rests on s - delta(d). Blue's own moves are
//       edges of the graph B: a cell to its stop or one cell short of it (G
//       without the edges to the hole: blue never falls in a live line), so
//       t >= dist_B(b, c); and the rest of the line is at least
//       RedBound(s - delta) = dist_G(s - delta, hole). So T >= help(b) =
//       min over such (c, d) of dist_B(b, c) + 1 + dist_G(s - delta). And
//       T >= dist_G(r, hole) (the line is a walk in G).
// So T >= min(alone(r), max(dist_G(r), help(b))): admissible. It is at
// least dist_G(r) (alone >= dist_G, A being part of G).
//
// Consistent, h(P) <= 1 + h(Q) for a tilt from P = (r, b) to Q = (r', b'):
//   - red moves along an edge of A or stays: alone(r) <= 1 + alone(r');
//     dist_G(r) <= 1 + dist_G(r') (RedBound is consistent); blue moves
//     along an edge of B or stays, so help(b) <= 1 + help(b'). Each part of
//     the min and the max grows by at most one: h(P) <= 1 + h(Q).
//   - red rests one short of its stop s behind blue (the only move outside
//     A): blue rested on a cell c as in (2), so help(b) <= 0 + 1 +
//     dist_G(r') and dist_G(r) <= 1 + dist_G(r'); hence h(P) <= max(dist_G(r),
//     help(b)) <= 1 + dist_G(r') <= 1 + h(Q), since h >= dist_G.
//   - red falls alone: alone(r) = 1, and h(P) >= 1 (every part is >= 1 off
//     the hole), so h(P) = 1 = 1 + h(goal).
//
// help is a search backwards over B from many sources at once: each cell c
// starts with the least 1 + dist_G(s - delta) over the directions in which
// it can stand in front of red as in (2), and help(b) is the least start
// plus the distance in B from b to that cell. The sources enter in order of
// their start (a counting sort) and merge with a first-in first-out queue
// whose values never decrease, so every cell is final at its first pop.
PairBound::PairBound(const Board& board, const detail::SlideStops& stops) {
  const auto cells = static_cast<std::uint32_t>(board.cell_count());
  const auto hole = static_cast<std::uint32_t>(board.hole);
  const std::uint8_t* const wall = board.wall.data();
  const std::array<int, 4> deltas = direction_steps(board);
  std::vector<std::uint32_t> tilts, queue;
  // Step 1: red's distances in A and in G.
  red_.resize(cells);
  distances_to_hole(board, stops, false, tilts, queue);
  for (std::uint32_t c = 0; c < cells; ++c) red_[c].alone = tilts[c];
  distances_to_hole(board, stops, true, tilts, queue);
  for (std::uint32_t c = 0; c < cells; ++c) red_[c].helped = tilts[c];
  // Step 2: each cell's start, 1 + dist_G(s - delta) for the directions in
  // which blue on it can be in front of red: its stop s is a resting cell
  // and the cell behind it is free and not the hole (then red behind it has
  // the same stop, and s - delta is a free cell of that run).
  help_.assign(cells, kUnreachable);
  std::uint32_t most = 0;
  for (std::uint32_t c = 0; c < cells; ++c) {
    if (wall[c] != 0 || c == hole) continue;
    for (const core::Direction direction : core::kDirections) {
      const int delta = deltas[static_cast<std::size_t>(detail::index_of(direction))];
      const std::uint32_t stop = stops.stop(direction, c);
      const auto behind = static_cast<std::uint32_t>(static_cast<int>(c) - delta);
      if (stop == detail::SlideStops::kFalls || wall[behind] != 0 || behind == hole) continue;
      const std::uint32_t after = red_[static_cast<std::uint32_t>(static_cast<int>(stop) - delta)].helped;
      if (after != kUnreachable) help_[c] = std::min(help_[c], after + 1);
    }
    if (help_[c] != kUnreachable) most = std::max(most, help_[c]);
  }
  // Step 3: the sources in order of their start (a counting sort; `tilts`
  // now holds the counts).
  tilts.assign(std::size_t{most} + 2, 0);
  for (std::uint32_t c = 0; c < cells; ++c)
    if (help_[c] != kUnreachable) ++tilts[help_[c] + 1];
  for (std::uint32_t k = 1; k <= most + 1; ++k) tilts[k] += tilts[k - 1];
  std::vector<std::uint32_t> sources(tilts[most + 1]);
  for (std::uint32_t c = 0; c < cells; ++c)
    if (help_[c] != kUnreachable) sources[tilts[help_[c]]++] = c;
  // Step 4: the search backwards over B, taking the next source (in order)
  // or the queue's head (values never decreasing), whichever is lower. A
  // cell popped twice (a source lowered and queued) is skipped the second
  // time. Each cell is queued at most once: its first lowering is its least,
  // every later pop having a value at least as high; so `queue` (cells
  // slots) never overflows.
  std::vector<std::uint8_t> done(cells, 0);
  std::size_t next_source = 0, head = 0, tail = 0;
  while (next_source < sources.size() || head < tail) {
    const bool from_sources =
        head == tail || (next_source < sources.size() && help_[sources[next_source]] <= help_[queue[head]]);
    const std::uint32_t v = from_sources ? sources[next_source++] : queue[head++];
    if (done[v] != 0) continue;
    done[v] = 1;
    const std::uint32_t next = help_[v] + 1;
    for (const core::Direction direction : core::kDirections)
      walk_edges_into(board, stops, v, direction, deltas[static_cast<std::size_t>(detail::index_of(direction))], true,
                      [&](std::uint32_t r) {
                        if (help_[r] <= next) return;
                        help_[r] = next;
                        queue[tail++] = r;
                      });
  }
}

}  // namespace boardsearch::marble
