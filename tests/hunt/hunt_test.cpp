// End to end: the hunter catches a deliberately wrong program for every trap
// on the puzzle pages, shrinks the failing input to a small one that really
// makes the program fail, lets correct programs pass, and reports hangs,
// crashes, exit codes and silence.

#include "hunt/hunt.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "boardsearch/app/puzzle.hpp"
#include "hunt/check.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::hunt {
namespace {

using boardsearch::testing::sanitized;

// `settings` with the puzzle's option `name` given as typed on the command
// line (read against the puzzle's schema).
void give_option(HuntSettings& settings, std::string_view name, std::string_view text) {
  const app::Puzzle* puzzle = app::find_puzzle(settings.puzzle);
  ASSERT_NE(puzzle, nullptr);
  const app::OptionSpec* spec = app::find_option(puzzle->options, name);
  ASSERT_NE(spec, nullptr) << settings.puzzle << " --" << name;
  settings.options.set(std::string(name), app::read_option_text(*spec, text));
}

// A hunt of `program MODE [ARG]` for at most `cases` cases.
HuntSettings settings_for(const std::string& puzzle, const std::string& mode, std::uint64_t cases,
                          const std::string& arg = "") {
  HuntSettings settings;
  settings.puzzle = puzzle;
  settings.command = {HUNT_TEST_PROGRAMS, mode};
  if (!arg.empty()) settings.command.push_back(arg);
  settings.cases = cases;
  settings.seed = 1;
  return settings;
}

// Cases a wrong program gets before we call the hunt a failure; the hunts
// stop at the first mismatch, so this is only an upper bound.
constexpr std::uint64_t kTrapCases = 600;

std::uint64_t correct_cases() { return sanitized() ? 60 : 200; }

// Re-runs the program on the minimal input and checks against the reference
// that it really fails there, the same way the report says.
void expect_really_fails(const HuntSettings& settings, const HuntOutcome& outcome) {
  ASSERT_TRUE(outcome.found);
  const app::Puzzle* puzzle = app::find_puzzle(settings.puzzle);
  const std::string expected = puzzle->solve(app::SolveRequest{outcome.minimal_input, settings.options, {}}).answer;
  const RunResult run = run_program(settings.command, outcome.minimal_input, settings.run_limits);
  const bool fails = run.ending != Ending::exited || run.exit_code != 0 ||
                     !app::output_accepted(*puzzle, outcome.minimal_input, settings.options, expected, run.out);
  EXPECT_TRUE(fails) << "minimal input:\n" << outcome.minimal_input << "expected " << expected << "got " << run.out;
  EXPECT_EQ(expected, outcome.minimal_verdict.expected);
}

// Runs a hunt expected to catch a wrong answer; returns the outcome.
HuntOutcome catch_wrong_answer(const HuntSettings& settings) {
  const HuntOutcome outcome = hunt(settings);
  EXPECT_TRUE(outcome.found) << settings.command[1] << " passed " << outcome.cases_passed << " cases";
  if (!outcome.found) return outcome;
  EXPECT_EQ(outcome.minimal_verdict.mismatch, MismatchKind::wrong_answer);
  EXPECT_FALSE(outcome.shrink_stopped_early);
  expect_really_fails(settings, outcome);
  return outcome;
}

// The first integer of the minimal input (2048: N).
int first_number(const std::string& text) {
  std::istringstream in(text);
  int value = 0;
  in >> value;
  return value;
}

// Tour: number of cases and total cells of a judge file.
std::pair<int, int> tour_cases_and_cells(const std::string& text) {
  std::istringstream in(text);
  int cases = 0, cells = 0, rows, cols;
  std::string row;
  while (in >> rows >> cols) {
    ++cases;
    cells += rows * cols;
    for (int r = 0; r < rows; ++r) in >> row;
  }
  return {cases, cells};
}

// Footholds: R * C.
int footholds_cells(const std::string& text) {
  std::istringstream in(text);
  int rows = 0, cols = 0;
  in >> rows >> cols;
  return rows * cols;
}

// ---- 2048 traps ----

TEST(Hunt2048, CatchesMergingTheFarPairFirstOnABoardOfAtMost3x3) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("2048", "2048-merge-far", kTrapCases));
  EXPECT_LE(first_number(outcome.minimal_input), 3);
}

