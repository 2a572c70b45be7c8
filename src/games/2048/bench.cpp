// The 2048 positions of `boardsearch bench` (Puzzle::bench): full boards of
// the judge's largest size, generated from fixed seeds so the text, and so
// the node count at one thread, never changes.

#include <array>
#include <string>

#include "boardsearch/core/splitmix64.hpp"
#include "games/2048/puzzle.hpp"

namespace boardsearch::game2048 {

namespace {

// A full side x side board: tiles 2^1 .. 2^max_exponent from `seed`, and,
// when lone_exponent > 0, one tile 2^lone_exponent at a cell from the seed.
std::string bench_board(std::uint64_t seed, int side, int max_exponent, int lone_exponent) {
  core::SplitMix64 rng(seed);
  std::string text = std::to_string(side) + "\n";
  const auto lone = static_cast<int>(rng.below(static_cast<std::uint64_t>(side * side)));
  for (int cell = 0; cell < side * side; ++cell) {
    const auto exponent = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_exponent)));
    const int tile = 1 << (lone_exponent > 0 && cell == lone ? lone_exponent : exponent);
    text += std::to_string(tile) + (cell % side == side - 1 ? "\n" : " ");
  }
  return text;
}

constexpr std::array kPositions = {
    app::BenchPosition{"20 x 20, tiles 2..1024, K = 10", [] { return bench_board(1, 20, 10, 0); }, "--moves 10"},
    app::BenchPosition{"20 x 20, tiles 2..32 and one 1024, K = 10", [] { return bench_board(2, 20, 5, 10); },
                       "--moves 10"},
    app::BenchPosition{"12 x 12, tiles 2..64, K = 10", [] { return bench_board(3, 12, 6, 0); }, "--moves 10"},
    app::BenchPosition{"20 x 20, tiles 2..16, K = 5", [] { return bench_board(4, 20, 4, 0); }, ""},
};

constexpr std::array kBeyondJudgeLimits = {
    app::BenchPosition{"N = 21", [] { return bench_board(5, 21, 4, 0); }, ""},
    app::BenchPosition{"a 2048 tile", [] { return bench_board(6, 4, 4, 11); }, ""},
};

}  // namespace

std::span<const app::BenchPosition> bench_positions() { return kPositions; }
std::span<const app::BenchPosition> beyond_judge_limits() { return kBeyondJudgeLimits; }

}  // namespace boardsearch::game2048
