#pragma once
// What the footholds test files share: the sanitizer scaling, random boards,
// the plain-minimax answer of a Board, and the
// check of a line against it.

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"
#include "games/footholds/format.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/reference.hpp"
#include "games/footholds/rules.hpp"
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

// Plays `line` on the reference rules, checking each move is legal (the mover
// stands on a foothold and steps to an adjacent one) and, if `check_optimal`,
// that each move keeps the reference value (mover's outcome = child's, one
// move more, opposite winner). Ends where the mover has lost.
inline void check_line(const Board& board, const std::vector<footholds::Direction>& line, bool check_optimal) {
  ref::Position p = to_reference(board);
  ref::Memoized memo;
  for (std::size_t i = 0; i < line.size(); ++i) {
    ASSERT_EQ(p.cells[p.mover], 1) << "move " << i << ": the mover has no foothold";
    const int next = board.step(p.mover, line[i]);
    ASSERT_GE(next, 0) << "move " << i << " leaves the board";
    ASSERT_EQ(p.cells[next], 1) << "move " << i << " steps onto a hole";
    const ref::Outcome before = check_optimal ? memo.solve(p) : ref::Outcome{};
    p.cells[p.mover] = 0;
    const int other = p.other;
    p.other = next;
    p.mover = other;
    if (check_optimal) {
      const ref::Outcome after = memo.solve(p);
      EXPECT_EQ(before.mover_wins, !after.mover_wins) << "move " << i << " throws the game away";
      EXPECT_EQ(before.moves, after.moves + 1) << "move " << i << " is not the fastest win / slowest loss";
    }
  }
  const bool mover_lost = p.cells[p.mover] == 0 || ref::steps_from(p, p.mover).empty();
  EXPECT_TRUE(mover_lost) << "the line stops before the game is over";
}

}  // namespace boardsearch::testing::footholds_support
