// Every bound is admissible: never below the plain search's answer.
#include "games/2048/bound.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <vector>

#include "games/2048/plain_search.hpp"
#include "games/2048/random_boards.hpp"

namespace boardsearch::testing {
namespace {

using game2048::Board;

// The weaker count next_move_merging_tiles improves on, written plainly: how
// many tiles of exponent e have an equal tile as their nearest tile (empties
// skipped) to the left, right, above or below.
std::uint32_t mergeable_tiles(const Board& board, int e) {
  const int n = board.side();
  auto nearest = [&](int row, int col, int dr, int dc) -> int {
    for (row += dr, col += dc; row >= 0 && row < n && col >= 0 && col < n; row += dr, col += dc)
      if (const int x = board.at(row, col); x != 0) return x;
    return 0;
  };
  std::uint32_t count = 0;
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col)
      if (board.at(row, col) == e && (nearest(row, col, 0, -1) == e || nearest(row, col, 0, 1) == e ||
                                      nearest(row, col, -1, 0) == e || nearest(row, col, 1, 0) == e))
        ++count;
  return count;
}

TEST(Bounds2048, AllBoundsAreAdmissibleOnRandomBoards) {
  core::SplitMix64 rng(7);
  const int rounds = scaled(3000);
  int ancestry_strictly_tighter = 0;
  int refined_strictly_tighter = 0;
  for (int round = 0; round < rounds; ++round) {
    const int side = 1 + static_cast<int>(rng.below(5));
    const Board board =
        random_small_board(rng, side, 20 + static_cast<int>(rng.below(81)), 1 + static_cast<int>(rng.below(5)));
    const int moves = static_cast<int>(rng.below(6));
    const int truth = std::countr_zero(plain2048::max_tile(to_grid(board), moves));
    const int doubling = game2048::doubling_bound(board.counts(), moves);
    const int sum = game2048::sum_bound(board.counts());
    const int ancestry = game2048::ancestry_bound(board.counts(), moves);
    const int refined = game2048::upper_bound_exponent(board, moves);
    ASSERT_GE(doubling, truth) << "round " << round;
    ASSERT_GE(sum, truth) << "round " << round;
    ASSERT_GE(ancestry, truth) << "round " << round;
    ASSERT_GE(refined, truth) << "round " << round;
    ASSERT_LE(ancestry, std::min(doubling, sum)) << "round " << round;
    ASSERT_LE(refined, ancestry) << "round " << round;
    ancestry_strictly_tighter += ancestry < std::min(doubling, sum);
    refined_strictly_tighter += refined < ancestry;
  }
  // Each stronger bound must actually be stronger somewhere, or it is useless.
  EXPECT_GT(ancestry_strictly_tighter, 0);
  EXPECT_GT(refined_strictly_tighter, 0);
}

// The refined bound as bound.hpp defines it, written plainly: the climb of
// can_build with the lowest level always counted up to the next move's
// merging tiles (less `pairs_short` pairs, for a mutant), where the level
// exists and has a tile; no shortcut.
int refined_bound_as_defined(const Board& board, int moves, std::uint32_t pairs_short = 0) {
  const auto& counts = board.counts();
  int bound = counts.max_exponent;
  while (bound < game2048::kMaxExponent && game2048::can_build(counts, bound + 1, moves)) {
    const int lowest = bound + 1 - moves;
    if (lowest >= 1 && counts.count[static_cast<std::size_t>(lowest)] != 0) {
      const std::uint32_t merging = game2048::next_move_merging_tiles(board, lowest);
      const std::uint32_t counted = merging >= 2 * pairs_short ? merging - 2 * pairs_short : 0;
      if (!game2048::can_build(counts, bound + 1, moves, counted)) break;
    }
    ++bound;
  }
  return bound;
}

// upper_bound_above is upper_bound_exponent seen from a value: the same
// bound when it exceeds the value, nothing otherwise (values below, at and
// above the bound, the largest tile and the bound itself). And
// upper_bound_exponent is the refined bound as defined: the pair count it
// skips where the levels above the lowest pass alone cannot change it.
TEST(Bounds2048, BoundAboveAValueIsTheBoundOrNothing) {
  core::SplitMix64 rng(15);
  int above = 0, not_above = 0;
  for (int round = 0; round < scaled(3000); ++round) {
    const int side = 1 + static_cast<int>(rng.below(8));
    const Board board =
        random_small_board(rng, side, 20 + static_cast<int>(rng.below(81)), 1 + static_cast<int>(rng.below(6)));
    const int moves = static_cast<int>(rng.below(8));
    const int bound = game2048::upper_bound_exponent(board, moves);
    ASSERT_EQ(bound, refined_bound_as_defined(board, moves)) << "round " << round;
    for (int value = 0; value <= bound + 2; ++value) {
      const std::optional<int> got = game2048::upper_bound_above(board, moves, value);
      if (bound > value) {
        ASSERT_EQ(got, bound) << "round " << round << " value " << value;
        ++above;
      } else {
        ASSERT_EQ(got, std::nullopt) << "round " << round << " value " << value;
        ++not_above;
      }
    }
  }
  EXPECT_GT(above, 0);
  EXPECT_GT(not_above, 0);
}

// Mutants: each bound made one step too tight must fall below the truth on
// some random board, so the admissibility test above can catch a bound that
// is wrong by one. (One move fewer for the ancestry window; one pair fewer
// than the next move can merge at the lowest level for the refinement.)
int ancestry_one_move_short(const Board& board, int moves) {
  if (moves == 0) return game2048::ancestry_bound(board.counts(), 0);
  return game2048::ancestry_bound(board.counts(), moves - 1);
}

int refined_one_pair_short(const Board& board, int moves) { return refined_bound_as_defined(board, moves, 1); }

TEST(Bounds2048, ABoundOneStepTooTightFailsSomewhere) {
  core::SplitMix64 rng(14);
  int ancestry_mutant_caught = 0, refined_mutant_caught = 0;
  for (int round = 0; round < scaled(3000); ++round) {
    const int side = 1 + static_cast<int>(rng.below(5));
    const Board board =
        random_small_board(rng, side, 20 + static_cast<int>(rng.below(81)), 1 + static_cast<int>(rng.below(5)));
    const int moves = static_cast<int>(rng.below(6));
    const int truth = std::countr_zero(plain2048::max_tile(to_grid(board), moves));
    ancestry_mutant_caught += ancestry_one_move_short(board, moves) < truth;
    refined_mutant_caught += refined_one_pair_short(board, moves) < truth;
  }
  EXPECT_GT(ancestry_mutant_caught, 0);
  EXPECT_GT(refined_mutant_caught, 0);
}

// The lookahead test, alone against brute force: a target the plain search
// reaches within r moves always passes; it is monotone in the target; and it
// refutes somewhere a target that the refined test of the board itself
// passes (or it would be useless).
TEST(Bounds2048, LookaheadIsAdmissibleAndTighter) {
  core::SplitMix64 rng(16);
  game2048::MoveSet moves;
  Board child;
  int refuted_beyond_refined = 0, checked = 0;
  for (int round = 0; round < scaled(3000); ++round) {
    const int side = 1 + static_cast<int>(rng.below(5));
    const Board board =
        round % 3 == 0
            ? random_small_board(rng, side, 90 + static_cast<int>(rng.below(11)), 1 + static_cast<int>(rng.below(2)))
            : random_small_board(rng, side, 20 + static_cast<int>(rng.below(81)), 1 + static_cast<int>(rng.below(5)));
    const int r = 1 + static_cast<int>(rng.below(5));
    const int truth = std::countr_zero(plain2048::max_tile(to_grid(board), r));
    const int refined = game2048::upper_bound_exponent(board, r);
    bool passed_before = true;
    for (int target = 1; target <= refined + 2; ++target) {
      const bool passes = game2048::lookahead_can_build(board, r, target, moves, child);
      if (target <= truth) {
        ASSERT_TRUE(passes) << "round " << round << " r " << r << " target " << target;
      }
      if (!passed_before) {
        ASSERT_FALSE(passes) << "round " << round << " r " << r << " target " << target;
      }
      passed_before = passes;
      refuted_beyond_refined += !passes && target <= refined;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
  EXPECT_GT(refuted_beyond_refined, 0);
}

// The lookahead written plainly: some child that differs from the board
// passes the refined test (upper_bound_above) with one move less, each child
// computed in full.
bool plain_lookahead(const Board& board, int r, int target) {
  if (target <= board.max_exponent()) return true;
  for (const auto direction : game2048::kDirections) {
    Board child;
    if (game2048::apply_move(board, direction, child) && game2048::upper_bound_above(child, r - 1, target - 1))
      return true;
  }
  return false;
}

// lookahead_can_build judges each child from the summary of its move, not
// from the child: it must give the plain test's answer, on sides 1-40
// (beyond 32 it computes the children in full), every r 1-7 and target.
TEST(Bounds2048, LookaheadEqualsItsPlainForm) {
  core::SplitMix64 rng(18);
  game2048::MoveSet moves;
  Board child;
  int refuted = 0, passed = 0;
  for (int round = 0; round < scaled(1500); ++round) {
    const int side = 1 + static_cast<int>(rng.below(round % 4 == 0 ? 40 : 8));
    const int density = round % 3 == 0 ? 100 : 5 + static_cast<int>(rng.below(96));
    const Board board = random_small_board(rng, side, density, 1 + static_cast<int>(rng.below(6)));
    const int r = 1 + static_cast<int>(rng.below(7));
    for (int target = 1; target <= game2048::doubling_bound(board.counts(), r) + 1; ++target) {
      const bool passes = game2048::lookahead_can_build(board, r, target, moves, child);
      ASSERT_EQ(passes, plain_lookahead(board, r, target)) << "round " << round << " r " << r << " target " << target;
      (passes ? passed : refuted) += target > board.max_exponent();
    }
  }
  EXPECT_GT(refuted, 0);
  EXPECT_GT(passed, 0);
}

// lookahead_can_build_after reads the board the parent's last move wrote
// where that move left its lines (MoveSet::borrow_last: a horizontal move's
// rows as slid, a vertical move's columns, the reversed moves' lines against
// the far end): the plain test's answer after every move of 1,500 boards of
// sides 1-40, r 1-7, every target, one parent MoveSet kept over all of them
// (sides shrink and grow: its grids must be emptied past a smaller side)
// and the lookahead's own set also prepared for other boards in between.
TEST(Bounds2048, LookaheadAfterAMoveEqualsItsPlainForm) {
  core::SplitMix64 rng(19);
  game2048::MoveSet parent, moves;
  Board scratch;
  std::array<Board, 4> children;
  int refuted = 0, passed = 0;
  for (int round = 0; round < scaled(1500); ++round) {
    const int side = 1 + static_cast<int>(rng.below(round % 4 == 0 ? 40 : 8));
    const int density = round % 3 == 0 ? 100 : 5 + static_cast<int>(rng.below(96));
    const Board board = random_small_board(rng, side, density, 1 + static_cast<int>(rng.below(6)));
    parent.prepare(board);
    for (const auto direction : game2048::kDirections) {
      Board& child = children[static_cast<std::size_t>(direction)];
      if (!parent.apply(direction, child)) continue;
      const int r = 1 + static_cast<int>(rng.below(7));
      for (int target = 1; target <= game2048::doubling_bound(child.counts(), r) + 1; ++target) {
        const bool passes = game2048::lookahead_can_build_after(child, r, target, parent, moves, scratch);
        ASSERT_EQ(passes, plain_lookahead(child, r, target))
            << "round " << round << " side " << side << " direction " << static_cast<int>(direction) << " r " << r
            << " target " << target;
        (passes ? passed : refuted) += target > child.max_exponent();
      }
      // The lookahead's set used for another board before the next borrow.
      const int target = board.max_exponent() + 1;
      ASSERT_EQ(game2048::lookahead_can_build(board, r, target, moves, scratch), plain_lookahead(board, r, target));
    }
  }
  EXPECT_GT(refuted, 0);
  EXPECT_GT(passed, 0);
}

// The lookahead made one step too tight must refute a target the plain
// search reaches somewhere: its children judged with one move less than they
// have (r - 2), or a target one higher than asked.
bool lookahead_one_move_short(const Board& board, int r, int target) {
  if (target <= board.max_exponent()) return true;
  for (const auto direction : game2048::kDirections) {
    Board child;
    if (!game2048::apply_move(board, direction, child)) continue;
    if (r >= 2 && game2048::upper_bound_above(child, r - 2, target - 1)) return true;
    if (r < 2 && child.max_exponent() >= target) return true;
  }
  return false;
}

TEST(Bounds2048, ALookaheadOneStepTooTightFailsSomewhere) {
  core::SplitMix64 rng(17);
  game2048::MoveSet moves;
  Board child;
  int short_caught = 0, high_caught = 0;
  for (int round = 0; round < scaled(3000); ++round) {
    const int side = 1 + static_cast<int>(rng.below(5));
    const Board board =
        random_small_board(rng, side, 20 + static_cast<int>(rng.below(81)), 1 + static_cast<int>(rng.below(5)));
    const int r = 1 + static_cast<int>(rng.below(5));
    const int truth = std::countr_zero(plain2048::max_tile(to_grid(board), r));
    short_caught += !lookahead_one_move_short(board, r, truth);
    high_caught += !game2048::lookahead_can_build(board, r, truth + 1, moves, child) &&
                   game2048::lookahead_can_build(board, r, truth, moves, child);
  }
  EXPECT_GT(short_caught, 0);
  EXPECT_GT(high_caught, 0);
}

// Written from the rules, independently of bound.cpp: how many pairs of
// exponent-e tiles one move merges. Each line's tiles are read from the
// wall the move slides toward; a tile merges with the next one when they are
// equal, and a merged pair is passed over.
std::uint32_t reference_merges(const Board& board, int e, game2048::Direction direction) {
  const int n = board.side();
  std::uint32_t merges = 0;
  for (int line = 0; line < n; ++line) {
    std::vector<int> tiles;
    for (int i = 0; i < n; ++i) {
      int row = line, col = i;
      switch (direction) {
        case game2048::Direction::left:
          break;
        case game2048::Direction::right:
          col = n - 1 - i;
          break;
        case game2048::Direction::up:
          row = i, col = line;
          break;
        case game2048::Direction::down:
          row = n - 1 - i, col = line;
          break;
      }
      if (board.at(row, col) != 0) tiles.push_back(board.at(row, col));
    }
    for (std::size_t i = 0; i < tiles.size(); ++i)
      if (i + 1 < tiles.size() && tiles[i] == tiles[i + 1]) {
        merges += tiles[i] == e;
        ++i;
      }
  }
  return merges;
}

TEST(Bounds2048, NextMoveMergingTilesEqualsTheBestDirection) {
  core::SplitMix64 rng(2049);
  int below_mergeable = 0;
  for (int round = 0; round < scaled(3000); ++round) {
    const Board board = random_small_board(rng, 1 + static_cast<int>(rng.below(8)),
                                           20 + static_cast<int>(rng.below(81)), 1 + static_cast<int>(rng.below(4)));
    for (int e = 1; e <= 4; ++e) {
      std::uint32_t best = 0;
      for (const auto direction : game2048::kDirections) best = std::max(best, reference_merges(board, e, direction));
      const std::uint32_t merging = game2048::next_move_merging_tiles(board, e);
      ASSERT_EQ(merging, 2 * best) << "round " << round << " exponent " << e;
      ASSERT_LE(merging, mergeable_tiles(board, e)) << "round " << round << " exponent " << e;
      below_mergeable += merging < mergeable_tiles(board, e);
    }
  }
  EXPECT_GT(below_mergeable, 0);  // strictly tighter than "has an equal neighbour" somewhere
}

// The count is built from bit masks of up to 64 cells a row, 16 cells at a
// time, and from a scan of the tiles beyond that: sides around 16, 32 and
// 64, and past 64, each against the rules, dense (every chain shape) and
// sparse (chains across long runs of empties).
TEST(Bounds2048, NextMoveMergingTilesEqualsTheBestDirectionOnWideBoards) {
  core::SplitMix64 rng(2050);
  const std::vector<int> sides = {9, 15, 16, 17, 20, 23, 31, 32, 33, 47, 48, 63, 64, 65, 70};
  for (int round = 0; round < scaled(600); ++round) {
    const int side = sides[rng.below(sides.size())];
    const int density = round % 3 == 0 ? 100 : 5 + static_cast<int>(rng.below(96));
    const Board board = random_small_board(rng, side, density, 1 + static_cast<int>(rng.below(3)));
    for (int e = 1; e <= 3; ++e) {
      std::uint32_t best = 0;
      for (const auto direction : game2048::kDirections) best = std::max(best, reference_merges(board, e, direction));
      ASSERT_EQ(game2048::next_move_merging_tiles(board, e), 2 * best)
          << "round " << round << " side " << side << " exponent " << e;
    }
  }
}

TEST(Bounds2048, NextMoveMergingTilesOnHandMadeBoards) {
  // Row 0: 2 . 2 2 (a chain of three 2s: one merge). Column 3: 2 2 2 2 from
  // row 0 down (four: two merges). Only one orientation per move, so the
  // column's four tiles are the most that can merge together.
  Board board(4);
  board.set(0, 0, 1);
  board.set(0, 2, 1);
  board.set(0, 3, 1);
  for (int row = 1; row < 4; ++row) board.set(row, 3, 1);
  EXPECT_EQ(mergeable_tiles(board, 1), 6u);
  EXPECT_EQ(game2048::next_move_merging_tiles(board, 1), 4u);
  // A 4 between two 2s breaks the chain.
  Board walled(3);
  walled.set(1, 0, 1);
  walled.set(1, 1, 2);
  walled.set(1, 2, 1);
  EXPECT_EQ(game2048::next_move_merging_tiles(walled, 1), 0u);
}

TEST(Bounds2048, AncestryBoundOnHandMadeBoards) {
  Board board(4);
  board.set(0, 0, 10);  // 1024
  board.set(3, 3, 1);   // 2
  // 1024 + 2 < 2048: no 2048 ever.
  EXPECT_EQ(game2048::ancestry_bound(board.counts(), 100), 10);
  // Eight 128s and a 1024: 2048 needs 1024 more from tiles >= 2048 / 2^r.
  for (int col = 0; col < 4; ++col) board.set(1, col, 7), board.set(2, col, 7);
  EXPECT_FALSE(game2048::can_build(board.counts(), 11, 3));  // needs tiles >= 256
  EXPECT_TRUE(game2048::can_build(board.counts(), 11, 4));   // 128s may take part
  EXPECT_EQ(game2048::ancestry_bound(board.counts(), 3), 10);
  EXPECT_EQ(game2048::ancestry_bound(board.counts(), 4), 11);
  // Huge move counts do not overflow: the sum bound takes over.
  EXPECT_EQ(game2048::ancestry_bound(board.counts(), 1LL << 62), game2048::sum_bound(board.counts()));
}

TEST(Bounds2048, MergeCountsLookThroughEmptiesOnly) {
  Board board(4);
  board.set(0, 0, 3);
  board.set(0, 3, 3);  // 8 . . 8: mergeable (empties between)
  board.set(2, 0, 3);
  board.set(3, 0, 2);  // column 0: 8 . 8 4: the (2,0) 8 meets the (0,0) 8
  board.set(3, 3, 3);
  board.set(2, 3, 2);                        // column 3: 8 . 4 8: the 4 separates the 8s
  EXPECT_EQ(mergeable_tiles(board, 3), 3u);  // (0,0), (0,3), (2,0)
  EXPECT_EQ(mergeable_tiles(board, 2), 0u);
  // One merge of 8s in row 0 (left or right), one in column 0 (up or down).
  EXPECT_EQ(game2048::next_move_merging_tiles(board, 3), 2u);
  EXPECT_EQ(game2048::next_move_merging_tiles(board, 2), 0u);
  // A 1024 and two 512s walled off by 2s, r = 2: the ancestry bound allows 2048, the
  // refined bound sees that the 512s cannot merge now.
  Board lone(5);
  lone.set(0, 0, 10);
  lone.set(2, 2, 9);
  lone.set(4, 4, 9);
  lone.set(2, 4, 1);
  lone.set(4, 2, 1);
  EXPECT_EQ(game2048::ancestry_bound(lone.counts(), 2), 11);
  EXPECT_EQ(game2048::upper_bound_exponent(lone, 2), 10);
}

}  // namespace
}  // namespace boardsearch::testing
