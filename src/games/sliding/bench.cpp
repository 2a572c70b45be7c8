// The sliding-tile positions of `boardsearch bench` (Puzzle::bench): fixed
// boards whose node counts never depend on the tables a machine has built
// (the 4 x 4 position runs with --tables none), and the inputs one past the
// judge's limits.

#include <array>
#include <string>

#include "boardsearch/core/splitmix64.hpp"
#include "games/sliding/format.hpp"
#include "games/sliding/puzzle.hpp"

namespace boardsearch::sliding {

namespace {

// The board `moves` random slides (never undoing the last) from the goal,
// drawn from a fixed seed: the same text on every machine.
std::string walked(int rows, int cols, GoalLayout layout, int moves, std::uint64_t seed) {
  core::SplitMix64 rng(seed);
  Board board = goal_board(rows, cols, layout);
  std::optional<Slide> last;
  for (int m = 0; m < moves; ++m) {
    std::vector<Slide> slides = legal_slides(board);
    if (last) std::erase(slides, core::opposite(*last));
    const Slide slide = slides[static_cast<std::size_t>(rng.below(slides.size()))];
    board = after_slide(board, slide);
    last = slide;
  }
  return judge_text(board);
}

constexpr std::uint64_t kBenchSeed = 1525;

constexpr std::array kPositions = {
    app::BenchPosition{"3 x 3, 31 moves (the farthest)", [] { return std::string("8 6 7\n2 5 4\n3 0 1\n"); }, ""},
    app::BenchPosition{"3 x 4, 200 random slides from the goal",
                       [] { return walked(3, 4, GoalLayout::blank_last, 200, kBenchSeed); }, ""},
    app::BenchPosition{"4 x 4, 60 slides from Korf's goal, no tables",
                       [] { return walked(4, 4, GoalLayout::blank_first, 60, kBenchSeed); },
                       "--goal blank-first --tables none"},
};

constexpr std::array kBeyondJudgeLimits = {
    app::BenchPosition{"4 x 4", [] { return walked(4, 4, GoalLayout::blank_last, 20, kBenchSeed); }, ""},
    app::BenchPosition{"2 x 3", [] { return std::string("1 2 3\n4 0 5\n"); }, ""},
};

}  // namespace

std::span<const app::BenchPosition> bench_positions() { return kPositions; }
std::span<const app::BenchPosition> beyond_judge_limits() { return kBeyondJudgeLimits; }

}  // namespace boardsearch::sliding
