// The rules (rules.hpp; move_set.hpp makes them fast) against the puzzle
// page and the plain reference.
#include "games/2048/rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "games/2048/move_set.hpp"
#include "games/2048/plain_search.hpp"
#include "games/2048/random_boards.hpp"

namespace boardsearch::testing {
namespace {

using game2048::Board;
using game2048::Direction;
using game2048::Exponent;

// Slides one line given as exponents toward its first cell.
std::vector<Exponent> slide(std::vector<Exponent> line, bool* changed = nullptr) {
  std::vector<Exponent> out(line.size(), 99);
  game2048::TileCounts counts;
  for (Exponent e : line)
    if (e != 0) ++counts.count[e], ++counts.tiles;
  const bool moved = game2048::slide_line(line.data(), out.data(), 1, static_cast<int>(line.size()), counts);
  if (changed != nullptr) *changed = moved;
  return out;
}

TEST(Rules2048, PageExamplesMergeNearestTheWallFirst) {
  // 2 2 2 left -> 4 2 0; right -> 0 2 4 (the line read from the right wall).
  EXPECT_EQ(slide({1, 1, 1}), (std::vector<Exponent>{2, 1, 0}));
  Board row(3);
  for (int col = 0; col < 3; ++col) row.set(0, col, 1);
  Board right;
  ASSERT_TRUE(game2048::apply_move(row, Direction::right, right));
  EXPECT_EQ(right.at(0, 0), 0);
  EXPECT_EQ(right.at(0, 1), 1);
  EXPECT_EQ(right.at(0, 2), 2);
  // 2 2 2 2 left -> 4 4 0 0: a merged tile does not merge again.
  EXPECT_EQ(slide({1, 1, 1, 1}), (std::vector<Exponent>{2, 2, 0, 0}));
  // 2 2 4 left -> 4 4, and left again -> 8 (repeating a direction can help).
  EXPECT_EQ(slide({1, 1, 2}), (std::vector<Exponent>{2, 2, 0}));
  EXPECT_EQ(slide({2, 2, 0}), (std::vector<Exponent>{3, 0, 0}));
  // Empties between equal tiles do not stop a merge.
  EXPECT_EQ(slide({1, 0, 1}), (std::vector<Exponent>{2, 0, 0}));
  EXPECT_EQ(slide({3, 1, 0, 1, 2}), (std::vector<Exponent>{3, 2, 2, 0, 0}));
}

TEST(Rules2048, UnchangedIsReportedExactly) {
  bool changed = true;
  EXPECT_EQ(slide({1, 2, 0}, &changed), (std::vector<Exponent>{1, 2, 0}));
  EXPECT_FALSE(changed);
  slide({0, 1, 2}, &changed);
  EXPECT_TRUE(changed);
  slide({0, 0, 0}, &changed);
  EXPECT_FALSE(changed);
}

TEST(Rules2048, MovesEqualPlainReferenceOnRandomBoards) {
  core::SplitMix64 rng(2048);
  const int rounds = scaled(20000);
  for (int round = 0; round < rounds; ++round) {
    const int side = 1 + static_cast<int>(rng.below(7));
    const Board board =
        random_small_board(rng, side, 10 + static_cast<int>(rng.below(91)), 1 + static_cast<int>(rng.below(4)));
    for (const Direction direction : game2048::kDirections) {
      Board next;
      const bool changed = game2048::apply_move(board, direction, next);
      const auto expected = plain2048::move(to_grid(board), static_cast<int>(direction));
      ASSERT_EQ(to_grid(next), expected) << "round " << round << " direction " << to_string(direction);
      ASSERT_EQ(changed, !(next == board)) << "round " << round;
      // Counts kept by the move equal a recount.
      Board recount(side);
      for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c) recount.set(r, c, next.at(r, c));
      ASSERT_EQ(next.counts().count, recount.counts().count);
      ASSERT_EQ(next.counts().tiles, recount.counts().tiles);
      ASSERT_EQ(next.max_exponent(), recount.max_exponent());
    }
  }
}

// Boards up to 32 wide slide by vector steps on processors that have them
// (vector_move.cpp), wider ones line by line: every side from 1 to 40, dense and
// sparse, every direction, against the reference, with the counts and the
// "changed" flag.
TEST(Rules2048, MovesEqualPlainReferenceOnWideBoards) {
  core::SplitMix64 rng(4096);
  // One MoveSet for every board, sides growing and then falling back to 1
  // (it keeps its grids between boards of one side): the same moves.
  game2048::MoveSet reused;
  for (int round = 0; round < scaled(1200); ++round) {
    const int side = 1 + round % 40;
    const int density = round % 4 == 0 ? 100 : 5 + static_cast<int>(rng.below(96));
    const Board board = random_small_board(rng, side, density, 1 + static_cast<int>(rng.below(5)));
    reused.prepare(board);
    for (const Direction direction : game2048::kDirections) {
      Board next;
      const bool changed = game2048::apply_move(board, direction, next);
      ASSERT_EQ(to_grid(next), plain2048::move(to_grid(board), static_cast<int>(direction)))
          << "round " << round << " side " << side << " direction " << to_string(direction);
      Board again;
      ASSERT_EQ(reused.apply(direction, again), changed) << "round " << round;
      ASSERT_EQ(to_grid(again), to_grid(next)) << "round " << round << " side " << side;
      ASSERT_EQ(changed, !(next == board)) << "round " << round;
      Board recount(side);
      for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c) recount.set(r, c, next.at(r, c));
      ASSERT_EQ(next.counts().count, recount.counts().count) << "round " << round;
      ASSERT_EQ(next.counts().tiles, recount.counts().tiles) << "round " << round;
      ASSERT_EQ(next.max_exponent(), recount.max_exponent()) << "round " << round;
    }
  }
}

