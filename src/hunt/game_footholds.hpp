#pragma once
// Hunter inputs for vanishing footholds (Programmers 92345): an R x C board
// of footholds (1) and holes (0), and the cells of players A and B, both on
// footholds (possibly the same cell).

#include <cstdint>
#include <vector>

#include "hunt/engine.hpp"

namespace boardsearch::hunt {

struct Cell {
  int row = 0;
  int col = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
};

struct FootholdsGame {
  int rows = 1;
  int cols = 1;
  std::vector<std::uint8_t> footholds;  // row-major, 1 = foothold
  Cell a;
  Cell b;
  bool foothold(int row, int col) const { return footholds[static_cast<std::size_t>(row * cols + col)] != 0; }
  int foothold_count() const;
};

// Judge limits: 1 <= R, C <= 5.
constexpr int kMaxFootholdsSide = 5;

CaseModel<FootholdsGame> case_model_footholds(const app::PuzzleOptions& options);

}  // namespace boardsearch::hunt
