// The red marble's bound: its distance to the hole in the graph of the moves
// it can make in one tilt, with the blue marble anywhere, where a move that
// needs the blue marble in front of it never comes right after another.
//
// Claim 1: in one tilt towards d from a pair whose red marble rests on r,
// the red marble stays on r, falls in, or comes to rest on s or on
// s - delta(d), where s = stop(d, r) is where it would rest alone. Proof,
// from the cases of tilt_pair (slide.hpp): if red alone would fall, it falls
// (or blue falls too and the line is dead); else if both marbles have the
// same stop s, red rests on s (in front) or one cell short of it, s - delta
// (behind); else it rests on s. Call the tilt "helped" when red ends on
// s - delta != r (behind blue, having moved); every other tilt leaves red
// where it stays, falls or rests alone.
//
// Claim 2: a helped tilt is never followed at once by another. After a
// helped tilt towards d the pair is (s - delta, s), with a wall next to s
// towards d (s is blue's stop). The next tilt, towards d' (Claim 1's cases):
// d' = d moves nothing (blue stays against its wall, red behind it); d' = -d
// puts red in front, so red rests where it would alone (or falls, blue
// behind it too); d' across puts the marbles in two parallel runs, where
// neither is on the other's way, so both rest where they would alone. So a
// pair is "blocked" when no tilt from it is helped (has_helped_tilt: blue in
// red's run, in front of it, and red not already one short of the stop),
// and every pair a helped tilt leaves is blocked; "free" otherwise.
//
// The graph G2 has two states a cell, (r, free) and (r, blocked), and the
// edges, for each direction d with s = stop(d, r):
//   (r, x) -> (s, free), for x either state, when s is not r (alone);
//   (r, x) -> hole, when red alone would fall (alone);
//   (r, free) -> (s - delta, blocked), when s - delta is not r (helped);
//   (r, blocked) -> (r, free) (a tilt that leaves red where it is).
// dist2(r, blocked) >= dist2(r, free): both have the alone edges, and the
// blocked state's other edge only leads to the free one. And dist2(r,
// blocked) <= 1 + dist2(r, free) through that edge. So (r, blocked) is
// stored as one bit beside (r, free) (bound.hpp).
//
// The pair's bound is h(r, b) = dist2(r, state of the pair). Consistent:
// for a tilt from P = (r, b) to Q = (r', b'), h(P) <= 1 + h(Q):
//   - helped: P is free (it has a helped tilt) and Q blocked (Claim 2), and
//     (r, free) -> (r', blocked) is an edge;
//   - red rests alone on r' = s != r: (r, x) -> (r', free) is an edge, and
//     dist2(r', free) <= dist2(r', any);
//   - red stays: if P is free, dist2(r, free) <= dist2(r, any state of Q);
//     if blocked, dist2(r, blocked) <= 1 + dist2(r, free) <= 1 + h(Q);
//   - red falls alone: h(P) <= 1 by the edge to the hole, and success is 0.
// (A tilt where blue falls ends the line.) Consistent and 0 at the goal, it
// is admissible: a successful line of T tilts from P has T >= h(P). And
// with a consistent bound f = tilts + h never decreases along a line; A*
// then expands every pair first at its fewest tilts. at(cell), the free
// state, bounds every pair with red on the cell (it is the lesser state).
//
// dist2 = infinity means the red marble can never fall in from there, with
// any help from the blue one: such pairs are dropped without a search.
//
// G, the same graph without the states (edges r -> s, r -> s - delta and
// r -> hole: A*'s earlier bound, where red is helped at every
// tilt), gives less: on the 100 x 100 bench board with 30 % walls, 3, A*
// expands 93,802 pairs instead of 122,929. Why not simpler bounds: the
// red marble's distance when it rolls alone (the alone edges only) is not a
// bound, since the blue marble can stop it one cell short of a wall (the
// helped edges). The fewest straight runs when a run may stop on any free
// cell is a bound too (it allows every stop G2 allows) but a weaker one: on
// open boards almost every cell is two runs from the hole.

#include "games/marble/bound.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace boardsearch::marble {

// The distances come from breadth-first searches of G2 or A (the alone
// edges only) backwards from the hole, with the edges into each cell v
// found by walking the runs that end at v or one cell short of a stop (no
// reversed graph is stored). For each direction d with index step delta,
// the edges r -> v of that direction (in G; G2 and A take some of them) are
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

