// The count split over threads gives the count of one thread, and one node
// budget stops every thread.

#include <gtest/gtest.h>

#include "games/queens/format.hpp"
#include "games/queens/parse.hpp"
#include "games/queens/search.hpp"

namespace boardsearch::queens::testing {
namespace {

Counted count(const Board& board, std::size_t threads, std::uint64_t max_nodes = 0) {
  core::SearchLimits limits;
  limits.threads = threads;
  limits.max_nodes = max_nodes;
  return count_completions(board, limits);
}

TEST(QueensParallel, N15OnThreadsIsTheKnownCount) {
  const Counted counted = count(empty_board(15), 4);
  EXPECT_EQ(decimal(counted.total), "2279184");
  EXPECT_EQ(decimal(*counted.classes), "285053");
}

TEST(QueensParallel, APartialBoardOnThreadsEqualsOneThread) {
  // 17 x 17 with two placed queens and a blocked cell: 15 free rows.
  Board board = empty_board(17);
  board.written_as_board = true;
  board.rows[3][5] = kQueen;
  board.rows[11][12] = kQueen;
  board.rows[7][2] = kBlocked;
  const Counted serial = count(board, 1);
  const Counted threaded = count(board, 3);
  ASSERT_TRUE(serial.proven());
  EXPECT_EQ(decimal(threaded.total), decimal(serial.total));
  EXPECT_EQ(threaded.first, serial.first);
}

TEST(QueensParallel, OneBudgetStopsEveryThread) {
  const Counted counted = count(empty_board(16), 4, 200'000);
  EXPECT_EQ(counted.outcome, core::Outcome::node_limit);
  EXPECT_LE(counted.stats.nodes, 200'000U + 4 * core::SearchControl::Worker::kFlushNodes + 1);
}

}  // namespace
}  // namespace boardsearch::queens::testing
