// The N-Queens positions of `boardsearch bench` (Puzzle::bench): two plain
// boards and a partial board, fixed text, so the node count at one thread
// never changes; and the inputs one past the judge's limit.

#include <array>
#include <string>

#include "games/queens/puzzle.hpp"

namespace boardsearch::queens {

namespace {

// 14 x 14 with two placed queens and a few blocked cells (no symmetry).
std::string partial_board() {
  return "14\n"
         "..............\n"
         "...Q..........\n"
         ".......#......\n"
         "..............\n"
         "..#...........\n"
         "..............\n"
         "...........#..\n"
         "..............\n"
         "....#.........\n"
         "........Q.....\n"
         "..............\n"
         ".#............\n"
         "..............\n"
         "..........#...\n";
}

constexpr std::array kPositions = {
    app::BenchPosition{"N = 12", [] { return std::string("12\n"); }, ""},
    app::BenchPosition{"N = 13", [] { return std::string("13\n"); }, ""},
    app::BenchPosition{"14 x 14, 2 queens placed, 7 cells blocked", partial_board, ""},
};

constexpr std::array kBeyondJudgeLimits = {
    app::BenchPosition{"N = 15", [] { return std::string("15\n"); }, ""},
    app::BenchPosition{"a partial board", [] { return std::string("4\n.Q..\n....\n....\n....\n"); }, ""},
};

}  // namespace

std::span<const app::BenchPosition> bench_positions() { return kPositions; }
std::span<const app::BenchPosition> beyond_judge_limits() { return kBeyondJudgeLimits; }

}  // namespace boardsearch::queens
