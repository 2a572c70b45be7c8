#pragma once
// N-Queens rules: an N x N board, some cells blocked ('#'), some queens
// placed ('Q'); a placement puts one queen on every row, none on a blocked
// cell, every placed queen kept, and no two queens on one row, column or
// diagonal. Readable without the search (search.hpp counts placements fast;
// this file says what a placement is, cell by cell).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace boardsearch::queens {

// Counts pass 64 bits from N = 29 on; sums are 128-bit.
__extension__ typedef unsigned __int128 Count;  // __extension__: GCC's 128-bit type under -Wpedantic

constexpr int kMinSide = 1;
// A row is a 32-bit mask (search.hpp), so N <= 32.
constexpr int kMaxSide = 32;
// Baekjoon 9663: 1 <= N < 15.
constexpr int kJudgeMaxSide = 14;

constexpr char kFree = '.';
constexpr char kQueen = 'Q';
constexpr char kBlocked = '#';

// The board as the input gives it. `rows` always holds N strings of N cells
// ('.', 'Q', '#'); `written_as_board` says whether the input gave them (a
// judge input is the line N alone: the empty board).
struct Board {
  int n = 0;
  std::vector<std::string> rows;
  bool written_as_board = false;

  char at(int row, int col) const { return rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)]; }
  // No placed queen and no blocked cell: the judge's question, where the
  // square's symmetries apply.
  bool plain() const;
};

// The empty n x n board (the judge's input "n").
Board empty_board(int n);

// Whether queens on (r1, c1) and (r2, c2), two different cells, attack each
// other: one row, one column or one diagonal.
bool attack(int r1, int c1, int r2, int c2);

// Whether two placed queens of `board` attack each other (two on one row
// included). Such a board has no completion.
bool placed_queens_attack(const Board& board);

// Whether `columns` (the queen's column on each row) is a placement that
// completes `board`: N entries in [0, N), none on a blocked cell, each
// placed queen where it was, no two queens attacking. Plain cell-by-cell
// check (check_report and the tests use it).
bool completes(const Board& board, std::span<const int> columns);

}  // namespace boardsearch::queens
