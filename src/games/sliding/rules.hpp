#pragma once
// The sliding-tile puzzle's rules, readable without the search: an R x C
// frame (2 x 2 .. 5 x 5) of tiles 1 .. R*C-1 and one blank (0); a move
// slides a tile next to the blank into it. The goal puts the tiles in
// row-major order with the blank last (Baekjoon 1525) or first (Korf's
// benchmark instances, --goal blank-first).
//
// Cells are numbered row-major from 0 (row 0 the top row):
//
//   4 x 4:   0  1  2  3       cell = row * cols + col
//            4  5  6  7
//            8  9 10 11
//           12 13 14 15

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardsearch/core/grid.hpp"

namespace boardsearch::sliding {

inline constexpr int kMinSide = 2;
inline constexpr int kMaxSide = 5;
inline constexpr int kMaxCells = kMaxSide * kMaxSide;
inline constexpr int kJudgeSide = 3;  // Baekjoon 1525: 3 x 3 only
inline constexpr std::uint8_t kBlank = 0;

enum class GoalLayout : std::uint8_t { blank_last, blank_first };

struct Board {
  int rows = 0;
  int cols = 0;
  std::array<std::uint8_t, kMaxCells> cells{};  // cells[cell] = tile, 0 the blank
  int blank = 0;                                // the blank's cell

  int size() const { return rows * cols; }
  std::uint8_t at(int row, int col) const { return cells[static_cast<std::size_t>(row * cols + col)]; }
  friend bool operator==(const Board& a, const Board& b) {
    return a.rows == b.rows && a.cols == b.cols && a.cells == b.cells;
  }
};

// The goal of an R x C board under `layout`.
Board goal_board(int rows, int cols, GoalLayout layout);

// The cell where `tile` (1 .. cells-1) belongs under `layout`; the blank
// (tile 0) belongs in the last cell or the first.
constexpr int goal_cell(int tile, int cells, GoalLayout layout) {
  if (layout == GoalLayout::blank_first) return tile;
  return tile == 0 ? cells - 1 : tile - 1;
}

// Whether the goal can be reached, by the permutation's parity alone.
//
// Proof. Read the tiles row by row, the blank left out. A horizontal move
// leaves that sequence unchanged. A vertical move takes one tile past the
// C - 1 tiles between its cell and the blank's, changing the number of
// inversions by C - 1 steps of +-1, and moves the blank one row. So
//   invariant = inversions + (C even ? blank row : 0)   (mod 2)
// never changes: with C odd, C - 1 is even; with C even, the odd change of
// the inversions and the change of the blank's row cancel mod 2. A board
// whose invariant differs from the goal's cannot reach it. Conversely every
// board with the goal's invariant reaches it (Johnson and Story, 1879, for
// every R x C with R, C >= 2); the tests confirm both directions against
// breadth-first search on every shape up to 3 x 3 and 2 x 5.
bool solvable(const Board& board, GoalLayout layout);

// The invariant above, 0 or 1.
int parity_invariant(const Board& board);

// A move: the direction the tile next to the blank slides in (a tile
// sliding up was below the blank). The blank moves the other way.
using Slide = core::Direction;

// The cell of the tile that `slide` moves, or nullopt when no tile is there
// (the blank on the frame's edge).
std::optional<int> sliding_tile_cell(const Board& board, Slide slide);

// The board after `slide`. Precondition: sliding_tile_cell has a value.
Board after_slide(const Board& board, Slide slide);

// The legal slides of `board`, in the order up, down, left, right.
std::vector<Slide> legal_slides(const Board& board);

// Whether `board` is the goal under `layout`.
bool is_goal(const Board& board, GoalLayout layout);

}  // namespace boardsearch::sliding
