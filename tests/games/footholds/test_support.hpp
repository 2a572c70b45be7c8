#pragma once
// What the footholds test files share: the sanitizer scaling, random boards,
// and the plain-minimax answer of a Board.

#include <cstdlib>
#include <vector>

#include "boardsearch/core/zobrist.hpp"
#include "games/footholds/board.hpp"
#include "games/footholds/reference.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::testing::footholds_support {

namespace ref = footholds_reference;
using footholds::Board;

// The board in the reference's own representation.
inline ref::Position to_reference(const Board& board) {
  ref::Position p;
  p.rows = board.rows;
  p.cols = board.cols;
  for (auto value : board.footholds) p.cells.push_back(value);
  p.mover = board.a;
  p.other = board.b;
  return p;
}

// A random board: each cell a hole with probability hole_percent / 100, both
// players on footholds, on the same cell with probability same_percent / 100.
inline Board random_board(core::SplitMix64& rng, int rows, int cols, int hole_percent, int same_percent) {
  for (;;) {
    Board board;
    board.rows = rows;
    board.cols = cols;
    std::vector<int> footholds;
    for (int cell = 0; cell < rows * cols; ++cell) {
      const bool hole = static_cast<int>(rng.below(100)) < hole_percent;
      board.footholds.push_back(hole ? 0 : 1);
      if (!hole) footholds.push_back(cell);
    }
    if (footholds.empty()) continue;
    board.a = footholds[rng.below(footholds.size())];
    board.b = static_cast<int>(rng.below(100)) < same_percent ? board.a : footholds[rng.below(footholds.size())];
    return board;
  }
}

// The total number of moves under perfect play, by memoised plain minimax.
inline int reference_total(const Board& board) {
  ref::Position p = to_reference(board);
  ref::Memoized memo;
  return memo.solve(p).moves;
}

}  // namespace boardsearch::testing::footholds_support
