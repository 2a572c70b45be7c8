// Tests of the tour solver: samples and traps, the optimized search against
// the plain DFS on thousands of random boards, open boards, replays of the
// reported tours, apply/undo conformance, and input errors.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/conformance.hpp"
#include "games/tour/board_analysis.hpp"
#include "games/tour/generators.hpp"
#include "games/tour/parse.hpp"
#include "games/tour/plain_dfs.hpp"
#include "games/tour/puzzle.hpp"
#include "games/tour/replay.hpp"
#include "games/tour/search.hpp"
#include "support/limit_message.hpp"
#include "support/read_file.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::tour {
namespace {

using testing::expect_tour_replays;
using testing::Rows;

using boardsearch::testing::sanitized;

Board to_board(const Rows& rows) { return parse_boards(testing::case_text(rows)).front(); }

app::SolveReport run(const std::string& input) {
  app::SolveRequest request{input, {}, {}};
  return puzzle().solve(request);
}

using boardsearch::testing::read_file;

int solve_steps(const Rows& rows, PruningOptions pruning = {}) {
  const TourResult result = solve_tour(to_board(rows), {}, pruning);
  EXPECT_TRUE(result.search.proven());
  return result.search.value.value_or(-1);
}

TEST(Tour, SamplesMatchTheJudgeOutput) {
  const std::string dir = std::string(BOARDSEARCH_TOUR_DATA);
  // 01: the public sample; 02: the traps and walk boards, answers from the plain DFS.
  for (const char* name : {"01", "02"}) {
    const auto report = run(read_file(dir + "/" + name + ".in"));
    EXPECT_EQ(report.answer, read_file(dir + "/" + name + ".out")) << name;
  }
}

TEST(Tour, TrapsFromThePuzzlePage) {
  // Non-square boards: loop over M columns, not N.
  EXPECT_EQ(run("2 5\n.....\n.....\n").answer, "Case 1: 3\n");
  EXPECT_EQ(run("5 2\n..\n..\n..\n..\n..\n").answer, "Case 1: 3\n");
  EXPECT_EQ(run("1 7\n.......\n").answer, "Case 1: 1\n");
  EXPECT_EQ(run("6 1\n.\n.\n*\n.\n.\n.\n").answer, "Case 1: -1\n");
  // A single empty cell needs 0 steps; no empty cell at all has no tour.
  EXPECT_EQ(run("2 2\n**\n*.\n").answer, "Case 1: 0\n");
  EXPECT_EQ(run("1 1\n.\n").answer, "Case 1: 0\n");
  EXPECT_EQ(run("2 3\n***\n***\n").answer, "Case 1: -1\n");
  // A zero-cell step is not a step (and does not end the game): from the
  // corner of an L the ball cannot move right, it goes down instead.
  EXPECT_EQ(run("2 2\n..\n*.\n").answer, "Case 1: 2\n");
  // The game must end with every cell visited: a plus or a T has too many
  // dead ends; a ring needs four steps (three leave a side unvisited).
  EXPECT_EQ(run("3 3\n*.*\n...\n*.*\n").answer, "Case 1: -1\n");
  EXPECT_EQ(run("3 3\n*.*\n...\n***\n").answer, "Case 1: -1\n");
  EXPECT_EQ(run("3 3\n...\n.*.\n...\n").answer, "Case 1: 4\n");
  // Disconnected empty cells.
  EXPECT_EQ(run("1 3\n.*.\n").answer, "Case 1: -1\n");
  // Every trap board above agrees with the plain DFS.
  for (const Rows& rows : std::vector<Rows>{{"..", "*."},
                                            {"*.*", "...", "*.*"},
                                            {"*.*", "...", "***"},
                                            {"...", ".*.", "..."},
                                            {".....", "....."},
                                            {".*."}})
    EXPECT_EQ(solve_steps(rows), reference::PlainDfs(rows).solve().steps) << testing::case_text(rows);
}

TEST(Tour, ManyCasesInOneInputAnswerInOrder) {
  core::SplitMix64 rng(2024);
  std::string input, expected;
  for (int k = 1; k <= 60; ++k) {
    const int n = 1 + static_cast<int>(rng.below(6));
    const int m = 1 + static_cast<int>(rng.below(6));
    const Rows rows = testing::random_board(rng, n, m, static_cast<int>(rng.below(30)));
    input += testing::case_text(rows);
    if (k % 3 == 0) input += "\n";  // blank lines between cases are allowed
    expected += "Case " + std::to_string(k) + ": " + std::to_string(reference::PlainDfs(rows).solve().steps) + "\n";
  }
  EXPECT_EQ(run(input).answer, expected);
}

TEST(Tour, OptimizedEqualsPlainDfsOnThousandsOfRandomBoardsUpTo7x7) {
  core::SplitMix64 rng(99);
  const int rounds = sanitized() ? 600 : 4000;
  int tours = 0;
  for (int round = 0; round < rounds; ++round) {
    const int n = 1 + static_cast<int>(rng.below(7));
    const int m = 1 + static_cast<int>(rng.below(7));
    const Rows rows = testing::random_board(rng, n, m, static_cast<int>(rng.below(35)));
    const int expected = reference::PlainDfs(rows).solve().steps;
    const TourResult result = solve_tour(to_board(rows));
    ASSERT_TRUE(result.search.proven());
    ASSERT_EQ(result.search.value.value_or(-1), expected) << testing::case_text(rows);
    if (result.search.value) {
      ++tours;
      expect_tour_replays(rows, result);
    }
  }
  EXPECT_GT(tours, rounds / 10);  // the boards are not all hopeless
}

TEST(Tour, EachPruningAloneEqualsPlainDfs) {
  core::SplitMix64 rng(7);
  const int rounds = sanitized() ? 150 : 1000;
  const PruningOptions variants[] = {{true, false, false, false},
                                     {false, true, false, false},
                                     {false, false, true, false},
                                     {false, false, false, true},
                                     {false, false, false, false}};
  for (int round = 0; round < rounds; ++round) {
    const int n = 2 + static_cast<int>(rng.below(5));
    const int m = 2 + static_cast<int>(rng.below(5));
    const Rows rows = testing::random_board(rng, n, m, static_cast<int>(rng.below(25)));
    const int expected = reference::PlainDfs(rows).solve().steps;
    for (const PruningOptions& variant : variants)
      ASSERT_EQ(solve_steps(rows, variant), expected) << testing::case_text(rows);
  }
}

TEST(Tour, WalkGeneratedBoardsHaveTheToursPlainDfsFinds) {
  core::SplitMix64 rng(5);
  const int rounds = sanitized() ? 100 : 600;
  for (int round = 0; round < rounds; ++round) {
    const Rows rows = testing::walk_board(rng, 2 + static_cast<int>(rng.below(6)), 2 + static_cast<int>(rng.below(6)));
    const TourResult result = solve_tour(to_board(rows));
    ASSERT_TRUE(result.search.value.has_value()) << "the walk itself is a tour";
    ASSERT_EQ(*result.search.value, reference::PlainDfs(rows).solve().steps) << testing::case_text(rows);
    expect_tour_replays(rows, result);
  }
}

// The known result 2 * min(N, M) - 1 holds for every open board but 1 x 1
// (a single cell needs 0 steps). Checked against the plain DFS first on
// small boards, then with the optimized search up to 12 x 12.
TEST(Tour, OpenBoardsNeedTwiceTheShortSideMinusOne) {
  for (int n = 1; n <= 5; ++n)
    for (int m = 1; m <= 5; ++m) {
      const Rows rows(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(m), '.'));
      const int expected = n == 1 && m == 1 ? 0 : 2 * std::min(n, m) - 1;
      ASSERT_EQ(reference::PlainDfs(rows).solve().steps, expected) << n << "x" << m;
    }
  const int largest = sanitized() ? 8 : 12;
  for (int n = 1; n <= largest; ++n)
    for (int m = 1; m <= largest; ++m) {
      const Rows rows(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(m), '.'));
      const TourResult result = solve_tour(to_board(rows));
      ASSERT_EQ(result.search.value.value_or(-1), n == 1 && m == 1 ? 0 : 2 * std::min(n, m) - 1) << n << "x" << m;
      expect_tour_replays(rows, result);
    }
}

