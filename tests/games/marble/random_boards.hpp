#pragma once
// Random marble boards for the tests and the benchmarks: border walls, inner
// walls with a given probability, and the hole and marbles on three distinct
// inner cells (often the marbles share a row or column, where the rules are
// subtle). Made as judge text and parsed, so the parser is exercised too.

#include <cstdint>
#include <string>

#include "boardsearch/core/splitmix64.hpp"
#include "games/marble/parse.hpp"
#include "games/marble/rules.hpp"

namespace boardsearch::marble::testing {

// The judge text of a random board. Preconditions: rows, cols in
// [kMinSide, kMaxSide], (rows - 2) * (cols - 2) >= 3, 0 <= wall_percent <= 100.
inline std::string random_board_text(core::SplitMix64& rng, int rows, int cols, int wall_percent) {
  std::string grid(static_cast<std::size_t>(rows * cols), '.');
  const auto at = [&](int r, int c) -> char& { return grid[static_cast<std::size_t>(r * cols + c)]; };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const bool border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
      if (border || static_cast<int>(rng.below(100)) < wall_percent) at(r, c) = '#';
    }
  const auto inner_row = [&] { return 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(rows - 2))); };
  const auto inner_col = [&] { return 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cols - 2))); };
  // Places `piece` on an inner cell not taken by another piece (a wall there
  // gives way); `row` / `col` >= 0 ask for that row or column (given up after
  // a few tries if it has no room).
  const auto place = [&](char piece, int row, int col) {
    for (int attempt = 0;; ++attempt) {
      const bool keep_line = attempt < 32;
      const int r = keep_line && row >= 0 ? row : inner_row();
      const int c = keep_line && col >= 0 ? col : inner_col();
      if (at(r, c) == 'O' || at(r, c) == 'R' || at(r, c) == 'B') continue;
      at(r, c) = piece;
      return std::pair{r, c};
    }
  };
  const auto [hole_row, hole_col] = place('O', -1, -1);
  // A third of the time the red marble shares the hole's row or column.
  const std::uint64_t red_choice = rng.below(6);
  const auto [red_row, red_col] = place('R', red_choice == 0 ? hole_row : -1, red_choice == 1 ? hole_col : -1);
  // Half of the time the blue marble shares the red one's row or column.
  const std::uint64_t blue_choice = rng.below(4);
  place('B', blue_choice == 0 ? red_row : -1, blue_choice == 1 ? red_col : -1);

  std::string text = std::to_string(rows) + " " + std::to_string(cols) + "\n";
  for (int r = 0; r < rows; ++r) text += grid.substr(static_cast<std::size_t>(r * cols), cols) + "\n";
  return text;
}

inline Board random_board(core::SplitMix64& rng, int rows, int cols, int wall_percent) {
  return parse_board(random_board_text(rng, rows, cols, wall_percent));
}

// A random board of kMinSide to `max_side` rows and columns (drawn again
// until it has three inner cells) with 0 to `max_wall_percent` % inner
// walls. Precondition: kMinSide <= max_side <= kMaxSide.
inline Board random_board_up_to(core::SplitMix64& rng, int max_side, int max_wall_percent) {
  while (true) {
    const int rows = kMinSide + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_side - kMinSide + 1)));
    const int cols = kMinSide + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_side - kMinSide + 1)));
    if ((rows - 2) * (cols - 2) < 3) continue;
    return random_board(rng, rows, cols, static_cast<int>(rng.below(static_cast<std::uint64_t>(max_wall_percent + 1))));
  }
}

// A random board of the judge's sizes (3 to 10 rows and columns, at least
// three inner cells) with 0 to 50 % inner walls.
inline Board random_judge_board(core::SplitMix64& rng) { return random_board_up_to(rng, kJudgeMaxSide, 50); }

}  // namespace boardsearch::marble::testing
