#include "games/tour/search.hpp"

#include <algorithm>
#include <utility>

namespace boardsearch::tour {

namespace {

// All cells of `open` that are connected to a cell of `seed` inside the same
// run of consecutive one bits (Kogge-Stone occluded fill, both directions,
// shifts 1, 2, 4, ..., 32: enough for a 64-bit line).
LineMask fill_runs(LineMask seed, LineMask open) {
  LineMask toward_high = seed & open;
  LineMask toward_low = toward_high;
  LineMask pass_high = open;
  LineMask pass_low = open;
  for (int shift = 1; shift < kMaxSide; shift *= 2) {
    toward_high |= pass_high & (toward_high << shift);
    pass_high &= pass_high << shift;
    toward_low |= pass_low & (toward_low >> shift);
    pass_low &= pass_low >> shift;
  }
  return toward_high | toward_low;
}

// Flood fill over the rows `open[0 .. rows)` from the cells in `reach`
// (updated in place; precondition: reach is inside open). A worklist of rows
// with pending seeds: each visit fills the seeded runs of its row and seeds
// the rows above and below with the newly reached cells, so every run is
// filled about once whatever the region's shape.
void flood_fill(const LineMask* open, LineMask* reach, int rows) {
  std::array<LineMask, kMaxSide> pending{};
  std::array<int, kMaxSide> worklist{};
  std::array<bool, kMaxSide> queued{};
  int size = 0;
  for (int r = 0; r < rows; ++r)
    if (reach[r] != 0) {
      pending[static_cast<std::size_t>(r)] = reach[r];
      reach[r] = 0;
      worklist[static_cast<std::size_t>(size++)] = r;
      queued[static_cast<std::size_t>(r)] = true;
    }
  auto seed_row = [&](int r, LineMask cells) {
    const auto i = static_cast<std::size_t>(r);
    cells &= open[r] & ~reach[r];
    if (cells == 0) return;
    pending[i] |= cells;
    if (!queued[i]) {
      queued[i] = true;
      worklist[static_cast<std::size_t>(size++)] = r;
    }
  };
  while (size > 0) {
    const int r = worklist[static_cast<std::size_t>(--size)];
    const auto i = static_cast<std::size_t>(r);
    queued[i] = false;
    const LineMask added = fill_runs(pending[i], open[r]) & ~reach[r];
    pending[i] = 0;
    if (added == 0) continue;
    reach[r] |= added;
    if (r > 0) seed_row(r - 1, added);
    if (r + 1 < rows) seed_row(r + 1, added);
  }
}

}  // namespace

TourProblem::TourProblem(const Board& board, Cell start, PruningOptions pruning)
    : position_(board, start), pruning_(pruning) {
  // Every empty cell is counted, then the ball's cell taken out again, so that
  // every empty cell has a stored status (restart_at relies on it).
  for (int r = 0; r < board.rows; ++r)
    for (int c = 0; c < board.cols; ++c)
      if (board.is_empty(r, c)) add_status({r, c});
  remove_status(start);
}

TourProblem::CellStatus TourProblem::compute_status(Cell cell) const {
  const bool up = position_.is_free(cell.row - 1, cell.col);
  const bool down = position_.is_free(cell.row + 1, cell.col);
  const bool left = position_.is_free(cell.row, cell.col - 1);
  const bool right = position_.is_free(cell.row, cell.col + 1);
  CellStatus status;
  status.degree = static_cast<std::uint8_t>(up + down + left + right);
  status.must_stop = static_cast<std::uint8_t>(!((left && right) || (up && down)));
  return status;
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
void TourProblem::add_status(Cell cell) {
  const CellStatus status = compute_status(cell);
  status_[index(cell)] = status;
  dead_count_ += status.degree == 0;
  end_count_ += status.degree == 1;
  must_stop_count_ += status.must_stop;
}

void TourProblem::remove_status(Cell cell) {
  const CellStatus status = status_[index(cell)];
  dead_count_ -= status.degree == 0;
  end_count_ -= status.degree == 1;
  must_stop_count_ -= status.must_stop;
}

void TourProblem::generate_moves(MoveBuffer& moves) const {
  for (Direction d : kDirections) {
    const int length = position_.slide_length(d);
    if (length > 0) moves.push_back(Move{d, static_cast<std::uint8_t>(length)});
  }
  std::stable_sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) { return a.length > b.length; });
}

