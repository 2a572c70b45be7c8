// The sliding-tile search against the plain oracle and against itself:
// breadth-first search and the parity equal plain breadth-first search on
// thousands of random boards of every shape up to 3 x 3 and 2 x 5 (half of
// them unsolvable); every 3 x 3 board's Manhattan + linear-conflict value is
// at most its distance; IDA* with Manhattan + linear conflicts equals IDA*
// with Manhattan alone on random 3 x 4 and 4 x 4 boards a few dozen moves
// from the goal; the pattern databases (5-5-5, small, built into the test's
// own cache) agree with both and never exceed the true distance.

#include "games/sliding/search.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <numeric>

#include "boardsearch/core/splitmix64.hpp"
#include "games/sliding/bound.hpp"
#include "games/sliding/format.hpp"
#include "games/sliding/plain_oracle.hpp"
#include "games/sliding/table.hpp"

namespace boardsearch::sliding::testing {
namespace {

Board from_plain(const PlainBoard& plain, int rows, int cols) {
  Board board{.rows = rows, .cols = cols};
  for (std::size_t i = 0; i < plain.size(); ++i) {
    board.cells[i] = static_cast<std::uint8_t>(plain[i] - 'a');
    if (plain[i] == 'a') board.blank = static_cast<int>(i);
  }
  return board;
}

PlainBoard to_plain(const Board& board) {
  PlainBoard plain;
  for (int i = 0; i < board.size(); ++i) plain += static_cast<char>('a' + board.cells[static_cast<std::size_t>(i)]);
  return plain;
}

PlainBoard random_permutation(int cells, core::SplitMix64& rng) {
  PlainBoard plain;
  for (int i = 0; i < cells; ++i) plain += static_cast<char>('a' + i);
  for (std::size_t i = plain.size(); i > 1; --i) std::swap(plain[i - 1], plain[rng.below(i)]);
  return plain;
}

Board walked(Board board, int moves, core::SplitMix64& rng) {
  for (int m = 0; m < moves; ++m) {
    const std::vector<Slide> slides = legal_slides(board);
    board = after_slide(board, slides[static_cast<std::size_t>(rng.below(slides.size()))]);
  }
  return board;
}

// The line is legal and ends at the goal.
bool replays(Board board, const std::vector<Slide>& line, GoalLayout layout) {
  for (const Slide slide : line) {
    if (!sliding_tile_cell(board, slide)) return false;
    board = after_slide(board, slide);
  }
  return is_goal(board, layout);
}

core::SearchLimits no_limits() { return {}; }

struct Shape {
  int rows;
  int cols;
};
constexpr Shape kShapes[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}};
constexpr int kRandomBoardsPerShape = 600;

TEST(SlidingSearch, BreadthFirstEqualsPlainBfsOnRandomBoardsOfEveryShapeUpTo3x3And2x5) {
  core::SplitMix64 rng(43);
  int checked = 0;
  int unsolvable = 0;
  for (const Shape shape : kShapes)
    for (const bool blank_first : {false, true}) {
      // The blank-first goal on the shapes of 9 cells or fewer (the 10-cell
      // oracle is the test's slowest part).
      if (blank_first && shape.rows * shape.cols > 9) continue;
      const GoalLayout layout = blank_first ? GoalLayout::blank_first : GoalLayout::blank_last;
      const auto distances = plain_distances(shape.rows, shape.cols, blank_first);
      for (int i = 0; i < kRandomBoardsPerShape / 2; ++i) {
        const PlainBoard plain = random_permutation(shape.rows * shape.cols, rng);
        const Board board = from_plain(plain, shape.rows, shape.cols);
        const auto it = distances.find(plain);
        const int expected = it == distances.end() ? -1 : it->second;
        const Solution solution = solve(board, {.layout = layout}, no_limits());
        ASSERT_TRUE(solution.proven());
        ASSERT_EQ(solution.moves(), expected) << judge_text(board);
        ASSERT_EQ(solvable(board, layout), expected >= 0) << judge_text(board);
        if (expected >= 0) {
          ASSERT_TRUE(replays(board, solution.search.line, layout)) << judge_text(board);
        }
        unsolvable += expected < 0 ? 1 : 0;
        ++checked;
      }
    }
  EXPECT_EQ(checked, 7 * kRandomBoardsPerShape);
  EXPECT_GT(unsolvable, checked / 3);  // about half: the unsolvable boards are tested too
}

TEST(SlidingSearch, ParityEqualsReachabilityOnEveryBoardOf2x2To3x3) {
  for (const Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{3, 3}}) {
    const auto distances = plain_distances(shape.rows, shape.cols, false);
    PlainBoard plain;
    for (int i = 0; i < shape.rows * shape.cols; ++i) plain += static_cast<char>('a' + i);
    std::size_t boards = 0;
    do {
      ASSERT_EQ(solvable(from_plain(plain, shape.rows, shape.cols), GoalLayout::blank_last), distances.contains(plain))
          << plain;
      ++boards;
    } while (std::next_permutation(plain.begin(), plain.end()));
    EXPECT_EQ(distances.size() * 2, boards);
  }
}

