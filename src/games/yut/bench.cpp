// The yut positions of `boardsearch bench` (Puzzle::bench): dice schedules
// from fixed seeds, and the expected score with dice not known.

#include <array>
#include <string>

#include "boardsearch/core/splitmix64.hpp"
#include "games/yut/puzzle.hpp"

namespace boardsearch::yut {

namespace {

// `count` dice 1..5 from `seed`, on one line.
std::string bench_dice(std::uint64_t seed, int count) {
  core::SplitMix64 rng(seed);
  std::string text;
  for (int i = 0; i < count; ++i) text += std::to_string(1 + rng.below(5)) + (i + 1 == count ? "\n" : " ");
  return text;
}

constexpr std::array kPositions = {
    app::BenchPosition{"10 dice, 4 pieces (the judge's size)", [] { return bench_dice(1, 10); }, ""},
    app::BenchPosition{"30 dice, 5 pieces", [] { return bench_dice(2, 30); }, "--pieces 5"},
    app::BenchPosition{"expected score, 10 turns, 4 pieces", [] { return std::string(); }, "--expected"},
};

constexpr std::array kBeyondJudgeLimits = {
    app::BenchPosition{"11 dice", [] { return bench_dice(3, 11); }, ""},
    app::BenchPosition{"9 dice", [] { return bench_dice(4, 9); }, ""},
};

}  // namespace

std::span<const app::BenchPosition> bench_positions() { return kPositions; }
std::span<const app::BenchPosition> beyond_judge_limits() { return kBeyondJudgeLimits; }

}  // namespace boardsearch::yut
