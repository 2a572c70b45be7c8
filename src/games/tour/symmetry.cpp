#include "games/tour/symmetry.hpp"

namespace boardsearch::tour {

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

}  // namespace

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

}  // namespace boardsearch::tour
