// The cells where each marble can rest (rest_cells.cpp): on thousands of
// random boards every position the plain rules reach from the start has
// both marbles on cells of their sets, and the sets are not everything (so
// that the check has teeth); the numbering of the pairs a tilt leaves is
// one to one and covers them; breadth-first with the dense visited set built
// on them equals breadth-first with the hash table.

#include "games/marble/rest_cells.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "games/marble/random_boards.hpp"
#include "games/marble/slide.hpp"
#include "games/marble/test_support.hpp"

namespace boardsearch::marble::testing {
namespace {

using core::Direction;

// Every position with both marbles on the board that some line of tilts
// reaches from the start under the plain rules (lines go on past a red
// fall's neighbours; a position where a marble fell ends its line).
std::vector<PlainPosition> plain_reachable_positions(const Board& board) {
  const PlainRules rules(board);
  std::set<std::vector<int>> seen{PlainRules::key(rules.start())};
  std::vector<PlainPosition> found{rules.start()};
  for (std::size_t next = 0; next < found.size(); ++next) {
    for (const Direction direction : core::kDirections) {
      const PlainPosition after = rules.tilt(found[next], direction);
      if (!after.red.on_board || !after.blue.on_board) continue;
      if (seen.insert(PlainRules::key(after)).second) found.push_back(after);
    }
  }
  return found;
}

TEST(MarbleRestCells, EveryReachedPositionIsOnRestCellsOnRandomBoards) {
  core::SplitMix64 rng(0x2E57'0001);
  const int boards = scaled(4000);
  std::size_t free_cells = 0, red_cells = 0, one_short_needed = 0;
  for (int b = 0; b < boards; ++b) {
    // Judge sizes; up to 14 x 14 (longer runs, more meetings); and corridors
    // one or two cells wide or dense walls, where a marble often rests
    // only right behind the other one.
    const int kind = b % 4;
    const int length = 5 + static_cast<int>(rng.below(10)), width = 3 + static_cast<int>(rng.below(2));
    const Board board =
        kind == 0   ? random_judge_board(rng)
        : kind == 1 ? random_board(rng, length, 4 + static_cast<int>(rng.below(11)), static_cast<int>(rng.below(40)))
        : kind == 2 ? (rng.below(2) == 0 ? random_board(rng, width, length, static_cast<int>(rng.below(20)))
                                         : random_board(rng, length, width, static_cast<int>(rng.below(20))))
                    : random_board(rng, length, length, 40 + static_cast<int>(rng.below(30)));
    const detail::SlideStops stops(board);
    const RestCells rest(board, stops);
    std::set<int> reds, blues;
    for (const PlainPosition& position : plain_reachable_positions(board)) {
      const int red = board.index(position.red.row, position.red.col);
      const int blue = board.index(position.blue.row, position.blue.col);
      ASSERT_NE(rest.red_index(static_cast<std::uint32_t>(red)), RestCells::kNever) << "red at " << red << " on\n"
                                                                                    << judge_text(board);
      ASSERT_NE(rest.blue_index(static_cast<std::uint32_t>(blue)), RestCells::kNever) << "blue at " << blue << " on\n"
                                                                                      << judge_text(board);
      reds.insert(red);
      blues.insert(blue);
    }
    // A cell a marble rests on only with the other one right in front: the
    // one-short rule (2) is what brings it into the set.
    for (const int red : reds) {
      bool natural = red == board.red;
      for (const Direction direction : core::kDirections)
        natural = natural || board.is_wall(board.step(red, direction));
      one_short_needed += natural ? 0 : 1;
    }
    // The indices number the set in row-major order, without gaps.
    std::uint32_t reds_in_set = 0, blues_in_set = 0;
    for (int cell = 0; cell < board.cell_count(); ++cell) {
      free_cells += board.is_wall(cell) ? 0 : 1;
      if (rest.red_index(static_cast<std::uint32_t>(cell)) != RestCells::kNever) {
        EXPECT_EQ(rest.red_index(static_cast<std::uint32_t>(cell)), reds_in_set++);
        EXPECT_FALSE(board.is_wall(cell) || cell == board.hole);
      }
      if (rest.blue_index(static_cast<std::uint32_t>(cell)) != RestCells::kNever) {
        EXPECT_EQ(rest.blue_index(static_cast<std::uint32_t>(cell)), blues_in_set++);
        EXPECT_FALSE(board.is_wall(cell) || cell == board.hole);
      }
    }
    EXPECT_EQ(reds_in_set, rest.red_count());
    EXPECT_EQ(blues_in_set, rest.blue_count());
    red_cells += rest.red_count();
  }
  // Teeth: the sets leave out many free cells, and the one-short rule is
  // needed on many boards.
  EXPECT_LT(red_cells, free_cells * 3 / 4);
  EXPECT_GT(one_short_needed, static_cast<std::size_t>(boards) / 20);
}

// The numbering of the pairs a tilt can leave (rest_cells.cpp, "Numbering
// the pairs"): distinct pairs of rest cells get distinct numbers below the
// count, every position a tilt leaves has one, and the count is well below
// every pair of rest cells on these boards (the point of it). Both cases of
// the numbering are met by reached positions: a wall next to both marbles
// towards one side, and one marble right behind the other with no such wall.
TEST(MarbleRestCells, TiltPairNumbersAreDistinctAndCoverEveryReachedPosition) {
  core::SplitMix64 rng(0x2E57'0003);
  const int boards = scaled(1500);
  std::uint64_t tilt_pairs = 0, rest_pairs = 0, adjacent_reached = 0;
  for (int b = 0; b < boards; ++b) {
    const int rows = 4 + static_cast<int>(rng.below(11)), cols = 4 + static_cast<int>(rng.below(11));
    const Board board =
        b % 3 == 0 ? random_judge_board(rng) : random_board(rng, rows, cols, static_cast<int>(rng.below(45)));
    const detail::SlideStops stops(board);
    RestCells rest(board, stops);
    rest.number_tilt_pairs(board);
    const std::uint64_t adjacent_first = rest.tilt_pair_count() - 4 * std::uint64_t{rest.red_count()};
    std::set<std::uint64_t> numbers;
    std::uint64_t numbered = 0;
    for (int red = 0; red < board.cell_count(); ++red) {
      if (rest.red_index(static_cast<std::uint32_t>(red)) == RestCells::kNever) continue;
      for (int blue = 0; blue < board.cell_count(); ++blue) {
        if (blue == red || rest.blue_index(static_cast<std::uint32_t>(blue)) == RestCells::kNever) continue;
        const std::uint64_t number =
            rest.tilt_pair_number(static_cast<std::uint32_t>(red), static_cast<std::uint32_t>(blue));
        if (number == RestCells::kNoNumber) continue;
        ASSERT_LT(number, rest.tilt_pair_count()) << judge_text(board);
        ASSERT_TRUE(numbers.insert(number).second) << "two pairs numbered " << number << " on\n" << judge_text(board);
        ++numbered;
      }
    }
    const std::vector<PlainPosition> reached = plain_reachable_positions(board);
    for (std::size_t i = 1; i < reached.size(); ++i) {  // [0] is the start, which no tilt need leave
      const int red = board.index(reached[i].red.row, reached[i].red.col);
      const int blue = board.index(reached[i].blue.row, reached[i].blue.col);
      const std::uint64_t number =
          rest.tilt_pair_number(static_cast<std::uint32_t>(red), static_cast<std::uint32_t>(blue));
      ASSERT_NE(number, RestCells::kNoNumber) << "red at " << red << ", blue at " << blue << " on\n"
                                              << judge_text(board);
      adjacent_reached += number >= adjacent_first ? 1 : 0;
    }
    tilt_pairs += numbered;
    rest_pairs += rest.rest_pair_count();
  }
  EXPECT_LT(tilt_pairs, rest_pairs / 2);
  // Fixed seed: 1,574 reached positions in the adjacent block on the 1,500
  // boards of Release, 143 on the 187 of the sanitizer builds.
  EXPECT_GT(adjacent_reached, static_cast<std::uint64_t>(boards) / 4);
}

TEST(MarbleRestCells, DenseVisitedSetEqualsTheHashTable) {
  core::SplitMix64 rng(0x2E57'0002);
  const int boards = scaled(400);
  for (int b = 0; b < boards; ++b) {
    const int side = 5 + static_cast<int>(rng.below(46));
    const Board board = random_board(rng, side, side, 5 + static_cast<int>(rng.below(30)));
    const std::optional<int> max_tilts =
        rng.below(2) == 0 ? std::nullopt : std::optional<int>(static_cast<int>(rng.below(30)));
    SolveOptions dense{max_tilts, Strategy::breadth_first};
    SolveOptions hashed = dense;
    hashed.dense_visited = false;
    const Solution with_bits = solve(board, dense, {});
    const Solution with_table = solve(board, hashed, {});
    ASSERT_TRUE(with_bits.search.proven() && with_table.search.proven());
    ASSERT_EQ(with_bits.search.value, with_table.search.value) << judge_text(board);
    EXPECT_EQ(with_bits.states, with_table.states);
    EXPECT_EQ(with_bits.search.stats.nodes, with_table.search.stats.nodes);
    EXPECT_EQ(with_bits.search.line, with_table.search.line);
  }
}

// A random judge board (judge) or a bigger one: 5 to 30 a side, up to 34 %
// walls, for the hand-over tests below.
Board judge_or_bigger_board(core::SplitMix64& rng, bool judge) {
  if (judge) return random_judge_board(rng);
  const int rows = 5 + static_cast<int>(rng.below(26));
  const int cols = 5 + static_cast<int>(rng.below(26));
  return random_board(rng, rows, cols, static_cast<int>(rng.below(35)));
}

}  // namespace
}  // namespace boardsearch::marble::testing

namespace boardsearch::marble::testing {
namespace {

TEST(MarbleRestCells, AStarHandingOverToBreadthFirstKeepsTheAnswer) {
  // A* hands over after 0, 1 or a few dozen pairs: the answer is breadth-
  // first's (and the plain search's), the line replays, and nodes count
  // both searches.
  core::SplitMix64 rng(0x2E57'0003);
  const int boards = scaled(1500);
  int handed_over = 0;
  for (int b = 0; b < boards; ++b) {
    const bool judge = b % 2 == 0;
    const Board board = judge_or_bigger_board(rng, judge);
    const std::optional<int> max_tilts =
        rng.below(3) == 0 ? std::optional<int>(static_cast<int>(rng.below(15))) : std::nullopt;
    SolveOptions options{max_tilts, Strategy::a_star};
    options.hand_over_after = rng.below(3) == 0 ? 0 : rng.below(60);
    const Solution handed = solve(board, options, {});
    SolveOptions plain_a_star = options;
    plain_a_star.hand_over_after = ~std::uint64_t{0};
    const Solution alone = solve(board, plain_a_star, {});
    ASSERT_TRUE(handed.search.proven() && alone.search.proven());
    ASSERT_EQ(handed.search.value, alone.search.value) << judge_text(board);
    if (judge && !max_tilts) {
      EXPECT_EQ(handed.search.value.value_or(-1), plain_fewest_tilts_unlimited(board));
    }
    if (handed.search.value) {
      EXPECT_EQ(handed.search.line.size(), static_cast<std::size_t>(*handed.search.value));
      EXPECT_TRUE(plain_line_succeeds(board, handed.search.line)) << letters(handed.search.line);
    }
    if (alone.search.stats.nodes > options.hand_over_after) {
      // It handed over: A*'s pairs and then breadth-first's from the start.
      ++handed_over;
      EXPECT_GT(handed.states, options.hand_over_after);
      EXPECT_GE(handed.search.stats.nodes, options.hand_over_after);
    } else {
      EXPECT_EQ(handed.search.stats.nodes, alone.search.stats.nodes);
      EXPECT_EQ(handed.states, alone.states);
    }
  }
  EXPECT_GT(handed_over, boards / 4);
}

TEST(MarbleRestCells, TheBeamAndThePrunedBreadthFirstAfterTheHandOverKeepTheAnswer) {
  // After A*'s hand-over a beam looks for a line and breadth-first keeps
  // only pairs that can lie on a shorter one (search.cpp,
  // solve_after_hand_over). Narrow beams (1 to 8 pairs a layer, few
  // expansions) give lines far from the fewest, wide ones the fewest: the
  // answer must be A*'s alone (and the plain search's) every time, and the
  // line must replay. The answer comes from the pruned breadth-first when
  // it finds a shorter line and from the beam's line when not; a mutant
  // that always answers the beam's line, one that answers nothing when
  // breadth-first finds nothing, and one that prunes one tilt too early
  // each fail here. The same for the late beam, which runs between
  // breadth-first's layers when the first beam finds nothing and prunes
  // the layers after its line (LateBeam); and the same solve with the hash
  // sets instead of the dense ones must match it in everything.
  core::SplitMix64 rng(0x2E57'0004);
  const int boards = scaled(2000);
  for (int b = 0; b < boards; ++b) {
    const bool judge = b % 2 == 0;
    const Board board = judge_or_bigger_board(rng, judge);
    const std::optional<int> max_tilts =
        rng.below(4) == 0 ? std::optional<int>(static_cast<int>(rng.below(15))) : std::nullopt;
    SolveOptions options{max_tilts, Strategy::a_star};
    options.hand_over_after = rng.below(20);
    options.beam_width = rng.below(4) == 0 ? kBeamWidth : 1 + rng.below(8);
    options.beam_max_expanded = rng.below(3) == 0 ? kBeamMaxExpanded : rng.below(200);
    // The late beam (when the first finds nothing), from its own draws so
    // that the boards stay those above: 0 (none) to 8 pairs a layer or the
    // default width, from the start or after up to 99 breadth-first pairs,
    // shares of 1 to 400 % of breadth-first's pairs, few or the default
    // most pairs.
    core::SplitMix64 late_rng(0x1A7E'0000 + static_cast<std::uint64_t>(b));
    options.late_beam_width = late_rng.below(4) == 0 ? kLateBeamWidth : late_rng.below(9);
    options.late_beam_after = late_rng.below(2) == 0 ? 0 : late_rng.below(100);
    options.late_beam_percent = late_rng.below(3) == 0 ? kLateBeamPercent : 1 + late_rng.below(400);
    options.late_beam_max_expanded = late_rng.below(3) == 0 ? kLateBeamMaxExpanded : late_rng.below(300);
    const Solution handed = solve(board, options, {});
    SolveOptions a_star_alone{max_tilts, Strategy::a_star};
    a_star_alone.hand_over_after = ~std::uint64_t{0};
    const Solution alone = solve(board, a_star_alone, {});
    ASSERT_TRUE(handed.search.proven() && alone.search.proven());
    ASSERT_EQ(handed.search.value, alone.search.value)
        << "beam " << options.beam_width << ", " << options.beam_max_expanded << " pairs\n"
        << judge_text(board);
    if (judge && !max_tilts) {
      EXPECT_EQ(handed.search.value.value_or(-1), plain_fewest_tilts_unlimited(board));
    }
    if (handed.search.value) {
      EXPECT_EQ(handed.search.line.size(), static_cast<std::size_t>(*handed.search.value));
      EXPECT_TRUE(plain_line_succeeds(board, handed.search.line)) << letters(handed.search.line);
    }
    // The late beam keeps its seen pairs in a dense bit set where
    // breadth-first does, else in a hash set: the same pairs either way, so
    // the same line, nodes and states.
    SolveOptions hashed = options;
    hashed.dense_visited = false;
    const Solution with_table = solve(board, hashed, {});
    ASSERT_TRUE(with_table.search.proven());
    EXPECT_EQ(with_table.search.value, handed.search.value) << judge_text(board);
    EXPECT_EQ(with_table.search.line, handed.search.line) << judge_text(board);
    EXPECT_EQ(with_table.search.stats.nodes, handed.search.stats.nodes) << judge_text(board);
    EXPECT_EQ(with_table.states, handed.states) << judge_text(board);
  }
}

TEST(MarbleRestCells, ALateBeamReleasedEarlyGivesItsMemoryBack) {
  // The late beam runs beside breadth-first and is released when it has
  // expanded its most pairs; its visited set must be given back to the
  // memory budget then, or every later growth is checked against room the
  // search does not hold and the peak counts it (a review found the set
  // never given back: peak 297 MB against 275 MB on the 300 x 300 board of
  // 200 tilts). Here a beam of one pair a layer, released after 3 pairs,
  // runs at the start of breadth-first on an impossible board of 954 k
  // reachable pairs (the benchmark's 100 x 100, 15 %, board 0): it finds
  // no line, so breadth-first is the one without it, whose memory grows
  // far past the beam's few KB: the peaks must be equal.
  core::SplitMix64 rng(0x3A2B'1E00 + 100 * 100 + 15);
  const Board board = random_board(rng, 100, 100, 15);
  SolveOptions options{std::nullopt, Strategy::a_star};
  options.hand_over_after = 0;
  options.beam_max_expanded = 0;
  options.late_beam_width = 1;
  options.late_beam_after = 0;
  options.late_beam_percent = 400;
  options.late_beam_max_expanded = 3;
  const Solution with_beam = solve(board, options, {});
  options.late_beam_width = 0;
  const Solution without = solve(board, options, {});
  ASSERT_TRUE(with_beam.search.proven() && without.search.proven());
  ASSERT_FALSE(with_beam.search.value.has_value());
  ASSERT_FALSE(without.search.value.has_value());
  EXPECT_GT(without.memory_bytes, std::size_t{8} << 20);
  EXPECT_EQ(with_beam.memory_bytes, without.memory_bytes);
}

}  // namespace
}  // namespace boardsearch::marble::testing