TEST(Tour, ExplainLineReplaysToTheAnswer) {
  const auto report = run(read_file(std::string(BOARDSEARCH_TOUR_DATA) + "/01.in") + "1 3\n.*.\n");
  ASSERT_EQ(report.answer, "Case 1: 10\nCase 2: 3\nCase 3: -1\n");
  const int answers[] = {10, 3, -1};
  for (int k = 1; k <= 3; ++k) {
    std::vector<nlohmann::json> steps;
    for (const auto& step : report.line)
      if (step["case"] == k) steps.push_back(step);
    ASSERT_FALSE(steps.empty());
    EXPECT_TRUE(steps.front()["move"].is_null());
    if (answers[k - 1] < 0) {
      ASSERT_EQ(steps.size(), 1U);
      EXPECT_TRUE(steps.front()["board"]["ball"].is_null());
      EXPECT_NE(steps.front()["text"].get<std::string>().find("no tour"), std::string::npos);
      continue;
    }
    ASSERT_EQ(static_cast<int>(steps.size()), answers[k - 1] + 1);
    // The last step's order numbers every empty cell, the largest is the answer.
    const auto& last = steps.back()["board"];
    int largest = -1;
    for (std::size_t r = 0; r < last["rows"].size(); ++r)
      for (std::size_t c = 0; c < last["rows"][r].get<std::string>().size(); ++c) {
        const bool empty = last["rows"][r].get<std::string>()[c] == '.';
        EXPECT_EQ(empty, !last["order"][r][c].is_null());
        if (empty) largest = std::max(largest, last["order"][r][c].get<int>());
      }
    EXPECT_EQ(largest, answers[k - 1]);
    const auto& document_case = report.document["cases"][static_cast<std::size_t>(k - 1)];
    EXPECT_EQ(document_case["answer"], answers[k - 1]);
    EXPECT_EQ(document_case["directions"].size(), static_cast<std::size_t>(answers[k - 1]));
  }
  EXPECT_EQ(report.document["puzzle"], "tour");
  EXPECT_NE(report.explanation.find("directions: right down left"), std::string::npos);
}

