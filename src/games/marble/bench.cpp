// The marble positions of `boardsearch bench` (Puzzle::bench): random walled
// boards from fixed seeds, so the text, and so the node count at one thread,
// never changes.

#include <array>
#include <string>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"
#include "games/marble/puzzle.hpp"

namespace boardsearch::marble {

namespace {

// A rows x cols board walled round, each inner cell a wall with probability
// percent / 100, then R, B and O on three distinct open cells, from `seed`.
std::string bench_board(std::uint64_t seed, int rows, int cols, int percent) {
  core::SplitMix64 rng(seed);
  std::vector<std::string> grid(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
  std::vector<std::size_t> open;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const bool border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
      char& cell = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (border || static_cast<int>(rng.below(100)) < percent)
        cell = '#';
      else
        open.push_back(static_cast<std::size_t>(r * cols + c));
    }
  for (const char piece : {'R', 'B', 'O'}) {
    const std::size_t pick = static_cast<std::size_t>(rng.below(open.size()));
    const std::size_t cell = open[pick];
    open.erase(open.begin() + static_cast<std::ptrdiff_t>(pick));
    grid[cell / static_cast<std::size_t>(cols)][cell % static_cast<std::size_t>(cols)] = piece;
  }
  std::string text = std::to_string(rows) + " " + std::to_string(cols) + "\n";
  for (const std::string& row : grid) text += row + "\n";
  return text;
}

constexpr std::array kPositions = {
    app::BenchPosition{"100 x 100, 15 % walls, no tilt limit", [] { return bench_board(1, 100, 100, 15); },
                       "--judge 15653"},
    app::BenchPosition{"100 x 100, 30 % walls, no tilt limit", [] { return bench_board(2, 100, 100, 30); },
                       "--judge 15653"},
    app::BenchPosition{"30 x 30, 20 % walls, 10 tilts", [] { return bench_board(3, 30, 30, 20); }, ""},
    app::BenchPosition{"300 x 300, 20 % walls, no tilt limit", [] { return bench_board(4, 300, 300, 20); },
                       "--judge 15653"},
};

constexpr std::array kBeyondJudgeLimits = {
    app::BenchPosition{"11 rows", [] { return bench_board(5, 11, 10, 10); }, ""},
    app::BenchPosition{"11 columns", [] { return bench_board(6, 10, 11, 10); }, ""},
};

}  // namespace

std::span<const app::BenchPosition> bench_positions() { return kPositions; }
std::span<const app::BenchPosition> beyond_judge_limits() { return kBeyondJudgeLimits; }

}  // namespace boardsearch::marble
