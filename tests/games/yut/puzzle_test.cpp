// Dice yut through the puzzle contract: judge samples, input and option
// errors, the --explain plan read back and replayed, the JSON document and
// the viewer line, a custom board file end to end.

#include "boardsearch/app/puzzle.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "games/yut/puzzle.hpp"
#include "yut/test_support.hpp"

namespace boardsearch::yut::testing {
namespace {

std::string input_error(std::string_view input, app::OptionValues options = {}) {
  try {
    run(input, std::move(options));
  } catch (const app::InputError& e) {
    return e.what();
  }
  return "no error";
}

app::OptionValues with_pieces(long long pieces) {
  app::OptionValues options;
  options.set("pieces", {std::int64_t{pieces}});
  return options;
}

app::OptionValues with_board(std::string text, std::string source) {
  app::OptionValues options;
  options.set("board", {std::move(text), std::move(source)});
  return options;
}

app::OptionValues with_board_file(const std::string& relative) {
  return with_board(read_text(source_path(relative)), relative);
}

TEST(YutPuzzle, JudgeSamplesByteExact) {
  for (const char* name : {"01", "02", "03", "04"}) {
    const std::string dir = source_path("tests/data/yut/");
    EXPECT_EQ(run(read_text(dir + name + ".in")).answer, read_text(dir + name + ".out")) << name;
  }
}

TEST(YutPuzzle, DiceMaySpanLinesAndAnyCount) {
  EXPECT_EQ(run("5 5 5\n\n5 5\r\n1 1 1\n1 1").answer, "167\n");
  EXPECT_EQ(run("3").answer, "6\n");
  // One piece: 2 4 6 8 10, then the blue path from o10: 13 16 19 25 30.
  EXPECT_EQ(run("1 1 1 1 1 1 1 1 1 1", with_pieces(1)).answer, "133\n");
}

TEST(YutPuzzle, BadInputNamesLineAndField) {
  EXPECT_EQ(input_error("1 2 3\n4 6 1\n"),
            "line 2, field 2: dice value 6 is not a face of board 'standard' (faces 1..5)");
  EXPECT_EQ(input_error("1 0"), "line 1, field 2: dice value 0 is not a face of board 'standard' (faces 1..5)");
  EXPECT_EQ(input_error("1 -3"), "line 1, field 2: dice value -3 is not a face of board 'standard' (faces 1..5)");
  EXPECT_EQ(input_error("1 two"), "line 1, field 2: expected a dice value (an integer), found 'two'");
  EXPECT_EQ(input_error(""), "line 1: expected at least one dice value, found end of input");
  EXPECT_EQ(input_error("\n  \n"), "line 3: expected at least one dice value, found end of input");
}

TEST(YutPuzzle, PiecesOptionIsChecked) {
  EXPECT_EQ(input_error("1", with_pieces(0)), "--pieces: expected an integer in [1, 8], found 0");
  EXPECT_EQ(input_error("1", with_pieces(-2)), "--pieces: expected an integer in [1, 8], found -2");
  EXPECT_EQ(input_error("1", with_pieces(9)), "--pieces: expected an integer in [1, 8], found 9");
  EXPECT_EQ(run("5 5 5 5 5 1 1 1 1 1", with_pieces(8)).answer, run("5 5 5 5 5 1 1 1 1 1", with_pieces(5)).answer);
}

TEST(YutPuzzle, DiceAreCheckedAgainstTheBoardFaces) {
  const app::OptionValues options = with_board(R"({"faces": [1, 3], "start": "s", "finish": "f", "squares": [
    {"id": "s", "points": 0, "red": "a"}, {"id": "a", "points": 4, "red": "b"},
    {"id": "b", "points": 9, "red": "f"}, {"id": "f", "points": 0}]})",
                                               "odd.json");
  EXPECT_EQ(input_error("1 2", options),
            "line 1, field 2: dice value 2 is not a face of board 'odd.json' (faces 1, 3)");
  EXPECT_EQ(run("1 1 3", options).answer, "13\n");  // s -> a -> b -> finish
}

TEST(YutPuzzle, BadBoardFileIsAnInputErrorNamingTheFile) {
  const app::OptionValues options = with_board("{ not json", "broken.json");
  EXPECT_EQ(input_error("1", options).rfind("broken.json: not valid JSON", 0), 0u);
}

TEST(YutPuzzle, CustomBoardFileRoundTrip) {
  // The shipped standard file gives the judge answers; the traditional one
  // solves and its plan replays.
  EXPECT_EQ(run("5 5 5 5 5 1 1 1 1 1", with_board_file("docs/boards/standard.json")).answer, "167\n");
  const auto options = with_board_file("docs/boards/traditional.json");
  const auto report = run("5 1 2 3 4 5 5 3 2 4", options);
  EXPECT_EQ(report.document["board"]["name"], "traditional");
  const Board board = parse_board(*options.text("board"), options.source("board"));
  std::vector<Move> plan;
  for (const auto& step : report.document["plan"])
    plan.push_back(Move{step["piece"].get<int>(), *board.find(step["from"].get<std::string>()),
                        *board.find(step["to"].get<std::string>())});
  expect_plan_replays(board, {5, 1, 2, 3, 4, 5, 5, 3, 2, 4}, 4, plan, report.document["answer"].get<long long>());
}

