// The sliding module through the contract: the judge's samples byte for
// byte, --explain (the tile that slides and its direction, with the
// boards), --json, --bulk, the parser's messages, --strict, a limit's
// message, the options the API may not reach.

#include "games/sliding/puzzle.hpp"

#include <gtest/gtest.h>

#include <string>

namespace boardsearch::sliding::testing {
namespace {

app::SolveReport run(const std::string& input, const std::string& settings = "", std::uint64_t max_nodes = 0) {
  app::SolveRequest request{input, app::read_settings(puzzle().options, settings), {}};
  request.limits.max_nodes = max_nodes;
  return puzzle().solve(request);
}

std::string input_error(const std::string& input, const std::string& settings = "") {
  try {
    run(input, settings);
  } catch (const app::InputError& error) {
    return error.what();
  }
  return "no error";
}

TEST(SlidingPuzzle, TheJudgesSamplesByteForByte) {
  EXPECT_EQ(run("1 0 3\n4 2 5\n7 8 6\n").answer, "3\n");
  EXPECT_EQ(run("3 6 0\n8 1 2\n7 4 5\n").answer, "-1\n");
  EXPECT_EQ(run("1 2 3\n4 5 6\n7 8 0\n").answer, "0\n");
}

TEST(SlidingPuzzle, ExplainNamesEachSlidingTileAndItsDirectionWithTheBoards) {
  const app::SolveReport report = run("1 0 3\n4 2 5\n7 8 6\n");
  EXPECT_NE(report.explanation.find("1. tile 2 slides up\n  1 2 3\n  4 . 5\n  7 8 6\n"), std::string::npos)
      << report.explanation;
  EXPECT_NE(report.explanation.find("3. tile 6 slides up\n  1 2 3\n  4 5 6\n  7 8 .\n"), std::string::npos)
      << report.explanation;
  EXPECT_NE(run("3 6 0\n8 1 2\n7 4 5\n").explanation.find("No search was needed"), std::string::npos);
}

TEST(SlidingPuzzle, JsonAndTheViewerLineAgreeWithTheAnswer) {
  const app::SolveReport report = run("1 0 3\n4 2 5\n7 8 6\n");
  EXPECT_EQ(report.document.at("answer"), 3);
  EXPECT_EQ(report.document.at("line"), "ULU");
  EXPECT_EQ(check_report("1 0 3\n4 2 5\n7 8 6\n", {}, report), "");
  ASSERT_EQ(report.line.size(), 4U);
  EXPECT_EQ(report.line[3].at("board").at("moves_left"), 0);
  EXPECT_EQ(report.line[0].at("board").at("estimate"), 3);
}

TEST(SlidingPuzzle, BlankFirstGoalAndOtherShapes) {
  EXPECT_EQ(run("1 0 2\n3 4 5\n6 7 8\n", "--goal blank-first").answer, "1\n");
  EXPECT_EQ(run("1 2\n0 3\n").answer, "1\n");
  EXPECT_EQ(run("1 2 3 4 5\n6 7 8 9 0\n").answer, "0\n");
  EXPECT_EQ(run("2 1\n3 0\n").answer, "-1\n");
}

TEST(SlidingPuzzle, BulkAnswersOneLinePerBoard) {
  const std::string input = "1 0 3 4 2 5 7 8 6\n3 6 0 8 1 2 7 4 5\n1 2 3 0\n1 2 3 4 0 5\n";
  const app::SolveReport report = run(input, "--bulk");
  EXPECT_EQ(report.answer, "3\n-1\n0\n1\n");
  EXPECT_EQ(check_report(input, app::read_settings(puzzle().options, "--bulk"), report), "");
  EXPECT_EQ(run("1 0 2 3 4 5 6 7 8\n", "--bulk --goal blank-first").answer, "1\n");
}

TEST(SlidingPuzzle, BadInputIsOneLineNamingWhere) {
  EXPECT_EQ(input_error("1 2 3\n4 5\n7 8 0\n"), "line 2: expected a row of 3 tile numbers like line 1, found 2");
  EXPECT_EQ(input_error("1 2 3\n4 5 6\n7 8 9\n"),
            "line 3, field 3: expected a tile number 0 .. 8 on a 3 x 3 board, found 9");
  EXPECT_EQ(input_error("1 2 3\n4 5 6\n7 8 8\n"), "line 3, field 3: tile 8 appears twice (each of 0 .. 8 once)");
  EXPECT_EQ(input_error(""), "line 1: expected a board (R lines of C tile numbers, 0 for the blank), found none");
  EXPECT_EQ(input_error("1 0\n"), "line 2: expected at least 2 rows, found 1 (boards are 2 x 2 to 5 x 5)");
  EXPECT_NE(input_error("1 2 x\n"), "no error");
  EXPECT_EQ(input_error("1 2 3 0 4\n", "--bulk"),
            "line 1: expected the cells of one board (4, 6, 8, 9, 10, 12, 15, 16, 20 or 25 numbers), found 5");
}

TEST(SlidingPuzzle, StrictKeepsToBaekjoon1525) {
  EXPECT_NO_THROW(puzzle().check_strict("1 0 3\n4 2 5\n7 8 6\n", {}));
  EXPECT_THROW(puzzle().check_strict("1 2\n3 0\n", {}), app::InputError);
  EXPECT_THROW(
      puzzle().check_strict("1 0 3\n4 2 5\n7 8 6\n", app::read_settings(puzzle().options, "--goal blank-first")),
      app::InputError);
}

TEST(SlidingPuzzle, ALimitSaysTheLowerBoundProven) {
  try {
    run("14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n", "--goal blank-first --tables none", 1000);
    FAIL() << "no limit";
  } catch (const app::LimitError& error) {
    EXPECT_NE(std::string(error.what()).find("the answer is at least 4"), std::string::npos) << error.what();
  }
}

TEST(SlidingPuzzle, BuildTablesIsNotReachableThroughTheApi) {
  const app::OptionSpec* spec = app::find_option(puzzle().options, "build-tables");
  ASSERT_NE(spec, nullptr);
  EXPECT_THROW(app::read_option_json(*spec, true, "options.build-tables"), app::InputError);
  for (const auto& listed : app::schema_json(puzzle().options)) EXPECT_NE(listed.at("name"), "build-tables");
  // A solve that may not build tables refuses it (the CLI may).
  EXPECT_THROW(run("", "--build-tables"), app::InputError);
}

TEST(SlidingPuzzle, WithoutTablesA4x4SolveSaysWhichAreMissingAndHowToBuildThem) {
  setenv("BOARDSEARCH_CACHE_DIR", "/nonexistent/boardsearch-test", 1);
  const app::SolveReport report = run("1 2 3 7\n0 4 5 6\n8 9 10 11\n12 13 14 15\n", "--goal blank-first");
  EXPECT_EQ(report.answer, "7\n");
  EXPECT_EQ(report.document.at("missing_tables").size(), 3U);
  EXPECT_EQ(report.document.at("how_to_build"), "boardsearch sliding --build-tables --goal blank-first --tables 6-6-3");
}

}  // namespace
}  // namespace boardsearch::sliding::testing
