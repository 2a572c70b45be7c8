#include "games/tour/board_analysis.hpp"

#include <algorithm>
#include <utility>

#include "games/tour/row_fill.hpp"

namespace boardsearch::tour {

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

}  // namespace boardsearch::tour