// Reads the --explain text back ("turn T: die D, piece I: FROM -> TO, +P
// points, total S") and replays it with the reference's move code.
void expect_explanation_replays(const Board& board, const std::vector<int>& dice, int pieces,
                                const app::SolveReport& report) {
  std::vector<Move> plan;
  long long last_total = 0;
  std::istringstream text(report.explanation);
  for (std::string line; std::getline(text, line);) {
    if (line.rfind("turn ", 0) != 0) continue;
    // Words: turn T: die D, piece I: FROM -> TO, +P points, total S
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    ASSERT_EQ(w.size(), 13u) << line;
    auto number = [](std::string word) {  // "12:" / "4," / "+30" -> the integer
      while (!word.empty() && (word.back() == ':' || word.back() == ',')) word.pop_back();
      return std::stoll(word);
    };
    w[8].pop_back();  // "TO," -> "TO"
    EXPECT_EQ(w[0] + w[2] + w[4] + w[7] + w[10] + w[11], "turndiepiece->points,total") << line;
    EXPECT_EQ(number(w[1]), static_cast<long long>(plan.size() + 1)) << line;
    EXPECT_EQ(number(w[3]), dice[plan.size()]) << line;
    const auto from = board.find(w[6]), to = board.find(w[8]);
    ASSERT_TRUE(from && to) << line;
    EXPECT_EQ(number(w[9]), board.squares[*to].points) << line;
    last_total += number(w[9]);
    EXPECT_EQ(number(w[12]), last_total) << line;
    plan.push_back(Move{static_cast<int>(number(w[5])), *from, *to});
  }
  ASSERT_FALSE(plan.empty());
  const long long answer = std::stoll(report.answer);
  expect_plan_replays(board, dice, pieces, plan, answer);
  EXPECT_NE(report.explanation.find("maximum score " + std::to_string(answer) + "\n"), std::string::npos);
}

TEST(YutPuzzle, ExplainPlanIsLegalAndSumsToTheAnswer) {
  core::SplitMix64 rng(0x7E7A'0101);
  const int cases = scaled(200);
  for (int c = 0; c < cases; ++c) {
    const int pieces = 1 + static_cast<int>(rng.below(4));
    const std::vector<int> dice = random_dice(rng, standard_board(), 1 + static_cast<int>(rng.below(40)));
    std::string input;
    for (int die : dice) input += std::to_string(die) + (rng.below(8) == 0 ? "\n" : " ");
    expect_explanation_replays(standard_board(), dice, pieces, run(input, with_pieces(pieces)));
  }
}

TEST(YutPuzzle, ExplainSaysWhenDiceAreLeftUnused) {
  const auto report = run("5 5 5 5 5 5 5 5", with_pieces(2));
  EXPECT_EQ(report.answer, "80\n");
  EXPECT_NE(report.explanation.find("after turn 6 no piece can move: the game ends, 2 dice unused"), std::string::npos)
      << report.explanation;
}

TEST(YutPuzzle, JsonDocumentAndViewerLine) {
  const auto report = run("1 2 3 4 1 2 3 4 1 2");
  const auto& doc = report.document;
  EXPECT_EQ(doc["puzzle"], "yut");
  EXPECT_EQ(doc["answer"], 190);
  ASSERT_EQ(doc["plan"].size(), 10u);
  EXPECT_EQ(doc["plan"][0]["turn"], 1);
  EXPECT_EQ(doc["plan"][0]["die"], 1);
  EXPECT_EQ(doc["plan"][9]["total"], 190);
  EXPECT_TRUE(doc["nodes"].is_number_unsigned());
  EXPECT_TRUE(doc["ms"].is_number());
  EXPECT_EQ(parse_board(doc["board"].dump(), "doc"), standard_board());

  ASSERT_EQ(report.line.size(), 11u);  // the initial position, then one step per turn
  EXPECT_TRUE(report.line[0]["move"].is_null());
  EXPECT_EQ(report.line[0]["board"]["pieces"], nlohmann::json({"start", "start", "start", "start"}));
  EXPECT_TRUE(report.line[0]["board"]["die"].is_null());
  EXPECT_EQ(report.line[0]["board"]["score"], 0);
  for (std::size_t t = 1; t < report.line.size(); ++t) {
    const auto& step = report.line[t];
    const auto& planned = doc["plan"][t - 1];
    EXPECT_EQ(step["move"], "piece " + std::to_string(planned["piece"].get<int>()) + ": " +
                                planned["from"].get<std::string>() + " -> " + planned["to"].get<std::string>());
    EXPECT_EQ(step["board"]["score"], planned["total"]);
    EXPECT_EQ(step["board"]["die"], planned["die"]);
    EXPECT_EQ(step["board"]["pieces"][planned["piece"].get<int>() - 1], planned["to"]);
    EXPECT_TRUE(step["text"].is_string());
  }
}

TEST(YutPuzzle, LimitStopIsALimitErrorNeverAnAnswer) {
  app::SolveRequest request{"1 2 3 4 1 2 3 4 1 2", {}, {}};
  request.limits.max_nodes = 5;
  EXPECT_THROW(puzzle().solve(request), app::LimitError);

  app::SolveRequest tight{"1 2 3 4 1 2 3 4 1 2", {}, {}};
  tight.limits.max_memory_bytes = 1000;
  try {
    puzzle().solve(tight);
    ADD_FAILURE() << "no LimitError";
  } catch (const app::LimitError& error) {
    EXPECT_NE(std::string(error.what()).find("memory limit reached"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace boardsearch::yut::testing
