// The table of entered boards (table.hpp) on its own: every recorded
// board is found with the most moves it was recorded with, across the move
// of the arena from its first block to the whole reservation, and nothing
// else is found; a full budget takes no more boards; forgotten boards and a
// new budget.

#include "games/2048/table.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"

namespace boardsearch::game2048 {
namespace {

// Board i of a family of distinct 20 x 20 boards: i's digits in base 11 as
// the exponents of the first cells, the rest random (a collision of the
// random part cannot make two boards equal).
Board numbered_board(int i, core::SplitMix64& rng) {
  Board board(20);
  int rest = i;
  for (int cell = 0; cell < 6; ++cell, rest /= 11) board.set(0, cell, static_cast<Exponent>(rest % 11));
  for (int row = 1; row < 20; ++row)
    for (int col = 0; col < 20; ++col) board.set(row, col, static_cast<Exponent>(rng.below(4)));
  board.set(19, 19, 1);  // at least one tile
  return board;
}

TEST(SeenBoards, FindsEveryBoardAcrossTheArenasMove) {
  core::SplitMix64 rng(2048);
  std::vector<Board> boards;
  const int count = 3000;  // 3,000 x 400 bytes: well past the first block
  ASSERT_GT(static_cast<std::size_t>(count) * 400, SeenBoards::kFirstArenaBytes);
  for (int i = 0; i < count; ++i) boards.push_back(numbered_board(i, rng));
  SeenBoards seen(400, std::size_t{64} << 20);
  EXPECT_LE(seen.arena_capacity(), SeenBoards::kFirstArenaBytes);
  for (int i = 0; i < count; ++i) {
    const Board& board = boards[static_cast<std::size_t>(i)];
    seen.record(board, hash_board(board), i % 7);
    // Recorded again with fewer moves: the larger count stays.
    seen.record(board, hash_board(board), (i % 7) - 1);
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(count));
  EXPECT_GT(seen.arena_capacity(), SeenBoards::kFirstArenaBytes);
  for (int i = 0; i < count; ++i) {
    const Board& board = boards[static_cast<std::size_t>(i)];
    EXPECT_EQ(seen.moves_left(board, hash_board(board)), i % 7) << i;
  }
  // More moves raise the count.
  seen.record(boards[5], hash_board(boards[5]), 100);
  EXPECT_EQ(seen.moves_left(boards[5], hash_board(boards[5])), 100);
  // A count past 32 bits is kept as 2^31 - 1: less than it was, never more.
  seen.record(boards[6], hash_board(boards[6]), 1LL << 40);
  EXPECT_EQ(seen.moves_left(boards[6], hash_board(boards[6])), INT32_MAX);
  // Boards never recorded, also under the hash of a recorded one.
  const Board other = numbered_board(count, rng);
  EXPECT_EQ(seen.moves_left(other, hash_board(other)), -1);
  EXPECT_EQ(seen.moves_left(other, hash_board(boards[7])), -1);
}

TEST(SeenBoards, AFullBudgetTakesNoMoreBoards) {
  core::SplitMix64 rng(7);
  // Room for 100 boards of 400 cells.
  const std::size_t per_board = SeenBoards::bytes_per_board(400);
  SeenBoards seen(400, 100 * per_board + per_board / 2);
  std::vector<Board> boards;
  for (int i = 0; i < 150; ++i) boards.push_back(numbered_board(i, rng));
  for (const Board& board : boards) seen.record(board, hash_board(board), 3);
  EXPECT_EQ(seen.size(), 100U);
  for (int i = 0; i < 150; ++i)
    EXPECT_EQ(seen.moves_left(boards[static_cast<std::size_t>(i)], hash_board(boards[static_cast<std::size_t>(i)])),
              i < 100 ? 3 : -1)
        << i;
}

// What the parallel search's trial does to its table (problem.hpp,
// "Threads"): forgotten boards answer -1 and the others keep their counts;
// a forgotten board recorded again gets its new count, not the old one; a
// new budget is taken only when the boards stored fit it, and then bounds
// the boards to come.
TEST(SeenBoards, ForgetsBoardsAndTakesANewBudget) {
  core::SplitMix64 rng(17);
  const std::size_t per_board = SeenBoards::bytes_per_board(400);
  SeenBoards seen(400, 100 * per_board);
  std::vector<Board> boards;
  for (int i = 0; i < 60; ++i) boards.push_back(numbered_board(i, rng));
  auto moves_of = [&](int i) {
    return seen.moves_left(boards[static_cast<std::size_t>(i)], hash_board(boards[static_cast<std::size_t>(i)]));
  };
  for (int i = 0; i < 40; ++i)
    seen.record(boards[static_cast<std::size_t>(i)], hash_board(boards[static_cast<std::size_t>(i)]), 9);
  for (int i = 0; i < 40; i += 3)
    seen.forget(boards[static_cast<std::size_t>(i)], hash_board(boards[static_cast<std::size_t>(i)]));
  seen.forget(boards[50], hash_board(boards[50]));  // never recorded: nothing happens
  for (int i = 0; i < 60; ++i) EXPECT_EQ(moves_of(i), i >= 40 ? -1 : i % 3 == 0 ? -1 : 9) << i;
  seen.record(boards[3], hash_board(boards[3]), 2);
  EXPECT_EQ(moves_of(3), 2);
  EXPECT_EQ(seen.size(), 40U);  // a forgotten board keeps its place
  EXPECT_FALSE(seen.rebudget(39 * per_board));
  EXPECT_TRUE(seen.rebudget(42 * per_board));
  for (int i = 40; i < 60; ++i)
    seen.record(boards[static_cast<std::size_t>(i)], hash_board(boards[static_cast<std::size_t>(i)]), 5);
  EXPECT_EQ(seen.size(), 42U);
  EXPECT_EQ(moves_of(41), 5);
  EXPECT_EQ(moves_of(42), -1);
}

}  // namespace
}  // namespace boardsearch::game2048
