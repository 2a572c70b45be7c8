#pragma once
// Hunter inputs for 2048 (Baekjoon 12100/12094): an N x N board of empty
// cells and power-of-two tiles 2..1024, at least one tile.

#include <cstdint>
#include <vector>

#include "hunt/engine.hpp"

namespace boardsearch::hunt {

struct Board2048 {
  int size = 1;                      // N
  std::vector<std::uint32_t> cells;  // row-major, 0 = empty
  std::uint32_t at(int row, int col) const { return cells[static_cast<std::size_t>(row * size + col)]; }
  int tile_count() const;
};

// Judge limits (Baekjoon 12100): 1 <= N <= 20, tiles 2 .. 1024.
constexpr int kMax2048Size = 20;
constexpr std::uint32_t kMax2048Tile = 1024;

CaseModel<Board2048> case_model_2048(const app::PuzzleOptions& options);

}  // namespace boardsearch::hunt
