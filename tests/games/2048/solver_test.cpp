// The optimized search against the plain 4^K reference, the samples and the
// page's traps, and the replay of every optimal line.
#include <gtest/gtest.h>

#include <bit>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/conformance.hpp"
#include "games/2048/format.hpp"
#include "games/2048/parse.hpp"
#include "games/2048/plain_search.hpp"
#include "games/2048/problem.hpp"
#include "games/2048/puzzle.hpp"
#include "games/2048/random_boards.hpp"
#include "games/2048/search.hpp"
#include "support/limit_message.hpp"
#include "support/read_file.hpp"

namespace boardsearch::testing {
namespace {

using game2048::Board;
using game2048::Direction;

using boardsearch::testing::read_file;

// Replays `line` from `start`: every move must change the board (no wasted
// moves), and the last board must hold the claimed tile.
void expect_replay_reaches(const Board& start, const std::vector<Direction>& line, long long moves, int exponent) {
  ASSERT_LE(static_cast<long long>(line.size()), moves);
  Board board = start;
  for (const Direction direction : line) {
    Board next;
    ASSERT_TRUE(game2048::apply_move(board, direction, next)) << "the line wastes a move";
    board = next;
  }
  EXPECT_EQ(board.max_exponent(), exponent);
}

// Solves through the puzzle entry point, as the front ends do.
app::SolveReport solve_text(const std::string& input, long long moves) {
  app::SolveRequest request{input, {}, {}};
  request.options.set("moves", {std::int64_t{moves}});
  return game2048::puzzle().solve(request);
}

TEST(Solver2048, SamplesMatchExpectedOutput) {
  int samples = 0;
  for (const auto& entry : std::filesystem::directory_iterator(BOARDSEARCH_2048_DATA_DIR)) {
    if (entry.path().extension() != ".in") continue;
    std::filesystem::path expected_path = entry.path();
    expected_path.replace_extension(".out");
    // NN.in is judged at K = 5 unless NN.moves says otherwise.
    std::filesystem::path moves_path = entry.path();
    moves_path.replace_extension(".moves");
    const long long moves = std::filesystem::exists(moves_path) ? std::stoll(read_file(moves_path)) : 5;
    const app::SolveReport report = solve_text(read_file(entry.path()), moves);
    EXPECT_EQ(report.answer, read_file(expected_path)) << entry.path();
    ++samples;
  }
  EXPECT_GE(samples, 1);
}

TEST(Solver2048, PageSampleIsSixteen) { EXPECT_EQ(solve_text("3\n2 2 2\n4 4 4\n8 8 8\n", 5).answer, "16\n"); }

TEST(Solver2048, TrapRepeatingADirectionIsNeeded) {
  // Row 2 2 4: left gives 4 4, left again 8. A solver that never repeats a
  // direction finds only 4 + ... on this board; the answer with 2 moves is 8.
  const std::string input = "3\n2 2 4\n0 0 0\n0 0 0\n";
  EXPECT_EQ(solve_text(input, 2).answer, "8\n");
  const Board board = game2048::parse_board(input);
  const auto result = game2048::maximize_tile(board, 2);
  ASSERT_TRUE(result.search.proven());
  EXPECT_EQ(result.search.line, (std::vector<Direction>{Direction::left, Direction::left}));
}

TEST(Solver2048, TrapTheSumCapsEverything) {
  // One 1024 among a few 2s: the sum bound says 1024 is the answer for any K.
  const std::string input = "4\n1024 2 0 0\n0 0 0 2\n0 0 0 0\n2 0 0 0\n";
  const auto report = solve_text(input, 1000000000000LL);
  EXPECT_EQ(report.answer, "1024\n");
}

TEST(Solver2048, TrapLargeTilesDoNotOverflow) {
  // 2^62 + 2^62 = 2^63 fits in 64 bits; the answer prints exactly.
  const std::string input = "2\n4611686018427387904 4611686018427387904\n0 0\n";
  EXPECT_EQ(solve_text(input, 1).answer, "9223372036854775808\n");
  EXPECT_EQ(solve_text(input, 0).answer, "4611686018427387904\n");
  // The answer 2^63 reads back as input, and its exponent is in the JSON.
  const auto top = solve_text("2\n9223372036854775808 0\n0 0\n", 3);
  EXPECT_EQ(top.answer, "9223372036854775808\n");
  EXPECT_EQ(top.document["answer_exponent"], 63);
  EXPECT_EQ(top.document["exponents"][0][0][0], 63);
  // A full 16 x 16 board of 2s reaches 2^9 = 512 = sum in 8 moves, exactly.
  std::string big = "16\n";
  for (int row = 0; row < 16; ++row) {
    for (int col = 0; col < 16; ++col) big += col == 0 ? "2" : " 2";
    big += "\n";
  }
  EXPECT_EQ(solve_text(big, 8).answer, "512\n");
  EXPECT_EQ(solve_text(big, 7).answer, "256\n");
  EXPECT_EQ(solve_text(big, 60).answer, "512\n");
}

TEST(Solver2048, ZeroMovesIsTheLargestTile) {
  EXPECT_EQ(solve_text("2\n2 2\n8 0\n", 0).answer, "8\n");
  EXPECT_EQ(solve_text("1\n64\n", 3).answer, "64\n");
}

// The core property: optimized == plain on thousands of random boards, with
// the table of seen boards on and off, and every line replays to the answer.
TEST(Solver2048, OptimizedEqualsPlainOnRandomBoards) {
  core::SplitMix64 rng(20481);
  const int rounds = scaled(4000);
  int proven_shorter = 0;
  for (int round = 0; round < rounds; ++round) {
    const int side = 1 + static_cast<int>(rng.below(6));
    const int density = 10 + static_cast<int>(rng.below(91));
    const int max_exponent = 1 + static_cast<int>(rng.below(rng.below(2) == 0 ? 3 : 7));
    const Board board = random_small_board(rng, side, density, max_exponent);
    const int moves = static_cast<int>(rng.below(7));
    const int truth = std::countr_zero(plain2048::max_tile(to_grid(board), moves));
    for (const bool use_seen_boards : {true, false}) {
      game2048::SearchOptions options;
      options.use_seen_boards = use_seen_boards;
      const auto result = game2048::maximize_tile(board, moves, {}, options);
      ASSERT_TRUE(result.search.proven());
      ASSERT_EQ(result.search.value, truth)
          << "round " << round << " side " << side << " moves " << moves << " seen boards " << use_seen_boards;
      expect_replay_reaches(board, result.search.line, moves, truth);
      proven_shorter += static_cast<int>(result.search.line.size()) < moves;
    }
  }
  EXPECT_GT(proven_shorter, 0);  // "fewer than K moves" lines were exercised
}

// A dense small board of one of issue #14's kinds: every cell a 2 or a 4;
// 2, 4 and 8 with a few empties; mixed 2..64; or stripes / checkerboards of
// 2 and 4 with 10-20 % empties and a few 8s and 16s.
Board random_dense_board(core::SplitMix64& rng, int side) {
  const auto kind = rng.below(4);
  if (kind == 0) return random_small_board(rng, side, 100, 2);
  if (kind == 1) return random_small_board(rng, side, 90 + static_cast<int>(rng.below(10)), 3);
  if (kind == 2) return random_small_board(rng, side, 100, 6);
  Board board(side);
  const auto pattern = rng.below(3);
  const auto empty_percent = 10 + rng.below(11);
  for (int row = 0; row < side; ++row)
    for (int col = 0; col < side; ++col) {
      const int phase = pattern == 0 ? row : pattern == 1 ? col : row + col;
      const auto roll = rng.below(100);
      const int e = roll < empty_percent ? 0 : roll >= 95 ? 3 + static_cast<int>(rng.below(2)) : 1 + phase % 2;
      board.set(row, col, static_cast<game2048::Exponent>(e));
    }
  if (board.counts().tiles == 0) board.set(0, 0, 1);
  return board;
}

TEST(Solver2048, OptimizedEqualsPlainOnDenseBoards) {
  core::SplitMix64 rng(20482);
  const int rounds = scaled(2000);
  for (int round = 0; round < rounds; ++round) {
    const int side = 2 + static_cast<int>(rng.below(5));
    const Board board = random_dense_board(rng, side);
    // K up to 7; the plain 4^7 is the slow part, so K = 7 is one round in 8.
    const int moves = rng.below(8) == 0 ? 7 : 1 + static_cast<int>(rng.below(6));
    const int truth = std::countr_zero(plain2048::max_tile(to_grid(board), moves));
    const auto result = game2048::maximize_tile(board, moves);
    ASSERT_TRUE(result.search.proven());
    ASSERT_EQ(result.search.value, truth) << "round " << round << " side " << side << " moves " << moves << "\n"
                                          << game2048::format_board(board);
    expect_replay_reaches(board, result.search.line, moves, truth);
  }
}

// The lookahead (bound.hpp: lookahead_can_build) judging children of every
// depth, not only those 3-5 moves from the end as by default, and never:
// the answer is the plain search's either way (dense and random boards,
// N 2..6, K 1..7), and the lookahead is applied: the nodes summed over the
// boards are fewer with it (one thread: node counts are deterministic).
TEST(Solver2048, LookaheadAtEveryDepthEqualsPlain) {
  core::SplitMix64 rng(20483);
  std::uint64_t nodes_with = 0, nodes_without = 0;
  for (int round = 0; round < scaled(2000); ++round) {
    const int side = 2 + static_cast<int>(rng.below(5));
    const Board board = round % 2 == 0 ? random_dense_board(rng, side)
                                       : random_small_board(rng, side, 30 + static_cast<int>(rng.below(71)),
                                                            2 + static_cast<int>(rng.below(5)));
    const int moves = rng.below(8) == 0 ? 7 : 1 + static_cast<int>(rng.below(6));
    const int truth = std::countr_zero(plain2048::max_tile(to_grid(board), moves));
    for (const bool everywhere : {true, false}) {
      game2048::SearchOptions options;
      options.lookahead_from = 1;
      options.lookahead_to = everywhere ? moves : 0;
      const auto result = game2048::maximize_tile(board, moves, {}, options);
      ASSERT_TRUE(result.search.proven());
      ASSERT_EQ(result.search.value, truth) << "round " << round << " side " << side << " moves " << moves
                                            << " lookahead everywhere " << everywhere << "\n"
                                            << game2048::format_board(board);
      expect_replay_reaches(board, result.search.line, moves, truth);
      (everywhere ? nodes_with : nodes_without) += result.search.stats.nodes;
    }
  }
  EXPECT_LT(nodes_with, nodes_without);
}

TEST(Solver2048, WithoutBoundsStillEqualsPlain) {
  // The bounds only prune: switching them off must not change any answer.
  core::SplitMix64 rng(99);
  for (int round = 0; round < scaled(500); ++round) {
    const Board board = random_small_board(rng, 1 + static_cast<int>(rng.below(4)), 60, 3);
    const int moves = static_cast<int>(rng.below(6));
    game2048::SearchOptions options;
    options.use_bounds = false;
    const auto result = game2048::maximize_tile(board, moves, {}, options);
    ASSERT_EQ(result.search.value, std::countr_zero(plain2048::max_tile(to_grid(board), moves))) << round;
  }
}

// The conformance check every search state passes, on the state the core
// searches: undo restores each earlier state; and every generated move is
// legal: it changes the board, and apply leads to the board the rules give.
TEST(Solver2048, ApplyUndoRestoresTheSearchState) {
  core::SplitMix64 rng(2049);
  std::size_t applied = 0;
  for (int round = 0; round < scaled(300); ++round) {
    const int side = 1 + static_cast<int>(rng.below(6));
    const Board board = random_small_board(rng, side, 10 + static_cast<int>(rng.below(91)), 4);
    const long long moves = 1 + static_cast<long long>(rng.below(8));
    for (const bool use_seen_boards : {true, false}) {
      game2048::SearchOptions options;
      options.use_seen_boards = use_seen_boards;
      options.table_bytes = std::size_t{1} << 16;  // copied at every step of the check: keep it small
      const game2048::MaxTileProblem root(board, moves, options);
      // Legal: the move changes the board, and apply leads to the board the
      // rules give (apply selects a child generate_moves computed).
      auto legal = [](const game2048::MaxTileProblem& state, Direction direction) {
        Board expected;
        if (!game2048::apply_move(state.board(), direction, expected)) return false;
        game2048::MaxTileProblem child = state;
        child.apply(direction);
        return child.board() == expected;
      };
      applied += check_apply_undo_restores(
          root, 3, static_cast<std::size_t>(moves), rng.next(),
          [](const game2048::MaxTileProblem& x, const game2048::MaxTileProblem& y) { return x == y; }, legal);
    }
  }
  EXPECT_GT(applied, static_cast<std::size_t>(scaled(1000)));  // the sanitizer run plays an eighth of the rounds
}

// Tile values from rows of exponents (0 empty, e for 2^e).
plain2048::Grid values_of(const std::vector<std::vector<int>>& exponents) {
  plain2048::Grid grid;
  for (const auto& row : exponents) {
    grid.emplace_back();
    for (const int e : row) grid.back().push_back(e == 0 ? 0 : std::uint64_t{1} << e);
  }
  return grid;
}

TEST(Solver2048, ReportLineAndDocumentReplayToTheAnswer) {
  core::SplitMix64 rng(31);
  for (int round = 0; round < scaled(300); ++round) {
    const Board board = random_small_board(rng, 2 + static_cast<int>(rng.below(4)), 70, 4);
    const long long moves = static_cast<long long>(rng.below(6));
    std::string input = std::to_string(board.side()) + "\n" + game2048::board_text(board, 0);
    const app::SolveReport report = solve_text(input, moves);
    const auto& doc = report.document;
    ASSERT_EQ(doc["puzzle"], "2048");
    ASSERT_EQ(std::to_string(doc["answer"].get<std::uint64_t>()) + "\n", report.answer);
    ASSERT_EQ(doc["boards"].size(), doc["moves"].size() + 1);
    ASSERT_EQ(report.line.size(), doc["boards"].size());
    ASSERT_TRUE(report.line[0]["move"].is_null());
    // Replay the document's moves with the plain reference.
    plain2048::Grid grid = to_grid(board);
    for (std::size_t step = 0; step < doc["moves"].size(); ++step) {
      const std::string name = doc["moves"][step];
      int direction = name == "up"     ? plain2048::kUp
                      : name == "down" ? plain2048::kDown
                      : name == "left" ? plain2048::kLeft
                                       : plain2048::kRight;
      grid = plain2048::move(grid, direction);
      ASSERT_EQ(report.line[step + 1]["move"], name);
      ASSERT_EQ(report.line[step + 1]["board"]["cells"].get<plain2048::Grid>(), grid);
      ASSERT_EQ(doc["boards"][step + 1].get<plain2048::Grid>(), grid);
    }
    // Every board also comes as exponents (0 empty, e for 2^e), the same
    // board: in each line step and in the document, beside the answer's.
    ASSERT_EQ(doc["exponents"].size(), doc["boards"].size());
    for (std::size_t step = 0; step < doc["boards"].size(); ++step) {
      ASSERT_EQ(report.line[step]["board"]["exponents"], doc["exponents"][step]);
      ASSERT_EQ(values_of(doc["exponents"][step].get<std::vector<std::vector<int>>>()),
                doc["boards"][step].get<plain2048::Grid>());
    }
    ASSERT_EQ(std::to_string(game2048::tile_value(doc["answer_exponent"].get<int>())) + "\n", report.answer);
    ASSERT_EQ(std::to_string(plain2048::largest(grid)) + "\n", report.answer);
    ASSERT_GE(doc["nodes"].get<std::uint64_t>(), 1u);
    // --explain names the moves in order.
    for (const auto& name : doc["moves"])
      ASSERT_NE(report.explanation.find(name.get<std::string>()), std::string::npos);
  }
}

TEST(Solver2048, ACutLineIsReportedAsTheDepthLimit) {
  // "2 2 4 8 16": one merge per move, 32 takes four moves. With lines cut at
  // depth 2 the search cannot get past the 16 it starts with, and says why.
  Board board(5);
  for (int col = 0; col < 5; ++col) board.set(0, col, static_cast<game2048::Exponent>(col == 0 ? 1 : col));
  game2048::SearchOptions options;
  options.max_depth = 2;
  const auto cut = game2048::maximize_tile(board, 4, {}, options);
  EXPECT_EQ(cut.search.outcome, core::Outcome::depth_limit);
  EXPECT_EQ(cut.search.value.value_or(0), 4);
  EXPECT_EQ(game2048::maximize_tile(board, 4).search.value, 5);
  EXPECT_TRUE(game2048::maximize_tile(board, 2, {}, options).search.proven()) << "K within the depth: no cut";
  // A node limit that strikes first is the outcome reported.
  core::SearchLimits one_node;
  one_node.max_nodes = 1;
  EXPECT_EQ(game2048::maximize_tile(board, 4, one_node, options).search.outcome, core::Outcome::node_limit);
}

TEST(Solver2048, ANodeBudgetOfNStopsAtNodeNPlusOne) {
  // A 20 x 20 board and K = 10: a few thousand nodes to prove.
  core::SplitMix64 rng(5);
  const Board board = random_small_board(rng, 20, 100, 5);
  const long long moves = 10;
  const auto full = game2048::maximize_tile(board, moves);
  ASSERT_TRUE(full.search.proven());
  const std::uint64_t needed = full.search.stats.nodes;
  ASSERT_GT(needed, 100u);
  const std::string input = "20\n" + game2048::board_text(board, 0);
  for (const std::uint64_t budget :
       {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{7}, std::uint64_t{100}, needed / 2, needed - 1}) {
    core::SearchLimits limits;
    limits.max_nodes = budget;
    const auto cut = game2048::maximize_tile(board, moves, limits);
    EXPECT_EQ(cut.search.outcome, core::Outcome::node_limit) << budget;
    EXPECT_EQ(cut.search.stats.nodes, budget + 1) << "the node that crosses the budget is counted, no other";
    // Through the puzzle, as the CLI's --max-nodes: the message counts as much.
    app::SolveRequest request{input, {}, {}};
    request.options.set("moves", {std::int64_t{moves}});
    request.limits.max_nodes = budget;
    try {
      game2048::puzzle().solve(request);
      ADD_FAILURE() << "a budget of " << budget << " nodes proved what needs " << needed;
    } catch (const app::LimitError& error) {
      EXPECT_EQ(nodes_in_limit_message(error.what()), budget + 1) << error.what();
    }
  }
  core::SearchLimits enough;
  enough.max_nodes = needed;
  EXPECT_TRUE(game2048::maximize_tile(board, moves, enough).search.proven());

  // Searches sharing one control (a solve with a sub-search) share its one
  // budget: room for one and a half, so the second stops at the same count.
  core::SearchLimits one_and_a_half;
  one_and_a_half.max_nodes = needed + needed / 2;
  core::SearchControl control(one_and_a_half);
  EXPECT_TRUE(game2048::maximize_tile(board, moves, control).search.proven());
  const auto second = game2048::maximize_tile(board, moves, control);
  EXPECT_EQ(second.search.outcome, core::Outcome::node_limit);
  EXPECT_EQ(second.search.stats.nodes, one_and_a_half.max_nodes + 1);
}

TEST(Solver2048, ProgressBracketsTheAnswerWhileTheSearchRuns) {
  core::SplitMix64 rng(5);
  const Board board = random_small_board(rng, 20, 100, 5);
  game2048::MaxTileProgress known;
  game2048::SearchOptions options;
  options.progress = &known;
  std::vector<std::pair<int, int>> seen;  // (best, bound) at each progress report
  core::SearchLimits limits;
  limits.progress_interval = std::chrono::milliseconds{0};  // report at every poll
  limits.on_progress = [&](const core::Progress&) {
    seen.emplace_back(known.best_exponent.load(), known.root_bound.load());
  };
  const auto result = game2048::maximize_tile(board, 10, limits, options);
  ASSERT_TRUE(result.search.proven());
  const int answer = result.search.value.value_or(board.max_exponent());
  ASSERT_FALSE(seen.empty()) << "the first node polls";
  EXPECT_EQ(seen.front().first, board.max_exponent()) << "before any move, the start board is what is known";
  for (std::size_t i = 0; i < seen.size(); ++i) {
    EXPECT_LE(seen[i].first, answer);
    EXPECT_EQ(seen[i].second, result.root_bound);
    if (i > 0) {
      EXPECT_GE(seen[i].first, seen[i - 1].first) << "what is reached is never forgotten";
    }
  }
  EXPECT_GE(result.root_bound, answer);
  EXPECT_EQ(known.best_exponent.load(), answer);

  // A stopped search leaves the same bracket its limit message prints.
  core::SearchLimits few;
  few.max_nodes = 50;
  const auto cut = game2048::maximize_tile(board, 10, few, options);
  ASSERT_EQ(cut.search.outcome, core::Outcome::node_limit);
  EXPECT_EQ(known.best_exponent.load(), cut.search.value.value_or(board.max_exponent()));
  EXPECT_EQ(known.root_bound.load(), cut.root_bound);
}

TEST(Solver2048, LimitsNeverYieldAnUnprovenAnswer) {
  // A 20 x 20 board needing many nodes, with a budget of 10 nodes.
  core::SplitMix64 rng(5);
  const Board board = random_small_board(rng, 20, 100, 5);
  std::string input = "20\n" + game2048::board_text(board, 0);
  app::SolveRequest request{input, {}, {}};
  request.options.set("moves", {std::int64_t{10}});
  request.limits.max_nodes = 10;
  EXPECT_THROW(game2048::puzzle().solve(request), app::LimitError);
}

// #20: a time limit holds on boards whose nodes are expensive. A 128 x 128
// node costs about a millisecond, so a 5 ms limit stops after a handful of
// nodes; with the clock polled every 4,096 nodes it ran 4,097 (seconds).
// Counted, not timed.
TEST(Solver2048, TimeLimitHoldsOnHugeBoards) {
  core::SplitMix64 rng(128);
  const Board board = random_small_board(rng, game2048::kMaxSide, 100, 5);
  core::SearchLimits limits;
  limits.deadline = core::SearchLimits::deadline_in(0.005);
  const auto result = game2048::maximize_tile(board, 20, limits);
  EXPECT_EQ(result.search.outcome, core::Outcome::time_limit);
  EXPECT_LT(result.search.stats.nodes, core::SearchControl::kPollInterval / 4);
}

TEST(Solver2048, AStoppedSearchBracketsTheTrueAnswer) {
  // Budgets from tiny to nearly enough (below the nodes the unlimited solve
  // takes, so that every round stops however few nodes the bounds leave),
  // on boards the plain search settles: the one-line message of a stopped
  // search names a lower bound (a tile a line reached) and an upper bound,
  // and the true answer lies between.
  core::SplitMix64 rng(77);
  int stopped = 0;
  for (int round = 0; round < scaled(40); ++round) {
    const int side = 4 + static_cast<int>(rng.below(5));
    const Board board = random_small_board(rng, side, 60 + static_cast<int>(rng.below(41)), 4);
    const int moves = 4 + static_cast<int>(rng.below(3));
    const std::uint64_t truth = plain2048::max_tile(to_grid(board), moves);
    const std::string input = std::to_string(side) + "\n" + game2048::board_text(board, 0);
    app::SolveRequest request{input, {}, {}};
    request.options.set("moves", {std::int64_t{moves}});
    const std::uint64_t nodes = game2048::maximize_tile(board, moves, {}).search.stats.nodes;
    request.limits.max_nodes = 1 + rng.below(std::max<std::uint64_t>(nodes, 2) - 1);
    try {
      const app::SolveReport report = game2048::puzzle().solve(request);
      ASSERT_EQ(report.answer, std::to_string(truth) + "\n") << "round " << round;
    } catch (const app::LimitError& error) {
      ++stopped;
      const std::string message = error.what();
      ASSERT_EQ(message.find('\n'), std::string::npos) << message;
      const std::size_t at_least = message.find("at least ");
      const std::size_t at_most = message.find(" and at most ");
      ASSERT_NE(at_least, std::string::npos) << message;
      ASSERT_NE(at_most, std::string::npos) << message;
      const std::uint64_t low = std::stoull(message.substr(at_least + 9));
      const std::uint64_t high = std::stoull(message.substr(at_most + 13));
      EXPECT_LE(low, truth) << message;
      EXPECT_GE(high, truth) << message;
      EXPECT_LT(low, high) << "a stopped search whose bounds meet has proven its answer: " << message;
    }
  }
  EXPECT_GT(stopped, 0) << "no budget was small enough to stop a search";
}

}  // namespace
}  // namespace boardsearch::testing
