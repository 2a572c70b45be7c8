// The count against the known table and against the plain oracle, the count
// up to symmetry against OEIS A002562, the first placement, and the
// half-turn and quarter-turn counts behind it.

#include "games/queens/search.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>

#include "boardsearch/core/splitmix64.hpp"
#include "games/queens/format.hpp"
#include "games/queens/parse.hpp"
#include "games/queens/plain_oracle.hpp"
#include "games/queens/symmetry.hpp"

namespace boardsearch::queens::testing {
namespace {

Counted count(const Board& board) {
  core::SearchLimits limits;
  limits.threads = 1;
  return count_completions(board, limits);
}

// OEIS A000170, N = 1..16.
constexpr std::array<std::uint64_t, 16> kKnownCounts = {1,   0,   0,    2,     10,    4,      40,      92,
                                                        352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512};
// OEIS A002562, N = 1..10.
constexpr std::array<std::uint64_t, 10> kKnownClasses = {1, 0, 0, 1, 2, 1, 6, 12, 46, 92};

TEST(QueensSearch, CountsOfTheEmptyBoardAreTheKnownTableUpTo14) {
  for (int n = 1; n <= 14; ++n) {
    SCOPED_TRACE(n);
    const Counted counted = count(empty_board(n));
    ASSERT_TRUE(counted.proven());
    EXPECT_EQ(decimal(counted.total), std::to_string(kKnownCounts[static_cast<std::size_t>(n - 1)]));
  }
}

TEST(QueensSearch, NIs15GivesTheKnownCount) { EXPECT_EQ(decimal(count(empty_board(15)).total), "2279184"); }

TEST(QueensSearch, EmptyBoardsEqualThePlainOracleUpTo10WithTheSameFirstPlacement) {
  for (int n = 1; n <= 10; ++n) {
    SCOPED_TRACE(n);
    const Board board = empty_board(n);
    const auto all = plain_completions(board);
    const Counted counted = count(board);
    EXPECT_EQ(decimal(counted.total), std::to_string(all.size()));
    if (all.empty())
      EXPECT_TRUE(counted.first.empty());
    else
      EXPECT_EQ(counted.first, all.front());
  }
}

TEST(QueensSearch, CountsUpToSymmetryAreA002562UpTo10) {
  for (int n = 1; n <= 10; ++n) {
    SCOPED_TRACE(n);
    const Counted counted = count(empty_board(n));
    ASSERT_TRUE(counted.classes.has_value());
    EXPECT_EQ(decimal(*counted.classes), std::to_string(kKnownClasses[static_cast<std::size_t>(n - 1)]));
  }
}

// The rotations' fixed placements, counted by the oracle: every completion
// turned by 90 and 180 degrees and compared with itself.
TEST(QueensSearch, RotationFixedCountsEqualTheOracleUpTo10) {
  for (int n = 1; n <= 10; ++n) {
    SCOPED_TRACE(n);
    std::uint64_t half = 0, quarter = 0;
    for (const std::vector<int>& q : plain_completions(empty_board(n))) {
      bool keeps_half = true, keeps_quarter = true;
      for (int r = 0; r < n; ++r) {
        keeps_half = keeps_half && q[static_cast<std::size_t>(n - 1 - r)] == n - 1 - q[static_cast<std::size_t>(r)];
        keeps_quarter = keeps_quarter && q[static_cast<std::size_t>(q[static_cast<std::size_t>(r)])] == n - 1 - r;
      }
      half += keeps_half ? 1 : 0;
      quarter += keeps_quarter ? 1 : 0;
    }
    core::SearchControl control({});
    const RotationFixed fixed = count_rotation_fixed(n, control);
    EXPECT_EQ(decimal(fixed.half_turn), std::to_string(half));
    EXPECT_EQ(decimal(fixed.quarter_turn), std::to_string(quarter));
  }
}

// A random board up to 8 x 8: blocked cells at a random density, a few
// placed queens (they may attack each other).
Board random_partial_board(core::SplitMix64& rng) {
  Board board = empty_board(1 + static_cast<int>(rng.below(8)));
  board.written_as_board = true;
  const std::uint64_t blocked_percent = rng.below(40);
  for (std::string& row : board.rows)
    for (char& cell : row)
      if (rng.below(100) < blocked_percent) cell = kBlocked;
  const std::uint64_t queens = rng.below(4);
  for (std::uint64_t q = 0; q < queens; ++q)
    board.rows[rng.below(static_cast<std::uint64_t>(board.n))][rng.below(static_cast<std::uint64_t>(board.n))] = kQueen;
  return board;
}

TEST(QueensSearch, RandomPartialBoardsUpTo8x8EqualThePlainOracle) {
  core::SplitMix64 rng(0x9663);
  constexpr int kBoards = 600;
  int with_completions = 0;
  for (int i = 0; i < kBoards; ++i) {
    const Board board = random_partial_board(rng);
    SCOPED_TRACE(judge_text(board));
    const auto all = plain_completions(board);
    const Counted counted = count(board);
    ASSERT_TRUE(counted.proven());
    EXPECT_EQ(decimal(counted.total), std::to_string(all.size()));
    EXPECT_FALSE(counted.classes.has_value() && !board.plain());
    if (all.empty()) {
      EXPECT_TRUE(counted.first.empty());
    } else {
      EXPECT_EQ(counted.first, all.front());
      EXPECT_TRUE(completes(board, counted.first));
      ++with_completions;
    }
  }
  EXPECT_GT(with_completions, kBoards / 10) << "the random boards should often have completions";
}

TEST(QueensSearch, AttackingPlacedQueensHaveNoCompletion) {
  EXPECT_EQ(decimal(count(parse_board("4\nQ...\n.Q..\n....\n....\n")).total), "0");
  EXPECT_EQ(decimal(count(parse_board("4\nQ..Q\n....\n....\n....\n")).total), "0");
  EXPECT_EQ(decimal(count(parse_board("5\n..Q..\n.....\n.....\n.....\n..Q..\n")).total), "0");
}

TEST(QueensSearch, ANodeLimitStopsWithALowerBound) {
  core::SearchLimits limits;
  limits.threads = 1;
  limits.max_nodes = 100'000;
  const Counted counted = count_completions(empty_board(12), limits);
  EXPECT_EQ(counted.outcome, core::Outcome::node_limit);
  EXPECT_EQ(counted.stats.nodes, limits.max_nodes + 1);
  EXPECT_LE(counted.known, static_cast<Count>(14200));
}

TEST(QueensSearch, DecimalIsExactPast64Bits) {
  EXPECT_EQ(decimal(0), "0");
  EXPECT_EQ(decimal(234907967154122528ULL), "234907967154122528");
  const Count big = static_cast<Count>(~std::uint64_t{0}) + 1;
  EXPECT_EQ(decimal(big), "18446744073709551616");
  EXPECT_EQ(decimal(big * 1000 + 7), "18446744073709551616007");
}

}  // namespace
}  // namespace boardsearch::queens::testing

