#include "games/tour/search.hpp"

#include <algorithm>
#include <utility>

namespace boardsearch::tour {

namespace {

// All cells of `open` that are connected to a cell of `seed` inside the same
// run of consecutive one bits.
//   Toward higher bits, one addition: adding the lowest seed of a run to
//   `open` carries through the run's ones above it, so the changed bits
//   ((open + seed) ^ open) cover the seed up to the run's top (plus the
//   zero above, masked off; seeds hit by an earlier carry are or-ed back).
//   Toward lower bits, a Kogge-Stone occluded fill: shifts 1, 2, 4, ..., 32.
LineMask fill_runs(LineMask seed, LineMask open) {
  seed &= open;
  const LineMask toward_high = (((open + seed) ^ open) | seed) & open;
  LineMask toward_low = seed;
  LineMask pass = open;
  toward_low |= pass & (toward_low >> 1);
  pass &= pass >> 1;
  toward_low |= pass & (toward_low >> 2);
  pass &= pass >> 2;
  toward_low |= pass & (toward_low >> 4);
  pass &= pass >> 4;
  toward_low |= pass & (toward_low >> 8);
  pass &= pass >> 8;
  toward_low |= pass & (toward_low >> 16);
  pass &= pass >> 16;
  toward_low |= pass & (toward_low >> 32);
  return toward_high | toward_low;
}

// A flood fill over row masks: a worklist of rows with pending seeds; each
// visit fills the seeded runs of its row and seeds the rows above and below
// with the newly reached cells, so every run is filled about once whatever
// the region's shape. It advances one row visit at a time, so two fills can
// grow in lockstep (see anchors_connected).
class RowFill {
 public:
  // Only rows 0 .. rows-1 are touched, so nothing else is initialized.
  RowFill(const LineMask* open, int rows) : open_(open), rows_(rows) {
    std::fill_n(reach_.begin(), rows, LineMask{0});
    std::fill_n(pending_.begin(), rows, LineMask{0});
  }

  // Adds `cell` (a free cell) as a seed.
  void seed(Cell cell) { seed_row(cell.row, LineMask{1} << cell.col); }
  bool reached(Cell cell) const { return ((reach_[static_cast<std::size_t>(cell.row)] >> cell.col) & 1U) != 0; }
  bool exhausted() const { return size_ == 0; }
  LineMask reach(int r) const { return reach_[static_cast<std::size_t>(r)]; }

  // Fills the seeded runs of one pending row and seeds its neighbours.
  // Returns that row, or -1 if the row added nothing. Precondition: !exhausted().
  int step() {
    const int r = worklist_[static_cast<std::size_t>(--size_)];
    const auto i = static_cast<std::size_t>(r);
    queued_ &= ~(LineMask{1} << r);
    const LineMask added = fill_runs(pending_[i], open_[r]) & ~reach_[i];
    pending_[i] = 0;
    if (added == 0) return -1;
    reach_[i] |= added;
    if (r > 0) seed_row(r - 1, added);
    if (r + 1 < rows_) seed_row(r + 1, added);
    return r;
  }

  // Takes over everything `other` reached or has pending (the fills met).
  void absorb(const RowFill& other) {
    for (int r = 0; r < rows_; ++r)
      seed_row(r, other.pending_[static_cast<std::size_t>(r)] | other.reach_[static_cast<std::size_t>(r)]);
  }

 private:
  void seed_row(int r, LineMask cells) {
    const auto i = static_cast<std::size_t>(r);
    cells &= open_[r] & ~reach_[i];
    if (cells == 0) return;
    pending_[i] |= cells;
    if (((queued_ >> r) & 1U) == 0) {
      queued_ |= LineMask{1} << r;
      worklist_[static_cast<std::size_t>(size_++)] = r;
    }
  }

