// The sudoku search against the plain oracle (plain_oracle.hpp): on random
// 9 x 9 grids thinned from random full grids, the completion found is
// valid and the smallest equals the oracle's first; with few empty cells the
// counts are equal; on 4 x 4, every clue set of a full grid (2^16) and
// random clue sets, many without completion, agree in all three goals.

#include "games/sudoku/search.hpp"

#include <gtest/gtest.h>

#include "boardsearch/core/splitmix64.hpp"
#include "games/sudoku/explain.hpp"
#include "games/sudoku/format.hpp"
#include "games/sudoku/plain_oracle.hpp"
#include "games/sudoku/puzzle.hpp"
#include "games/sudoku/rules.hpp"

namespace boardsearch::sudoku::testing {
namespace {

Searched run(const Grid& grid, Goal goal, Count max_count = 0) { return search(grid, goal, max_count, {}); }

Grid with_cells(const Grid& grid, const std::vector<int>& cells) {
  Grid done = grid;
  done.cells = cells;
  return done;
}

Grid thinned(Grid grid, int empties, core::SplitMix64& rng) {
  for (int k = 0; k < empties; ++k) grid.cells[rng.below(static_cast<std::uint64_t>(grid.size()))] = 0;
  return grid;
}

// Every goal of the search against the oracle on `grid`: the answers agree
// when the oracle finished (returns whether it did).
bool agrees_with_oracle(const Grid& grid, std::uint64_t count_cap, std::uint64_t max_steps) {
  const PlainOracle oracle = plain_completions(grid, count_cap, max_steps);
  if (oracle.gave_up) return false;
  const Searched any = run(grid, Goal::any);
  const Searched smallest = run(grid, Goal::smallest);
  EXPECT_EQ(any.completion.empty(), oracle.first.empty()) << grid_text(grid, Style::spaced);
  if (!any.completion.empty()) {
    EXPECT_TRUE(completes(grid, with_cells(grid, any.completion)));
  }
  EXPECT_EQ(smallest.completion, oracle.first) << grid_text(grid, Style::spaced);
  if (oracle.count < count_cap) {
    const Searched counted = run(grid, Goal::count);
    EXPECT_EQ(static_cast<std::uint64_t>(counted.count), oracle.count) << grid_text(grid, Style::spaced);
    EXPECT_FALSE(counted.capped);
  }
  return true;
}

TEST(SudokuSearch, RandomFullGridsKeepTheRules) {
  core::SplitMix64 rng(1);
  for (int box = kMinBox; box <= kMaxBox; ++box)
    for (int k = 0; k < 50; ++k) {
      const Grid full = random_full_grid(box, rng);
      EXPECT_FALSE(first_clash(full).has_value());
      EXPECT_TRUE(completes(full, full));
    }
}

TEST(SudokuSearch, AgreesWithThePlainOracleOnRandom9x9Grids) {
  core::SplitMix64 rng(9);
  int compared = 0;
  constexpr int kGrids = 3000;
  for (int g = 0; g < kGrids; ++g) {
    const int empties = static_cast<int>(rng.below(56));
    const Grid grid = thinned(random_full_grid(3, rng), empties, rng);
    // Counts where few cells are empty; the smallest everywhere.
    const std::uint64_t cap = empties <= 30 ? 100'000 : 1;
    if (agrees_with_oracle(grid, cap, 2'000'000)) ++compared;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(compared, kGrids * 9 / 10) << "the oracle gave up too often";
}

TEST(SudokuSearch, AgreesWithThePlainOracleOnRandomClueSets) {
  // Clues drawn independently (no full grid behind them): many of these
  // grids have no completion.
  core::SplitMix64 rng(4);
  int none = 0, compared = 0;
  for (int g = 0; g < 4000; ++g) {
    const int box = g % 8 == 0 ? 3 : 2;
    Grid grid = empty_grid(box);
    const int clues = box == 3 ? 22 + static_cast<int>(rng.below(20)) : static_cast<int>(rng.below(9));
    for (int k = 0; k < clues; ++k) {
      const auto cell = rng.below(static_cast<std::uint64_t>(grid.size()));
      const int before = grid.cells[cell];
      grid.cells[cell] = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(grid.side)));
      if (first_clash(grid)) grid.cells[cell] = before;
    }
    if (!agrees_with_oracle(grid, 1'000, 100'000)) continue;
    ++compared;
    none += run(grid, Goal::any).completion.empty() ? 1 : 0;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(compared, 3600);
  EXPECT_GT(none, 100) << "too few grids without completion to test -1";
}

TEST(SudokuSearch, Every4x4ClueSetOfAFullGridAgrees) {
  core::SplitMix64 rng(16);
  const Grid full = random_full_grid(2, rng);
  for (std::uint32_t subset = 0; subset < (1U << 16); ++subset) {
    Grid grid = full;
    for (int k = 0; k < 16; ++k)
      if ((subset >> k & 1U) == 0) grid.cells[static_cast<std::size_t>(k)] = 0;
    ASSERT_TRUE(agrees_with_oracle(grid, 1'000, 0));
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(SudokuSearch, TheEmpty4x4Has288CompletionsAndTheEmpty9x9CountStopsAtMaxCount) {
  EXPECT_EQ(static_cast<std::uint64_t>(run(empty_grid(2), Goal::count).count), 288U);
  const Searched capped = run(empty_grid(3), Goal::count, 5000);
  EXPECT_TRUE(capped.capped);
  EXPECT_EQ(static_cast<std::uint64_t>(capped.count), 5000U);
}

TEST(SudokuSearch, LargerGridsAreCompleted) {
  // 16 x 16: any and the smallest; 25 x 25 (a row-by-row branch can take
  // long there: docs/sudoku.md): any, and the empty grid.
  core::SplitMix64 rng(25);
  for (const int box : {4, 5})
    for (int k = 0; k < 3; ++k) {
      const Grid grid = thinned(random_full_grid(box, rng), box * box * box * box / (box == 4 ? 2 : 3), rng);
      const Searched any = run(grid, Goal::any);
      ASSERT_FALSE(any.completion.empty());
      EXPECT_TRUE(completes(grid, with_cells(grid, any.completion)));
      if (box == 5) continue;
      const Searched smallest = run(grid, Goal::smallest);
      ASSERT_FALSE(smallest.completion.empty());
      EXPECT_TRUE(completes(grid, with_cells(grid, smallest.completion)));
      EXPECT_FALSE(comes_before(with_cells(grid, any.completion), with_cells(grid, smallest.completion)));
    }
  EXPECT_TRUE(completes(empty_grid(5), with_cells(empty_grid(5), run(empty_grid(5), Goal::any).completion)));
}

TEST(SudokuSearch, ALimitStopsWithWhatIsCounted) {
  core::SearchLimits limits;
  limits.max_nodes = 100;
  const Searched stopped = search(empty_grid(3), Goal::count, 0, limits);
  EXPECT_EQ(stopped.outcome, core::Outcome::node_limit);
  EXPECT_GT(static_cast<std::uint64_t>(stopped.count), 0U);
}

TEST(SudokuSearch, TheLineSolverAgreesWithTheSearch) {
  core::SplitMix64 rng(81);
  core::SearchControl control(core::SearchLimits{});
  LineSolver solver(control);
  for (int g = 0; g < 500; ++g) {
    const Grid grid = thinned(random_full_grid(3, rng), static_cast<int>(rng.below(64)), rng);
    for (const Goal goal : {Goal::any, Goal::smallest}) {
      std::array<char, 81> cells{};
      for (std::size_t k = 0; k < 81; ++k) cells[k] = static_cast<char>('0' + grid.cells[k]);
      ASSERT_TRUE(solver.solve(cells, goal));
      const Searched searched = run(grid, goal);
      for (std::size_t k = 0; k < 81; ++k) EXPECT_EQ(cells[k] - '0', searched.completion[k]);
    }
  }
}

}  // namespace
}  // namespace boardsearch::sudoku::testing

namespace boardsearch::sudoku::testing {
namespace {

Grid thinned_for_explain(Grid grid, int empties, core::SplitMix64& rng) {
  for (int k = 0; k < empties; ++k) grid.cells[rng.below(static_cast<std::uint64_t>(grid.size()))] = 0;
  return grid;
}

// --explain's steps fill every empty cell once, never against the
// completion, and end at it; the deductions by name appear on hard grids.
TEST(SudokuExplain, StepsFillEveryEmptyCellAndEndAtTheCompletion) {
  core::SplitMix64 rng(7);
  std::string all_texts;
  for (int g = 0; g < 200; ++g) {
    const int box = g % 10 == 0 ? 2 : 3;
    const Grid grid = thinned_for_explain(random_full_grid(box, rng), static_cast<int>(rng.below(70)), rng);
    Grid completion = grid;
    completion.cells = search(grid, Goal::smallest, 0, {}).completion;
    Grid replay = grid;
    for (const ExplainStep& step : explain_steps(grid, completion)) {
      all_texts += step.text + "\n";
      if (step.cell < 0) continue;
      ASSERT_EQ(replay.cells[static_cast<std::size_t>(step.cell)], 0) << step.text;
      ASSERT_EQ(step.number, completion.cells[static_cast<std::size_t>(step.cell)]) << step.text;
      replay.cells[static_cast<std::size_t>(step.cell)] = step.number;
    }
    EXPECT_EQ(replay.cells, completion.cells);
  }
  for (const std::string name :
       {"naked single", "hidden single in box", "hidden single in row", "locked candidates", "naked pair", "guess"})
    EXPECT_NE(all_texts.find(name), std::string::npos) << name;
}

}  // namespace
}  // namespace boardsearch::sudoku::testing
