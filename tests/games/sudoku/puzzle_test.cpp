// The sudoku module through the contract: both judges' samples byte for
// byte, the answer checker (any completion for 2580), -1, clues that break
// the rules, the forms and sizes, --strict, --count and --max-count, --bulk,
// a limit's message.

#include "games/sudoku/puzzle.hpp"

#include <gtest/gtest.h>

#include <string>

#include "boardsearch/app/options.hpp"
#include "games/sudoku/format.hpp"
#include "games/sudoku/parse.hpp"

namespace boardsearch::sudoku::testing {
namespace {

app::SolveReport run(const std::string& input, const std::string& settings = "", std::uint64_t max_nodes = 0) {
  app::SolveRequest request{input, app::read_settings(puzzle().options, settings), {}};
  request.limits.threads = 1;
  request.limits.max_nodes = max_nodes;
  return puzzle().solve(request);
}

const std::string k2580 =
    "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n"
    "5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";
const std::string k2580Answer =
    "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n"
    "5 9 6 8 2 7 4 1 3\n9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n";
const std::string k2239 =
    "103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n";
const std::string k2239Answer =
    "143628579\n572139468\n986754231\n391542786\n468917352\n725863914\n237481695\n619275843\n854396127\n";

TEST(SudokuPuzzle, BothJudgesSamplesByteForByte) {
  EXPECT_EQ(run(k2580).answer, k2580Answer);
  EXPECT_EQ(run(k2239, "--judge 2239").answer, k2239Answer);
}

TEST(SudokuPuzzle, The2580CheckerAcceptsAnyCompletionInItsForm) {
  const std::string empty = grid_text(empty_grid(3), Style::spaced);
  const std::string one = run(empty).answer;
  const std::string smallest = grid_text(parse_grid(run(empty, "--judge 2239").answer).grid, Style::spaced);
  const app::OptionValues defaults;
  EXPECT_TRUE(puzzle().accepts(empty, defaults, one, smallest));
  EXPECT_TRUE(puzzle().accepts(empty, defaults, smallest, one));
  // Two numbers swapped breaks a row or a column; a clue changed; the wrong form; -1.
  std::string broken = one;
  std::swap(broken[0], broken[2]);
  EXPECT_FALSE(puzzle().accepts(empty, defaults, one, broken));
  EXPECT_FALSE(puzzle().accepts(k2580, defaults, k2580Answer, smallest));
  EXPECT_FALSE(puzzle().accepts(empty, defaults, one, run(empty, "--judge 2239").answer));
  EXPECT_FALSE(puzzle().accepts(empty, defaults, one, "-1\n"));
  // 2239 takes its one answer only.
  const app::OptionValues judge_2239 = app::read_settings(puzzle().options, "--judge 2239");
  EXPECT_FALSE(puzzle().accepts(k2239, judge_2239, k2239Answer, grid_text(parse_grid(one).grid, Style::compact)));
  EXPECT_TRUE(puzzle().accepts(k2239, judge_2239, k2239Answer, k2239Answer));
}

TEST(SudokuPuzzle, AGridWithoutCompletionPrintsMinusOne) {
  // Row 1 needs a 9 in its last cell, which column 9 already holds.
  const std::string input =
      "12345678.\n.........\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n";
  EXPECT_EQ(run(input).answer, "-1\n");
  EXPECT_EQ(run(input, "--judge 2239").answer, "-1\n");
  EXPECT_EQ(run(input, "--count").answer, "0\n");
}

TEST(SudokuPuzzle, CluesThatBreakTheRulesNameTheRowColumnOrBox) {
  const auto message = [](const std::string& input) {
    try {
      run(input);
    } catch (const app::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(
      message("5.......5\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n"),
      "line 1: the clues break the rules: row 1 holds 5 twice (columns 1 and 9; counted from 1)");
  EXPECT_EQ(
      message(".........\n..3......\n.........\n.........\n.........\n.........\n.........\n.........\n..3......\n"),
      "line 9: the clues break the rules: column 3 holds 3 twice (rows 2 and 9; counted from 1)");
  EXPECT_EQ(
      message(".........\n.........\n.........\n.........\n....7....\n...7.....\n.........\n.........\n.........\n"),
      "line 6: the clues break the rules: box 5 (rows 4-6, columns 4-6) holds 7 twice (row 5, column 5 and "
      "row 6, column 4; counted from 1)");
}

TEST(SudokuPuzzle, FormsAndSizes) {
  // The 81-character line, 4 x 4 compact and spaced, 16 x 16 spaced.
  const std::string line = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n";
  EXPECT_EQ(run(line).answer.size(), 9U * 18U);
  EXPECT_EQ(run("1...\n..2.\n....\n....\n", "--judge 2239").answer, "1234\n3421\n2143\n4312\n");
  EXPECT_EQ(run("1 0 0 0\n0 0 2 0\n0 0 0 0\n0 0 0 0\n").answer.size(), 4U * 8U);
  std::string sixteen;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) sixteen += c == 0 ? "0" : " 0";
    sixteen += "\n";
  }
  const std::string answer = run(sixteen, "--judge 2239").answer;
  EXPECT_EQ(answer.substr(0, answer.find('\n')), "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16");
}

TEST(SudokuPuzzle, BadInputIsOneLineNamingWhere) {
  for (const std::string input : {"x\n", "1 2 3\n", "123456789\n", "12345678x\n.........\n", "1 2 3 4\n1 2 3\n",
                                  "1 2 3 5\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "1...\n....\n....\n....\n....\n"}) {
    SCOPED_TRACE(input);
    try {
      run(input);
      ADD_FAILURE() << "accepted";
    } catch (const app::InputError& e) {
      EXPECT_NE(std::string(e.what()).find("line"), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
}

TEST(SudokuPuzzle, StrictTakesEachJudgesFormOnly) {
  const app::OptionValues defaults;
  const app::OptionValues judge_2239 = app::read_settings(puzzle().options, "--judge 2239");
  EXPECT_NO_THROW(puzzle().check_strict(k2580, defaults));
  EXPECT_NO_THROW(puzzle().check_strict(k2239, judge_2239));
  EXPECT_THROW(puzzle().check_strict(k2239, defaults), app::InputError);
  EXPECT_THROW(puzzle().check_strict(k2580, judge_2239), app::InputError);
  EXPECT_THROW(puzzle().check_strict("1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", defaults), app::InputError);
  EXPECT_THROW(puzzle().check_strict(k2580, app::read_settings(puzzle().options, "--count")), app::InputError);
}

TEST(SudokuPuzzle, CountAndMaxCount) {
  EXPECT_EQ(run(k2580, "--count").answer, "1\n");
  EXPECT_EQ(run("0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "--count").answer, "288\n");
  EXPECT_EQ(run(grid_text(empty_grid(3), Style::spaced), "--max-count 1000").answer, "at least 1000\n");
  // 4 x 4 with 288 completions and --max-count above it: the exact count.
  EXPECT_EQ(run("0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "--max-count 1000").answer, "288\n");
}

TEST(SudokuPuzzle, ALimitSaysWhatIsCounted) {
  try {
    run(grid_text(empty_grid(3), Style::spaced), "--count", 1000);
    ADD_FAILURE() << "no limit";
  } catch (const app::LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("node limit reached"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("completions counted so far"), std::string::npos) << e.what();
  }
}

TEST(SudokuPuzzle, BulkAnswersOneLineAGrid) {
  app::OptionValues options;
  options.set("bulk", app::OptionValue{
                          std::string("# a comment\n") +
                          "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9 hard\n"
                          "\n12345678." +
                          std::string(71, '.') + "9\n"});
  app::SolveRequest request{"", options, {}};
  const app::SolveReport report = puzzle().solve(request);
  EXPECT_EQ(report.answer.size(), 82U + 3U);
  EXPECT_EQ(report.answer.substr(82), "-1\n");
  EXPECT_EQ(report.document.at("grids"), 2);
  EXPECT_EQ(report.document.at("completed"), 1);
  options.set("bulk", app::OptionValue{std::string("1234\n")});
  EXPECT_THROW(puzzle().solve(app::SolveRequest{"", options, {}}), app::InputError);
}

TEST(SudokuPuzzle, JsonAndLineReplay) {
  const app::SolveReport report = run(k2580);
  EXPECT_EQ(check_report(k2580, {}, report), "");
  EXPECT_EQ(report.line.size(), 1U + 14U);  // the start, then the 14 empty cells
  app::SolveReport tampered = report;
  tampered.line.erase(tampered.line.end() - 1);
  EXPECT_NE(check_report(k2580, {}, tampered), "");
}

}  // namespace
}  // namespace boardsearch::sudoku::testing
