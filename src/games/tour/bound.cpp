// The tour's bound and lost tests (bound.hpp), with their proofs.
#include "games/tour/bound.hpp"

#include <algorithm>
#include <utility>

#include "games/tour/row_fill.hpp"

namespace boardsearch::tour {

TourBound::TourBound(const Position& position, PruningOptions pruning) : pruning_(pruning) {
  for (int r = 0; r < position.board().rows; ++r) refresh_row(position, r);
}

// Counters, and why each makes a position lost or bounds it (see the
// vocabulary in bound.hpp; the region only shrinks as the tour goes on, so a
// cell free at some later time is free now):
//
// * dead_count_ > 0 (lost). To enter an unvisited cell c the ball rolls into
//   it from a 4-neighbour that is free at that moment (the ball's cell or a
//   cell rolled over in the same step), hence free now. With no free
//   neighbour now, c is never visited.
// * end_count_ >= 2 (lost). The rest of the tour is a Hamiltonian path of
//   the region from the ball. Every unvisited cell but the path's last one has
//   a predecessor and a successor on the path, two distinct free neighbours.
//   So a degree-1 cell must be the last cell, and two of them cannot both be.
// * must_stop_count_ (bound). The ball rolls through c without stopping only
//   by entering from one side and leaving by the opposite side, both free at
//   that moment, hence free now. If c has no free opposite pair, the step that
//   enters c ends on c. Distinct such cells are ends of distinct future steps,
//   so at least must_stop_count_ steps remain.
//
// Row r, bit c = cell (r, c). With F the free masks, the neighbour masks of
// row r line up bit for bit with the row itself:
//
//   up    = F[r-1]        left  = F[r] << 1  (bit c holds cell c-1)
//   down  = F[r+1]        right = F[r] >> 1  (bit c holds cell c+1)
//
// and a few ands and ors count degrees 0 and 1 for 64 cells at once.
void TourBound::refresh_row(const Position& position, int r) {
  const LineMask row = position.free_row(r);
  const LineMask up = position.free_row(r - 1);  // padded: row -1 and row N read 0
  const LineMask down = position.free_row(r + 1);
  const LineMask left = row << 1;
  const LineMask right = row >> 1;
  LineMask unvisited = row;
  if (position.ball().row == r) unvisited &= ~(LineMask{1} << position.ball().col);
  const LineMask vertical_pair = up & down;
  const LineMask horizontal_pair = left & right;
  const LineMask any = up | down | left | right;
  const LineMask two_or_more = vertical_pair | horizontal_pair | ((up | down) & (left | right));
  RowCounts counts;
  counts.dead = static_cast<std::uint8_t>(std::popcount(unvisited & ~any));
  counts.ends_mask = unvisited & any & ~two_or_more;
  counts.ends = static_cast<std::uint8_t>(std::popcount(counts.ends_mask));
  if (counts.ends_mask != 0)
    rows_with_ends_ |= LineMask{1} << r;
  else
    rows_with_ends_ &= ~(LineMask{1} << r);
  counts.must_stop = static_cast<std::uint8_t>(std::popcount(unvisited & ~(vertical_pair | horizontal_pair)));
  RowCounts& old = row_counts_[static_cast<std::size_t>(r)];
  dead_count_ += counts.dead - old.dead;
  end_count_ += counts.ends - old.ends;
  must_stop_count_ += counts.must_stop - old.must_stop;
  old = counts;
}

// Inline: apply and undo run it at every node, and it is their main work.
inline void TourBound::refresh_rows_around(const Position& position, Cell a, Cell b) {
  const int first = std::max(std::min(a.row, b.row) - 1, 0);
  const int last = std::min(std::max(a.row, b.row) + 1, position.board().rows - 1);
  for (int r = first; r <= last; ++r) refresh_row(position, r);
}

// The ring test. The step removed the line L = from, ..., from + (length-1) d
// from the region. Walk the ring of cells around L (a rectangle one cell
// wider on every side; consecutive ring cells are 4-adjacent):
//
//        t = -1   0   1  ...  len-1  len
//   s=-1   [c]   [ ] [ ] ...  [ ]    [c]
//   s= 0   [ ]    L   L  ...   L     [ball]
//   s=+1   [c]   [ ] [ ] ...  [ ]    [c]          [c] = ring corner
//
// Claim: if the free ring cells that touch L (all but the four corners) lie in
// one maximal run of free cells along the ring, the region is still connected.
// Proof: the region was connected before the step. Take any path between two
// remaining free cells in the old region; each stretch of it through L enters
// and leaves L via free non-corner ring cells, which the run joins through
// free cells outside L. So the path can be rerouted. Otherwise the step may
// have split the region and the caller runs the full flood fill.
int TourBound::ring_anchors(const Position& position, Cell from, const Move& move,
                            std::array<Cell, kMaxAnchors>& anchors) {
  // Step 1. Line-local coordinates. The removed cells are positions lo..hi of
  // the moved line (a row for a horizontal step, a column for a vertical
  // one); side_a and side_b are the parallel lines on either side:
  //
  //   side_a:  [ca_lo] [ a  a  a ... a ] [ca_hi]
  //   line:    [e_lo ] [ L  L  L ... L ] [e_hi ]      one of e_lo / e_hi is the ball
  //   side_b:  [cb_lo] [ b  b  b ... b ] [cb_hi]
  //                     lo            hi
  const bool horizontal = is_horizontal(move.direction);
  const int length = move.length;
  const int start = horizontal ? from.col : from.row;
  const bool forward = move.direction == Direction::right || move.direction == Direction::down;
  const int lo = forward ? start : start - length + 1;
  const int hi = lo + length - 1;
  const int line = horizontal ? from.row : from.col;
  const LineMask main = horizontal ? position.free_row(line) : position.free_column(line);
  const LineMask side_a = horizontal ? position.free_row(line - 1) : position.free_column(line - 1);
  const LineMask side_b = horizontal ? position.free_row(line + 1) : position.free_column(line + 1);
  auto bit = [](LineMask mask, int p) { return p >= 0 && p < kMaxSide && ((mask >> p) & 1U) != 0; };
  auto cell_at = [&](int p, int offset) { return horizontal ? Cell{line + offset, p} : Cell{p, line + offset}; };
  const LineMask core = detail::span_mask(lo, length);
  const LineMask a = side_a & core;
  const LineMask b = side_b & core;
  const LineMask a_starts = a & ~(a << 1);
  const LineMask b_starts = b & ~(b << 1);
  const bool e_lo = bit(main, lo - 1);
  const bool e_hi = bit(main, hi + 1);

  // Step 2. Components of the free ring cells that touch the line. Nodes:
  // every run of a and of b, e_lo, e_hi (the corners touch nothing removed
  // and only act as links). A run reaching the end of the core joins the end
  // cell through the corner beside it when both are free.
  enum Node { kAFirst, kALast, kBFirst, kBLast, kElo, kEhi, kNodes };
  std::array<int, kNodes> parent{};
  for (int i = 0; i < kNodes; ++i) parent[static_cast<std::size_t>(i)] = i;
  auto find = [&](int x) {
    while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)];
    return x;
  };
  int components = std::popcount(a_starts) + std::popcount(b_starts) + e_lo + e_hi;
  auto join = [&](int x, int y) {
    x = find(x);
    y = find(y);
    if (x == y) return;
    parent[static_cast<std::size_t>(x)] = y;
    --components;
  };
  // A single run is both the first and the last of its side: one node, not
  // a merge of two components (the count has it once).
  if (std::popcount(a_starts) == 1) parent[kAFirst] = kALast;
  if (std::popcount(b_starts) == 1) parent[kBFirst] = kBLast;
  if (bit(a, lo) && bit(side_a, lo - 1) && e_lo) join(kAFirst, kElo);
  if (bit(a, hi) && bit(side_a, hi + 1) && e_hi) join(kALast, kEhi);
  if (bit(b, lo) && bit(side_b, lo - 1) && e_lo) join(kBFirst, kElo);
  if (bit(b, hi) && bit(side_b, hi + 1) && e_hi) join(kBLast, kEhi);
  if (components <= 1) return components;

  // Step 3. One anchor per component: a cell of each middle run, and one
  // per class of the special nodes that exist.
  int count = 0;
  auto add = [&](Cell cell) {
    if (count < kMaxAnchors) anchors[static_cast<std::size_t>(count)] = cell;
    ++count;
  };
  auto add_middle_runs = [&](LineMask starts, int offset) {
    if (std::popcount(starts) <= 2) return;
    starts &= starts - 1;                                                   // drop the first run
    starts &= ~(LineMask{1} << (kMaxSide - 1 - std::countl_zero(starts)));  // and the last
    for (; starts != 0; starts &= starts - 1) add(cell_at(std::countr_zero(starts), offset));
  };
  add_middle_runs(a_starts, -1);
  add_middle_runs(b_starts, +1);
  std::array<bool, kNodes> seen{};
  auto add_node = [&](bool exists, int node, Cell cell) {
    if (!exists || seen[static_cast<std::size_t>(find(node))]) return;
    seen[static_cast<std::size_t>(find(node))] = true;
    add(cell);
  };
  const int a_last = a == 0 ? 0 : kMaxSide - 1 - std::countl_zero(a);
  const int b_last = b == 0 ? 0 : kMaxSide - 1 - std::countl_zero(b);
  add_node(a != 0, kAFirst, cell_at(std::countr_zero(a), -1));
  add_node(a != 0, kALast, cell_at(a_last, -1));
  add_node(b != 0, kBFirst, cell_at(std::countr_zero(b), +1));
  add_node(b != 0, kBLast, cell_at(b_last, +1));
  add_node(e_lo, kElo, cell_at(lo - 1, 0));
  add_node(e_hi, kEhi, cell_at(hi + 1, 0));
  return count;
}

