// The dice yut DP against the plain reference search: samples, the traps of
// the puzzle page, thousands of random schedules on the standard, traditional
// and random boards, and every plan replayed.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "boardsearch/app/puzzle.hpp"
#include "games/yut/bound.hpp"
#include "games/yut/rules.hpp"
#include "yut/test_support.hpp"

namespace boardsearch::yut::testing {
namespace {

core::SearchResult<Move, long long> solve(const Board& board, const std::vector<int>& dice, int pieces) {
  return solve_schedule(board, dice, pieces, core::SearchLimits{});
}

// A first-pass beam this narrow is nearly always truncated, so the exact
// pass runs with pruning (from a weak lower bound) even on small inputs.
constexpr std::size_t kTinyBeam = 2;

// Solves with the default and with a tiny first-pass beam (both must be
// exact), checks both plans replay to the answer, returns the answer.
long long checked_answer(const Board& board, const std::vector<int>& dice, int pieces) {
  const auto result = solve(board, dice, pieces);
  const auto pruned = solve_schedule(board, dice, pieces, core::SearchLimits{}, kTinyBeam);
  EXPECT_TRUE(result.proven());
  EXPECT_TRUE(result.value.has_value());
  EXPECT_EQ(pruned.value, result.value);
  if (!result.value || !pruned.value) return -1;
  expect_plan_replays(board, dice, pieces, result.line, *result.value);
  expect_plan_replays(board, dice, pieces, pruned.line, *pruned.value);
  return *result.value;
}

TEST(YutSolver, SamplesOfThePuzzlePage) {
  const Board& board = standard_board();
  EXPECT_EQ(checked_answer(board, {1, 2, 3, 4, 1, 2, 3, 4, 1, 2}, 4), 190);
  EXPECT_EQ(checked_answer(board, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 4), 133);
  EXPECT_EQ(checked_answer(board, {5, 1, 2, 3, 4, 5, 5, 3, 2, 4}, 4), 214);
  EXPECT_EQ(checked_answer(board, {5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, 4), 130);
}

TEST(YutSolver, TrapSquaresByIdentityNotByNumber) {
  // The page's trap: inner 30 (after o10 with a 5) is not outer 30.
  const std::vector<int> dice{5, 5, 5, 5, 5, 1, 1, 1, 1, 1};
  EXPECT_EQ(checked_answer(standard_board(), dice, 4), 167);
  EXPECT_EQ(plain_best(standard_board(), dice, 4), 167);
  const Board& board = standard_board();
  const int inner_30 = landing_square(board, *board.find("o10"), 5);
  EXPECT_EQ(board.squares[inner_30].id, "i30");
  EXPECT_NE(inner_30, *board.find("o30"));
}

TEST(YutSolver, TrapBlueOnlyWhenTheMoveStartsOnBlue) {
  const Board& board = standard_board();
  // One piece: 3 to o6, then 5 passes o10 without turning: o16. 6 + 16.
  EXPECT_EQ(checked_answer(board, {3, 5}, 1), 22);
  // Stopping on o10 first turns the next move onto the blue path: 10 + 13.
  EXPECT_EQ(checked_answer(board, {5, 1}, 1), 23);
  // o20 and o30 likewise: 20 then i22; 30 then i28.
  EXPECT_EQ(checked_answer(board, {5, 5, 1}, 1), 10 + 30 + 35);  // o10 -> i30 -> i35
  EXPECT_EQ(checked_answer(board, {4, 4, 2, 1}, 1), 8 + 16 + 20 + 22);
  EXPECT_EQ(checked_answer(board, {5, 5, 5, 5, 5, 5}, 1), 10 + 30 + 0);  // then the game ends
}

TEST(YutSolver, TrapFinishIsNeverOccupied) {
  // Both pieces go start -> o10 -> i30 -> finish; the second lands on finish
  // with the first already there. The game then ends: two dice are unused.
  const auto result = solve(standard_board(), {5, 5, 5, 5, 5, 5, 5, 5}, 2);
  ASSERT_TRUE(result.value);
  EXPECT_EQ(*result.value, 80);
  EXPECT_EQ(result.line.size(), 6u);
  expect_plan_replays(standard_board(), {5, 5, 5, 5, 5, 5, 5, 5}, 2, result.line, 80);
}

TEST(YutSolver, ReachingFinishEndsTheMoveWhateverIsLeft) {
  const Board& board = standard_board();
  const int o38 = *board.find("o38");
  for (int die = 2; die <= 5; ++die) EXPECT_EQ(landing_square(board, o38, die), board.finish);
  EXPECT_EQ(landing_square(board, o38, 1), *board.find("o40"));
}

TEST(YutSolver, LandingTableAgreesWithTheReferenceWalk) {
  for (const Board* board : {&standard_board()}) {
    const MoveTable table(*board);
    for (int square = 0; square < static_cast<int>(board->squares.size()); ++square) {
      if (square == board->finish) continue;
      for (int face : board->faces) EXPECT_EQ(table.destination(square, face), walk(*board, square, face));
    }
  }
}

// P^K games for P pieces and K dice: the fully plain search is kept to
// schedules of at most this many games so that thousands of them run fast.
constexpr double kPlainGameBudget = 150'000;

TEST(YutSolver, DpEqualsPlainSearchOnThousandsOfRandomSchedules) {
  core::SplitMix64 rng(0x7E7A'0001);
  const Board& board = standard_board();
  const int cases = scaled(3000);
  for (int c = 0; c < cases; ++c) {
    int pieces = 0, count = 0;
    do {
      pieces = 1 + static_cast<int>(rng.below(6));
      count = 1 + static_cast<int>(rng.below(12));
    } while (std::pow(pieces, count) > kPlainGameBudget);
    const std::vector<int> dice = random_dice(rng, board, count);
    const long long expected = plain_best(board, dice, pieces);
    ASSERT_EQ(checked_answer(board, dice, pieces), expected) << "case " << c << ", P = " << pieces;
  }
}

// The full 1..12 dice x 1..6 pieces grid, including P = 6 with 12 dice: the
// reference skips twin pieces on start (interchangeable) to stay affordable.
TEST(YutSolver, DpEqualsPlainSearchOnTheFullGridOfSizes) {
  core::SplitMix64 rng(0x7E7A'0002);
  const Board& board = standard_board();
  const int rounds = boardsearch::testing::sanitized() ? 1 : 2;
  for (int round = 0; round < rounds; ++round)
    for (int pieces = 1; pieces <= 6; ++pieces)
      for (int count = 1; count <= 12; ++count) {
        if (boardsearch::testing::sanitized() && pieces == 6 && count == 12) continue;
        const std::vector<int> dice = random_dice(rng, board, count);
        const long long expected = plain_best(board, dice, pieces, /*skip_twins=*/true);
        ASSERT_EQ(checked_answer(board, dice, pieces), expected) << "P = " << pieces << ", K = " << count;
      }
}

TEST(YutSolver, DpEqualsPlainSearchOnTheTraditionalBoard) {
  const Board board = parse_board(read_text(source_path("docs/boards/traditional.json")), "traditional.json");
  core::SplitMix64 rng(0x7E7A'0003);
  const int cases = scaled(1000);
  for (int c = 0; c < cases; ++c) {
    int pieces = 0, count = 0;
    do {
      pieces = 1 + static_cast<int>(rng.below(6));
      count = 1 + static_cast<int>(rng.below(12));
    } while (std::pow(pieces, count) > kPlainGameBudget);
    const std::vector<int> dice = random_dice(rng, board, count);
    ASSERT_EQ(checked_answer(board, dice, pieces), plain_best(board, dice, pieces)) << "case " << c;
  }
}

TEST(YutSolver, DpEqualsPlainSearchOnRandomBoards) {
  core::SplitMix64 rng(0x7E7A'0004);
  const int cases = scaled(2000);
  for (int c = 0; c < cases; ++c) {
    const Board board = random_board(rng);
    // The board must be valid as data too: it survives the file format.
    ASSERT_EQ(parse_board(board_to_json(board).dump(), "random.json"), board) << "case " << c;
    int pieces = 0, count = 0;
    do {
      pieces = 1 + static_cast<int>(rng.below(kMaxPieces));
      count = 1 + static_cast<int>(rng.below(10));
    } while (std::pow(pieces, count) > kPlainGameBudget);
    const std::vector<int> dice = random_dice(rng, board, count);
    ASSERT_EQ(checked_answer(board, dice, pieces), plain_best(board, dice, pieces)) << "case " << c;
  }
}

// The positions of a game, turn by turn (guide[0]: all on start), as
// FutureBound::tune_along takes them.
std::vector<std::vector<int>> positions_of(const Board& board, int pieces, const std::vector<Move>& plan) {
  std::vector<std::vector<int>> positions(1, std::vector<int>(pieces, board.start));
  for (const Move& move : plan) {
    positions.push_back(positions.back());
    positions.back()[move.piece - 1] = move.to;
  }
  return positions;
}

// A random legal game: each turn a random piece among those that can move
// (not on finish, landing on finish or a free square); it ends when none can.
std::vector<Move> random_game(core::SplitMix64& rng, const Board& board, const std::vector<int>& dice, int pieces) {
  std::vector<int> square_of_piece(pieces, board.start);
  std::vector<Move> plan;
  for (const int die : dice) {
    std::vector<Move> legal;
    for (int piece = 0; piece < pieces; ++piece) {
      const int from = square_of_piece[piece];
      if (from == board.finish) continue;
      const int to = landing_square(board, from, die);
      if (to != board.finish && std::find(square_of_piece.begin(), square_of_piece.end(), to) != square_of_piece.end())
        continue;
      legal.push_back(Move{piece + 1, from, to});
    }
    if (legal.empty()) break;
    const Move move = legal[rng.below(legal.size())];
    square_of_piece[move.piece - 1] = move.to;
    plan.push_back(move);
  }
  return plan;
}

// The pruning bound must never be below what a position can still score: at
// every turn of an optimal plan, score so far + bound >= the optimum (the
// rest of the plan is a future the position can achieve). Checked for the
// start's costs alone and for costs tuned again along a guide game: the
// optimal one itself or a random legal one (any guide must be safe).
TEST(YutSolver, FutureBoundIsAdmissibleAlongOptimalPlans) {
  core::SplitMix64 rng(0x7E7A'0006);
  const int cases = scaled(1500);
  for (int c = 0; c < cases; ++c) {
    const Board board = c % 2 == 0 ? standard_board() : random_board(rng);
    const int pieces = 1 + static_cast<int>(rng.below(4));
    const std::vector<int> dice = random_dice(rng, board, 1 + static_cast<int>(rng.below(40)));
    const auto result = solve(board, dice, pieces);
    ASSERT_TRUE(result.value);
    const MoveTable moves(board);
    FutureBound bound(board, moves, dice, pieces);
    const int guide_kind = c % 3;  // 0: start only, 1: the optimal game, 2: a random game
    if (guide_kind == 1) bound.tune_along(positions_of(board, pieces, result.line));
    if (guide_kind == 2) bound.tune_along(positions_of(board, pieces, random_game(rng, board, dice, pieces)));
    std::vector<int> square_of_piece(pieces, board.start);
    long long score = 0;
    for (std::size_t turn = 0; turn <= result.line.size(); ++turn) {
      long long lone_piece_sum = 0, budget_sum = 0;
      for (int square : square_of_piece) {
        lone_piece_sum += bound.lone_piece(square, turn);
        budget_sum += bound.budget(square);
      }
      ASSERT_GE(score + bound.future(turn, lone_piece_sum, budget_sum), *result.value)
          << "case " << c << ", turn " << turn << ", guide " << guide_kind;
      if (turn == result.line.size()) break;
      const Move& move = result.line[turn];
      square_of_piece[move.piece - 1] = move.to;
      score += board.squares[move.to].points;
    }
  }
}

// Tuning along a long guide adds checkpoints (the case the solver relies on
// for long schedules); the test above then covers them.
TEST(YutSolver, FutureBoundTunesCheckpointsAlongALongGuide) {
  core::SplitMix64 rng(0x7E7A'0007);
  const Board& board = standard_board();
  const std::vector<int> dice = random_dice(rng, board, 100);
  const int pieces = 4;
  const MoveTable moves(board);
  FutureBound bound(board, moves, dice, pieces);
  EXPECT_EQ(bound.checkpoints(), 1u);
  const std::vector<Move> game = random_game(rng, board, dice, pieces);
  ASSERT_GT(game.size(), 8u);
  bound.tune_along(positions_of(board, pieces, game));
  EXPECT_GT(bound.checkpoints(), 1u);
}

TEST(YutSolver, LongSchedulesEndWhenAllPiecesFinish) {
  // 1000 dice: the plan replays, and it stops only because no piece can move
  // (on a board whose paths only go forward that means all are on finish).
  core::SplitMix64 rng(0x7E7A'0005);
  const Board& board = standard_board();
  for (int pieces : {1, 4}) {
    const std::vector<int> dice = random_dice(rng, board, 1000);
    const auto result = solve(board, dice, pieces);
    ASSERT_TRUE(result.value);
    EXPECT_LT(result.line.size(), dice.size());
    expect_plan_replays(board, dice, pieces, result.line, *result.value);
  }
}

TEST(YutSolver, NodeLimitStopsWithoutAnAnswer) {
  core::SearchLimits limits;
  limits.max_nodes = 10;
  const auto result = solve_schedule(standard_board(), std::vector<int>(20, 1), 4, limits);
  EXPECT_EQ(result.outcome, core::Outcome::node_limit);
  EXPECT_FALSE(result.value.has_value());
}

// A random schedule of `count` dice on the standard board, for the limit
// tests: the dice and their solve without limits (6 pieces).
struct SolvedSchedule {
  std::vector<int> dice;
  core::SearchResult<Move, long long> unlimited;
};
SolvedSchedule solved_random_schedule(std::uint64_t seed, int count) {
  core::SplitMix64 rng(seed);
  SolvedSchedule schedule;
  schedule.dice = random_dice(rng, standard_board(), count);
  schedule.unlimited = solve_schedule(standard_board(), schedule.dice, 6, core::SearchLimits{});
  EXPECT_TRUE(schedule.unlimited.proven());
  return schedule;
}

TEST(YutSolver, NodeLimitCountsBothPassesOnOneBudget) {
  // 6 pieces and 40 dice: the beam pass, then the exact pass, both large.
  const Board& board = standard_board();
  const auto [dice, unlimited] = solved_random_schedule(0x7E7A'0006, 40);
  for (const std::uint64_t max_nodes : {1u, 2u, 10u, 4096u, 4097u, 20'000u}) {
    ASSERT_LT(max_nodes, unlimited.stats.nodes);
    core::SearchLimits limits;
    limits.max_nodes = max_nodes;
    const auto result = solve_schedule(board, dice, 6, limits);
    EXPECT_EQ(result.outcome, core::Outcome::node_limit) << max_nodes;
    EXPECT_FALSE(result.value.has_value());
    // The node that crosses the budget is counted, then the solve stops.
    EXPECT_EQ(result.stats.nodes, max_nodes + core::SearchControl::kNodeLimitSlack) << max_nodes;
  }
}

TEST(YutSolver, MemoryBudgetStopsTheLayersBeforeTheyPassIt) {
  const Board& board = standard_board();
  const auto [dice, unlimited] = solved_random_schedule(0x7E7A'0007, 25);
  const std::uint64_t peak = unlimited.stats.memory_bytes;
  ASSERT_GT(peak, std::uint64_t{256} << 10) << "a solve whose layers dominate its memory";

  // Exactly its peak: the same solve, the same answer.
  core::SearchLimits enough;
  enough.max_memory_bytes = peak;
  const auto fits = solve_schedule(board, dice, 6, enough);
  ASSERT_TRUE(fits.proven());
  EXPECT_EQ(fits.value, unlimited.value);
  EXPECT_EQ(fits.stats.memory_bytes, peak);

  // Less: stopped, no answer, never past the budget.
  for (const std::uint64_t budget : {std::uint64_t{100}, peak / 4, peak - 1}) {
    core::SearchLimits limits;
    limits.max_memory_bytes = budget;
    const auto result = solve_schedule(board, dice, 6, limits);
    EXPECT_EQ(result.outcome, core::Outcome::memory_limit) << budget;
    EXPECT_FALSE(result.value.has_value());
    EXPECT_LE(result.stats.memory_bytes, budget);
  }
}

// A random position of `pieces` pieces: each on start, on finish or on a
// square no other piece holds (the only positions a game reaches).
std::vector<int> random_position(core::SplitMix64& rng, const Board& board, int pieces) {
  std::vector<int> squares;
  while (static_cast<int>(squares.size()) < pieces) {
    const int square = static_cast<int>(rng.below(board.squares.size()));
    const bool shared = square == board.start || square == board.finish;
    if (shared || std::find(squares.begin(), squares.end(), square) == squares.end()) squares.push_back(square);
  }
  return squares;
}

// The key of sorted squares, written plainly: byte i holds the i-th smallest.
std::uint64_t plain_key(std::vector<int> squares) {
  std::sort(squares.begin(), squares.end());
  std::uint64_t key = 0;
  for (std::size_t i = 0; i < squares.size(); ++i) key |= static_cast<std::uint64_t>(squares[i]) << (8 * i);
  return key;
}

// The search's transitions (for_each_legal_move, moved_key) against the
// rules of plain_search.hpp on random positions of random boards: the same
// moves (as (from, to) pairs: pieces on one square are interchangeable), the
// same child keys, and "no move" exactly when no piece can move.
template <int kPieces>
void expect_transitions_equal_the_plain_rules(core::SplitMix64& rng, const Board& board) {
  const MoveTable moves(board);
  const std::vector<int> position = random_position(rng, board, kPieces);
  std::vector<int> sorted = position;
  std::sort(sorted.begin(), sorted.end());
  Squares squares{};
  for (int i = 0; i < kPieces; ++i) squares[i] = static_cast<std::uint8_t>(sorted[i]);
  const PositionKey key = pack(squares, kPieces);
  ASSERT_EQ(key, plain_key(position));
  for (const int face : board.faces) {
    std::set<std::tuple<int, int, std::uint64_t>> solver_moves;
    const bool any = for_each_legal_move<kPieces>(
        moves, static_cast<std::uint8_t>(board.finish), squares, face, [&](int i, std::uint8_t from, std::uint8_t to) {
          EXPECT_EQ(from, squares[i]);
          EXPECT_TRUE(solver_moves.insert({from, to, moved_key(key, squares, kPieces, i, to)}).second)
              << "a move listed twice";
        });
    std::set<std::tuple<int, int, std::uint64_t>> plain_moves;
    for (int piece = 0; piece < kPieces; ++piece) {
      if (!can_move(board, position, piece, face)) continue;
      std::vector<int> child = position;
      child[piece] = walk(board, position[piece], face);
      plain_moves.insert({position[piece], child[piece], plain_key(child)});
    }
    EXPECT_EQ(solver_moves, plain_moves) << "face " << face;
    EXPECT_EQ(any, !plain_moves.empty());
  }
}

TEST(YutSolver, TransitionsEqualThePlainRules) {
  core::SplitMix64 rng(0x7E7A'0008);
  for (int i = 0; i < scaled(2000); ++i) {
    const Board board = i % 4 == 0 ? standard_board() : random_board(rng);
    expect_transitions_equal_the_plain_rules<1>(rng, board);
    expect_transitions_equal_the_plain_rules<2>(rng, board);
    expect_transitions_equal_the_plain_rules<4>(rng, board);
    if (static_cast<int>(board.squares.size()) >= 6) expect_transitions_equal_the_plain_rules<6>(rng, board);
    if (static_cast<int>(board.squares.size()) >= 8) expect_transitions_equal_the_plain_rules<kMaxPieces>(rng, board);
  }
}

TEST(YutSolver, SolvesAreDeterministic) {
  const std::vector<int> dice{5, 1, 2, 3, 4, 5, 5, 3, 2, 4};
  const auto first = solve(standard_board(), dice, 4);
  const auto second = solve(standard_board(), dice, 4);
  EXPECT_EQ(first.line, second.line);
  EXPECT_EQ(first.stats.nodes, second.stats.nodes);
}

}  // namespace
}  // namespace boardsearch::yut::testing
