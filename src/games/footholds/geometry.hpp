#pragma once
// Board geometry over a bitboard type: masks, per-cell neighbours, and the
// set operations the search needs (neighbours of a set, connected component).

#include <array>
#include <cstdint>
#include <vector>

#include "games/footholds/bitboard.hpp"
#include "games/footholds/board.hpp"

namespace boardsearch::footholds {

template <class BB>
struct Geometry {
  int rows = 0;
  int cols = 0;
  int cells = 0;
  BB board;          // every cell of the board
  BB not_first_col;  // board minus column 0: where a shift "one column right" may land
  BB not_last_col;   // board minus the last column: where a shift "one column left" may land
  BB even_cells;     // cells with (row + column) even: the light squares of a checkerboard
  std::vector<BB> adjacent;                          // per cell: its orthogonal neighbours
  std::vector<std::array<std::int16_t, 4>> step_to;  // per cell and Direction: the neighbour, or -1

  // Precondition: rows, cols >= 1 and rows * cols <= BB::kCapacity.
  Geometry(int board_rows, int board_cols) : rows(board_rows), cols(board_cols), cells(board_rows * board_cols) {
    board = BB::first(cells);
    Board shape{rows, cols, {}, 0, 0};
    adjacent.resize(static_cast<std::size_t>(cells));
    step_to.resize(static_cast<std::size_t>(cells));
    for (int cell = 0; cell < cells; ++cell) {
      const int col = cell % cols;
      if (col != 0) not_first_col |= BB::cell(cell);
      if (col != cols - 1) not_last_col |= BB::cell(cell);
      if (((cell / cols) + col) % 2 == 0) even_cells |= BB::cell(cell);
      for (Direction direction : kDirections) {
        const int next = shape.step(cell, direction);
        step_to[static_cast<std::size_t>(cell)][static_cast<std::size_t>(direction)] = static_cast<std::int16_t>(next);
        if (next >= 0) adjacent[static_cast<std::size_t>(cell)] |= BB::cell(next);
      }
    }
  }

  // Cells orthogonally adjacent to some cell of `set` (on the board; may include
  // cells of `set` itself).
  BB neighbours(BB set) const {
    BB result = (set.shifted_up(1) & not_first_col) | (set.shifted_down(1) & not_last_col);
    // With one row there is no vertical neighbour (and for Bits64 a shift by
    // cols = 64 would be undefined).
    if (rows > 1) result |= set.shifted_up(cols) | set.shifted_down(cols);
    return result & board;
  }

  // The cells of `within` connected to `cell` through orthogonal steps inside
  // `within`. Precondition: `within` contains `cell`.
  BB component(int cell, BB within) const {
    BB reached = BB::cell(cell);
    for (;;) {
      const BB grown = (reached | neighbours(reached)) & within;
      if (grown == reached) return reached;
      reached = grown;
    }
  }

  // Whether `to` is reachable from `from` inside `within` (both in `within`).
  // Grows both ends at once and stops as soon as they touch (near players
  // cost a step or two) or either side stops growing (its component is
  // complete without the other: the smaller component decides).
  bool connected(int from, int to, BB within) const {
    BB from_side = BB::cell(from);
    BB to_side = BB::cell(to);
    for (;;) {
      if ((from_side & to_side).any()) return true;
      const BB from_grown = (from_side | neighbours(from_side)) & within;
      if (from_grown == from_side) return false;
      from_side = from_grown;
      if ((from_side & to_side).any()) return true;
      const BB to_grown = (to_side | neighbours(to_side)) & within;
      if (to_grown == to_side) return false;
      to_side = to_grown;
    }
  }
};

// The opposite direction: up <-> down, left <-> right (enum values 0/1, 2/3).
constexpr Direction opposite(Direction direction) {
  return static_cast<Direction>(static_cast<std::uint8_t>(direction) ^ 1u);
}

}  // namespace boardsearch::footholds