// Whether the anchors lie in one component of the region. Two fills grow in
// lockstep, one row visit each: the union fill from the first anchor and a
// fill from the next anchor it has not reached. If they meet, the union takes
// the second over; if either runs out first, it has filled a whole component
// without the other anchor: split. Lockstep keeps the cost near the size of
// the smaller component when split, and near the detour when not.
bool TourBound::anchors_connected(const Position& position, const std::array<Cell, kMaxAnchors>& anchors, int count) {
  const int rows = position.board().rows;
  RowFill joined(position.free_rows(), rows);
  joined.seed(anchors[0]);
  for (int a = 1; a < count; ++a) {
    const Cell target = anchors[static_cast<std::size_t>(a)];
    if (joined.reached(target)) continue;
    RowFill other(position.free_rows(), rows);
    other.seed(target);
    while (true) {
      if (joined.exhausted() || other.exhausted()) return false;
      const int r1 = joined.step();
      if (r1 >= 0 && (joined.reach(r1) & other.reach(r1)) != 0) break;
      if (other.exhausted()) return false;
      const int r2 = other.step();
      if (r2 >= 0 && (joined.reach(r2) & other.reach(r2)) != 0) break;
    }
    joined.absorb(other);
  }
  return true;
}

void TourBound::after_apply(const Position& position, Cell from, const Move& move) {
  // Step 1. Only rows holding or touching the changed cells change counts.
  refresh_rows_around(position, from, position.ball());
  // Step 2. Connectivity. A free cell that is not connected to the ball
  // inside the region is never entered (the ball only moves through free
  // cells and the region only shrinks): lost, in every descendant too, so
  // cut_at_step_ remembers the step and later steps need no check. Checked
  // only if the segment could have split the region (the ring test), and
  // skipped when the counters already prove the position lost.
  if (pruning_.connectivity && cut_at_step_ == kNever && position.unvisited_count() > 0 && !dead_end(position)) {
    std::array<Cell, kMaxAnchors> anchors;
    const int count = ring_anchors(position, from, move, anchors);
    // More anchors than kMaxAnchors: check the first ones only. That may miss
    // a split (a weaker pruning, still sound), never invent one.
    const int checked = std::min(count, kMaxAnchors);
    if (count > 1 && !anchors_connected(position, anchors, checked)) cut_at_step_ = position.steps();
  }
}

void TourBound::after_undo(const Position& position, Cell to) {
  if (cut_at_step_ == position.steps() + 1) cut_at_step_ = kNever;
  refresh_rows_around(position, position.ball(), to);
}

}  // namespace boardsearch::tour