namespace boardsearch::queens::testing {
namespace {

TEST(QueensSearch, ProgressSaysTheCompletionsCountedSoFar) {
  core::SearchLimits limits;
  limits.threads = 1;
  limits.progress_interval = std::chrono::milliseconds(0);
  std::string last;
  limits.on_progress = [&](const core::Progress& progress) {
    if (!progress.known.empty()) last = progress.known;
  };
  ASSERT_TRUE(count_completions(empty_board(13), limits).proven());
  EXPECT_NE(last.find("at least "), std::string::npos) << last;
  EXPECT_NE(last.find(" parts of the board counted)"), std::string::npos) << last;
}

}  // namespace
}  // namespace boardsearch::queens::testing

namespace boardsearch::queens::testing {
namespace {

// Two proofs, one answer: the class search's count of classes equals
// Burnside's (T + H + 2 Q) / 8 from the rotation-fixed counts.
TEST(QueensSearch, TheClassSearchAgreesWithBurnsideUpTo13) {
  for (int n = 1; n <= 13; ++n) {
    SCOPED_TRACE(n);
    core::SearchLimits limits;
    limits.threads = 1;
    const Counted counted = count_completions(empty_board(n), limits);
    core::SearchControl control({});
    const Count burnside = classes_under_symmetry(n, counted.total, count_rotation_fixed(n, control));
    EXPECT_EQ(decimal(*counted.classes), decimal(burnside));
  }
}

}  // namespace
}  // namespace boardsearch::queens::testing