// With K = 5 a 3x3 board leaves enough spare moves to put another direction
// between two equal ones (3000 random 3x3 boards show no counterexample), so
// the smallest counterexamples are 4x4.
TEST(Hunt2048, CatchesNeverRepeatingADirectionOnABoardOfAtMost4x4) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("2048", "2048-no-repeat", kTrapCases));
  EXPECT_LE(first_number(outcome.minimal_input), 4);
}

// 3x3 counterexamples exist but are rare; the 4x4 edge case (a ring of 2s
// and 4s) comes first with this seed.
TEST(Hunt2048, CatchesAnInadmissibleBoundOnABoardOfAtMost4x4) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("2048", "2048-bad-bound", kTrapCases));
  EXPECT_LE(first_number(outcome.minimal_input), 4);
}

TEST(Hunt2048, PassesMovesToTheReference) {
  // The correct program told K = 3 passes only if the reference uses K = 3
  // too, and a program using K = 5 fails against it.
  HuntSettings settings = settings_for("2048", "2048", correct_cases() / 2, "3");
  give_option(settings, "moves", "3");
  EXPECT_FALSE(hunt(settings).found);
  settings.command.back() = "5";
  settings.cases = kTrapCases;
  catch_wrong_answer(settings);
}

// ---- tour traps ----

TEST(HuntTour, CatchesLoopingOverNInsteadOfMColumnsOnATinySingleCase) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("tour", "tour-rows-for-columns", kTrapCases));
  const auto [cases, cells] = tour_cases_and_cells(outcome.minimal_input);
  EXPECT_EQ(cases, 1);
  EXPECT_LE(cells, 4);
}

TEST(HuntTour, CatchesCountingZeroLengthStepsOnOneCell) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("tour", "tour-zero-steps", kTrapCases));
  const auto [cases, cells] = tour_cases_and_cells(outcome.minimal_input);
  EXPECT_EQ(cases, 1);
  EXPECT_EQ(cells, 1);
}

// ---- footholds traps ----

TEST(HuntFootholds, CatchesForbiddingTheOtherPlayersCellWithin4Cells) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("footholds", "footholds-no-shared-cell", kTrapCases));
  EXPECT_LE(footholds_cells(outcome.minimal_input), 4);
}

TEST(HuntFootholds, CatchesIgnoringTheVanishedFootholdWithin4Cells) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("footholds", "footholds-ignore-vanished", kTrapCases));
  EXPECT_LE(footholds_cells(outcome.minimal_input), 4);
}

// Every board of at most 6 cells checked exhaustively: the smallest boards on
// which a prolonging winner goes wrong have 6 cells (2x3); greedy shrinking
// may stop at a local minimum on 3x3.
TEST(HuntFootholds, CatchesAWinnerWhoProlongsTheGameWithin9Cells) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("footholds", "footholds-always-longest", kTrapCases));
  EXPECT_LE(footholds_cells(outcome.minimal_input), 9);
}

TEST(HuntFootholds, CatchesIndexingCellsByRowsTimesRWithin6Cells) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("footholds", "footholds-index-by-rows", kTrapCases));
  EXPECT_LE(footholds_cells(outcome.minimal_input), 6);
}

// ---- yut traps ----

TEST(HuntYut, CatchesSquaresTrackedByPrintedNumber) {
  const HuntOutcome outcome = catch_wrong_answer(settings_for("yut", "yut-by-number", kTrapCases));
  EXPECT_EQ(std::count(outcome.minimal_input.begin(), outcome.minimal_input.end(), ' '), 9);  // ten dice
}

TEST(HuntYut, CatchesTakingTheBluePathWhenPassingOverABlueSquare) {
  catch_wrong_answer(settings_for("yut", "yut-blue-when-passing", kTrapCases));
}

