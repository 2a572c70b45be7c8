// The queens module through the contract: the judge's sample byte for byte,
// --explain (the first placement drawn, the count up to symmetry), the
// --json document, partial boards, bad input, --strict, a limit's message.

#include "games/queens/puzzle.hpp"

#include <gtest/gtest.h>

#include <string>

namespace boardsearch::queens::testing {
namespace {

app::SolveReport run(const std::string& input, std::uint64_t max_nodes = 0) {
  app::SolveRequest request{input, {}, {}};
  request.limits.threads = 1;
  request.limits.max_nodes = max_nodes;
  return puzzle().solve(request);
}

TEST(QueensPuzzle, TheJudgesSampleByteForByte) { EXPECT_EQ(run("8\n").answer, "92\n"); }

TEST(QueensPuzzle, ExplainDrawsTheFirstPlacementAndTheCountUpToSymmetry) {
  const app::SolveReport report = run("8\n");
  EXPECT_NE(report.explanation.find("Q.......\n....Q...\n.......Q\n"), std::string::npos) << report.explanation;
  EXPECT_NE(report.explanation.find("92 placements, 12 up to the 8 symmetries"), std::string::npos)
      << report.explanation;
  EXPECT_NE(run("3\n").explanation.find("no placement"), std::string::npos);
}

TEST(QueensPuzzle, JsonHoldsTheCountAsDecimalTextAndThePlacement) {
  const app::SolveReport report = run("6\n");
  EXPECT_EQ(report.document.at("answer"), "4");
  EXPECT_EQ(report.document.at("classes"), "1");
  EXPECT_EQ(report.document.at("placement"), nlohmann::json({1, 3, 5, 0, 2, 4}));
  EXPECT_EQ(check_report("6\n", {}, report), "");
  // The start board and one step per queen.
  EXPECT_EQ(report.line.size(), 7U);
}

TEST(QueensPuzzle, APartialBoardCountsItsCompletions) {
  // 4 x 4 has two placements: .Q.. / ...Q / Q... / ..Q. and its mirror.
  EXPECT_EQ(run("4\n.Q..\n....\n....\n....\n").answer, "1\n");
  EXPECT_EQ(run("4\n....\n....\n....\n....\n").answer, "2\n");
  EXPECT_EQ(run("4\n.#..\n....\n....\n....\n").answer, "1\n");
  const app::SolveReport report = run("4\n.Q..\n....\n....\n....\n");
  EXPECT_TRUE(report.document.at("classes").is_null());
  EXPECT_EQ(report.line.size(), 4U);  // the start, then the three queens not placed
}

TEST(QueensPuzzle, BadInputIsOneLineNamingWhere) {
  for (const std::string input :
       {"0\n", "33\n", "8 8\n", "3\n...\n.x.\n...\n", "3\n...\n..\n...\n", "3\n...\n...\n", "2\n..\n..\n..\n"}) {
    SCOPED_TRACE(input);
    try {
      run(input);
      ADD_FAILURE() << "accepted";
    } catch (const app::InputError& e) {
      EXPECT_NE(std::string(e.what()).find("line"), std::string::npos) << e.what();
    }
  }
}

TEST(QueensPuzzle, StrictTakesTheJudgesNOnly) {
  EXPECT_NO_THROW(puzzle().check_strict("14\n", {}));
  EXPECT_NO_THROW(puzzle().check_strict("1\n", {}));
  try {
    puzzle().check_strict("15\n", {});
    ADD_FAILURE() << "N = 15 accepted";
  } catch (const app::InputError& e) {
    EXPECT_STREQ(e.what(), "line 1: N = 15 is outside the judge's limit 1 <= N (board side) <= 14 (Baekjoon 9663)");
  }
  EXPECT_THROW(puzzle().check_strict("2\n..\n..\n", {}), app::InputError);
}

TEST(QueensPuzzle, ALimitSaysWhatIsKnown) {
  try {
    run("13\n", 1'000);
    ADD_FAILURE() << "no limit";
  } catch (const app::LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("node limit reached"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("completions counted so far"), std::string::npos) << e.what();
  }
}

TEST(QueensPuzzle, N32IsReadAndStoppedByALimit) { EXPECT_THROW(run("32\n", 10'000), app::LimitError); }

}  // namespace
}  // namespace boardsearch::queens::testing
