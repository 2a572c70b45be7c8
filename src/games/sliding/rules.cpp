#include "games/sliding/rules.hpp"

namespace boardsearch::sliding {

Board goal_board(int rows, int cols, GoalLayout layout) {
  Board board{.rows = rows, .cols = cols};
  const int cells = rows * cols;
  for (int tile = 0; tile < cells; ++tile)
    board.cells[static_cast<std::size_t>(goal_cell(tile, cells, layout))] = static_cast<std::uint8_t>(tile);
  board.blank = goal_cell(0, cells, layout);
  return board;
}

int parity_invariant(const Board& board) {
  int inversions = 0;
  for (int i = 0; i < board.size(); ++i)
    for (int j = i + 1; j < board.size(); ++j) {
      const int a = board.cells[static_cast<std::size_t>(i)];
      const int b = board.cells[static_cast<std::size_t>(j)];
      if (a != kBlank && b != kBlank && a > b) ++inversions;
    }
  const int blank_row = board.blank / board.cols;
  return (inversions + (board.cols % 2 == 0 ? blank_row : 0)) % 2;
}

bool solvable(const Board& board, GoalLayout layout) {
  return parity_invariant(board) == parity_invariant(goal_board(board.rows, board.cols, layout));
}

std::optional<int> sliding_tile_cell(const Board& board, Slide slide) {
  // The tile is on the side of the blank the slide comes from.
  const core::GridCell blank{board.blank / board.cols, board.blank % board.cols};
  const core::GridCell from = core::shifted(blank, core::opposite(slide));
  if (from.row < 0 || from.row >= board.rows || from.col < 0 || from.col >= board.cols) return std::nullopt;
  return from.row * board.cols + from.col;
}

Board after_slide(const Board& board, Slide slide) {
  Board next = board;
  const int from = *sliding_tile_cell(board, slide);
  next.cells[static_cast<std::size_t>(board.blank)] = board.cells[static_cast<std::size_t>(from)];
  next.cells[static_cast<std::size_t>(from)] = kBlank;
  next.blank = from;
  return next;
}

std::vector<Slide> legal_slides(const Board& board) {
  std::vector<Slide> slides;
  for (const Slide slide : core::kDirections)
    if (sliding_tile_cell(board, slide)) slides.push_back(slide);
  return slides;
}

bool is_goal(const Board& board, GoalLayout layout) { return board == goal_board(board.rows, board.cols, layout); }

}  // namespace boardsearch::sliding
