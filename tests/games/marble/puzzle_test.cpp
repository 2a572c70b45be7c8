// The marble module through the contract: samples under the four judges,
// --moves, the usage error with 15653, the --json document, the viewer line
// replayed, accepts (any optimal 15644 line), limits, and its hunt cases.

#include "games/marble/puzzle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "boardsearch/app/options.hpp"
#include "games/marble/test_support.hpp"

namespace boardsearch::marble::testing {
namespace {

app::OptionValues options_of(std::initializer_list<std::pair<std::string_view, std::string_view>> given) {
  app::OptionValues values;
  for (const auto& [name, text] : given)
    values.set(std::string(name), app::read_option_text(*app::find_option(puzzle().options, name), text));
  return values;
}

app::SolveReport run(const std::string& input, const app::OptionValues& options = {}) {
  app::SolveRequest request{input, options, {}};
  return puzzle().solve(request);
}

std::string sample_input(int number) { return read_text(sample_path(number, "in")); }
std::string sample_output(int number) { return read_text(sample_path(number, "out")); }

TEST(MarblePuzzle, DescribesItself) {
  EXPECT_EQ(puzzle().name, "marble");
  EXPECT_EQ(puzzle().title, "Marble escape");
  EXPECT_EQ(puzzle().title_ko, "구슬 탈출");
  ASSERT_EQ(puzzle().judges.size(), 4u);
  EXPECT_EQ(puzzle().judges[0].id, "Baekjoon 13460");
  EXPECT_EQ(puzzle().judges[3].settings, "--judge 15653");
  EXPECT_NE(puzzle().accepts, nullptr);
  EXPECT_NE(puzzle().hunt.generate, nullptr);
}

TEST(MarblePuzzle, SamplesUnderEveryJudge) {
  for (int number = 1; number <= kSampleCount; ++number) {
    const std::string input = sample_input(number), output = sample_output(number);
    EXPECT_EQ(run(input).answer, output) << number;
    EXPECT_EQ(run(input, options_of({{"judge", "13460"}})).answer, output) << number;
    EXPECT_EQ(run(input, options_of({{"judge", "13459"}})).answer, output == "-1\n" ? "0\n" : "1\n") << number;
    EXPECT_EQ(run(input, options_of({{"judge", "15653"}})).answer, output) << number;
    const app::OptionValues line_judge = options_of({{"judge", "15644"}});
    const std::string with_line = run(input, line_judge).answer;
    EXPECT_TRUE(puzzle().accepts(input, line_judge, with_line, with_line)) << with_line;
    EXPECT_EQ(with_line.substr(0, with_line.find('\n') + 1), output) << number;
  }
}

TEST(MarblePuzzle, MovesReplacesTheLimitButNotFor15653) {
  const std::string input = sample_input(2);  // 5 tilts
  EXPECT_EQ(run(input, options_of({{"moves", "4"}})).answer, "-1\n");
  EXPECT_EQ(run(input, options_of({{"moves", "5"}})).answer, "5\n");
  EXPECT_EQ(run(input, options_of({{"moves", "0"}, {"judge", "13459"}})).answer, "0\n");
  EXPECT_EQ(run(input, options_of({{"moves", "5"}, {"judge", "15644"}})).answer.substr(0, 2), "5\n");
  try {
    run(input, options_of({{"moves", "5"}, {"judge", "15653"}}));
    ADD_FAILURE() << "--moves with 15653 accepted";
  } catch (const app::InputError& error) {
    EXPECT_NE(std::string(error.what()).find("15653 has no tilt limit"), std::string::npos) << error.what();
  }
  EXPECT_THROW(app::read_option_text(*app::find_option(puzzle().options, "moves"), "-1"), app::InputError);
  EXPECT_THROW(app::read_option_text(*app::find_option(puzzle().options, "judge"), "12100"), app::InputError);
}

TEST(MarblePuzzle, BadInputNamesLineAndColumn) {
  try {
    run("3 5\n#####\n#RxB#\n#####\n");
    ADD_FAILURE() << "accepted";
  } catch (const app::InputError& error) {
    EXPECT_STREQ(error.what(), "line 3, column 3: expected one of . # O R B, found 'x'");
  }
}

TEST(MarblePuzzle, JsonExplainAndViewerLine) {
  const std::string input = "4 5\n#####\n#BR.#\n#..O#\n#####\n";
  const app::SolveReport report = run(input, options_of({{"judge", "15644"}}));
  EXPECT_EQ(report.answer, "2\nRD\n");
  EXPECT_EQ(report.document.at("puzzle"), "marble");
  EXPECT_EQ(report.document.at("judge"), "15644");
  EXPECT_EQ(report.document.at("answer"), 2);
  EXPECT_EQ(report.document.at("line"), "RD");
  EXPECT_EQ(report.document.at("max_tilts"), 10);
  EXPECT_GE(report.document.at("nodes").get<int>(), 1);
  EXPECT_EQ(report.document.at("threads"), 1);
  EXPECT_GE(report.document.at("states").get<int>(), 1);
  EXPECT_TRUE(report.document.at("ms").is_number());
  EXPECT_NE(report.explanation.find("tilt 2: down (D)"), std::string::npos) << report.explanation;
  ASSERT_EQ(report.line.size(), 3u);
  EXPECT_TRUE(report.line[0].at("move").is_null());
  EXPECT_EQ(report.line[0].at("board").at("red"), nlohmann::json::array({1, 2}));
  EXPECT_EQ(report.line[1].at("move"), "right");
  EXPECT_EQ(report.line[1].at("board").at("red"), nlohmann::json::array({1, 3}));
  EXPECT_EQ(report.line[1].at("board").at("blue"), nlohmann::json::array({1, 2}));
  EXPECT_TRUE(report.line[2].at("board").at("red").is_null());
  EXPECT_EQ(report.line[2].at("board").at("rows"), nlohmann::json::array({"#####", "#...#", "#..O#", "#####"}));
  const app::SolveReport none = run(sample_input(4), options_of({{"judge", "15653"}}));
  EXPECT_EQ(none.document.at("answer"), -1);
  EXPECT_TRUE(none.document.at("max_tilts").is_null());
  EXPECT_EQ(none.line.size(), 1u);
}

TEST(MarblePuzzle, ThreadsAreAcceptedAndOneSearches) {
  // A judge sample never starts a thread whatever the request allows (the
  // serial trial ends long before: docs/marble.md, "Threads"): the same
  // answer and nodes, threads 1 reported.
  for (int sample = 1; sample <= 6; ++sample) {
    const std::string input = sample_input(sample);
    app::SolveRequest request{input, options_of({{"judge", "15644"}}), {}};
    const app::SolveReport one = puzzle().solve(request);
    request.limits.threads = 4;
    const app::SolveReport four = puzzle().solve(request);
    EXPECT_EQ(four.answer, one.answer) << sample;
    EXPECT_EQ(four.stats.threads, 1u) << sample;
    EXPECT_EQ(four.document.at("threads"), 1) << sample;
    EXPECT_EQ(four.stats.nodes, one.stats.nodes) << sample;
  }
}

TEST(MarblePuzzle, AcceptsAnyOptimalLineFor15644Only) {
  // Two optimal lines, RD and DR (blue is walled in and never moves).
  const std::string input = "5 7\n#######\n#R..#B#\n#...###\n#..O###\n#######\n";
  const app::OptionValues line_judge = options_of({{"judge", "15644"}});
  const std::string expected = run(input, line_judge).answer;
  ASSERT_EQ(expected.substr(0, 2), "2\n");
  EXPECT_TRUE(puzzle().accepts(input, line_judge, expected, "2\nRD\n"));
  EXPECT_TRUE(puzzle().accepts(input, line_judge, expected, "2\nDR\n"));
  EXPECT_FALSE(puzzle().accepts(input, line_judge, expected, "2\nDD\n"));
  EXPECT_FALSE(puzzle().accepts(input, line_judge, expected, "3\nDRU\n"));
  const app::OptionValues plain = options_of({{"judge", "13460"}});
  EXPECT_TRUE(puzzle().accepts(input, plain, "2\n", " 2 \n\n"));
  EXPECT_FALSE(puzzle().accepts(input, plain, "2\n", "3\n"));
  EXPECT_FALSE(puzzle().accepts(input, {}, "2\n", "2\nRD\n"));
}

TEST(MarblePuzzle, ALimitIsALimitErrorNeverAnAnswer) {
  const std::string input = sample_input(2);  // the request only views it
  app::SolveRequest request{input, {}, {}};
  request.limits.max_nodes = 1;
  EXPECT_THROW(puzzle().solve(request), app::LimitError);
  request.limits.max_nodes = 0;
  request.limits.max_memory_bytes = 1000;
  EXPECT_THROW(puzzle().solve(request), app::LimitError);
}

TEST(MarblePuzzle, HuntCasesAreJudgeBoardsAndShrinkToValidOnes) {
  core::SplitMix64 rng(5);
  int solvable = 0;
  for (std::uint64_t index = 0; index < 300; ++index) {
    const std::string text = puzzle().hunt.generate(index, rng, {});
    const Board board = parse_board(text);
    EXPECT_LE(board.rows, kJudgeMaxSide);
    EXPECT_LE(board.cols, kJudgeMaxSide);
    EXPECT_EQ(judge_text(board), text);
    if (run(text).answer != "-1\n") ++solvable;
    // Every candidate is a valid board, one row or column smaller or with
    // one inner wall fewer.
    for (const std::string& smaller : puzzle().hunt.shrink(text, {})) {
      const Board shrunk = parse_board(smaller);
      const auto walls = [](const Board& b) { return std::count(b.wall.begin(), b.wall.end(), 1); };
      const bool one_line_fewer = shrunk.rows + shrunk.cols == board.rows + board.cols - 1;
      const bool one_wall_fewer =
          shrunk.rows == board.rows && shrunk.cols == board.cols && walls(shrunk) + 1 == walls(board);
      EXPECT_TRUE(one_line_fewer || one_wall_fewer) << text << "->\n" << smaller;
    }
  }
  EXPECT_GT(solvable, 50);
  // The first cases are the samples and traps, smallest first.
  core::SplitMix64 again(5);
  EXPECT_EQ(puzzle().hunt.summary(puzzle().hunt.generate(0, again, {})).substr(0, 6), "board ");
}

}  // namespace
}  // namespace boardsearch::marble::testing