  const LineMask* open_;
  int rows_;
  std::array<LineMask, kMaxSide> reach_;
  std::array<LineMask, kMaxSide> pending_;
  std::array<int, kMaxSide> worklist_;
  LineMask queued_ = 0;  // bit r: row r is on the worklist
  int size_ = 0;
};

}  // namespace

TourProblem::TourProblem(const Board& board, Cell start, PruningOptions pruning)
    : position_(board, start), pruning_(pruning) {
  for (int r = 0; r < board.rows; ++r) refresh_row(r);
}

// Counters, and why each makes a position lost or bounds it (see the
// vocabulary in search.hpp; the region only shrinks as the tour goes on, so a
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
void TourProblem::refresh_row(int r) {
  const LineMask row = position_.free_row(r);
  const LineMask up = position_.free_row(r - 1);  // padded: row -1 and row N read 0
  const LineMask down = position_.free_row(r + 1);
  const LineMask left = row << 1;
  const LineMask right = row >> 1;
  LineMask unvisited = row;
  if (position_.ball().row == r) unvisited &= ~(LineMask{1} << position_.ball().col);
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

void TourProblem::refresh_rows_around(Cell a, Cell b) {
  const int first = std::max(std::min(a.row, b.row) - 1, 0);
  const int last = std::min(std::max(a.row, b.row) + 1, position_.board().rows - 1);
  for (int r = first; r <= last; ++r) refresh_row(r);
}

void TourProblem::generate_moves(MoveBuffer& moves) const {
  for (Direction d : kDirections) {
    const int length = position_.slide_length(d);
    if (length == 0) continue;
    // Insertion into the (at most four) moves so far, longest first, stable.
    moves.push_back(Move{d, static_cast<std::uint8_t>(length)});
    for (std::size_t i = moves.size() - 1; i > 0 && moves[i - 1].length < moves[i].length; --i)
      std::swap(moves[i - 1], moves[i]);
  }
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
int TourProblem::ring_anchors(Cell from, const Move& move, std::array<Cell, kMaxAnchors>& anchors) const {
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
  const LineMask main = horizontal ? position_.free_row(line) : position_.free_column(line);
  const LineMask side_a = horizontal ? position_.free_row(line - 1) : position_.free_column(line - 1);
  const LineMask side_b = horizontal ? position_.free_row(line + 1) : position_.free_column(line + 1);
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
  // A single run is both the first and the last of its side.
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
bool TourProblem::anchors_connected(const std::array<Cell, kMaxAnchors>& anchors, int count) const {
  const int rows = position_.board().rows;
  RowFill joined(position_.free_rows(), rows);
  joined.seed(anchors[0]);
  for (int a = 1; a < count; ++a) {
    const Cell target = anchors[static_cast<std::size_t>(a)];
    if (joined.reached(target)) continue;
    RowFill other(position_.free_rows(), rows);
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

void TourProblem::apply(const Move& move) {
  const Cell from = position_.ball();
  // Step 1. The rules: the segment stops being free, the ball moves.
  position_.apply(move);
  // Step 2. Only rows holding or touching the changed cells change counts.
  refresh_rows_around(from, position_.ball());
  // Step 3. Connectivity. A free cell that is not connected to the ball
  // inside the region is never entered (the ball only moves through free
  // cells and the region only shrinks): lost, in every descendant too, so
  // cut_at_step_ remembers the step and later steps need no check. Checked
  // only if the segment could have split the region (the ring test), and
  // skipped when the counters already prove the position lost.
  if (pruning_.connectivity && cut_at_step_ == kNever && position_.unvisited_count() > 0 && !dead_end()) {
    std::array<Cell, kMaxAnchors> anchors;
    const int count = ring_anchors(from, move, anchors);
    // More anchors than kMaxAnchors: check the first ones only. That may miss
    // a split (a weaker pruning, still sound), never invent one.
    const int checked = std::min(count, kMaxAnchors);
    if (count > 1 && !anchors_connected(anchors, checked)) cut_at_step_ = position_.steps();
  }
}

void TourProblem::undo(const Move& move) {
  if (cut_at_step_ == position_.steps()) cut_at_step_ = kNever;
  const Cell to = position_.ball();
  position_.undo(move);
  refresh_rows_around(position_.ball(), to);
}

namespace {

// Blocks (biconnected components) of the empty cells, by Tarjan's algorithm
// with an explicit stack (boards of 4,096 cells would overflow recursion).
// Precondition: the empty cells are connected and there are at least two.
// Returns, per block, its cells; `is_cut` marks the cut vertices.
std::vector<std::vector<int>> blocks_of(const Board& board, std::vector<bool>& is_cut) {
  constexpr int kCells = kMaxSide * kMaxSide;
  std::vector<int> discovered(kCells, -1);
  std::vector<int> low(kCells, 0);
  is_cut.assign(kCells, false);
  std::vector<std::vector<int>> blocks;
  auto neighbour = [&](int cell, int k) {
    const Cell at = shifted({cell / kMaxSide, cell % kMaxSide}, kDirections[static_cast<std::size_t>(k)]);
    return board.is_empty(at) ? at.row * kMaxSide + at.col : -1;
  };
  int root = -1;
  for (int cell = 0; cell < kCells && root < 0; ++cell)
    if (board.is_empty(cell / kMaxSide, cell % kMaxSide)) root = cell;

  struct Frame {
    int cell;
    int parent;
    int next_neighbour;
  };
  std::vector<Frame> frames{{root, -1, 0}};
  std::vector<int> visit_stack{root};
  int clock = 0;
  int root_children = 0;
  discovered[static_cast<std::size_t>(root)] = low[static_cast<std::size_t>(root)] = clock++;
  while (!frames.empty()) {
    Frame& frame = frames.back();
    const auto v = static_cast<std::size_t>(frame.cell);
    if (frame.next_neighbour < 4) {
      const int w = neighbour(frame.cell, frame.next_neighbour++);
      if (w < 0 || w == frame.parent) continue;
      const auto wi = static_cast<std::size_t>(w);
      if (discovered[wi] >= 0) {
        low[v] = std::min(low[v], discovered[wi]);
      } else {
        discovered[wi] = low[wi] = clock++;
        visit_stack.push_back(w);
        frames.push_back({w, frame.cell, 0});
      }
      continue;
    }
    // All neighbours of v done: close the block hanging below v if any.
    const int child = frame.cell;
    const int parent = frame.parent;
    frames.pop_back();
    if (parent < 0) break;
    const auto p = static_cast<std::size_t>(parent);
    low[p] = std::min(low[p], low[v]);
    if (low[v] >= discovered[p]) {
      // parent separates the cells discovered from `child` on: one block.
      std::vector<int> block{parent};
      while (true) {
        const int top = visit_stack.back();
        visit_stack.pop_back();
        block.push_back(top);
        if (top == child) break;
      }
      blocks.push_back(std::move(block));
      if (parent == root)
        ++root_children;
      else
        is_cut[p] = true;
    }
  }
  if (root_children >= 2) is_cut[static_cast<std::size_t>(root)] = true;
  return blocks;
}

}  // namespace

BoardAnalysis analyze_board(const Board& board) {
  BoardAnalysis analysis;
  analysis.empty_cells = board.empty_count();
  if (analysis.empty_cells == 0) return analysis;  // nowhere to place the ball: no tour

  // Step 1. Connectivity of the empty cells: the ball moves between 4-adjacent
  // empty cells only, so a tour needs one region.
  int first_row = 0;
  while (board.empty[static_cast<std::size_t>(first_row)] == 0) ++first_row;
  RowFill fill(board.empty.data(), board.rows);
  fill.seed({first_row, std::countr_zero(board.empty[static_cast<std::size_t>(first_row)])});
  while (!fill.exhausted()) fill.step();
  analysis.connected = true;
  for (int r = 0; r < board.rows; ++r)
    analysis.connected = analysis.connected && fill.reach(r) == board.empty[static_cast<std::size_t>(r)];
  if (!analysis.connected) return analysis;

  std::vector<Cell> all;
  for (int r = 0; r < board.rows; ++r)
    for (int c = 0; c < board.cols; ++c) {
      if (!board.is_empty(r, c)) continue;
      all.push_back({r, c});
      const int degree =
          board.is_empty(r - 1, c) + board.is_empty(r + 1, c) + board.is_empty(r, c - 1) + board.is_empty(r, c + 1);
      if (degree == 1) analysis.degree_one.push_back({r, c});
    }
  if (analysis.empty_cells == 1) {
    analysis.starts = all;
    return analysis;
  }

  // Step 2. Degree-one cells. A tour is a Hamiltonian path of the empty
  // cells; with two or more cells, a cell with one empty neighbour is an
  // endpoint of it (start or last cell). More than two: no tour.
  if (analysis.degree_one.size() > 2) return analysis;

  // Step 3. Colours. Colour the cells like a chessboard. The tour visits the
  // empty cells one by one, each next to the one before, so the colours
  // alternate along it: the start's colour is taken by ceil(E / 2) cells and
  // the other by floor(E / 2). So the two colour counts differ by at most
  // one, and if they differ the tour starts on the more numerous colour.
  // (The same count then holds from every later ball position: the cells
  // already visited are a prefix of the same alternation.)
  int dark = 0;
  for (const Cell& cell : all) dark += (cell.row + cell.col) % 2;
  const int light = analysis.empty_cells - dark;
  if (dark - light > 1 || light - dark > 1) return analysis;
  auto colour_allowed = [&](Cell cell) {
    if (dark == light) return true;
    return ((cell.row + cell.col) % 2 == 1) == (dark > light);
  };

  // Step 4. Leaf blocks, the same argument one level up. Let B be a block
  // (biconnected component) holding a single cut vertex v, and B' = B - v.
  // B' touches the rest of the board only through v. If no endpoint of the
  // path lay in B', the path would enter B' from v and, not ending there,
  // leave it through v again: v visited twice. So every leaf block holds an
  // endpoint outside its cut vertex. Three or more leaf blocks: no tour. Two:
  // the tour starts in one of them (outside the cut vertex). A degree-one
  // cell with its neighbour is such a leaf block, so this generalizes step 2.
  std::vector<bool> is_cut;
  const auto blocks = blocks_of(board, is_cut);
  if (blocks.size() == 1) {
    analysis.leaf_blocks = 0;
    for (const Cell& cell : all)
      if (colour_allowed(cell)) analysis.starts.push_back(cell);
  } else {
    std::vector<bool> allowed(static_cast<std::size_t>(kMaxSide) * kMaxSide, false);
    for (const auto& block : blocks) {
      const auto cuts =
          std::count_if(block.begin(), block.end(), [&](int cell) { return is_cut[static_cast<std::size_t>(cell)]; });
      if (cuts != 1) continue;
      ++analysis.leaf_blocks;
      for (int cell : block)
        if (!is_cut[static_cast<std::size_t>(cell)]) allowed[static_cast<std::size_t>(cell)] = true;
    }
    if (analysis.leaf_blocks > 2) return analysis;
    for (const Cell& cell : all)
      if (allowed[static_cast<std::size_t>(cell.row * kMaxSide + cell.col)] && colour_allowed(cell))
        analysis.starts.push_back(cell);
  }
  return analysis;
}

namespace {

// The eight symmetries of the square (four of them keep an N x M board with
// N != M): transpose or not, then flip rows and / or columns.
Cell transformed(Cell cell, int symmetry, const Board& board) {
  Cell out = (symmetry & 4) != 0 ? Cell{cell.col, cell.row} : cell;
  const int rows = (symmetry & 4) != 0 ? board.cols : board.rows;
  const int cols = (symmetry & 4) != 0 ? board.rows : board.cols;
  if ((symmetry & 1) != 0) out.row = rows - 1 - out.row;
  if ((symmetry & 2) != 0) out.col = cols - 1 - out.col;
  return out;
}

// The symmetries (other than the identity) that map the board onto itself.
std::vector<int> board_symmetries(const Board& board) {
  std::vector<int> symmetries;
  constexpr int kSymmetries = 8;
  constexpr int kTranspose = 4;
  for (int symmetry = 1; symmetry < kSymmetries; ++symmetry) {
    if ((symmetry & kTranspose) != 0 && board.rows != board.cols) continue;
    bool same = true;
    for (int r = 0; r < board.rows && same; ++r)
      for (int c = 0; c < board.cols && same; ++c)
        same = board.is_empty(r, c) == board.is_empty(transformed({r, c}, symmetry, board));
    if (same) symmetries.push_back(symmetry);
  }
  return symmetries;
}

// Keeps one start per orbit of the board's symmetries (the first in row-major
// order). Sound: a symmetry of the board maps a legal step to a legal step
// (the rules speak only of adjacency, obstacles, edges and visited cells,
// which rotations and reflections preserve, permuting the four directions),
// so the tours from s and from its image have the same step counts. The start
// list is closed under the symmetries (the static analysis is invariant; a
// symmetry that swaps the two chessboard colours makes their counts equal, so
// the colour filter keeps both), so each orbit keeps its first member.
std::vector<Cell> one_start_per_orbit(const Board& board, const std::vector<Cell>& starts) {
  const std::vector<int> symmetries = board_symmetries(board);
  if (symmetries.empty()) return starts;
  auto order = [&](Cell cell) { return cell.row * kMaxSide + cell.col; };
  std::vector<Cell> kept;
  for (const Cell& start : starts) {
    bool first = true;
    for (int symmetry : symmetries) first = first && order(transformed(start, symmetry, board)) >= order(start);
    if (first) kept.push_back(start);
  }
  return kept;
}

}  // namespace

TourResult solve_tour(const Board& board, core::SearchControl& control, PruningOptions pruning) {
  TourResult result;
  const BoardAnalysis analysis = analyze_board(board);

  // Step 1. Root bounds: the problems for every start, best root bound first
  // (likely short tours early make the shared incumbent prune more).
  std::vector<std::pair<int, Cell>> ordered;
  if (analysis.starts.empty()) {
    result.search.stats = control.finish();
    return result;
  }
  // One problem for every start: B&B returns it to its root, and restart_at
  // moves the ball without recomputing the board's bookkeeping.
  const std::vector<Cell> starts = pruning.symmetry ? one_start_per_orbit(board, analysis.starts) : analysis.starts;
  TourProblem problem(board, starts.front(), pruning);
  ordered.reserve(starts.size());
  for (const Cell& start : starts) {
    problem.restart_at(start);
    ordered.emplace_back(problem.bound(), start);
  }
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  // No tour can beat the smallest root bound: stop as soon as one reaches it.
  const std::optional<int> best_possible =
      ordered.empty() ? std::nullopt : std::optional<int>(std::min(ordered.front().first, kLost - 1));

  // Step 2. Branch and bound from each start with one shared incumbent, and
  // one shared control (one node budget for all starts). With
  // no tour found yet the incumbent is the number of empty cells, which no
  // tour reaches (each step visits at least one new cell), so lost positions
  // (bound kLost) are pruned from the first node on.
  std::optional<int> best;
  for (const auto& [root_bound, start] : ordered) {
    if (root_bound >= best.value_or(analysis.empty_cells)) continue;
    problem.restart_at(start);
    core::BranchAndBoundOptions<int> options;
    options.incumbent = best.value_or(analysis.empty_cells);
    options.best_possible = best_possible;
    auto found = core::branch_and_bound<core::Goal::minimize>(problem, control, options);
    if (found.value) {
      best = found.value;
      result.start = start;
      result.search.line = std::move(found.line);
    }
    if (!found.proven()) {
      result.search.outcome = found.outcome;
      break;
    }
    if (best && best == best_possible) break;
  }
  result.search.value = best;
  result.search.stats = control.finish();
  return result;
}

TourResult solve_tour(const Board& board, const core::SearchLimits& limits, PruningOptions pruning) {
  core::SearchControl control(limits);
  return solve_tour(board, control, pruning);
}

}  // namespace boardsearch::tour
