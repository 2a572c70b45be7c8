// The count on the task farm (farm_count.hpp, threads backend): the empty
// board's counts and classes against the known table, random partial
// boards up to 9 x 9 against the plain oracle, the split into thousands of
// tasks. The MPI backend is tested through the CLI (farm_cli_test.sh).
#include "games/queens/farm_count.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>

#include "boardsearch/core/splitmix64.hpp"
#include "games/queens/format.hpp"
#include "games/queens/plain_oracle.hpp"

namespace boardsearch::queens {
namespace {

TEST(QueensFarm, EmptyBoardsGiveTheKnownCountsAndClassesOnThreads) {
  constexpr std::array<const char*, 13> kCounts = {"1",  "0",   "0",   "2",    "10",    "4",    "40",
                                                   "92", "352", "724", "2680", "14200", "73712"};
  constexpr std::array<const char*, 13> kClasses = {"1",  "0",  "0",  "1",   "2",    "1",   "6",
                                                    "12", "46", "92", "341", "1787", "9233"};
  for (int n = 1; n <= 13; ++n) {
    const FarmCounted counted = count_on_farm(empty_board(n), FarmRequest{"", 2, 0, false});
    ASSERT_TRUE(counted.complete);
    EXPECT_EQ(decimal(counted.counted.total), kCounts[static_cast<std::size_t>(n - 1)]) << n;
    EXPECT_EQ(decimal(counted.counted.classes.value()), kClasses[static_cast<std::size_t>(n - 1)]) << n;
    if (n >= 12) {
      EXPECT_GE(counted.tasks, 2000u) << "the farm's split should give thousands of tasks";
    }
  }
}

TEST(QueensFarm, RandomPartialBoardsUpTo9x9EqualThePlainOracle) {
  core::SplitMix64 rng(0x45);
  for (int i = 0; i < 200; ++i) {
    Board board = empty_board(1 + static_cast<int>(rng.below(9)));
    board.written_as_board = true;
    const std::uint64_t blocked_percent = rng.below(30);
    for (std::string& row : board.rows)
      for (char& cell : row)
        if (rng.below(100) < blocked_percent) cell = kBlocked;
    const std::uint64_t queens = rng.below(3);
    for (std::uint64_t q = 0; q < queens; ++q)
      board.rows[rng.below(static_cast<std::uint64_t>(board.n))][rng.below(static_cast<std::uint64_t>(board.n))] =
          kQueen;
    SCOPED_TRACE(judge_text(board));
    const FarmCounted counted = count_on_farm(board, FarmRequest{"", static_cast<std::size_t>(1 + i % 3), 0, false});
    EXPECT_EQ(decimal(counted.counted.total), std::to_string(testing::plain_completions(board).size()));
  }
}

}  // namespace
}  // namespace boardsearch::queens