TEST(SlidingSearch, LinearConflictsNeverExceedTheDistanceOnAny3x3Board) {
  const auto distances = plain_distances(3, 3, false);
  const GoalPlaces goal(3, 3, GoalLayout::blank_last);
  const ManhattanLinear heuristic(goal);
  int tight = 0;
  for (const auto& [plain, distance] : distances) {
    const int estimate = ManhattanLinear::estimate(heuristic.start(Position::of(from_plain(plain, 3, 3))));
    ASSERT_LE(estimate, distance) << plain;
    ASSERT_EQ((distance - estimate) % 2, 0) << plain;
    tight += estimate == distance ? 1 : 0;
  }
  EXPECT_EQ(distances.size(), 181440U);
  EXPECT_GT(tight, 1000);
}

TEST(SlidingSearch, TheFarthest3x3BoardsAre31Moves) {
  const auto distances = plain_distances(3, 3, false);
  int farthest = 0;
  for (const auto& entry : distances) farthest = std::max(farthest, entry.second);
  EXPECT_EQ(farthest, 31);
  const Board board = from_plain(PlainBoard{'i', 'g', 'h', 'c', 'f', 'e', 'd', 'a', 'b'}, 3, 3);
  EXPECT_EQ(distances.at(to_plain(board)), 31);
  EXPECT_EQ(solve(board, {}, no_limits()).moves(), 31);
}

TEST(SlidingSearch, IncrementalHeuristicsEqualRecomputedOnesAlongRandomWalks) {
  core::SplitMix64 rng(7);
  for (const Shape shape : {Shape{3, 4}, Shape{4, 4}, Shape{5, 5}, Shape{2, 5}}) {
    const GoalPlaces goal(shape.rows, shape.cols, GoalLayout::blank_first);
    const ManhattanLinear heuristic(goal);
    Position position = Position::of(walked(goal_board(shape.rows, shape.cols, GoalLayout::blank_first), 100, rng));
    ManhattanLinear::Value value = heuristic.start(position);
    for (int step = 0; step < 500; ++step) {
      const std::vector<Slide> slides = legal_slides(position.board());
      const int from = *sliding_tile_cell(position.board(), slides[rng.below(slides.size())]);
      const int to = position.blank;
      position.slide_from(from);
      value = heuristic.after(value, position, from, to);
      ASSERT_EQ(ManhattanLinear::estimate(value), ManhattanLinear::estimate(heuristic.start(position)));
    }
  }
}

TEST(SlidingSearch, RemovalsToIncreaseCountTilesOutsideALongestIncreasingRun) {
  EXPECT_EQ(removals_to_increase({0, 1, 2, 3, 0}, 4), 0);
  EXPECT_EQ(removals_to_increase({3, 2, 1, 0, 0}, 4), 3);
  EXPECT_EQ(removals_to_increase({1, 0, 3, 2, 0}, 4), 2);
  EXPECT_EQ(removals_to_increase({2, 3, 0, 1, 0}, 4), 2);
  EXPECT_EQ(removals_to_increase({0, 0, 0, 0, 0}, 0), 0);
}

// IDA* with Manhattan + linear conflicts against IDA* with Manhattan alone,
// and breadth-first search on 3 x 4.
TEST(SlidingSearch, LinearConflictsEqualManhattanAloneOn3x4And4x4BoardsAFewDozenMovesOut) {
  core::SplitMix64 rng(1985);
  for (const Shape shape : {Shape{3, 4}, Shape{4, 3}, Shape{4, 4}})
    for (int i = 0; i < 12; ++i) {
      const GoalLayout layout = i % 2 == 0 ? GoalLayout::blank_first : GoalLayout::blank_last;
      const Board board = walked(goal_board(shape.rows, shape.cols, layout), 24 + 2 * i, rng);
      const Solution plain = ida_star(board, layout, Heuristic::manhattan, no_limits());
      const Solution linear = ida_star(board, layout, Heuristic::manhattan_linear, no_limits());
      ASSERT_TRUE(plain.proven() && linear.proven());
      ASSERT_EQ(linear.moves(), plain.moves()) << judge_text(board);
      ASSERT_LE(linear.stats.nodes, plain.stats.nodes) << judge_text(board);
      ASSERT_TRUE(replays(board, linear.search.line, layout));
      if (board.size() <= kBreadthFirstMaxCells) {
        ASSERT_EQ(solve(board, {.layout = layout}, no_limits()).moves(), plain.moves()) << judge_text(board);
      }
    }
}