TEST(HuntYut, CatchesAnOccupiedFinish) { catch_wrong_answer(settings_for("yut", "yut-finish-occupied", kTrapCases)); }

TEST(HuntYut, ShrinksTheDiceCountInTheGeneralizedGame) {
  HuntSettings settings = settings_for("yut", "yut-blue-when-passing", kTrapCases, "2");
  give_option(settings, "pieces", "2");
  const HuntOutcome outcome = catch_wrong_answer(settings);
  EXPECT_LE(std::count(outcome.minimal_input.begin(), outcome.minimal_input.end(), ' '), 3);  // <= 4 dice
}

// ---- correct programs pass ----

TEST(HuntCorrect, BruteForce2048Passes) {
  const HuntOutcome outcome = hunt(settings_for("2048", "2048", correct_cases()));
  EXPECT_FALSE(outcome.found) << outcome.minimal_input;
  EXPECT_EQ(outcome.cases_passed + outcome.cases_skipped, correct_cases());
}

TEST(HuntCorrect, BruteForceTourPasses) {
  const HuntOutcome outcome = hunt(settings_for("tour", "tour", correct_cases()));
  EXPECT_FALSE(outcome.found) << outcome.minimal_input;
  EXPECT_EQ(outcome.cases_passed + outcome.cases_skipped, correct_cases());
}

TEST(HuntCorrect, BruteForceFootholdsPasses) {
  const HuntOutcome outcome = hunt(settings_for("footholds", "footholds", correct_cases()));
  EXPECT_FALSE(outcome.found) << outcome.minimal_input;
  EXPECT_EQ(outcome.cases_passed + outcome.cases_skipped, correct_cases());
}

TEST(HuntCorrect, BruteForceYutPasses) {
  const HuntOutcome outcome = hunt(settings_for("yut", "yut", correct_cases()));
  EXPECT_FALSE(outcome.found) << outcome.minimal_input;
  HuntSettings generalized = settings_for("yut", "yut", correct_cases(), "3");
  give_option(generalized, "pieces", "3");
  EXPECT_FALSE(hunt(generalized).found);
}

// ---- misbehaving programs ----

HuntOutcome misbehaving(const std::string& mode) {
  HuntSettings settings = settings_for("footholds", mode, 5);
  settings.run_limits.timeout = std::chrono::milliseconds(300);
  const HuntOutcome outcome = hunt(settings);
  EXPECT_TRUE(outcome.found);
  EXPECT_EQ(outcome.failing_case, 1u);  // cases count from 1, as reports do
  return outcome;
}

TEST(HuntMisbehaving, AHangIsATimeout) {
  EXPECT_EQ(misbehaving("hang").minimal_verdict.mismatch, MismatchKind::timeout);
}

TEST(HuntMisbehaving, ASegfaultIsACrash) {
  const HuntOutcome outcome = misbehaving("crash");
  EXPECT_EQ(outcome.minimal_verdict.mismatch, MismatchKind::crash);
  std::ostringstream report;
  print_report(settings_for("footholds", "crash", 5), outcome, report);
  EXPECT_NE(report.str().find("SIGSEGV"), std::string::npos) << report.str();
}

TEST(HuntMisbehaving, ANonZeroExitIsReported) {
  EXPECT_EQ(misbehaving("exit-3").minimal_verdict.mismatch, MismatchKind::nonzero_exit);
}

TEST(HuntMisbehaving, SilenceIsNoOutput) {
  EXPECT_EQ(misbehaving("silent").minimal_verdict.mismatch, MismatchKind::no_output);
}

// ---- determinism and usage ----

TEST(HuntDeterminism, TheSameSeedFindsTheSameMinimalInput) {
  HuntSettings settings = settings_for("2048", "2048-bad-bound", kTrapCases);
  settings.seed = 12345;
  const HuntOutcome first = hunt(settings);
  const HuntOutcome second = hunt(settings);
  ASSERT_TRUE(first.found);
  EXPECT_EQ(first.failing_case, second.failing_case);
  EXPECT_EQ(first.failing_input, second.failing_input);
  EXPECT_EQ(first.minimal_input, second.minimal_input);
}

