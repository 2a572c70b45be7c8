#pragma once
// Hunter inputs for the board tour (Baekjoon 9944): a file of one or more
// cases, each an N x M grid of '.' (empty) and '*' (obstacle).

#include <string>
#include <vector>

#include "hunt/engine.hpp"

namespace boardsearch::hunt {

struct TourBoard {
  int rows = 1;
  int cols = 1;
  std::string cells;  // row-major, '.' or '*'; at least one '.'
  char at(int row, int col) const { return cells[static_cast<std::size_t>(row * cols + col)]; }
  int empty_count() const;
};

struct TourFile {
  std::vector<TourBoard> cases;  // at least one
};

// Judge limits: 1 <= N, M <= 30; several cases per file.
constexpr int kMaxTourSide = 30;
constexpr std::size_t kMaxTourCasesPerFile = 3;

CaseModel<TourFile> case_model_tour(const app::PuzzleOptions& options);

}  // namespace boardsearch::hunt
