// The marble escape search: the samples under the four judges, the traps of
// the puzzle page, thousands of random judge-sized boards against the plain
// simulation (answer, and the line replayed under the plain rules), and the
// limits (nodes, time, cancellation, memory).

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <utility>
#include <vector>

#include "games/marble/bound.hpp"
#include "games/marble/random_boards.hpp"
#include "games/marble/slide.hpp"
#include "games/marble/test_support.hpp"

namespace boardsearch::marble::testing {
namespace {

using core::Direction;

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
    const Solution within_ten = solve_with(board, kJudgeMaxTilts);
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
  EXPECT_EQ(letters(solve_with(sample(1), kJudgeMaxTilts).search.line), "R");
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
  EXPECT_EQ(letters(solve_with(row, kJudgeMaxTilts).search.line), "RD");
  const Board column = parse_board("5 4\n####\n#B.#\n#R.#\n#.O#\n####\n");
  EXPECT_EQ(checked_answer(column, kJudgeMaxTilts), 2);
  EXPECT_EQ(letters(solve_with(column, kJudgeMaxTilts).search.line), "DR");
}

TEST(MarbleSolver, TrapTheBlueMarbleStopsTheRedOneWhereNoWallDoes) {
  // Right: red stops at column 3 against blue, above the hole; alone it
  // would roll to column 4 where no hole is below.
  const Board board = parse_board("4 6\n######\n#R..B#\n##.O##\n######\n");
  EXPECT_EQ(checked_answer(board, kJudgeMaxTilts), 2);
  EXPECT_EQ(letters(solve_with(board, kJudgeMaxTilts).search.line), "RD");
}

TEST(MarbleSolver, TrapATiltThatChangesNothingIsNotCounted) {
  // Left and up move nothing; right drops red (blue is beyond the hole).
  const Board board = parse_board("3 7\n#######\n#R.O.B#\n#######\n");
  EXPECT_EQ(checked_answer(board, kJudgeMaxTilts), 1);
  // A board where nothing ever moves in any useful way: every tilt is a
  // no-op or fails; the search ends with the start pair only.
  const Board stuck = parse_board("3 5\n#####\n#ROB#\n#####\n");
  const Solution solution = solve_with(stuck, std::nullopt);
  EXPECT_EQ(solution.search.value, 1);  // right: red falls, blue stays
  const Board boxed = parse_board("5 5\n#####\n#R#B#\n#####\n#.O.#\n#####\n");
  for (const Strategy strategy : kStrategies) {
    const Solution none = solve_with(boxed, std::nullopt, strategy);
    EXPECT_TRUE(none.search.proven());
    EXPECT_EQ(none.search.value, std::nullopt);
    EXPECT_EQ(none.states, 1u);
    // Breadth-first expands the start; A* sees that red can never escape.
    EXPECT_EQ(none.search.stats.nodes, strategy == Strategy::a_star ? 0u : 1u);
  }
}

TEST(MarbleSolver, TiltLimitCountsEveryTilt) {
  const Board board = sample(2);  // 5 tilts
  EXPECT_EQ(checked_answer(board, 0), -1);
  EXPECT_EQ(checked_answer(board, 4), -1);
  EXPECT_EQ(checked_answer(board, 5), 5);
  EXPECT_EQ(checked_answer(board, 1000), 5);
  for (const Strategy strategy : kStrategies) EXPECT_EQ(solve_with(board, 0, strategy).search.stats.nodes, 0u);
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

TEST(MarbleSolver, RedBoundIsAdmissibleAndConsistentOnRandomBoards) {
  // Consistent: for every pair and tilt, bound(before) <= 1 + bound(after),
  // and a tilt that drops red alone starts from bound 1. Admissible: the
  // bound of the start is at most the plain answer, and infinite only when
  // the plain search without limit finds nothing. The cell's bound is the
  // least of its pairs'.
  core::SplitMix64 rng(0xB0B0);
  const int boards = scaled(1500);
  int blocked_higher = 0;  // pairs whose blocked state raises the bound
  for (int b = 0; b < boards; ++b) {
    const Board board = random_judge_board(rng);
    const detail::SlideStops stops(board);
    const RedBound bound(board, stops);
    const int answer = plain_fewest_tilts_unlimited(board);
    const std::uint32_t at_start =
        bound.at(static_cast<std::uint32_t>(board.red), static_cast<std::uint32_t>(board.blue));
    if (answer == -1) {
      EXPECT_TRUE(at_start == RedBound::kUnreachable || at_start >= 1);
    } else {
      EXPECT_LE(at_start, static_cast<std::uint32_t>(answer)) << judge_text(board);
    }
    for (int red = 0; red < board.cell_count(); ++red) {
      if (board.is_wall(red) || red == board.hole) continue;
      for (int blue = 0; blue < board.cell_count(); ++blue) {
        if (board.is_wall(blue) || blue == board.hole || blue == red) continue;
        const std::uint32_t before = bound.at(static_cast<std::uint32_t>(red), static_cast<std::uint32_t>(blue));
        ASSERT_LE(bound.at(static_cast<std::uint32_t>(red)), before);
        if (before != bound.at(static_cast<std::uint32_t>(red))) ++blocked_higher;
        for (const Direction direction : core::kDirections) {
          const Marbles after = tilt(board, {red, blue}, direction);
          if (verdict(after) == Verdict::success) {
            ASSERT_EQ(before, 1u) << judge_text(board);
          } else if (verdict(after) == Verdict::playing) {
            const std::uint32_t later =
                bound.at(static_cast<std::uint32_t>(after.red), static_cast<std::uint32_t>(after.blue));
            if (later != RedBound::kUnreachable) {
              ASSERT_LE(before, later + 1) << "red " << red << " blue " << blue << "\n" << judge_text(board);
            }
          }
        }
      }
    }
  }
  // The pair's state must matter somewhere, or the test says little.
  EXPECT_GT(blocked_higher, boards);
}

TEST(MarbleSolver, HelpedTiltsAreThePlainRulesAndNeverBackToBack) {
  // has_helped_tilt against the plain rules: some tilt leaves the red marble
  // neither where it was, nor where it rests alone, nor in the hole (so one
  // cell short of that, behind blue). And Claim 2 of bound.cpp: after such a
  // tilt, no tilt is helped.
  core::SplitMix64 rng(0xB0B4);
  const int boards = scaled(1500);
  int helped = 0;
  for (int b = 0; b < boards; ++b) {
    const Board board = random_judge_board(rng);
    const detail::SlideStops stops(board);
    const RedBound bound(board, stops);
    const PlainRules rules(board);
    const auto position = [&](int red, int blue) {
      const core::GridCell r = board.cell(red), c = board.cell(blue);
      return PlainPosition{{r.row, r.col, true}, {c.row, c.col, true}};
    };
    // The direction of a helped tilt from the pair, or -1.
    const auto plain_helped = [&](int red, int blue) {
      for (const Direction direction : core::kDirections) {
        const PlainPosition both = rules.tilt(position(red, blue), direction);
        const PlainPosition alone =
            rules.tilt({position(red, blue).red, {0, 0, false}}, direction);  // blue fallen in: red alone
        if (!both.red.on_board || !both.blue.on_board || !alone.red.on_board) continue;
        const int rest = board.index(both.red.row, both.red.col);
        if (rest != red && rest != board.index(alone.red.row, alone.red.col)) return static_cast<int>(direction);
      }
      return -1;
    };
    for (int red = 0; red < board.cell_count(); ++red) {
      if (board.is_wall(red) || red == board.hole) continue;
      for (int blue = 0; blue < board.cell_count(); ++blue) {
        if (board.is_wall(blue) || blue == board.hole || blue == red) continue;
        const int direction = plain_helped(red, blue);
        ASSERT_EQ(bound.has_helped_tilt(static_cast<std::uint32_t>(red), static_cast<std::uint32_t>(blue)),
                  direction != -1)
            << "red " << red << " blue " << blue << "\n"
            << judge_text(board);
        if (direction == -1) continue;
        ++helped;
        const PlainPosition after = rules.tilt(position(red, blue), static_cast<Direction>(direction));
        ASSERT_EQ(plain_helped(board.index(after.red.row, after.red.col), board.index(after.blue.row, after.blue.col)),
                  -1)
            << "red " << red << " blue " << blue << "\n"
            << judge_text(board);
      }
    }
  }
  EXPECT_GT(helped, boards);
}

// The graph G2 of bound.cpp built plainly: the red marble rolled alone cell
// by cell (PlainRules, the blue one fallen in); state 2 r is (r, free), 2 r
// + 1 is (r, blocked). From each cell r and direction, with s where red
// rests alone: (r, either) -> (s, free) when s is not r, or -> the hole
// when red falls in; (r, free) -> (s - d, blocked) when that is not r; and
// (r, blocked) -> (r, free). Each state's distance to the hole by
// breadth-first search, repeating rounds over all edges (kUnreachable:
// none).
struct PlainRedDistances {
  std::vector<std::uint32_t> free;
  std::vector<std::uint32_t> blocked;
};

PlainRedDistances plain_red_distances(const Board& board) {
  const PlainRules rules(board);
  std::vector<std::pair<int, int>> edges;
  const int hole = 2 * board.hole;
  for (int r = 0; r < board.cell_count(); ++r) {
    if (board.is_wall(r) || r == board.hole) continue;
    const core::GridCell at = board.cell(r);
    edges.emplace_back(2 * r + 1, 2 * r);
    for (const Direction direction : core::kDirections) {
      const PlainPosition after = rules.tilt({{at.row, at.col, true}, {0, 0, false}}, direction);
      if (!after.red.on_board) {
        edges.emplace_back(2 * r, hole);
        edges.emplace_back(2 * r + 1, hole);
        continue;
      }
      const int s = board.index(after.red.row, after.red.col);
      if (s == r) continue;
      edges.emplace_back(2 * r, 2 * s);
      edges.emplace_back(2 * r + 1, 2 * s);
      const core::GridCell one = core::shifted({0, 0}, direction);
      const int short_of_s = board.index(after.red.row - one.row, after.red.col - one.col);
      if (short_of_s != r) edges.emplace_back(2 * r, 2 * short_of_s + 1);
    }
  }
  std::vector<std::uint32_t> distance(2 * static_cast<std::size_t>(board.cell_count()), RedBound::kUnreachable);
  distance[static_cast<std::size_t>(hole)] = 0;
  for (std::uint32_t round = 1;; ++round) {
    bool grew = false;
    for (const auto& [from, to] : edges) {
      if (distance[static_cast<std::size_t>(to)] == round - 1 &&
          distance[static_cast<std::size_t>(from)] == RedBound::kUnreachable) {
        distance[static_cast<std::size_t>(from)] = round;
        grew = true;
      }
    }
    if (!grew) break;
  }
  PlainRedDistances result;
  for (std::size_t c = 0; c < static_cast<std::size_t>(board.cell_count()); ++c) {
    result.free.push_back(distance[2 * c]);
    result.blocked.push_back(distance[2 * c + 1]);
  }
  return result;
}

TEST(MarbleSolver, RedBoundIsTheDistanceInThePlainGraphOfRedMoves) {
  // The bound's search walks the runs backwards (bound.cpp); it must give
  // both states of every free cell exactly their distances in G2 built
  // forwards and plainly, not merely admissible values (a weaker bound
  // would pass the test above and every answer test, only with more
  // pairs).
  core::SplitMix64 rng(0xB0B1);
  const int boards = scaled(3000);
  int blocked_more = 0;
  for (int b = 0; b < boards; ++b) {
    const Board board = b % 3 == 0 ? random_board(rng, 5 + static_cast<int>(rng.below(36)),
                                                  5 + static_cast<int>(rng.below(36)), static_cast<int>(rng.below(45)))
                                   : random_judge_board(rng);
    const detail::SlideStops stops(board);
    const RedBound bound(board, stops);
    const PlainRedDistances plain = plain_red_distances(board);
    for (int cell = 0; cell < board.cell_count(); ++cell) {
      if (board.is_wall(cell) || cell == board.hole) continue;
      const auto c = static_cast<std::uint32_t>(cell);
      ASSERT_EQ(bound.at(c), plain.free[c]) << "cell " << cell << "\n" << judge_text(board);
      ASSERT_EQ(bound.blocked(c), plain.blocked[c]) << "cell " << cell << " blocked\n" << judge_text(board);
      if (bound.blocked(c) != bound.at(c)) ++blocked_more;
    }
  }
  EXPECT_GT(blocked_more, boards);
}

// PairBound's parts built plainly, each marble rolled alone cell by cell
// (PlainRules, the other marble fallen in): red's distance to the hole with
// the edges r -> where it rests (the hole if it falls in) only; and the
// blue marble's help(b) = min over cells c and directions d in which blue on
// c can be in front of red (it rests on s without falling, and the cell
// behind c is free and not the hole) of dist_B(b, c) + 1 + the distance
// from (s - d, blocked) in G2 (plain_red_distances), with B blue's edges
// b -> where it rests and b -> one cell short of it (none when it falls).
// kUnreachable: none.
struct PlainPairParts {
  std::vector<std::uint32_t> alone;
  std::vector<std::uint32_t> help;
};

PlainPairParts plain_pair_parts(const Board& board) {
  const PlainRules rules(board);
  const auto cells = static_cast<std::size_t>(board.cell_count());
  const PlainRedDistances red_in_g2 = plain_red_distances(board);
  constexpr std::uint32_t kNone = RedBound::kUnreachable;
  // Where a marble alone on `cell` rests after a tilt towards `direction`
  // (-1: it falls in).
  const auto rest_alone = [&](int cell, Direction direction) {
    const core::GridCell at = board.cell(cell);
    const PlainPosition after = rules.tilt({{at.row, at.col, true}, {0, 0, false}}, direction);
    return after.red.on_board ? board.index(after.red.row, after.red.col) : -1;
  };
  const auto free_cell = [&](int cell) { return !board.is_wall(cell) && cell != board.hole; };
  std::vector<std::pair<int, int>> red_edges, blue_edges;
  for (int r = 0; r < board.cell_count(); ++r) {
    if (!free_cell(r)) continue;
    for (const Direction direction : core::kDirections) {
      const int s = rest_alone(r, direction);
      if (s == -1) {
        red_edges.emplace_back(r, board.hole);
        continue;
      }
      if (s == r) continue;
      red_edges.emplace_back(r, s);
      blue_edges.emplace_back(r, s);
      const core::GridCell one = core::shifted({0, 0}, direction);
      const int short_of_s = board.index(board.cell(s).row - one.row, board.cell(s).col - one.col);
      if (short_of_s != r) blue_edges.emplace_back(r, short_of_s);
    }
  }
  PlainPairParts parts{std::vector<std::uint32_t>(cells, kNone), std::vector<std::uint32_t>(cells, kNone)};
  // Red alone: rounds over all edges, as plain_red_distances.
  parts.alone[static_cast<std::size_t>(board.hole)] = 0;
  for (std::uint32_t round = 1;; ++round) {
    bool grew = false;
    for (const auto& [from, to] : red_edges) {
      if (parts.alone[static_cast<std::size_t>(to)] == round - 1 &&
          parts.alone[static_cast<std::size_t>(from)] == kNone) {
        parts.alone[static_cast<std::size_t>(from)] = round;
        grew = true;
      }
    }
    if (!grew) break;
  }
  // Each cell's start (kNone: blue on it is never in front of red).
  std::vector<std::uint32_t> start(cells, kNone);
  for (int c = 0; c < board.cell_count(); ++c) {
    if (!free_cell(c)) continue;
    for (const Direction direction : core::kDirections) {
      const int s = rest_alone(c, direction);
      const core::GridCell one = core::shifted({0, 0}, direction);
      const int behind = board.index(board.cell(c).row - one.row, board.cell(c).col - one.col);
      if (s == -1 || !free_cell(behind)) continue;
      const int short_of_s = board.index(board.cell(s).row - one.row, board.cell(s).col - one.col);
      const std::uint32_t after = red_in_g2.blocked[static_cast<std::size_t>(short_of_s)];
      if (after != kNone) start[static_cast<std::size_t>(c)] = std::min(start[static_cast<std::size_t>(c)], after + 1);
    }
  }
  // help(b): blue's distances from b in B by rounds, then the least sum.
  for (int b = 0; b < board.cell_count(); ++b) {
    if (!free_cell(b)) continue;
    std::vector<std::uint32_t> from_b(cells, kNone);
    from_b[static_cast<std::size_t>(b)] = 0;
    for (std::uint32_t round = 1;; ++round) {
      bool grew = false;
      for (const auto& [from, to] : blue_edges) {
        if (from_b[static_cast<std::size_t>(from)] == round - 1 && from_b[static_cast<std::size_t>(to)] == kNone) {
          from_b[static_cast<std::size_t>(to)] = round;
          grew = true;
        }
      }
      if (!grew) break;
    }
    for (std::size_t c = 0; c < cells; ++c)
      if (from_b[c] != kNone && start[c] != kNone)
        parts.help[static_cast<std::size_t>(b)] =
            std::min(parts.help[static_cast<std::size_t>(b)], from_b[c] + start[c]);
  }
  return parts;
}

TEST(MarbleSolver, PairBoundPartsAreThePlainDistances) {
  // Each part of PairBound (bound.cpp builds them backwards, from many
  // sources at once) equals its definition computed forwards and plainly,
  // on every free cell; a weaker part would pass the admissibility tests.
  core::SplitMix64 rng(0xB0B2);
  const int boards = scaled(1500);
  int helped_more = 0;  // boards where the pair bound beats RedBound at the start
  for (int b = 0; b < boards; ++b) {
    const Board board = b % 3 == 0 ? random_board(rng, 5 + static_cast<int>(rng.below(12)),
                                                  5 + static_cast<int>(rng.below(12)), static_cast<int>(rng.below(45)))
                                   : random_judge_board(rng);
    const detail::SlideStops stops(board);
    const PairBound bound(board, stops);
    const PlainPairParts plain = plain_pair_parts(board);
    const PlainRedDistances red_in_g2 = plain_red_distances(board);
    for (int cell = 0; cell < board.cell_count(); ++cell) {
      if (board.is_wall(cell) || cell == board.hole) continue;
      const auto c = static_cast<std::uint32_t>(cell);
      ASSERT_EQ(bound.alone(c), plain.alone[c]) << "alone, cell " << cell << "\n" << judge_text(board);
      ASSERT_EQ(bound.helped().at(c), red_in_g2.free[c]) << "helped, cell " << cell << "\n" << judge_text(board);
      ASSERT_EQ(bound.help(c), plain.help[c]) << "help, cell " << cell << "\n" << judge_text(board);
    }
    const auto red = static_cast<std::uint32_t>(board.red), blue = static_cast<std::uint32_t>(board.blue);
    if (bound.at(red, blue) > bound.helped().at(red, blue)) ++helped_more;
  }
  // The pair's bound must be tighter than red's alone on a good share of
  // boards, or it is not worth its cost.
  EXPECT_GT(helped_more, boards / 40);
}

TEST(MarbleSolver, PairBoundIsAdmissibleAndConsistentOnRandomBoards) {
  // Consistent: for every pair and tilt, bound(before) <= 1 + bound(after),
  // and a tilt that drops red alone starts from bound 1. Admissible: the
  // bound of the pair is at most the plain answer from it, for the start and
  // for random other pairs (the marbles put there), and infinite only when
  // the plain search finds nothing; never below RedBound.
  core::SplitMix64 rng(0xB0B3);
  const int boards = scaled(1500);
  int compared = 0;
  for (int b = 0; b < boards; ++b) {
    const Board board = b % 4 == 0 ? random_board(rng, 5 + static_cast<int>(rng.below(10)),
                                                  5 + static_cast<int>(rng.below(10)), static_cast<int>(rng.below(45)))
                                   : random_judge_board(rng);
    const detail::SlideStops stops(board);
    const PairBound bound(board, stops);
    const RedBound red_bound(board, stops);
    std::vector<int> free_cells;
    for (int cell = 0; cell < board.cell_count(); ++cell)
      if (!board.is_wall(cell) && cell != board.hole) free_cells.push_back(cell);
    for (const int red : free_cells) {
      for (const int blue : free_cells) {
        if (blue == red) continue;
        const std::uint32_t before = bound.at(static_cast<std::uint32_t>(red), static_cast<std::uint32_t>(blue));
        ASSERT_GE(before, red_bound.at(static_cast<std::uint32_t>(red), static_cast<std::uint32_t>(blue)));
        for (const Direction direction : core::kDirections) {
          const Marbles after = tilt(board, {red, blue}, direction);
          if (verdict(after) == Verdict::success) {
            ASSERT_EQ(before, 1u) << judge_text(board);
          } else if (verdict(after) == Verdict::playing) {
            const std::uint32_t later =
                bound.at(static_cast<std::uint32_t>(after.red), static_cast<std::uint32_t>(after.blue));
            if (later != PairBound::kUnreachable) {
              ASSERT_LE(before, later + 1) << "red " << red << " blue " << blue << "\n" << judge_text(board);
            }
          }
        }
      }
    }
    // The start and three random pairs against the plain search from there.
    for (int k = 0; k < 4; ++k) {
      Board from = board;
      if (k > 0) {
        from.red = free_cells[rng.below(free_cells.size())];
        from.blue = free_cells[rng.below(free_cells.size())];
        if (from.blue == from.red) continue;
      }
      const int answer = plain_fewest_tilts_unlimited(from);
      const std::uint32_t at = bound.at(static_cast<std::uint32_t>(from.red), static_cast<std::uint32_t>(from.blue));
      if (answer == -1) {
        EXPECT_GE(at, 1u);
      } else {
        ASSERT_LE(at, static_cast<std::uint32_t>(answer)) << "red " << from.red << " blue " << from.blue << "\n"
                                                          << judge_text(board);
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, boards);
}

TEST(MarbleSolver, NodeLimitStopsWithNodeLimit) {
  // Per strategy, the first few random boards on which it expands at least
  // kEnough pairs (among them a board whose hole is walled in, which
  // breadth-first exhausts and A* settles at once), stopped at several node
  // limits short of what the full search takes.
  constexpr std::uint64_t kEnough = 50;
  constexpr int kBoardsPerStrategy = 4;
  for (const Strategy strategy : kStrategies) {
    core::SplitMix64 rng(3);
    int stopped_boards = 0;
    for (int attempt = 0; attempt < 2000 && stopped_boards < kBoardsPerStrategy; ++attempt) {
      const int side = 10 + static_cast<int>(rng.below(51));
      Board board = random_board(rng, side, side, 5 + static_cast<int>(rng.below(30)));
      if (attempt == 0) {
        for (const Direction direction : core::kDirections) board.wall[board.step(board.hole, direction)] = 1;
        board.wall[board.red] = board.wall[board.blue] = 0;
      }
      const Solution full = solve_with(board, std::nullopt, strategy);
      ASSERT_TRUE(full.search.proven());
      const std::uint64_t nodes = full.search.stats.nodes;
      if (nodes < kEnough) continue;
      ++stopped_boards;
      for (const std::uint64_t max_nodes : {std::uint64_t{1}, std::uint64_t{10}, nodes / 2, nodes - 1}) {
        core::SearchLimits limits;
        limits.max_nodes = max_nodes;
        const Solution stopped = solve_with(board, std::nullopt, strategy, limits);
        EXPECT_EQ(stopped.search.outcome, core::Outcome::node_limit);
        EXPECT_LE(stopped.search.stats.nodes, max_nodes + 1);
        EXPECT_FALSE(stopped.search.value);
        EXPECT_TRUE(stopped.search.line.empty());
      }
      core::SearchLimits enough;
      enough.max_nodes = nodes;
      const Solution again = solve_with(board, std::nullopt, strategy, enough);
      EXPECT_TRUE(again.search.proven());
      EXPECT_EQ(again.search.value, full.search.value);
    }
    EXPECT_EQ(stopped_boards, kBoardsPerStrategy);
  }
}

TEST(MarbleSolver, DeadlineAndCancellationStopTheSearch) {
  const Board board = sample(2);
  for (const Strategy strategy : kStrategies) {
    core::SearchLimits past;
    past.deadline = core::Clock::now() - std::chrono::seconds(1);
    EXPECT_EQ(solve_with(board, std::nullopt, strategy, past).search.outcome, core::Outcome::time_limit);
    std::atomic<bool> cancel{true};
    core::SearchLimits cancelled;
    cancelled.cancel = &cancel;
    EXPECT_EQ(solve_with(board, std::nullopt, strategy, cancelled).search.outcome, core::Outcome::cancelled);
  }
}

TEST(MarbleSolver, MemoryBudgetStopsWithMemoryLimit) {
  core::SplitMix64 rng(11);
  const Board board = random_board(rng, 300, 300, 10);
  for (const Strategy strategy : kStrategies) {
    const Solution full = solve_with(board, std::nullopt, strategy);
    ASSERT_TRUE(full.search.proven());
    // The tables alone (4 stops of 4 bytes per cell) do not fit: stopped at once.
    const Solution none = solve_with(board, std::nullopt, strategy, {}, 1000);
    EXPECT_EQ(none.search.outcome, core::Outcome::memory_limit);
    EXPECT_EQ(none.search.stats.nodes, 0u);
    // Just below what the full search held: stopped on the way, within budget.
    const std::size_t budget = full.memory_bytes - 1;
    const Solution short_of_it = solve_with(board, std::nullopt, strategy, {}, budget);
    EXPECT_EQ(short_of_it.search.outcome, core::Outcome::memory_limit);
    EXPECT_LE(short_of_it.memory_bytes, budget);
    EXPECT_FALSE(short_of_it.search.value);
    // Exactly what it held: enough.
    EXPECT_TRUE(solve_with(board, std::nullopt, strategy, {}, full.memory_bytes).search.proven());
  }
}

// A judge board's search holds a few kilobytes: every sample solves within
// a 1 MiB budget with the default search (A*; its dense closed bits, which
// take 2 MiB blocks, are for bigger boards only, and breadth-first, whose
// dense set takes them too, runs on the front ends only after A* has
// expanded 500,000 pairs), its peak far below it.
TEST(MarbleSolver, JudgeSamplesSolveWithinOneMebibyte) {
  constexpr std::size_t kBudget = std::size_t{1} << 20;
  for (int number = 1; number <= kSampleCount; ++number) {
    const Solution solution = solve_with(sample(number), kJudgeMaxTilts, Strategy::a_star, {}, kBudget);
    ASSERT_TRUE(solution.search.proven()) << "sample " << number << ": " << core::to_string(solution.search.outcome);
    EXPECT_EQ(solution.search.value.value_or(-1), sample_answer(number)) << "sample " << number;
    EXPECT_LT(solution.memory_bytes, std::size_t{256} << 10) << "sample " << number;
  }
}

TEST(MarbleSolver, BigBoardsKeepMemoryToTheStatesReached) {
  // A 1000 x 1000 board: 10^12 pairs, of which a search holds only those
  // reached. With a 64 MB budget it either finishes or stops within it.
  core::SplitMix64 rng(12);
  const Board board = random_board(rng, kMaxSide, kMaxSide, 20);
  constexpr std::size_t kBudget = std::size_t{64} << 20;
  for (const Strategy strategy : kStrategies) {
    const Solution solution = solve_with(board, std::nullopt, strategy, {}, kBudget);
    EXPECT_TRUE(solution.search.proven() || solution.search.outcome == core::Outcome::memory_limit)
        << core::to_string(solution.search.outcome);
    EXPECT_LE(solution.memory_bytes, kBudget);
    if (solution.search.value) {
      EXPECT_TRUE(plain_line_succeeds(board, solution.search.line));
    }
    // The stop tables and the bound (20 bytes per cell) and, while the bound
    // is built, 40 more; then a few dozen bytes per state (record, visited
    // slot at load >= 3/8, bucket entry), doubled while one grows.
    const std::size_t tables = 60 * static_cast<std::size_t>(board.cell_count());
    EXPECT_LE(solution.memory_bytes, tables + 2 * 40 * solution.states + (std::size_t{1} << 16));
    EXPECT_GT(solution.states, 1000u);
  }
}

TEST(MarbleSolver, AStarEqualsBreadthFirstOnBiggerRandomBoards) {
  core::SplitMix64 rng(0xB1A5'0003);
  const int boards = scaled(300);
  for (int b = 0; b < boards; ++b) {
    const int side = 10 + static_cast<int>(rng.below(41));
    const Board board = random_board(rng, side, side, 5 + static_cast<int>(rng.below(26)));
    const std::optional<int> max_tilts =
        rng.below(2) == 0 ? std::nullopt : std::optional<int>(static_cast<int>(rng.below(20)));
    checked_answer(board, max_tilts);  // both strategies, compared and replayed
  }
}

}  // namespace
}  // namespace boardsearch::marble::testing
