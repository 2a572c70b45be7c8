#pragma once
// Sudoku rules: an n² x n² grid (n = 2..5: 4 x 4 to 25 x 25) split into n x n
// boxes; a cell holds 0 (empty) or a number 1..n². A completion fills every
// empty cell so that each row, each column and each box holds every number
// once, keeping every clue. Readable without the search (search.hpp finds
// completions fast; this file says what one is, cell by cell).
//
//   9 x 9 (n = 3), cells numbered row by row:   box b holds rows
//      0  1  2 |  3 ...                          3 * (b / 3) .. + 2 and
//      9 10 11 | 12 ...                          columns 3 * (b % 3) .. + 2
//     ...

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace boardsearch::sudoku {

// Completion counts are 128-bit (sums of subtree counts).
__extension__ typedef unsigned __int128 Count;  // __extension__: GCC's 128-bit type under -Wpedantic

constexpr int kMinBox = 2;
constexpr int kMaxBox = 5;
// Baekjoon 2580 and 2239: 9 x 9 only.
constexpr int kJudgeBox = 3;

// The grid as the input gives it: side = box * box, cells row by row, each
// 0 (empty) or 1..side.
struct Grid {
  int box = kJudgeBox;
  int side = kJudgeBox * kJudgeBox;
  std::vector<int> cells;

  int at(int row, int col) const { return cells[static_cast<std::size_t>(row * side + col)]; }
  int& at(int row, int col) { return cells[static_cast<std::size_t>(row * side + col)]; }
  int size() const { return side * side; }
  // The box holding (row, col), numbered row by row from 0.
  int box_of(int row, int col) const { return (row / box) * box + col / box; }
  int clues() const;
};

// The empty grid of n x n boxes.
Grid empty_grid(int box);

// Where two clues break the rules: the same number twice in a row, a
// column or a box. Cells count from 0 (row, col).
enum class Unit : std::uint8_t { row, column, box };
struct Clash {
  Unit unit = Unit::row;
  int index = 0;  // the row, column or box, from 0
  int number = 0;
  int first_row = 0, first_col = 0;    // the earlier clue (row by row)
  int second_row = 0, second_col = 0;  // the later clue
};

// The first clash of `grid` in row-by-row order of its later clue (rows
// checked before columns before boxes at one cell), or none.
std::optional<Clash> first_clash(const Grid& grid);

// Whether `answer` completes `grid`: the same size, no empty cell, every
// clue kept, each number once in every row, column and box. Plain
// cell-by-cell check (the answer checker, check_report and the tests).
bool completes(const Grid& grid, const Grid& answer);

// Whether `a` comes before `b` read row by row, number by number (Baekjoon
// 2239's order). Precondition: the same size.
bool comes_before(const Grid& a, const Grid& b);

}  // namespace boardsearch::sudoku