// Each cell's distance to the hole in the graph A of red rolling alone,
// kUnreachable where there is none, into `tilts` (cell_count() entries):
// breadth-first from the hole over the edges found backwards by
// walk_edges_into; `queue` is its work list.
void alone_distances_to_hole(const Board& board, const detail::SlideStops& stops, std::vector<std::uint32_t>& tilts,
                             std::vector<std::uint32_t>& queue) {
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
      walk_edges_into(board, stops, v, direction, deltas[static_cast<std::size_t>(detail::index_of(direction))], false,
                      [&](std::uint32_t r) {
                        if (tilts[r] != RedBound::kUnreachable) return;
                        tilts[r] = next_tilts;
                        queue[tail++] = r;
                      });
  }
}

}  // namespace

// How RedBound is built: breadth-first from the hole over G2's edges
// backwards, one entry a cell rather than a state. The blocked state needs
// no entry of its own: dist2(v, blocked) = 1 + min(dist2(v, free), A(v)),
// A(v) the least dist2(s, free) over v's alone edges v -> s (v's two edges
// out of the blocked state), and dist2(v, free) = 1 + min(A(v), H(v)), H
// over the helped edges. So when dist2(v, free) comes from an alone edge
// (1 + A(v)) the blocked state has the same distance, and else (only from
// helped edges, A(v) larger) one more: the bit of bound.hpp says which.
// The search takes its cells layer by layer; in layer k every cell v at
// free distance k offers its alone edges backwards (case (a) or (b) of
// walk_edges_into: cells r at k + 1, marked reached alone), and its
// blocked state, at k or k + 1, offers the helped edges backwards (case
// (c): cells r at its distance + 1, marked reached helped unless an alone
// edge reaches them in the same layer). A blocked state at k + 1 waits in a
// second first-in first-out list for the next layer. A cell's mark is final
// once the layer before its own is done, so before it is taken. A run is
// walked from its stop s (alone edges, at s's free distance) and from the
// cell v one short of it (helped edges, at v's blocked distance), over the
// same cells but v: whichever walk comes first sets them no later than the
// second would, so the second is skipped (v's alone edge from s is kept).
RedBound::RedBound(const Board& board, const detail::SlideStops& stops) : stops_(&stops) {
  deltas_ = direction_steps(board);
  const auto cells = static_cast<std::uint32_t>(board.cell_count());
  const auto hole = static_cast<std::uint32_t>(board.hole);
  const std::uint8_t* const wall = board.wall.data();
  // packed_ is the search's table: a cell's free distance and, in bit 0,
  // whether only helped edges reached it (bound.hpp's layout). Each cell
  // enters `queue` once and `waiting` at most once: no growth.
  packed_.assign(cells, kUnreachable);
  std::vector<std::uint32_t> queue(cells), waiting(cells);
  std::size_t head = 0, tail = 0, waiting_head = 0, waiting_tail = 0;
  packed_[hole] = 0;
  queue[tail++] = hole;
  // The helped edges into (v, blocked), the blocked state at `tilts`: the
  // cells behind v on the run of its stop s = v + delta. When s's free
  // state is at `tilts` or less, its alone edges reach the same cells (and
  // v) at least as soon, as alone: the walk would change nothing.
  const auto offer_helped = [&](std::uint32_t v, std::uint32_t tilts) {
    const std::uint32_t reached = (tilts + 1) << 1 | 1U;
    for (const core::Direction direction : core::kDirections) {
      const int delta = deltas_[static_cast<std::size_t>(detail::index_of(direction))];
      const auto stop = static_cast<std::uint32_t>(static_cast<int>(v) + delta);
      if (stops.stop(direction, v) != stop) continue;
      if (at(stop) <= tilts) continue;  // kUnreachable when not reached yet
      for (auto r = static_cast<std::uint32_t>(static_cast<int>(v) - delta); wall[r] == 0 && r != hole;
           r = static_cast<std::uint32_t>(static_cast<int>(r) - delta)) {
        if (packed_[r] != kUnreachable) continue;
        packed_[r] = reached;
        queue[tail++] = r;
      }
    }
  };
  for (std::uint32_t k = 0; head < tail || waiting_head < waiting_tail; ++k) {
    const std::size_t layer_end = tail, waiting_end = waiting_tail;
    const std::uint32_t alone = (k + 1) << 1;
    const auto reach_alone = [&](std::uint32_t r) {
      if (packed_[r] == kUnreachable) {
        packed_[r] = alone;
        queue[tail++] = r;
      } else if (packed_[r] == (alone | 1U)) {
        packed_[r] = alone;  // reached helped in this layer, and alone as well
      }
    };
    // Step 1: the cells at free distance k: their alone edges (the cells r
    // behind v on a run that ends at v: walk_edges_into's cases (a) and
    // (b)), and their blocked state now (at k) or in the next layer (at
    // k + 1). When the first such r, one short of v, had its blocked state
    // below k, its helped edges reached the rest of the run already (sooner
    // than k + 1): only r is left.
    for (; head < layer_end; ++head) {
      const std::uint32_t v = queue[head];
      for (const core::Direction direction : core::kDirections) {
        const int delta = deltas_[static_cast<std::size_t>(detail::index_of(direction))];
        if (v != hole && stops.stop(direction, v) != v) continue;
        auto r = static_cast<std::uint32_t>(static_cast<int>(v) - delta);
        if (wall[r] != 0 || r == hole) continue;
        if (v != hole && blocked(r) < k) {  // kUnreachable when not reached yet
          reach_alone(r);
          continue;
        }
        for (; wall[r] == 0 && r != hole; r = static_cast<std::uint32_t>(static_cast<int>(r) - delta)) reach_alone(r);
      }
      if (v == hole) continue;  // nothing enters the hole one short of a stop
      if ((packed_[v] & 1) == 0)
        offer_helped(v, k);
      else
        waiting[waiting_tail++] = v;
    }
    // Step 2: the blocked states at k that waited (their cells at k - 1).
    for (; waiting_head < waiting_end; ++waiting_head) offer_helped(waiting[waiting_head], k);
  }
}

