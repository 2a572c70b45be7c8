// Each puzzle's CaseModel: deterministic for a seed, always a valid judge
// input (checked by hand here and by the puzzle's own parser), and every
// shrinking candidate valid and strictly smaller.

#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <tuple>

#include "boardsearch/app/puzzle.hpp"
#include "hunt/game_2048.hpp"
#include "hunt/game_footholds.hpp"
#include "hunt/game_tour.hpp"
#include "hunt/game_yut.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::hunt {
namespace {

using boardsearch::testing::sanitized;
std::uint64_t generated_cases() { return sanitized() ? 300 : 1500; }
// Cases also solved by the reference (its parser must accept them).
std::uint64_t solved_cases() { return sanitized() ? 40 : 120; }

template <class Input>
Input generate(const CaseModel<Input>& model, std::uint64_t seed, std::uint64_t index) {
  core::SplitMix64 rng(case_seed(seed, index));
  return model.generate(index, rng);
}

// The shared checks. `valid` checks an input by hand, `measure` is a
// lexicographic size every shrinking step must lower.
template <class Input, class Valid, class Measure>
void check_model(const CaseModel<Input>& model, std::string_view puzzle_name, app::PuzzleOptions options, Valid&& valid,
                 Measure&& measure) {
  const app::Puzzle* puzzle = app::find_puzzle(puzzle_name);
  ASSERT_NE(puzzle, nullptr);
  for (std::uint64_t index = 0; index < generated_cases(); ++index) {
    const Input input = generate(model, 7, index);
    const std::string text = model.format(input);
    SCOPED_TRACE(::testing::Message() << "case " << index << ":\n" << text);
    // Deterministic for the seed.
    ASSERT_EQ(model.format(generate(model, 7, index)), text);
    ASSERT_TRUE(valid(input));
    // The reference parses it (a limit is fine: the hunter then skips).
    if (index < solved_cases()) {
      app::SolveRequest request{text, options, {}};
      request.limits.max_nodes = 20'000'000;
      try {
        const app::SolveReport report = puzzle->solve(request);
        EXPECT_FALSE(report.answer.empty());
      } catch (const app::LimitError&) {
      } catch (const app::InputError& error) {
        ADD_FAILURE() << "the reference rejected a generated input: " << error.what();
      }
    }
    // Shrinking candidates: valid and strictly smaller (only the small
    // inputs, whose candidate lists are short).
    if (text.size() < 400)
      for (const Input& candidate : model.shrink_candidates(input)) {
        ASSERT_TRUE(valid(candidate)) << model.format(candidate);
        ASSERT_LT(measure(candidate), measure(input)) << model.format(candidate);
      }
  }
  // Another seed gives other random cases.
  int differing = 0;
  for (std::uint64_t index = 20; index < 60; ++index)
    differing += model.format(generate(model, 7, index)) != model.format(generate(model, 8, index));
  EXPECT_GT(differing, 30);
}

TEST(Generators, Board2048) {
  auto valid = [](const Board2048& board) {
    if (board.size < 1 || board.size > kMax2048Size) return false;
    if (board.cells.size() != static_cast<std::size_t>(board.size * board.size)) return false;
    for (std::uint32_t v : board.cells)
      if (v != 0 && (v < 2 || v > kMax2048Tile || (v & (v - 1)) != 0)) return false;
    return board.tile_count() >= 1;
  };
  auto measure = [](const Board2048& board) {
    return std::tuple(board.size, board.tile_count(), std::accumulate(board.cells.begin(), board.cells.end(), 0u));
  };
  check_model(case_model_2048({}), "2048", {}, valid, measure);
}

TEST(Generators, Tour) {
  auto valid_board = [](const TourBoard& board) {
    if (board.rows < 1 || board.rows > kMaxTourSide || board.cols < 1 || board.cols > kMaxTourSide) return false;
    if (board.cells.size() != static_cast<std::size_t>(board.rows * board.cols)) return false;
    if (board.cells.find_first_not_of(".*") != std::string::npos) return false;
    return board.empty_count() >= 1;
  };
  auto valid = [&](const TourFile& file) {
    if (file.cases.empty() || file.cases.size() > kMaxTourCasesPerFile) return false;
    return std::all_of(file.cases.begin(), file.cases.end(), valid_board);
  };
  auto measure = [](const TourFile& file) {
    int cells = 0, obstacles = 0;
    for (const TourBoard& board : file.cases) {
      cells += board.rows * board.cols;
      obstacles += board.rows * board.cols - board.empty_count();
    }
    return std::tuple(file.cases.size(), cells, obstacles);
  };
  check_model(case_model_tour({}), "tour", {}, valid, measure);
}

TEST(Generators, Footholds) {
  auto valid = [](const FootholdsGame& g) {
    if (g.rows < 1 || g.rows > kMaxFootholdsSide || g.cols < 1 || g.cols > kMaxFootholdsSide) return false;
    if (g.footholds.size() != static_cast<std::size_t>(g.rows * g.cols)) return false;
    for (const Cell& p : {g.a, g.b})
      if (p.row < 0 || p.row >= g.rows || p.col < 0 || p.col >= g.cols || !g.foothold(p.row, p.col)) return false;
    return true;
  };
  auto measure = [](const FootholdsGame& g) { return std::tuple(g.rows * g.cols, g.foothold_count()); };
  check_model(case_model_footholds({}), "footholds", {}, valid, measure);
}

auto yut_measure = [](const YutDice& dice) {
  return std::tuple(dice.dice.size(), std::accumulate(dice.dice.begin(), dice.dice.end(), 0));
};
bool yut_values_valid(const YutDice& dice) {
  return !dice.dice.empty() &&
         std::all_of(dice.dice.begin(), dice.dice.end(), [](int d) { return d >= 1 && d <= kMaxDie; });
}

TEST(Generators, YutJudgeInputsHaveExactlyTenDice) {
  auto valid = [](const YutDice& dice) { return yut_values_valid(dice) && dice.dice.size() == kJudgeTurns; };
  check_model(case_model_yut({}), "yut", {}, valid, yut_measure);
}

TEST(Generators, YutGeneralizedInputsVaryTheDiceCount) {
  app::PuzzleOptions options;
  options.pieces = 3;
  auto valid = [](const YutDice& dice) {
    return yut_values_valid(dice) && dice.dice.size() <= static_cast<std::size_t>(kMaxGeneralizedTurns);
  };
  check_model(case_model_yut(options), "yut", options, valid, yut_measure);
}

}  // namespace
}  // namespace boardsearch::hunt