void TourProblem::refresh_segment_neighbours(Cell from, const Move& move) {
  // The changed cells are from, from + d, ..., from + (length - 1) d. Their
  // neighbours: the two sides of each, the cell behind `from`, and the stop
  // cell (the ball's cell, not an unvisited cell, so nothing to refresh).
  const Direction side_a = is_horizontal(move.direction) ? Direction::up : Direction::left;
  const Direction side_b = is_horizontal(move.direction) ? Direction::down : Direction::right;
  for (int i = 0; i < move.length; ++i) {
    const Cell cell = shifted(from, move.direction, i);
    const Cell a = shifted(cell, side_a);
    const Cell b = shifted(cell, side_b);
    if (position_.is_unvisited(a)) refresh_status(a);
    if (position_.is_unvisited(b)) refresh_status(b);
  }
  const Cell behind = shifted(from, move.direction, -1);
  if (position_.is_unvisited(behind)) refresh_status(behind);
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
bool TourProblem::segment_may_cut(Cell from, const Move& move) const {
  const int length = move.length;
  const Direction along = move.direction;
  const Direction side = is_horizontal(along) ? Direction::up : Direction::left;
  auto ring_cell = [&](int t, int s) { return shifted(shifted(from, along, t), side, s); };
  // Ring order: (-1,0), (-1,-1) ... (len,-1), (len,0), (len,+1) ... (-1,+1).
  constexpr int kMaxRing = 2 * (kMaxSide + 2) + 2;
  std::array<bool, kMaxRing> free_cell{};
  std::array<bool, kMaxRing> touches{};
  int n = 0;
  auto push = [&](int t, int s) {
    free_cell[static_cast<std::size_t>(n)] = position_.is_free(ring_cell(t, s));
    touches[static_cast<std::size_t>(n)] = !(s != 0 && (t == -1 || t == length));
    ++n;
  };
  push(-1, 0);
  for (int t = -1; t <= length; ++t) push(t, -1);
  push(length, 0);
  for (int t = length; t >= -1; --t) push(t, +1);
  // Count the runs of free cells that contain a touching cell. Start the
  // cyclic walk just after a non-free cell so no run wraps around.
  int first_gap = -1;
  for (int i = 0; i < n; ++i)
    if (!free_cell[static_cast<std::size_t>(i)]) {
      first_gap = i;
      break;
    }
  if (first_gap < 0) return false;  // the whole ring is free: one run
  int touching_runs = 0;
  bool in_run = false;
  bool run_touches = false;
  for (int k = 1; k <= n; ++k) {
    const auto i = static_cast<std::size_t>((first_gap + k) % n);
    if (free_cell[i]) {
      if (!in_run) in_run = true, run_touches = false;
      run_touches = run_touches || touches[i];
    } else if (in_run) {
      in_run = false;
      touching_runs += run_touches;
    }
  }
  return touching_runs > 1;
}

bool TourProblem::region_connected() const {
  const Board& board = position_.board();
  std::array<LineMask, kMaxSide> open{};
  std::array<LineMask, kMaxSide> reach{};
  for (int r = 0; r < board.rows; ++r) open[static_cast<std::size_t>(r)] = position_.free_row(r);
  const Cell ball = position_.ball();
  reach[static_cast<std::size_t>(ball.row)] = LineMask{1} << ball.col;
  flood_fill(open.data(), reach.data(), board.rows);
  return reach == open;
}

void TourProblem::apply(const Move& move) {
  const Cell from = position_.ball();
  // Step 1. The cells the ball enters leave the unvisited set.
  for (int i = 1; i <= move.length; ++i) remove_status(shifted(from, move.direction, i));
  // Step 2. The rules: the segment stops being free, the ball moves.
  position_.apply(move);
  // Step 3. Only neighbours of cells that stopped being free change status.
  refresh_segment_neighbours(from, move);
  // Step 4. Connectivity, only if the region is still whole so far and the
  // segment could have split it (the split is permanent: see search.hpp).
  if (pruning_.connectivity && cut_at_step_ == kNever && position_.unvisited_count() > 0 &&
      segment_may_cut(from, move) && !region_connected())
    cut_at_step_ = position_.steps();
}

void TourProblem::undo(const Move& move) {
  if (cut_at_step_ == position_.steps()) cut_at_step_ = kNever;
  position_.undo(move);
  const Cell from = position_.ball();
  for (int i = 1; i <= move.length; ++i) add_status(shifted(from, move.direction, i));
  refresh_segment_neighbours(from, move);
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
      if (parent == root) ++root_children;
      else is_cut[p] = true;
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
  std::array<LineMask, kMaxSide> reach{};
  int first_row = 0;
  while (board.empty[static_cast<std::size_t>(first_row)] == 0) ++first_row;
  reach[static_cast<std::size_t>(first_row)] =
      LineMask{1} << std::countr_zero(board.empty[static_cast<std::size_t>(first_row)]);
  flood_fill(board.empty.data(), reach.data(), board.rows);
  analysis.connected = reach == board.empty;
  if (!analysis.connected) return analysis;

  std::vector<Cell> all;
  for (int r = 0; r < board.rows; ++r)
    for (int c = 0; c < board.cols; ++c) {
      if (!board.is_empty(r, c)) continue;
      all.push_back({r, c});
      const int degree = board.is_empty(r - 1, c) + board.is_empty(r + 1, c) + board.is_empty(r, c - 1) +
                         board.is_empty(r, c + 1);
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

  // Step 3. Leaf blocks, the same argument one level up. Let B be a block
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
    analysis.starts = all;
  } else {
    std::vector<bool> allowed(static_cast<std::size_t>(kMaxSide) * kMaxSide, false);
    for (const auto& block : blocks) {
      const auto cuts = std::count_if(block.begin(), block.end(),
                                      [&](int cell) { return is_cut[static_cast<std::size_t>(cell)]; });
      if (cuts != 1) continue;
      ++analysis.leaf_blocks;
      for (int cell : block)
        if (!is_cut[static_cast<std::size_t>(cell)]) allowed[static_cast<std::size_t>(cell)] = true;
    }
    if (analysis.leaf_blocks > 2) return analysis;
    for (const Cell& cell : all)
      if (allowed[static_cast<std::size_t>(cell.row * kMaxSide + cell.col)]) analysis.starts.push_back(cell);
  }
  return analysis;
}

TourResult solve_tour(const Board& board, const core::SearchLimits& limits, PruningOptions pruning) {
  const auto started = core::Clock::now();
  TourResult result;
  const BoardAnalysis analysis = analyze_board(board);

  // Step 1. Root bounds: the problems for every start, best root bound first
  // (likely short tours early make the shared incumbent prune more).
  std::vector<std::pair<int, Cell>> ordered;
  if (analysis.starts.empty()) {
    result.stats.elapsed = core::Clock::now() - started;
    return result;
  }
  // One problem for every start: B&B returns it to its root, and restart_at
  // moves the ball without recomputing the board's bookkeeping.
  TourProblem problem(board, analysis.starts.front(), pruning);
  ordered.reserve(analysis.starts.size());
  for (const Cell& start : analysis.starts) {
    problem.restart_at(start);
    ordered.emplace_back(problem.bound(), start);
  }
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  // No tour can beat the smallest root bound: stop as soon as one reaches it.
  const std::optional<int> best_possible =
      ordered.empty() ? std::nullopt : std::optional<int>(std::min(ordered.front().first, kLost - 1));

  // Step 2. Branch and bound from each start with one shared incumbent. With
  // no tour found yet the incumbent is the number of empty cells, which no
  // tour reaches (each step visits at least one new cell), so lost positions
  // (bound kLost) are pruned from the first node on.
  std::optional<int> best;
  for (const auto& [root_bound, start] : ordered) {
    if (root_bound >= best.value_or(analysis.empty_cells)) continue;
    core::SearchLimits start_limits = limits;
    if (limits.max_nodes != 0) {
      if (result.stats.nodes >= limits.max_nodes) {
        result.outcome = core::Outcome::node_limit;
        break;
      }
      start_limits.max_nodes = limits.max_nodes - result.stats.nodes;
    }
    if (limits.on_progress) {
      const std::uint64_t offset = result.stats.nodes;
      start_limits.on_progress = [offset, &limits, started](const core::Progress& progress) {
        limits.on_progress(core::Progress{progress.nodes + offset, core::Clock::now() - started});
      };
    }
    problem.restart_at(start);
    core::BranchAndBoundOptions<int> options;
    options.incumbent = best.value_or(analysis.empty_cells);
    options.best_possible = best_possible;
    auto found = core::branch_and_bound<core::Goal::minimize>(problem, start_limits, options);
    result.stats.nodes += found.stats.nodes;
    result.stats.tt_hits += found.stats.tt_hits;
    if (found.value) {
      best = found.value;
      result.start = start;
      result.moves = std::move(found.line);
    }
    if (!found.proven()) {
      result.outcome = found.outcome;
      break;
    }
    if (best && best == best_possible) break;
  }
  result.steps = best;
  result.stats.elapsed = core::Clock::now() - started;
  return result;
}

}  // namespace boardsearch::tour
