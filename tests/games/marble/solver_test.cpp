// The marble escape search: the samples under the four judges, the traps of
// the puzzle page, thousands of random judge-sized boards against the plain
// simulation (answer, and the line replayed under the plain rules), and the
// limits (nodes, time, cancellation, memory).

#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "games/marble/random_boards.hpp"
#include "games/marble/test_support.hpp"

namespace boardsearch::marble::testing {
namespace {

using core::Direction;

Board sample(int number) { return parse_board(read_text(sample_path(number, "in"))); }
int sample_answer(int number) { return std::stoi(read_text(sample_path(number, "out"))); }

TEST(MarbleSolver, SamplesOf13460) {
  for (int number = 1; number <= kSampleCount; ++number)
    EXPECT_EQ(checked_answer(sample(number), kJudgeMaxTilts), sample_answer(number)) << "sample " << number;
}

TEST(MarbleSolver, SamplesUnderTheOtherJudges) {
  for (int number = 1; number <= kSampleCount; ++number) {
    const Board board = sample(number);
    const int answer = sample_answer(number);
    // 13459: 1 if possible within 10 tilts.
    const Solution within_ten = solve(board, kJudgeMaxTilts, core::SearchLimits{});
    EXPECT_EQ(within_ten.search.value.has_value(), answer != -1) << "sample " << number;
    // 15644: the line replays to success in exactly the printed number of tilts.
    if (answer != -1) {
      EXPECT_EQ(within_ten.search.line.size(), static_cast<std::size_t>(answer));
      EXPECT_TRUE(plain_line_succeeds(board, within_ten.search.line)) << letters(within_ten.search.line);
    }
    // 15653: no limit; equals the plain state search.
    EXPECT_EQ(checked_answer(board, std::nullopt), plain_fewest_tilts_unlimited(board)) << "sample " << number;
  }
  // Sample 01 has one optimal line only: right.
  EXPECT_EQ(letters(solve(sample(1), kJudgeMaxTilts, core::SearchLimits{}).search.line), "R");
  // Samples 04 and 06 stay impossible without a limit (06: red cannot reach
  // the hole without blue behind it).
  EXPECT_EQ(checked_answer(sample(4), std::nullopt), -1);
  EXPECT_EQ(checked_answer(sample(6), std::nullopt), -1);
}

TEST(MarbleSolver, TrapBothMarblesFallingIsAFailure) {
  EXPECT_EQ(checked_answer(parse_board("3 6\n######\n#ORB.#\n######\n"), std::nullopt), -1);
  EXPECT_EQ(checked_answer(parse_board("6 3\n###\n#R#\n#B#\n#.#\n#O#\n###\n"), std::nullopt), -1);
  // Blue in front of red towards the hole: never.
  EXPECT_EQ(checked_answer(parse_board("3 7\n#######\n#.OBR.#\n#######\n"), std::nullopt), -1);
}

TEST(MarbleSolver, TrapTheMarbleBehindStopsOneCellShort) {
  // Right: red takes the cell above the hole, blue stops one short; then
  // down drops red alone. Down first would line them up for a double fall.
  const Board row = parse_board("4 5\n#####\n#BR.#\n#..O#\n#####\n");
  EXPECT_EQ(checked_answer(row, kJudgeMaxTilts), 2);
  EXPECT_EQ(letters(solve(row, kJudgeMaxTilts, core::SearchLimits{}).search.line), "RD");
  const Board column = parse_board("5 4\n####\n#B.#\n#R.#\n#.O#\n####\n");
  EXPECT_EQ(checked_answer(column, kJudgeMaxTilts), 2);
  EXPECT_EQ(letters(solve(column, kJudgeMaxTilts, core::SearchLimits{}).search.line), "DR");
}

TEST(MarbleSolver, TrapTheBlueMarbleStopsTheRedOneWhereNoWallDoes) {
  // Right: red stops at column 3 against blue, above the hole; alone it
  // would roll to column 4 where no hole is below.
  const Board board = parse_board("4 6\n######\n#R..B#\n##.O##\n######\n");
  EXPECT_EQ(checked_answer(board, kJudgeMaxTilts), 2);
  EXPECT_EQ(letters(solve(board, kJudgeMaxTilts, core::SearchLimits{}).search.line), "RD");
}

TEST(MarbleSolver, TrapATiltThatChangesNothingIsNotCounted) {
  // Left and up move nothing; right drops red (blue is beyond the hole).
  const Board board = parse_board("3 7\n#######\n#R.O.B#\n#######\n");
  EXPECT_EQ(checked_answer(board, kJudgeMaxTilts), 1);
  // A board where nothing ever moves in any useful way: every tilt is a
  // no-op or fails; the search ends with the start pair only.
  const Board stuck = parse_board("3 5\n#####\n#ROB#\n#####\n");
  const Solution solution = solve(stuck, std::nullopt, core::SearchLimits{});
  EXPECT_EQ(solution.search.value, 1);  // right: red falls, blue stays
  const Board boxed = parse_board("5 5\n#####\n#R#B#\n#####\n#.O.#\n#####\n");
  const Solution none = solve(boxed, std::nullopt, core::SearchLimits{});
  EXPECT_TRUE(none.search.proven());
  EXPECT_EQ(none.search.value, std::nullopt);
  EXPECT_EQ(none.states, 1u);
  EXPECT_EQ(none.search.stats.nodes, 1u);
}

TEST(MarbleSolver, TiltLimitCountsEveryTilt) {
  const Board board = sample(2);  // 5 tilts
  EXPECT_EQ(checked_answer(board, 0), -1);
  EXPECT_EQ(checked_answer(board, 4), -1);
  EXPECT_EQ(checked_answer(board, 5), 5);
  EXPECT_EQ(checked_answer(board, 1000), 5);
  EXPECT_EQ(solve(board, 0, core::SearchLimits{}).search.stats.nodes, 0u);
}

TEST(MarbleSolver, EqualsThePlainSimulationOnRandomJudgeBoards) {
  core::SplitMix64 rng(0xB1A5'0001);
  const int boards = scaled(10000);
  int solvable = 0;
  for (int b = 0; b < boards; ++b) {
    const Board board = random_judge_board(rng);
    // Mostly the judge's 10, sometimes a smaller limit.
    const int max_tilts = rng.below(4) == 0 ? static_cast<int>(rng.below(kJudgeMaxTilts + 1)) : kJudgeMaxTilts;
    const PlainAnswer plain = plain_fewest_tilts(board, max_tilts);
    const int answer = checked_answer(board, max_tilts);
    ASSERT_EQ(answer, plain.tilts) << "K = " << max_tilts << " on\n" << judge_text(board);
    if (answer != -1) ++solvable;
  }
  // The generator must make both kinds (else the comparison proves little).
  EXPECT_GT(solvable, boards / 5);
  EXPECT_LT(solvable, boards - boards / 10);
}

TEST(MarbleSolver, UnlimitedEqualsThePlainStateSearchOnRandomBoards) {
  core::SplitMix64 rng(0xB1A5'0002);
  const int boards = scaled(3000);
  int beyond_ten = 0;
  for (int b = 0; b < boards; ++b) {
    // Up to 15 x 15 here: more room for lines longer than 10 tilts.
    const int rows = 4 + static_cast<int>(rng.below(12)), cols = 4 + static_cast<int>(rng.below(12));
    const Board board = random_board(rng, rows, cols, static_cast<int>(rng.below(45)));
    const int answer = checked_answer(board, std::nullopt);
    ASSERT_EQ(answer, plain_fewest_tilts_unlimited(board)) << judge_text(board);
    if (answer > kJudgeMaxTilts) ++beyond_ten;
  }
  EXPECT_GT(beyond_ten, 0);
}

TEST(MarbleSolver, NodeLimitStopsWithNodeLimit) {
  // A 60 x 60 board whose hole is walled in: the search would visit every
  // reachable pair.
  core::SplitMix64 rng(3);
  Board board = random_board(rng, 60, 60, 10);
  for (const Direction direction : core::kDirections) board.wall[board.step(board.hole, direction)] = 1;
  board.wall[board.red] = board.wall[board.blue] = 0;
  const Solution full = solve(board, std::nullopt, core::SearchLimits{});
  ASSERT_TRUE(full.search.proven());
  ASSERT_GT(full.search.stats.nodes, 1000u);
  for (const std::uint64_t max_nodes : {1ull, 100ull, 999ull}) {
    core::SearchLimits limits;
    limits.max_nodes = max_nodes;
    const Solution stopped = solve(board, std::nullopt, limits);
    EXPECT_EQ(stopped.search.outcome, core::Outcome::node_limit);
    EXPECT_LE(stopped.search.stats.nodes, max_nodes + 1);
    EXPECT_FALSE(stopped.search.value);
    EXPECT_TRUE(stopped.search.line.empty());
  }
  core::SearchLimits enough;
  enough.max_nodes = full.search.stats.nodes;
  EXPECT_TRUE(solve(board, std::nullopt, enough).search.proven());
}

TEST(MarbleSolver, DeadlineAndCancellationStopTheSearch) {
  const Board board = sample(2);
  core::SearchLimits past;
  past.deadline = core::Clock::now() - std::chrono::seconds(1);
  EXPECT_EQ(solve(board, std::nullopt, past).search.outcome, core::Outcome::time_limit);
  std::atomic<bool> cancel{true};
  core::SearchLimits cancelled;
  cancelled.cancel = &cancel;
  EXPECT_EQ(solve(board, std::nullopt, cancelled).search.outcome, core::Outcome::cancelled);
}

TEST(MarbleSolver, MemoryBudgetStopsWithMemoryLimit) {
  core::SplitMix64 rng(11);
  const Board board = random_board(rng, 300, 300, 10);
  const Solution full = solve(board, std::nullopt, core::SearchLimits{});
  ASSERT_TRUE(full.search.proven());
  // The tables alone (4 stops of 4 bytes per cell) do not fit: stopped at once.
  const Solution none = solve(board, std::nullopt, core::SearchLimits{}, 1000);
  EXPECT_EQ(none.search.outcome, core::Outcome::memory_limit);
  EXPECT_EQ(none.search.stats.nodes, 0u);
  // Half of what the full search held: stopped on the way, within budget.
  const std::size_t budget = full.memory_bytes / 2;
  const Solution half = solve(board, std::nullopt, core::SearchLimits{}, budget);
  EXPECT_EQ(half.search.outcome, core::Outcome::memory_limit);
  EXPECT_LE(half.memory_bytes, budget);
  EXPECT_FALSE(half.search.value);
  // Exactly what it held: enough.
  EXPECT_TRUE(solve(board, std::nullopt, core::SearchLimits{}, full.memory_bytes).search.proven());
}

TEST(MarbleSolver, BigBoardsKeepMemoryToTheStatesReached) {
  // A 1000 x 1000 board: 10^12 pairs, of which the search holds only those
  // reached. With a 64 MB budget it either finishes or stops within it.
  core::SplitMix64 rng(12);
  const Board board = random_board(rng, kMaxSide, kMaxSide, 20);
  constexpr std::size_t kBudget = std::size_t{64} << 20;
  const Solution solution = solve(board, std::nullopt, core::SearchLimits{}, kBudget);
  EXPECT_TRUE(solution.search.proven() || solution.search.outcome == core::Outcome::memory_limit)
      << core::to_string(solution.search.outcome);
  EXPECT_LE(solution.memory_bytes, kBudget);
  if (solution.search.value) {
    EXPECT_TRUE(plain_line_succeeds(board, solution.search.line));
  }
  // The stop tables (16 bytes per cell) plus at most 8 + 21 bytes per state
  // (a layer entry and a visited slot at load >= 3/8), doubled while one grows.
  const std::size_t tables = 16 * static_cast<std::size_t>(board.cell_count());
  EXPECT_LE(solution.memory_bytes, tables + 2 * 29 * solution.states + (std::size_t{1} << 16));
  EXPECT_GT(solution.states, 1000u);
}

}  // namespace
}  // namespace boardsearch::marble::testing
