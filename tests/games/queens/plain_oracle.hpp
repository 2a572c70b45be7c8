#pragma once
// The tests' oracle: N-Queens completions counted the plain way, cell by
// cell, with no bitboard and no symmetry: a queen tried on every free cell
// of each row in turn, checked against every queen above it and every
// placed queen of the board.

#include <vector>

#include "games/queens/rules.hpp"

namespace boardsearch::queens::testing {

struct PlainOracle {
  const Board& board;
  std::vector<int> columns;
  std::vector<std::vector<int>> found;  // every completion, in row order

  explicit PlainOracle(const Board& b) : board(b), columns(static_cast<std::size_t>(b.n), -1) {}

  bool safe(int row, int col) const {
    if (board.at(row, col) == kBlocked) return false;
    for (int r = 0; r < board.n; ++r)
      for (int c = 0; c < board.n; ++c) {
        const bool queen = r < row ? columns[static_cast<std::size_t>(r)] == c : board.at(r, c) == kQueen;
        if (queen && !(r == row && c == col) && attack(r, c, row, col)) return false;
      }
    return true;
  }

  void place(int row) {
    if (row == board.n) {
      found.push_back(columns);
      return;
    }
    for (int col = 0; col < board.n; ++col) {
      // A row with a placed queen takes that queen only.
      bool row_has_queen = false;
      for (int c = 0; c < board.n; ++c) row_has_queen = row_has_queen || board.at(row, c) == kQueen;
      if (row_has_queen && board.at(row, col) != kQueen) continue;
      if (!safe(row, col)) continue;
      columns[static_cast<std::size_t>(row)] = col;
      place(row + 1);
    }
    columns[static_cast<std::size_t>(row)] = -1;
  }
};

// Every completion of `board`, in row order (lowest column first).
inline std::vector<std::vector<int>> plain_completions(const Board& board) {
  PlainOracle oracle(board);
  oracle.place(0);
  return oracle.found;
}

}  // namespace boardsearch::queens::testing