TEST(Tour, WithoutTheViewerLineTheRestOfTheReportIsUnchanged) {
  // The CLI never shows the line; it is steps x cells per case, so a judge
  // file of many cases must not build it.
  const std::string input = read_file(std::string(BOARDSEARCH_TOUR_DATA) + "/01.in") + "1 3\n.*.\n";
  app::SolveRequest request{input, {}, {}};
  request.want_line = false;
  const app::SolveReport lean = puzzle().solve(request);
  const app::SolveReport full = run(input);
  EXPECT_TRUE(lean.line.empty());
  EXPECT_FALSE(full.line.empty());
  EXPECT_EQ(lean.answer, full.answer);
  EXPECT_EQ(lean.explanation, full.explanation);
  nlohmann::json lean_cases = lean.document["cases"], full_cases = full.document["cases"];
  for (auto* cases : {&lean_cases, &full_cases})
    for (auto& one : *cases) one.erase("ms");  // the only field that differs run to run
  EXPECT_EQ(lean_cases, full_cases);
}

// The rules of a step, walked cell by cell: the ball rolls over unvisited
// cells until the next one is not, and a step moves at least one cell.
bool legal_step(const TourProblem& state, const Move& move) {
  const Position& position = state.position();
  int length = 0;
  while (position.is_unvisited(shifted(position.ball(), move.direction, length + 1))) ++length;
  return length > 0 && length == move.length;
}