TEST(Rules2048, PlainDirectionsMatchEngineDirections) {
  // The tests index plain moves by the engine's Direction values.
  EXPECT_EQ(static_cast<int>(Direction::up), plain2048::kUp);
  EXPECT_EQ(static_cast<int>(Direction::down), plain2048::kDown);
  EXPECT_EQ(static_cast<int>(Direction::left), plain2048::kLeft);
  EXPECT_EQ(static_cast<int>(Direction::right), plain2048::kRight);
}

// MoveSet::summarize against the move computed in full: the same counts and
// change, and per line of the move (counted from its wall) the same cells of
// the exponent asked and the same number of tiles; sides 1-40 (it answers
// only up to 32), dense and sparse, every exponent from 1 to one past the
// largest tile.
TEST(Rules2048, MoveSummaryEqualsTheMove) {
  core::SplitMix64 rng(2051);
  int summarized = 0;
  for (int round = 0; round < scaled(1500); ++round) {
    const int side = 1 + static_cast<int>(rng.below(round % 4 == 0 ? 40 : 8));
    const int density = round % 3 == 0 ? 100 : 5 + static_cast<int>(rng.below(96));
    const game2048::Board board = random_small_board(rng, side, density, 1 + static_cast<int>(rng.below(4)));
    game2048::MoveSet moves;
    moves.prepare(board);
    for (const auto direction : game2048::kDirections) {
      game2048::Board child;
      const bool changed = moves.apply(direction, child);
      const bool horizontal = direction == game2048::Direction::left || direction == game2048::Direction::right;
      const bool reversed = direction == game2048::Direction::right || direction == game2048::Direction::down;
      for (int level = 1; level <= board.max_exponent() + 1; ++level) {
        game2048::MoveSummary toward_start, toward_end;
        if (!moves.summarize(horizontal, level, toward_start, toward_end)) {
          ASSERT_GT(side, 32) << "round " << round;  // the vector move's machines up to 32
          continue;
        }
        const game2048::MoveSummary& summary = reversed ? toward_end : toward_start;
        ++summarized;
        ASSERT_EQ(summary.changed, changed) << "round " << round;
        // Exact from min(level, largest + 1) on (MoveSummary), which is all
        // the lookahead reads; below, merges may be left out.
        for (int e = std::min(level, board.max_exponent() + 1); e <= game2048::kMaxExponent; ++e)
          ASSERT_EQ(summary.counts.count[static_cast<std::size_t>(e)],
                    child.counts().count[static_cast<std::size_t>(e)])
              << "round " << round << " exponent " << e << " level " << level;
        ASSERT_EQ(summary.counts.tiles, child.counts().tiles) << "round " << round;
        ASSERT_EQ(summary.counts.max_exponent, child.counts().max_exponent) << "round " << round;
        for (int line = 0; line < side; ++line) {
          std::uint32_t cells = 0;
          int tiles = 0;
          for (int j = 0; j < side; ++j) {
            const int along = reversed ? side - 1 - j : j;
            const int e = horizontal ? child.at(line, along) : child.at(along, line);
            tiles += e != 0;
            if (e == level) cells |= std::uint32_t{1} << j;
          }
          ASSERT_EQ(summary.level_cells[static_cast<std::size_t>(line)], cells)
              << "round " << round << " line " << line << " level " << level;
          ASSERT_EQ(summary.lengths[static_cast<std::size_t>(line)], tiles) << "round " << round << " line " << line;
        }
      }
    }
  }
  EXPECT_GT(summarized, 0);
}

}  // namespace
}  // namespace boardsearch::testing