TEST(HuntReport, CountsCasesFromOneAndEchoesTheOptions) {
  HuntSettings settings = settings_for("2048", "2048-merge-far", kTrapCases, "3");
  give_option(settings, "moves", "3");
  const HuntOutcome outcome = hunt(settings);
  ASSERT_TRUE(outcome.found);
  std::ostringstream report;
  print_report(settings, outcome, report);
  EXPECT_NE(report.str().find(fmt::format("on case {} (seed 1); {} cases passed before it", outcome.failing_case,
                                          outcome.failing_case - 1)),
            std::string::npos)
      << report.str();
  EXPECT_NE(report.str().find("\noptions: --moves 3\n"), std::string::npos) << report.str();
  // Defaults are shown as such.
  std::ostringstream defaults;
  print_report(settings_for("yut", "yut", 1), HuntOutcome{}, defaults);
  EXPECT_NE(defaults.str().find("\noptions: --pieces 4 (default)"), std::string::npos) << defaults.str();
}

TEST(HuntUsage, RejectsUnknownPuzzlesOptionsItDoesNotTakeAndMissingCommands) {
  EXPECT_THROW(hunt(settings_for("chess", "2048", 1)), app::InputError);
  // An option of another puzzle's schema, set past the schema check.
  HuntSettings moves_for_tour = settings_for("tour", "tour", 1);
  moves_for_tour.options.set("moves", app::OptionValue{std::int64_t{3}, "--moves", true});
  try {
    hunt(moves_for_tour);
    ADD_FAILURE() << "tour took --moves";
  } catch (const app::InputError& error) {
    EXPECT_NE(std::string(error.what()).find("tour does not take --moves"), std::string::npos) << error.what();
  }
  HuntSettings no_command = settings_for("yut", "yut", 1);
  no_command.command.clear();
  EXPECT_THROW(hunt(no_command), app::InputError);
}

// The judge problem the options select, and its time limit as the default
// of check --timeout-ms and hunt --slow --limit-ms.
TEST(JudgeTimeLimit, FollowsTheJudgeProblemTheOptionsSelect) {
  using std::chrono::milliseconds;
  const app::Puzzle& game = *app::find_puzzle("2048");
  const auto with = [&](std::string_view settings) { return app::read_settings(game.options, settings); };
  ASSERT_NE(selected_judge(game, with("")), nullptr);
  EXPECT_EQ(selected_judge(game, with(""))->id, "Baekjoon 12100");
  EXPECT_EQ(selected_judge(game, with("--moves 10"))->id, "Baekjoon 12094");
  EXPECT_EQ(selected_judge(game, with("--moves 7")), nullptr);
  EXPECT_EQ(judge_time_limit(game, with(""), milliseconds(2000)), milliseconds(1000));
  EXPECT_EQ(judge_time_limit(game, with("--moves 7"), milliseconds(2000)), milliseconds(2000));
  EXPECT_NE(judge_time_limit_help(game, milliseconds(2000)).find("1000 ms for Baekjoon 12100"), std::string::npos);
  const app::Puzzle& marble = *app::find_puzzle("marble");
  EXPECT_EQ(selected_judge(marble, app::read_settings(marble.options, ""))->id, "Baekjoon 13460");
  EXPECT_EQ(selected_judge(marble, app::read_settings(marble.options, "--judge 15644"))->id, "Baekjoon 15644");
  // Every judge problem of every puzzle selects itself.
  for (const app::Puzzle* puzzle : app::all_puzzles())
    for (const app::JudgeProblem& judge : puzzle->judges)
      EXPECT_EQ(selected_judge(*puzzle, app::read_settings(puzzle->options, judge.settings)), &judge) << judge.id;
}

}  // namespace
}  // namespace boardsearch::hunt