// PairBound. For a pair P = (r, b) let
//   h(P) = min(alone(r), max(R(P), help(b))),
// with R RedBound's bound of the pair (above), alone(r) red's distance to
// the hole in the graph A of red rolling alone (r -> s, r -> hole), and
// help(b) = min over cells c and directions d in which blue on c can be in
// front of red (its stop s does not fall, and the cell behind c is free and
// not the hole) of dist_B(b, c) + 1 + R_blocked(s - delta), where B is the
// graph of the blue marble's moves (a cell to its stop or one cell short of
// it: G without the edges to the hole, blue never falls in a live line) and
// R_blocked(v) = dist2(v, blocked).
//
// h >= R: alone(r) >= dist2(r, any state), A's edges being in G2 from
// both states. And h is consistent, h(P) <= 1 + h(Q) for a tilt from P to
// Q = (r', b'):
//   - red rests alone, stays or falls (no helped tilt): alone(r) <= 1 +
//     alone(r') (an edge of A, or red stays, or alone(r) = 1 when it falls);
//     R(P) <= 1 + R(Q) (RedBound is consistent); blue moves along an edge
//     of B or stays, so help(b) <= 1 + help(b'). Each part of the min and
//     the max grows by at most one.
//   - a helped tilt towards d (red rests on r' = s - delta behind blue): blue
//     rested on a cell c as in help's definition, on red's run in front of
//     it, so help(b) <= 0 + 1 + R_blocked(r'); and R(P) = dist2(r, free) <=
//     1 + dist2(r', blocked) (G2's helped edge). Q is blocked (Claim 2), so
//     h(P) <= max(R(P), help(b)) <= 1 + R(Q) <= 1 + h(Q).
//   - red falls alone: h(P) <= alone(r) = 1.
// Consistent and at most 1 before a success, it is admissible (a line of T
// tilts from P has T >= h(P), by induction along the line).
//
// help is a search backwards over B from many sources at once: each cell c
// starts with the least 1 + R_blocked(s - delta) over the directions in
// which it can stand in front of red as above, and help(b) is the least
// start plus the distance in B from b to that cell. The sources enter in
// order of their start (a counting sort) and merge with a first-in
// first-out queue whose values never decrease, so every cell is final at
// its first pop.
PairBound::PairBound(const Board& board, const detail::SlideStops& stops) : red_(board, stops) {
  const auto cells = static_cast<std::uint32_t>(board.cell_count());
  const auto hole = static_cast<std::uint32_t>(board.hole);
  const std::uint8_t* const wall = board.wall.data();
  const std::array<int, 4> deltas = direction_steps(board);
  std::vector<std::uint32_t> tilts, queue;
  // Step 1: red's distances in A (RedBound's in G2 are made).
  alone_distances_to_hole(board, stops, alone_, queue);
  // Step 2: each cell's start, 1 + R_blocked(s - delta) for the directions in
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
      const std::uint32_t after = red_.blocked(static_cast<std::uint32_t>(static_cast<int>(stop) - delta));
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
