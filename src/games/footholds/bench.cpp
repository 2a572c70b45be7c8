// The footholds positions of `boardsearch bench` (Puzzle::bench): full
// boards with the players at fixed cells.

#include <array>
#include <string>

#include "games/footholds/puzzle.hpp"

namespace boardsearch::footholds {

namespace {

// A rows x cols board with every cell a foothold, A at (ar, ac), B at (br, bc).
std::string bench_board(int rows, int cols, int ar, int ac, int br, int bc) {
  std::string text = std::to_string(rows) + " " + std::to_string(cols) + "\n";
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) text += c + 1 == cols ? "1\n" : "1 ";
  return text + std::to_string(ar) + " " + std::to_string(ac) + "\n" + std::to_string(br) + " " + std::to_string(bc) +
         "\n";
}

constexpr std::array kPositions = {
    app::BenchPosition{"5 x 5 full, opposite corners", [] { return bench_board(5, 5, 0, 0, 4, 4); }, ""},
    app::BenchPosition{"6 x 6 full, opposite corners", [] { return bench_board(6, 6, 0, 0, 5, 5); }, ""},
    app::BenchPosition{"7 x 7 full, centre and corner", [] { return bench_board(7, 7, 3, 3, 0, 0); }, ""},
    app::BenchPosition{"7 x 7 full, opposite corners", [] { return bench_board(7, 7, 0, 0, 6, 6); }, ""},
};

constexpr std::array kBeyondJudgeLimits = {
    app::BenchPosition{"6 rows", [] { return bench_board(6, 5, 0, 0, 5, 4); }, ""},
    app::BenchPosition{"6 columns", [] { return bench_board(5, 6, 0, 0, 4, 5); }, ""},
};

}  // namespace

std::span<const app::BenchPosition> bench_positions() { return kPositions; }
std::span<const app::BenchPosition> beyond_judge_limits() { return kBeyondJudgeLimits; }

}  // namespace boardsearch::footholds
