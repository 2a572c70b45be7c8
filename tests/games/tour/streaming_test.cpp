// The tour's many-case input: cases read one at a time, answers streamed
// (SolveRequest::on_answer) with the exit-3 contract kept, the report's
// memory counted against max_memory_bytes, --strict's judge limits, progress
// and 0-based coordinates in the explanation, a leading BOM.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "games/tour/generators.hpp"
#include "games/tour/parse.hpp"
#include "games/tour/puzzle.hpp"
#include "games/tour/search.hpp"
#include "games/tour/strict.hpp"
#include "support/read_file.hpp"
#include "support/solve_request.hpp"

namespace boardsearch::tour {
namespace {

using boardsearch::testing::error_of;
using boardsearch::testing::request_of;

using boardsearch::testing::read_file;

std::string sample() { return read_file(std::string(BOARDSEARCH_TOUR_DATA) + "/01.in"); }

// `count` copies of the one-cell case, the biggest judge file per byte.
std::string one_cell_cases(int count) {
  std::string text;
  for (int k = 0; k < count; ++k) text += "1 1\n.\n";
  return text;
}

TEST(TourStreaming, CaseReaderReadsWhatParseBoardsReads) {
  core::SplitMix64 rng(9944);
  std::string input;
  for (int k = 0; k < 50; ++k) input += testing::case_text(testing::walk_board(rng, 1 + k % 7, 1 + k % 5)) + "\n";
  const std::vector<Board> boards = parse_boards(input);
  CaseReader reader(input);
  for (const Board& board : boards) {
    const auto next = reader.next();
    ASSERT_TRUE(next.has_value());
    EXPECT_EQ(*next, board);
  }
  EXPECT_FALSE(reader.next().has_value());
  EXPECT_EQ(reader.cases_read(), boards.size());
  EXPECT_EQ(count_cases(input), boards.size());
  EXPECT_NE(error_of([] { count_cases(""); }).find("no cases"), std::string::npos);
}

TEST(TourStreaming, StreamedAnswersAreTheJudgeOutputLineByLine) {
  const std::string input = sample() + "1 3\n.*.\n";
  std::vector<std::string> parts;
  app::SolveRequest request = request_of(input);
  request.on_answer = [&parts](std::string_view part) { parts.emplace_back(part); };
  const app::SolveReport streamed = puzzle().solve(request);
  EXPECT_EQ(parts, (std::vector<std::string>{"Case 1: 10\n", "Case 2: 3\n", "Case 3: -1\n"}));
  EXPECT_TRUE(streamed.answer.empty()) << "handed over, not kept";
  EXPECT_TRUE(streamed.explanation.empty());
  EXPECT_TRUE(streamed.document.is_null());
  // Without streaming the same text comes back whole.
  EXPECT_EQ(puzzle().solve(request_of(input)).answer, parts[0] + parts[1] + parts[2]);
}

TEST(TourStreaming, ALimitInALaterCaseLeavesOnlyTheProvenEarlierAnswers) {
  const std::string first = "5 5\n**...\n.....\n....*\n..*..\n.....\n";
  const std::uint64_t per_case = puzzle().solve(request_of(first)).stats.nodes;
  const std::string input = first + first + first;
  std::vector<std::string> parts;
  app::SolveRequest request = request_of(input);
  request.on_answer = [&parts](std::string_view part) { parts.emplace_back(part); };
  request.limits.max_nodes = per_case + per_case / 2;  // case 1 fits, case 2 does not
  const std::string message = error_of([&] { puzzle().solve(request); });
  EXPECT_EQ(parts, std::vector<std::string>{"Case 1: 10\n"});
  EXPECT_EQ(message.rfind("case 2 of 3: search stopped before the answer was proven: node limit reached", 0), 0u)
      << message;
  EXPECT_NE(message.find("standard output holds the proven answers of cases 1 to 1 only"), std::string::npos)
      << message;
  // Not streamed: nothing was shown, so the message claims nothing about it.
  request.on_answer = nullptr;
  const std::string whole = error_of([&] { puzzle().solve(request); });
  EXPECT_EQ(whole.rfind("case 2 of 3: ", 0), 0u) << whole;
  EXPECT_EQ(whole.find("standard output"), std::string::npos) << whole;
}

TEST(TourStreaming, BadInputInALaterCaseIsFoundBeforeAnyAnswerIsHandedOut) {
  const std::string input = sample() + "2 2\n..\n.x\n";
  std::vector<std::string> parts;
  app::SolveRequest request = request_of(input);
  request.on_answer = [&parts](std::string_view part) { parts.emplace_back(part); };
  EXPECT_THROW(puzzle().solve(request), app::InputError);
  EXPECT_TRUE(parts.empty());
}

TEST(TourStreaming, TheReportCountsAgainstTheMemoryBudgetUnlessStreamed) {
  const std::string input = one_cell_cases(2000);
  app::SolveRequest request = request_of(input);
  request.want_line = false;
  const app::SolveReport whole = puzzle().solve(request);
  // The answer alone is 2000 lines; the explanation and the document more.
  ASSERT_GT(whole.stats.memory_bytes, 2000u * std::string_view("Case 1000: 0\n").size());
  request.limits.max_memory_bytes = whole.stats.memory_bytes / 2;
  const std::string message = error_of([&] { puzzle().solve(request); });
  EXPECT_NE(message.find(" of 2000: search stopped before the answer was proven: memory limit reached"),
            std::string::npos)
      << message;
  // With the whole budget it fits, and the viewer line costs more.
  request.limits.max_memory_bytes = whole.stats.memory_bytes;
  EXPECT_EQ(puzzle().solve(request).answer, whole.answer);
  EXPECT_GT(puzzle().solve(request_of(input)).stats.memory_bytes, whole.stats.memory_bytes);
  // Streamed, nothing is kept: the smallest budget is enough.
  std::size_t lines = 0;
  request.limits.max_memory_bytes = 1;
  request.on_answer = [&lines](std::string_view) { ++lines; };
  EXPECT_EQ(puzzle().solve(request).stats.memory_bytes, 0u);
  EXPECT_EQ(lines, 2000u);
}

TEST(TourStreaming, ProgressNamesTheCaseAndWhatItsSearchKnows) {
  // A walk board big enough for several polls (every 4,096 nodes).
  core::SplitMix64 rng(0x5EED);
  const std::string input = testing::case_text(testing::walk_board(rng, 12, 14)) + "1 1\n.\n";
  std::vector<std::string> known;
  app::SolveRequest request = request_of(input);
  request.limits.progress_interval = std::chrono::milliseconds(0);
  request.limits.on_progress = [&known](const core::Progress& p) { known.push_back(p.known); };
  const app::SolveReport report = puzzle().solve(request);
  ASSERT_FALSE(known.empty()) << report.stats.nodes << " nodes";
  for (const std::string& text : known) {
    EXPECT_EQ(text.rfind("case 1 of 2: ", 0), 0u) << text;
    EXPECT_TRUE(text.find("no tour found yet") != std::string::npos || text.find("steps found") != std::string::npos)
        << text;
  }
  // Straight from the search: the best found is the answer, within the bound.
  TourProgress progress;
  core::SearchControl control(core::SearchLimits{});
  const TourResult result = solve_tour(parse_boards(input)[0], control, {}, &progress);
  ASSERT_TRUE(result.search.value.has_value());
  EXPECT_EQ(progress.best(), result.search.value);
  ASSERT_TRUE(progress.bound().has_value());
  EXPECT_LE(*progress.bound(), *result.search.value);
}

TEST(TourStreaming, ExplanationCountsRowsAndColumnsFromZero) {
  const std::string input = sample();
  app::SolveRequest request = request_of(input);
  const app::SolveReport report = puzzle().solve(request);
  // Case 1 starts at the third cell of the top row, as the JSON's [0, 2] says.
  EXPECT_NE(report.explanation.find("Case 1: 10 steps, start at row 0, column 2\n"), std::string::npos)
      << report.explanation;
  EXPECT_EQ(report.document["cases"][0]["start"], nlohmann::json::array({0, 2}));
  EXPECT_EQ(report.line.front()["text"], "case 1: ball placed at row 0, column 2");
}

TEST(TourStreaming, LeadingBomIsIgnored) {
  EXPECT_EQ(puzzle().solve(request_of(std::string("\xEF\xBB\xBF") + sample())).answer, "Case 1: 10\nCase 2: 3\n");
  EXPECT_NE(error_of([] { puzzle().solve(request_of("\xEF\xBB\xBF\n2 2\n..\n.x\n")); }).find("line 4"),
            std::string::npos);
}

TEST(TourStrict, BoardsUpToThirtyByThirtyOnly) {
  const app::OptionValues none;
  const auto open = [](int rows, int cols) {
    std::string text = fmt::format("{} {}\n", rows, cols);
    for (int r = 0; r < rows; ++r) text += std::string(static_cast<std::size_t>(cols), '.') + "\n";
    return text;
  };
  EXPECT_EQ(error_of([&] { check_strict(sample() + open(30, 30) + open(1, 1), none); }), "no error");
  EXPECT_EQ(error_of([&] { check_strict(sample() + open(31, 2), none); }),
            "line 11: case 3 is 31 x 2, outside the judge's limit 1 <= N, M (board rows, columns) <= 30 "
            "(Baekjoon 9944)");
  EXPECT_EQ(error_of([&] { check_strict(open(2, 64), none); }).rfind("line 1: case 1 is 2 x 64", 0), 0u);
  // Bad input anywhere is the parser's message, before any limit.
  EXPECT_EQ(error_of([&] { check_strict(open(40, 40) + "1 1\nx\n", none); }).rfind("line 43", 0), 0u);
  EXPECT_EQ(puzzle().check_strict, &check_strict);
}

}  // namespace
}  // namespace boardsearch::tour