TEST(Tour, ApplyUndoRestoresTheSearchState) {
  core::SplitMix64 rng(11);
  std::size_t applied = 0;
  for (int round = 0; round < 100; ++round) {
    const Rows rows = testing::random_board(rng, 1 + static_cast<int>(rng.below(9)), 1 + static_cast<int>(rng.below(9)),
                                            static_cast<int>(rng.below(20)));
    const Board board = to_board(rows);
    for (int r = 0; r < board.rows; ++r)
      for (int c = 0; c < board.cols; ++c) {
        if (!board.is_empty(r, c)) continue;
        TourProblem problem(board, {r, c});
        applied += boardsearch::testing::check_apply_undo_restores(
            problem, 3, 64, rng.next(), [](const TourProblem& x, const TourProblem& y) { return x == y; }, legal_step);
      }
  }
  EXPECT_GT(applied, 1000U);
}

TEST(Tour, RestartAtEqualsAFreshProblem) {
  const Board board = to_board({"..*..", ".....", "*...."});
  TourProblem moved(board, {0, 0});
  for (int r = 0; r < board.rows; ++r)
    for (int c = 0; c < board.cols; ++c)
      if (board.is_empty(r, c)) {
        moved.restart_at({r, c});
        EXPECT_TRUE(moved == TourProblem(board, {r, c})) << r << "," << c;
      }
}

TEST(Tour, StaticChecksRejectBoardsWithThreeLeafBlocks) {
  // Three dead-end arms: more than two path endpoints needed.
  const BoardAnalysis arms = analyze_board(to_board({"*.*", "...", "*.*", "*.*"}));
  EXPECT_TRUE(arms.starts.empty());
  // Three 2x2 rooms hanging off a centre by one-cell corridors: three leaf
  // blocks although no cell has degree one.
  const Rows rooms = {"***..***", "***..***", "****.***", "..*..*..", "........"};
  const BoardAnalysis analysis = analyze_board(to_board(rooms));
  EXPECT_TRUE(analysis.degree_one.empty());
  EXPECT_EQ(analysis.leaf_blocks, 3);
  EXPECT_TRUE(analysis.starts.empty());
  EXPECT_EQ(reference::PlainDfs(rooms).solve().steps, -1);
  // Two degree-one cells: the tour starts on one of them.
  const BoardAnalysis corridor = analyze_board(to_board({"....", "*..*"}));
  EXPECT_EQ(corridor.starts.size(), 2U);
}

TEST(Tour, LargestBoardsParseAndSolve) {
  const Rows open(64, std::string(64, '.'));
  EXPECT_EQ(solve_steps(open), 127);
  Rows wall = open;
  wall[10][10] = '*';
  wall[0][1] = '*';
  wall[1][0] = '*';  // the corner cell (0, 0) is cut off
  EXPECT_EQ(solve_steps(wall), -1);
}

TEST(Tour, ALimitBecomesLimitErrorNeverAnAnswer) {
  app::SolveRequest request{"5 5\n**...\n.....\n....*\n..*..\n.....\n", {}, {}};
  request.limits.max_nodes = 20;  // the sample needs about 200 nodes
  EXPECT_THROW(puzzle().solve(request), app::LimitError);
  request.limits = {};
  request.limits.deadline = core::Clock::now();  // already passed
  EXPECT_THROW(puzzle().solve(request), app::LimitError);
  // A board the static checks settle needs no node at all.
  request.input = "1 3\n.*.\n";
  request.limits = {};
  request.limits.max_nodes = 1;
  EXPECT_EQ(puzzle().solve(request).answer, "Case 1: -1\n");
}

TEST(Tour, TheNodeLimitCoversTheWholeInputNotEachCase) {
  const std::string one_case = "5 5\n**...\n.....\n....*\n..*..\n.....\n";
  app::SolveRequest request{one_case, {}, {}};
  const std::uint64_t per_case = puzzle().solve(request).stats.nodes;
  ASSERT_GT(per_case, 2u);
  const std::string two_cases = one_case + one_case;  // the request only views its input
  request.input = two_cases;
  const app::SolveReport both = puzzle().solve(request);
  EXPECT_EQ(both.stats.nodes, 2 * per_case);
  EXPECT_EQ(both.document["cases"][1]["nodes"], per_case) << "each case reports its own nodes";
  request.limits.max_nodes = 2 * per_case;
  EXPECT_EQ(puzzle().solve(request).answer, both.answer);
  request.limits.max_nodes = per_case + per_case / 2;  // each case alone fits, both do not
  EXPECT_THROW(puzzle().solve(request), app::LimitError);
}