TEST(SlidingSearch, ANodeLimitLeavesTheProvenLowerBound) {
  const Board board =
      from_plain(PlainBoard{'o', 'n', 'p', 'h', 'l', 'm', 'j', 'f', 'g', 'a', 'c', 'b', 'e', 'i', 'k', 'd'}, 4, 4);
  core::SearchLimits limits;
  limits.max_nodes = 100000;
  const Solution stopped = ida_star(board, GoalLayout::blank_first, Heuristic::manhattan_linear, limits);
  EXPECT_EQ(stopped.outcome, core::Outcome::node_limit);
  EXPECT_GE(stopped.search.lower_bound, stopped.start_estimate);
  EXPECT_EQ(stopped.stats.nodes, 100001U);
}

// The pattern databases in a cache of the test's own (5-5-5: 3 tables of
// 524,160 entries, built in well under a second).
class PatternDatabases : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "boardsearch-sliding-test-cache";
    std::filesystem::remove_all(dir);
    setenv("BOARDSEARCH_CACHE_DIR", dir.c_str(), 1);
  }
};

TEST_F(PatternDatabases, AreBuiltOnceThenMappedAndAgreeWithIdaStarWithoutThem) {
  const TablesFound missing = pattern_tables("5-5-5", 4, 4, GoalLayout::blank_first, false, {});
  EXPECT_FALSE(missing.tables);
  EXPECT_EQ(missing.missing.size(), 3U);
  const TablesFound built = pattern_tables("5-5-5", 4, 4, GoalLayout::blank_first, true, {});
  ASSERT_TRUE(built.tables);
  EXPECT_TRUE(built.built);
  const TablesFound again = pattern_tables("5-5-5", 4, 4, GoalLayout::blank_first, false, {});
  EXPECT_EQ(again.tables, built.tables);
  EXPECT_FALSE(again.built);

  core::SplitMix64 rng(2002);
  const PatternHeuristic heuristic(*built.tables, GoalLayout::blank_first);
  const ManhattanLinear linear(GoalPlaces(4, 4, GoalLayout::blank_first));
  for (int i = 0; i < 24; ++i) {
    const Board board = walked(goal_board(4, 4, GoalLayout::blank_first), 30 + 2 * i, rng);
    const Solution with =
        ida_star(board, GoalLayout::blank_first, Heuristic::pattern_databases, {}, built.tables.get());
    const Solution without = ida_star(board, GoalLayout::blank_first, Heuristic::manhattan_linear, {});
    ASSERT_EQ(with.moves(), without.moves()) << judge_text(board);
    ASSERT_TRUE(replays(board, with.search.line, GoalLayout::blank_first));
    // Along the optimal line: never above the moves left, never below
    // Manhattan distance (each group's entry is at least its tiles' part).
    Board at = board;
    for (std::size_t step = 0; step <= with.search.line.size(); ++step) {
      const int left = static_cast<int>(with.search.line.size() - step);
      const int estimate = PatternHeuristic::estimate(heuristic.start(Position::of(at)));
      ASSERT_LE(estimate, left) << judge_text(at);
      ASSERT_GE(estimate,
                Manhattan::estimate(Manhattan(GoalPlaces(4, 4, GoalLayout::blank_first)).start(Position::of(at))));
      if (step < with.search.line.size()) at = after_slide(at, with.search.line[step]);
    }
  }
}

TEST_F(PatternDatabases, AMismatchedHeaderIsNotUsed) {
  const std::vector<int> group = {1, 2, 3};
  const app::TableKey key = pattern_table_key(4, 4, group, 0);
  const std::vector<std::uint8_t> payload(key.bytes, 7);
  ASSERT_TRUE(app::store_table(key, payload).bytes().size() == key.bytes);
  ASSERT_TRUE(app::open_table(key));
  app::TableKey other = key;
  other.header += " (another version)";
  EXPECT_FALSE(app::open_table(other));
  other = key;
  other.bytes += 1;
  EXPECT_FALSE(app::open_table(other));
  // A truncated file is refused too.
  std::filesystem::resize_file(app::table_path(key), app::kTableHeaderBytes + key.bytes - 1);
  EXPECT_FALSE(app::open_table(key));
}

TEST(SlidingTable, PlacementIndexIsABijection) {
  for (const int k : {1, 2, 3}) {
    const std::uint64_t count = placements(6, k);
    std::vector<bool> seen(count, false);
    for (std::uint64_t index = 0; index < count; ++index) {
      std::array<std::uint8_t, kMaxCells> cells{};
      placement_cells(index, k, 6, cells.data());
      ASSERT_EQ(placement_index(cells.data(), k, 6), index);
      seen[index] = true;
    }
    EXPECT_EQ(std::count(seen.begin(), seen.end(), true), static_cast<std::ptrdiff_t>(count));
  }
}

}  // namespace
}  // namespace boardsearch::sliding::testing
