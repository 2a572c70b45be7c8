#pragma once
// Board geometry over a bitboard type: masks, per-cell neighbours, and the
// set operations the search needs (neighbours of a set, connected component).

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "boardsearch/core/grid.hpp"
#include "games/footholds/bitboard.hpp"

namespace boardsearch::footholds {

using core::Direction;
using core::kDirections;

// The 8 cells around a cell as (row, column) offsets, clockwise from the one
// above: consecutive entries (and the last and first) are orthogonal
// neighbours of each other, so they form a cycle; the orthogonal neighbours
// of the centre are the even entries.
//
//   7 0 1        NW N  NE
//   6 . 2        W  .  E
//   5 4 3        SW S  SE
inline constexpr std::array<std::array<int, 2>, 8> kRingOffsets = {
    {{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}};

// For each 8-bit pattern of present ring cells (bit i = entry i of
// kRingOffsets): whether all present orthogonal neighbours (even bits) lie in
// one cyclic run of present cells, i.e. are connected to each other through
// the ring alone. Moving along the ring is moving between orthogonal
// neighbours, so a run is a connected path; two present orthogonal
// neighbours in different runs may still be connected, but not around here.
constexpr std::array<bool, 256> ring_join_table() {
  std::array<bool, 256> table{};
  for (unsigned pattern = 0; pattern < 256; ++pattern) {
    auto present = [pattern](unsigned i) { return ((pattern >> (i % 8)) & 1u) != 0; };
    if (pattern == 0xFF) {
      table[pattern] = true;  // one run: the whole cycle
      continue;
    }
    // Walk the cycle from just after an absent cell, counting the runs that
    // hold an orthogonal neighbour.
    unsigned start = 0;
    while (present(start)) ++start;
    int runs_with_neighbour = 0;
    bool in_run = false;
    bool run_has_neighbour = false;
    for (unsigned step = 1; step <= 8; ++step) {
      const unsigned i = (start + step) % 8;
      if (present(i)) {
        in_run = true;
        run_has_neighbour = run_has_neighbour || i % 2 == 0;
      } else if (in_run) {
        runs_with_neighbour += run_has_neighbour ? 1 : 0;
        in_run = false;
        run_has_neighbour = false;
      }
    }
    table[pattern] = runs_with_neighbour <= 1;
  }
  return table;
}
inline constexpr std::array<bool, 256> kRingJoinsNeighbours = ring_join_table();

template <class BB>
struct Geometry {
  int rows = 0;
  int cols = 0;
  int cells = 0;
  BB board;                  // every cell of the board
  BB not_first_col;          // board minus column 0: where a shift "one column right" may land
  BB not_last_col;           // board minus the last column: where a shift "one column left" may land
  BB even_cells;             // cells with (row + column) even: the light squares of a checkerboard
  std::vector<BB> adjacent;  // per cell: its orthogonal neighbours
  std::vector<std::array<std::int16_t, 4>> step_to;  // per cell and Direction: the neighbour, or -1
  std::vector<std::array<std::int16_t, 8>> ring;     // per cell: the 8 cells around it (see kRingOffsets), or -1
  // The board's symmetries other than the identity, each as the image of
  // every cell: the flips of the rows and of the columns and the half turn,
  // and on a square board also the two transposes and the quarter turns.
  // Each maps orthogonal neighbours to orthogonal neighbours, so the rules,
  // and with them every score, are the same on a position and its image.
  std::vector<std::vector<std::int16_t>> symmetries;

  // Precondition: rows, cols >= 1 and rows * cols <= BB::kCapacity.
  Geometry(int board_rows, int board_cols) : rows(board_rows), cols(board_cols), cells(board_rows * board_cols) {
    board = BB::first(cells);
    adjacent.resize(static_cast<std::size_t>(cells));
    step_to.resize(static_cast<std::size_t>(cells));
    ring.resize(static_cast<std::size_t>(cells));
    for (int cell = 0; cell < cells; ++cell) {
      const int col = cell % cols;
      if (col != 0) not_first_col |= BB::cell(cell);
      if (col != cols - 1) not_last_col |= BB::cell(cell);
      if (((cell / cols) + col) % 2 == 0) even_cells |= BB::cell(cell);
      for (Direction direction : kDirections) {
        const core::GridCell to = core::shifted({cell / cols, col}, direction);
        const bool inside = to.row >= 0 && to.row < rows && to.col >= 0 && to.col < cols;
        const int next = inside ? to.row * cols + to.col : -1;
        step_to[static_cast<std::size_t>(cell)][static_cast<std::size_t>(direction)] = static_cast<std::int16_t>(next);
        if (next >= 0) adjacent[static_cast<std::size_t>(cell)] |= BB::cell(next);
      }
      for (std::size_t i = 0; i < kRingOffsets.size(); ++i) {
        const int row = cell / cols + kRingOffsets[i][0];
        const int column = col + kRingOffsets[i][1];
        const bool on_board = row >= 0 && row < rows && column >= 0 && column < cols;
        ring[static_cast<std::size_t>(cell)][i] = static_cast<std::int16_t>(on_board ? row * cols + column : -1);
      }
    }
    // Symmetry k (1..7): bit 0 transposes (square boards only), bit 1 flips
    // the rows, bit 2 the columns, applied in that order.
    for (int k = 1; k < 8; ++k) {
      if ((k & 1) != 0 && rows != cols) continue;
      std::vector<std::int16_t> image(static_cast<std::size_t>(cells));
      for (int cell = 0; cell < cells; ++cell) {
        int row = cell / cols;
        int col = cell % cols;
        if ((k & 1) != 0) std::swap(row, col);
        if ((k & 2) != 0) row = rows - 1 - row;
        if ((k & 4) != 0) col = cols - 1 - col;
        image[static_cast<std::size_t>(cell)] = static_cast<std::int16_t>(row * cols + col);
      }
      symmetries.push_back(std::move(image));
    }
  }

  // The image of `set` under symmetries[k].
  BB mapped(BB set, std::size_t k) const {
    BB image;
    for (BB rest = set; rest.any(); rest ^= BB::cell(rest.lowest()))
      image |= BB::cell(symmetries[k][static_cast<std::size_t>(rest.lowest())]);
    return image;
  }

  // Whether removing `cell` from `within` (cell not in `within`: it is the
  // set after the removal) keeps every orthogonal neighbour of `cell` in
  // `within` connected to the others through the 8 cells around `cell`.
  // If so, removing it changed no connection between any two other cells of
  // within + {cell}: a path through `cell` enters and leaves it through two
  // of those neighbours, and they are joined around it. A local test (8 bit
  // lookups and a table) in place of a search; when it says no, the removal
  // may or may not have split a component.
  bool removal_keeps_connections(int cell, BB within) const {
    unsigned pattern = 0;
    const auto& around = ring[static_cast<std::size_t>(cell)];
    for (std::size_t i = 0; i < around.size(); ++i)
      if (around[i] >= 0 && within.test(around[i])) pattern |= 1u << i;
    return kRingJoinsNeighbours[pattern];
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

}  // namespace boardsearch::footholds
