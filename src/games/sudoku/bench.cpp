// The sudoku positions of `boardsearch bench` (Puzzle::bench): published
// hard 9 x 9 grids, the smallest completion of one, a count, and a 16 x 16
// thinned from a fixed full grid; fixed text or fixed seeds, so the node
// counts at one thread never change. And the inputs one past the judge's
// limits.

#include <array>
#include <string>

#include "games/sudoku/format.hpp"
#include "games/sudoku/parse.hpp"
#include "games/sudoku/puzzle.hpp"

namespace boardsearch::sudoku {

namespace {

// Arto Inkala's "AI Escargot" (2006), and the first two grids of the
// forum's hardest of 2011 (tdoku's puzzles6_forum_hardest_1106).
constexpr std::string_view kEscargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
constexpr std::string_view kForumHardest1 =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
constexpr std::string_view kForumHardest2 =
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";

// `line` (81 characters) as the judge writes it.
std::string judge_text_of(std::string_view line, Style style) { return grid_text(parse_grid(line).grid, style); }

// A full grid of n x n boxes from a fixed seed with `empty_percent` of its
// cells emptied, spaced.
std::string thinned(int box, std::uint64_t seed, int empty_percent) {
  core::SplitMix64 rng(seed);
  Grid grid = random_full_grid(box, rng);
  for (int& cell : grid.cells)
    if (static_cast<int>(rng.below(100)) < empty_percent) cell = 0;
  return grid_text(grid, Style::spaced);
}

constexpr std::array kPositions = {
    app::BenchPosition{"AI Escargot", [] { return judge_text_of(kEscargot, Style::spaced); }, ""},
    app::BenchPosition{"forum hardest 2011 #1", [] { return judge_text_of(kForumHardest1, Style::spaced); }, ""},
    app::BenchPosition{"forum hardest 2011 #2, the smallest completion",
                       [] { return judge_text_of(kForumHardest2, Style::compact); }, "--judge 2239"},
    app::BenchPosition{"9 x 9, 60 % empty, every completion", [] { return thinned(3, 7, 60); }, "--count"},
    app::BenchPosition{"16 x 16, 65 % empty", [] { return thinned(4, 11, 65); }, ""},
};

constexpr std::array kBeyondJudgeLimits = {
    app::BenchPosition{"4 x 4", [] { return std::string("1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"); }, ""},
    app::BenchPosition{"16 x 16", [] { return thinned(4, 3, 50); }, ""},
    app::BenchPosition{"2580 in 2239's form", [] { return judge_text_of(kEscargot, Style::compact); }, ""},
    app::BenchPosition{"2239 in 2580's form", [] { return judge_text_of(kEscargot, Style::spaced); }, "--judge 2239"},
    app::BenchPosition{"--count", [] { return judge_text_of(kEscargot, Style::spaced); }, "--count"},
};

}  // namespace

std::span<const app::BenchPosition> bench_positions() { return kPositions; }
std::span<const app::BenchPosition> beyond_judge_limits() { return kBeyondJudgeLimits; }

}  // namespace boardsearch::sudoku
