#pragma once
// What the tour can settle about a board before any search: whether a tour
// can exist at all, and the start cells worth searching from (proofs in
// board_analysis.cpp).

#include <vector>

#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// Static facts about a board, checked before any search.
struct BoardAnalysis {
  int empty_cells = 0;
  bool connected = false;        // the empty cells form one 4-connected region
  std::vector<Cell> degree_one;  // empty cells with exactly one empty neighbour
  int leaf_blocks = 0;           // biconnected components with one cut vertex
  // The start cells worth trying, in row-major order: none if a tour is
  // impossible, else the cells of the two leaf blocks (but their cut
  // vertices) if the board has several blocks, else every empty cell; in
  // both cases only cells of the more numerous chessboard colour, if any.
  std::vector<Cell> starts;
};
BoardAnalysis analyze_board(const Board& board);

}  // namespace boardsearch::tour
