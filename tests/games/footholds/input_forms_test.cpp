// The footholds input forms (the judge's text form and the Programmers
// literals, a leading BOM), --strict's judge limits, the progress line's
// proven facts and the explanation's wording.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "games/footholds/format.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/puzzle.hpp"
#include "games/footholds/rules.hpp"
#include "games/footholds/search.hpp"
#include "games/footholds/strict.hpp"
#include "games/footholds/test_support.hpp"
#include "support/solve_request.hpp"

namespace boardsearch::footholds {
namespace {

using testing::request_of;
// The message of the InputError f() throws (another exception escapes).
constexpr auto error_of = [](auto&& f) { return testing::error_of<app::InputError>(f); };

using core::SplitMix64;
using testing::scaled;
using testing::footholds_support::random_board;
using testing::footholds_support::reference_total;

// How the literals are written: the separators between them and inside
// them, and whether each carries its name.
struct LiteralStyle {
  std::string between = "\t";   // between two literals
  std::string inside = " ";     // after each ',' inside a literal
  bool names = false;           // "board = ", "aloc = ", "bloc = "
  bool commas_between = false;  // a ',' after board and after aloc
};

// The Programmers form of `board`, written in `style`: what a 92345 user
// copies from the site (e.g. "[[1, 1, 1], [1, 1, 1]]\t[1, 0]\t[1, 2]").
std::string programmers_text(const Board& board, const LiteralStyle& style) {
  const auto list = [&](const std::vector<std::string>& items) {
    std::string text = "[";
    for (std::size_t i = 0; i < items.size(); ++i) text += (i == 0 ? "" : "," + style.inside) + items[i];
    return text + "]";
  };
  std::vector<std::string> rows;
  for (int r = 0; r < board.rows; ++r) {
    std::vector<std::string> values;
    for (int c = 0; c < board.cols; ++c)
      values.push_back(board.footholds[static_cast<std::size_t>(board.cell_at(r, c))] != 0 ? "1" : "0");
    rows.push_back(list(values));
  }
  const auto cell = [&](int at) { return list({std::to_string(board.row_of(at)), std::to_string(board.col_of(at))}); };
  const std::string separator = (style.commas_between ? "," : "") + style.between;
  return (style.names ? "board = " : "") + list(rows) + separator + (style.names ? "aloc = " : "") + cell(board.a) +
         separator + (style.names ? "bloc = " : "") + cell(board.b) + "\n";
}

std::string answer_of(std::string_view input) { return puzzle().solve(request_of(input)).answer; }

TEST(FootholdsInput, ProgrammersSamplesGiveThePagesAnswers) {
  // The four samples of the puzzle page, as the site shows them.
  const std::pair<const char*, const char*> samples[] = {
      {"[[1, 1, 1], [1, 1, 1], [1, 1, 1]]\t[1, 0]\t[1, 2]", "5\n"},
      {"[[1, 1, 1], [1, 0, 1], [1, 1, 1]]\t[1, 0]\t[1, 2]", "4\n"},
      {"[[1, 1, 1, 1, 1]]\t[0, 0]\t[0, 4]", "4\n"},
      {"[[1]]\t[0, 0]\t[0, 0]", "0\n"},
  };
  for (const auto& [input, answer] : samples) EXPECT_EQ(answer_of(input), answer) << input;
  // With the names, on separate lines, commas between them.
  EXPECT_EQ(answer_of("board = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]\naloc = [1, 0]\nbloc = [1, 2]\n"), "5\n");
  EXPECT_EQ(answer_of("board = [[1,1,1],[1,0,1],[1,1,1]], aloc = [1,0], bloc = [1,2]"), "4\n");
  EXPECT_EQ(answer_of("[[1,\n  1]]  [0, 1]  [0, 0]"), "1\n");  // the page's trap, split across lines
}

TEST(FootholdsInput, ProgrammersFormEqualsTheJudgeFormOnRandomBoards) {
  // Every style on random boards up to 5 x 5 (and wider ones up to 128
  // cells for the parse alone): the same Board as the text form, and on the
  // small ones the same answer as plain minimax.
  SplitMix64 rng(92345);
  const LiteralStyle styles[] = {
      {}, {"  ", "", false, false}, {"\n", "\n ", true, false}, {" ", " ", true, true}, {"\r\n", "\t", false, true}};
  const int rounds = scaled(1200);
  for (int round = 0; round < rounds; ++round) {
    const bool small = round % 4 != 3;
    const int rows = small ? 1 + static_cast<int>(rng.below(5)) : 1 + static_cast<int>(rng.below(8));
    const int cols = small ? 1 + static_cast<int>(rng.below(5)) : 1 + static_cast<int>(rng.below(16));
    const Board board = random_board(rng, rows, cols, static_cast<int>(rng.below(40)), 10);
    const LiteralStyle& style = styles[static_cast<std::size_t>(round) % std::size(styles)];
    const std::string literals = programmers_text(board, style);
    const Board from_literals = parse_board(literals);
    ASSERT_EQ(from_literals, parse_board(to_text(board))) << literals;
    ASSERT_EQ(from_literals, board) << literals;
    if (small && round % 8 == 0) {
      ASSERT_EQ(answer_of(literals), fmt::format("{}\n", reference_total(board))) << literals;
    }
  }
}

TEST(FootholdsInput, ProgrammersErrorsNameTheLiteralAndThePosition) {
  const std::pair<const char*, const char*> cases[] = {
      {"[[1, 1, 1], [1, 2, 1]]\t[1, 0]\t[1, 2]", "board[1][1] (line 1, column 17): expected 0 or 1, found 2"},
      {"[[1, 1, 1], [1, 1]]\t[1, 0]\t[1, 2]",
       "board[1] (before line 1, column 19): the row has 2 values, board[0] has 3"},
      {"[[1, 1], [1, x]]\t[1, 0]\t[1, 1]", "board[1][1] (line 1, column 14): expected an integer, found 'x]]"},
      {"[[1, 1] [1, 1]]\t[1, 0]\t[1, 1]", "board (line 1, column 9): expected ',' or ']' after a row, found '[1, 1]]"},
      {"[[1, 1], [1, 1]]\t[1, 0]", "bloc (line 1, column 24): expected '[' opening bloc"},
      {"[[1, 1], [1, 1]]\t[1, 0]", "found end of input"},
      {"[[1, 1], [1, 1]]\t[2, 0]\t[1, 1]", "aloc[0]: row 2 of A is off the board (rows 0 to 1)"},
      {"[[1, 1], [1, 1]]\t[1, 0]\t[1, 7]", "bloc[1]: column 7 of B is off the board (columns 0 to 1)"},
      {"[[1, 0], [1, 1]]\t[0, 1]\t[1, 1]", "aloc: A stands at (0, 1), which has no foothold"},
      {"[[1, 1], [1, 1]]\t[1, 0, 1]\t[1, 1]", "aloc (line 1, column 23): expected ']' closing aloc"},
      {"[[1, 1], [1, 1]]\t[1, 0]\t[1, 1]\t7 8",
       "line 1, column 32: unexpected text after bloc: '7 8' (after the "
       "three literals only the result column, one integer, may follow)"},
      {"[[1, 1], [1, 1]]\t[1, 0]\t[1, 1]\tx", "unexpected text after bloc: 'x'"},
      {"[[1]] [0, 0] [0, 0] 0\n[[1]] [0, 0] [0, 0] 0", "line 1, column 21: unexpected text after bloc: '0"},
      {"[[1]] [0, 0] [0, 0]\n[[1]] [0, 0] [0, 0]",
       "line 2, column 1: unexpected text after bloc: '[[1]] [0, 0] "
       "[0, 0]' (another test case? the input holds one position)"},
      {"{{1, 1}, {1, 1]} {1, 0} {1, 1}", "board[1] (line 1, column 15): ']' closes a list opened with '{'"},
      {"[[1, 1], [1, 1]] [1, 0} [1, 1]", "aloc (line 1, column 23): '}' closes a list opened with '['"},
      {"{{1, 1}, {1, 1}} {1, 0 {1, 1}", "aloc (line 1, column 24): expected '}' closing aloc"},
      {"board = [[1]]\nbloc = [0, 0]\naloc = [0, 0]",
       "line 2, column 1: expected aloc (the literals are board, aloc, bloc"},
      {"board [[1]] [0, 0] [0, 0]", "board (line 1, column 7): expected '=' after the name board"},
      {"[]\t[0, 0]\t[0, 0]", "board[0] (line 1, column 2): expected '[' opening a row, found ']"},
      {"[[]]\t[0, 0]\t[0, 0]", "board[0][0] (line 1, column 3): expected an integer"},
      {"line 2\n[[1]] [0, 0] [0, 0]", "expected board"},
  };
  for (const auto& [input, expected] : cases) {
    const std::string message = error_of([&] { parse_board(input); });
    EXPECT_NE(message.find(expected), std::string::npos) << input << "\n  gave: " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
  }
  // More than 128 cells is refused at the value that passes the limit.
  std::string big = "[";
  for (int r = 0; r < 12; ++r) big += std::string(r == 0 ? "" : ",") + "[1,1,1,1,1,1,1,1,1,1,1,1]";
  big += "] [0, 0] [0, 1]";
  EXPECT_NE(error_of([&] { parse_board(big); }).find("board[10][8]"), std::string::npos)
      << error_of([&] { parse_board(big); });
}

TEST(FootholdsInput, APastedTestCaseRowAndBraceLiteralsAreRead) {
  // A whole row of the site's test-case table: the result column is dropped
  // (whatever it says: the answer is boardsearch's to find).
  EXPECT_EQ(answer_of("[[1,1,1],[1,1,1],[1,1,1]]\t[1,0]\t[1,2]\t5"), "5\n");
  EXPECT_EQ(answer_of("[[1, 1, 1], [1, 0, 1], [1, 1, 1]]\t[1, 0]\t[1, 2]\t4\n"), "4\n");
  EXPECT_EQ(answer_of("[[1, 1, 1, 1, 1]] [0, 0] [0, 4] 99"), "4\n");
  EXPECT_EQ(answer_of("board = [[1]], aloc = [0, 0], bloc = [0, 0], 0"), "0\n");
  // C++ and Java brace literals, with or without the names.
  EXPECT_EQ(answer_of("{{1,1,1},{1,1,1}} {1,0} {1,2}"), answer_of("[[1,1,1],[1,1,1]] [1,0] [1,2]"));
  EXPECT_EQ(answer_of("{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}\t{1, 0}\t{1, 2}\t5"), "5\n");
  EXPECT_EQ(answer_of("board = {{1, 1, 1, 1, 1}}, aloc = {0, 0}, bloc = {0, 4}"), "4\n");
  // Each list closes by its own kind; lists of either kind may be mixed.
  EXPECT_EQ(answer_of("{[1, 1, 1], {1, 0, 1}, [1, 1, 1]} [1, 0] {1, 2}"), "4\n");
}

TEST(FootholdsInput, MessagesCountBoardRowsAndColumnsFromZeroAsTheExplanationDoes) {
  // The explanation names cells (row,column) from 0, as Programmers' aloc
  // and bloc do; the messages count the board's rows and columns the same
  // way, and input lines from 1.
  const app::SolveReport report = puzzle().solve(request_of("2 2\n1 1\n1 1\n1 0\n0 1\n"));
  EXPECT_NE(report.explanation.find("A at (1,0), B at (0,1)"), std::string::npos) << report.explanation;
  EXPECT_NE(error_of([&] {
              parse_board("2 2\n1 1\n1 1\n2 0\n0 1\n");
            }).find("line 4, field 1: row of A (counted from 0) must be in [0, 1], found 2"),
            std::string::npos)
      << error_of([&] { parse_board("2 2\n1 1\n1 1\n2 0\n0 1\n"); });
  EXPECT_NE(error_of([&] { parse_board("2 2\n1 1\n"); }).find("line 3: expected board row 1 (counted from 0"),
            std::string::npos)
      << error_of([&] { parse_board("2 2\n1 1\n"); });
  EXPECT_NE(error_of([&] { parse_board("2 2\n1 1\n1 0\n1 1\n0 1\n"); }).find("A stands at (1, 1)"), std::string::npos)
      << error_of([&] { parse_board("2 2\n1 1\n1 0\n1 1\n0 1\n"); });
}

TEST(FootholdsInput, LeadingBomIsIgnoredInBothForms) {
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_EQ(answer_of(bom + "3 3\n1 1 1\n1 1 1\n1 1 1\n1 0\n1 2\n"), "5\n");
  EXPECT_EQ(answer_of(bom + "[[1, 1, 1], [1, 1, 1], [1, 1, 1]]\t[1, 0]\t[1, 2]"), "5\n");
  // Line numbers still count from the line the BOM is on.
  EXPECT_NE(error_of([&] { parse_board(bom + "2 2\n1 1\n1 2\n0 0\n1 1\n"); }).find("line 3, field 2"),
            std::string::npos);
  // A BOM elsewhere is no blank.
  EXPECT_NE(error_of([&] { parse_board("3 3\n" + bom + "1 1 1\n"); }), "no error");
}

TEST(FootholdsInput, StrictTakesBoardsUpToFiveByFiveOnly) {
  const app::OptionValues none;
  const auto full = [](int rows, int cols) {
    Board board;
    board.rows = rows;
    board.cols = cols;
    board.footholds.assign(static_cast<std::size_t>(rows * cols), 1);
    board.a = 0;
    board.b = rows * cols - 1;
    return board;
  };
  EXPECT_EQ(error_of([&] { check_strict(to_text(full(5, 5)), none); }), "no error");
  EXPECT_EQ(error_of([&] { check_strict(programmers_text(full(1, 5), {}), none); }), "no error");
  EXPECT_EQ(error_of([&] { check_strict(to_text(full(6, 2)), none); }),
            "line 1: the board is 6 x 2, outside the judge's limit 1 <= R, C (board rows, columns) <= 5 "
            "(Programmers 92345)");
  EXPECT_EQ(error_of([&] { check_strict("\n\n" + to_text(full(2, 6)), none); }).rfind("line 3: the board is 2 x 6", 0),
            0u);
  EXPECT_EQ(
      error_of([&] { check_strict(programmers_text(full(3, 7), {}), none); }).rfind("board: the board is 3 x 7", 0),
      0u);
  // Bad input is the parser's message, not a limit.
  EXPECT_EQ(error_of([&] { check_strict("9 9\n", none); }).rfind("line 2", 0), 0u);
  // The puzzle declares it, so the front ends find it.
  EXPECT_EQ(puzzle().check_strict, &check_strict);
}

TEST(FootholdsInput, ExplanationSaysOneFootholdInTheSingular) {
  const app::SolveReport report = puzzle().solve(request_of("1 5\n1 1 1 1 1\n0 0\n0 4\n"));
  EXPECT_NE(report.explanation.find("1 foothold left"), std::string::npos) << report.explanation;
  EXPECT_EQ(report.explanation.find("1 footholds"), std::string::npos) << report.explanation;
  EXPECT_NE(report.explanation.find("2 footholds left"), std::string::npos) << report.explanation;
  const app::SolveReport single = puzzle().solve(request_of("1 1\n1\n0 0\n0 0\n"));
  EXPECT_NE(single.explanation.find("1 foothold, A to move"), std::string::npos) << single.explanation;
}

// A full 7 x 7 board, A in the centre, B in a corner: long enough that the
// progress callback, fired at every poll (every 4,096 nodes) with a zero
// interval, runs both before the winner is proven (10 times) and after (36).
constexpr std::string_view kFull7x7 =
    "7 7\n1 1 1 1 1 1 1\n1 1 1 1 1 1 1\n1 1 1 1 1 1 1\n1 1 1 1 1 1 1\n1 1 1 1 1 1 1\n1 1 1 1 1 1 1\n"
    "1 1 1 1 1 1 1\n3 3\n0 0\n";

TEST(FootholdsInput, ProgressSaysTheWinnerOnceProvenAndTheRangeOfTheAnswer) {
  std::vector<std::string> known;
  app::SolveRequest request = request_of(kFull7x7);
  request.limits.progress_interval = std::chrono::milliseconds(0);
  request.limits.on_progress = [&known](const core::Progress& p) { known.push_back(p.known); };
  const app::SolveReport report = puzzle().solve(request);
  ASSERT_FALSE(known.empty());
  EXPECT_EQ(known.front(), "the winner is not known yet");
  // Once proven, the winner is the real one and the range holds the answer.
  const int answer = std::stoi(report.answer);
  const char winner = answer % 2 == 1 ? 'A' : 'B';
  bool saw_winner = false;
  for (const std::string& text : known) {
    if (text == "the winner is not known yet") {
      EXPECT_FALSE(saw_winner) << "the winner was forgotten";
      continue;
    }
    saw_winner = true;
    EXPECT_EQ(text.rfind(fmt::format("proven: {} wins", winner), 0), 0u) << text;
    int fewest = 0;
    int most = 0;
    if (std::sscanf(text.c_str() + 14, ", after %d to %d moves", &fewest, &most) == 2) {
      EXPECT_LE(fewest, answer) << text;
      EXPECT_GE(most, answer) << text;
    } else {
      EXPECT_EQ(text, fmt::format("proven: {} wins after {} moves; finding the line", winner, answer));
    }
  }
  EXPECT_TRUE(saw_winner) << known.size() << " progress reports, none after the sign probe";
}

TEST(FootholdsInput, SolverProgressRangeNarrowsToTheAnswer) {
  // Straight from the solver: the final range is the answer itself.
  SolveProgress progress;
  const Board board = parse_board(kFull7x7);
  const auto result = solve_board(board, {}, {}, &progress);
  ASSERT_TRUE(result.proven());
  EXPECT_EQ(progress.winner, *result.value % 2 == 1 ? 'A' : 'B');
  EXPECT_EQ(progress.fewest, *result.value);
  EXPECT_EQ(progress.most, *result.value);
}

}  // namespace
}  // namespace boardsearch::footholds