TEST(Tour, ANodeBudgetOfNStopsAtNodeNPlusOneAcrossAllCases) {
  // Four solvable walk boards: each needs a search, so a budget can run out
  // in any case, the first one or a later one.
  core::SplitMix64 rng(0x5EED);
  std::string input;
  std::vector<Board> boards;
  for (int k = 0; k < 4; ++k) {
    const Rows rows = testing::walk_board(rng, 12 + k, 14);
    input += testing::case_text(rows);
    boards.push_back(to_board(rows));
  }
  const std::uint64_t needed = run(input).stats.nodes;
  ASSERT_GT(needed, 100u);
  for (const std::uint64_t budget :
       {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{50}, needed / 4, needed / 2, needed - 1}) {
    app::SolveRequest request{input, {}, {}};
    request.limits.max_nodes = budget;
    try {
      puzzle().solve(request);
      ADD_FAILURE() << "a budget of " << budget << " nodes solved what needs " << needed;
    } catch (const app::LimitError& error) {
      EXPECT_EQ(boardsearch::testing::nodes_in_limit_message(error.what()), budget + 1) << error.what();
    }
    // The same through solve_tour with one control for every board.
    core::SearchLimits limits;
    limits.max_nodes = budget;
    core::SearchControl control(limits);
    TourResult last;
    for (const Board& board : boards) {
      last = solve_tour(board, control);
      if (!last.search.proven()) break;
    }
    EXPECT_EQ(last.search.outcome, core::Outcome::node_limit) << budget;
    EXPECT_EQ(last.search.stats.nodes, budget + 1) << "the node that crosses the budget is counted, no other";
  }
  app::SolveRequest enough{input, {}, {}};
  enough.limits.max_nodes = needed;
  EXPECT_EQ(puzzle().solve(enough).answer, run(input).answer);
}

void expect_input_error(const std::string& input, const std::string& fragment) {
  try {
    run(input);
    ADD_FAILURE() << "no error for: " << input;
  } catch (const app::InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(fragment), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(Tour, BadInputNamesLineAndField) {
  expect_input_error("", "line 1: expected a case header 'N M', found end of input (no cases)");
  expect_input_error("\n\n", "(no cases)");
  expect_input_error("2 2\n..\n", "line 3: expected row 2 of 2");
  expect_input_error("2 3\n...\n..\n", "line 3, field 1: row 2 has 2 characters, expected M = 3");
  expect_input_error("2 3\n...\n....\n", "row 2 has 4 characters");
  expect_input_error("2 2\n..\n.x\n", "line 3, field 1, column 2: expected '.' or '*', found 'x'");
  expect_input_error("2 2\n..\n\n..\n", "line 3: expected row 2 of 2 (2 characters '.' or '*'), found an empty line");
  expect_input_error("0 3\n", "line 1, field 1: the number of rows N must be in [1, 64], found 0");
  expect_input_error("3 65\n", "line 1, field 2: the number of columns M must be in [1, 64], found 65");
  expect_input_error("99999999999999999999 3\n", "line 1, field 1");
  expect_input_error("2\n", "line 1: expected a case header 'N M' (2 values), found 1 value");
  expect_input_error("1 1\n.\n..\n", "line 3: expected a case header 'N M', found a board row");
  expect_input_error("1 1\n.\nhello\n", "line 3, field 1: expected the number of rows N (an integer), found 'hello'");
  expect_input_error("1 1 1\n.\n", "found 3 values");
  expect_input_error("1 2\n. .\n", "line 2");
}

}  // namespace
}  // namespace boardsearch::tour
