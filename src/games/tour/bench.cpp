// The tour positions of `boardsearch bench` (Puzzle::bench): inputs of
// several random boards from fixed seeds, so the text, and so the node count
// at one thread, never changes.

#include <array>
#include <string>

#include "boardsearch/core/splitmix64.hpp"
#include "games/tour/puzzle.hpp"

namespace boardsearch::tour {

namespace {

// `cases` random rows x cols boards, each cell an obstacle with probability
// percent / 100, from `seed`.
std::string bench_boards(std::uint64_t seed, int cases, int rows, int cols, int percent) {
  core::SplitMix64 rng(seed);
  std::string text;
  for (int c = 0; c < cases; ++c) {
    text += std::to_string(rows) + " " + std::to_string(cols) + "\n";
    for (int r = 0; r < rows; ++r) {
      for (int k = 0; k < cols; ++k) text += static_cast<int>(rng.below(100)) < percent ? '*' : '.';
      text += '\n';
    }
  }
  return text;
}

constexpr std::array kPositions = {
    app::BenchPosition{"20 boards 8 x 8, 10 % obstacles", [] { return bench_boards(1, 20, 8, 8, 10); }, ""},
    app::BenchPosition{"10 boards 12 x 12, 8 % obstacles", [] { return bench_boards(2, 10, 12, 12, 8); }, ""},
    app::BenchPosition{"10 boards 16 x 16, 6 % obstacles", [] { return bench_boards(3, 10, 16, 16, 6); }, ""},
    app::BenchPosition{"10 boards 20 x 20, 5 % obstacles", [] { return bench_boards(4, 10, 20, 20, 5); }, ""},
    app::BenchPosition{"10 boards 30 x 30, 5 % obstacles", [] { return bench_boards(5, 10, 30, 30, 5); }, ""},
};

constexpr std::array kBeyondJudgeLimits = {
    app::BenchPosition{"31 rows", [] { return bench_boards(6, 1, 31, 5, 10); }, ""},
    app::BenchPosition{"31 columns", [] { return bench_boards(7, 1, 5, 31, 10); }, ""},
};

}  // namespace

std::span<const app::BenchPosition> bench_positions() { return kPositions; }
std::span<const app::BenchPosition> beyond_judge_limits() { return kBeyondJudgeLimits; }

}  // namespace boardsearch::tour
