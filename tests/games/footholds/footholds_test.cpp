// The footholds solver against the puzzle page (samples, traps) and against
// plain minimax (tests/games/footholds/reference.hpp) on random boards.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "core/conformance.hpp"
#include "games/footholds/format.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/puzzle.hpp"
#include "games/footholds/reference.hpp"
#include "games/footholds/rules.hpp"
#include "games/footholds/search.hpp"
#include "games/footholds/test_support.hpp"
#include "support/read_file.hpp"

namespace boardsearch::footholds {
namespace {

namespace ref = testing::footholds_reference;
using core::SplitMix64;
using testing::scaled;
using testing::footholds_support::check_line;
using testing::footholds_support::random_board;
using testing::footholds_support::reference_total;
using testing::footholds_support::to_reference;

Board make_board(int rows, int cols, const std::vector<int>& cells, int a, int b) {
  Board board;
  board.rows = rows;
  board.cols = cols;
  for (int value : cells) board.footholds.push_back(static_cast<std::uint8_t>(value));
  board.a = a;
  board.b = b;
  return board;
}

int solved_total(const Board& board) {
  const auto result = solve_board(board);
  EXPECT_TRUE(result.proven());
  return result.value.value_or(-1);
}

using boardsearch::testing::read_file;

TEST(Footholds, SamplesMatchTheExpectedOutput) {
  for (const char* name : {"01", "02", "03", "04"}) {
    const std::string dir = FOOTHOLDS_DATA_DIR;
    const std::string input = read_file(dir + "/" + name + ".in");
    const std::string expected = read_file(dir + "/" + name + ".out");
    const auto report = puzzle().solve(app::SolveRequest{input, {}, {}});
    EXPECT_EQ(report.answer, expected) << "sample " << name;
  }
}

TEST(Footholds, TrapsFromThePuzzlePage) {
  // Stepping onto the other player's cell is legal: A steps onto B, B has no step.
  EXPECT_EQ(solved_total(make_board(1, 2, {1, 1}, 1, 0)), 1);
  // Same start cell: A steps away, B's foothold is gone.
  EXPECT_EQ(solved_total(make_board(1, 3, {1, 1, 1}, 1, 1)), 1);
  // The vanished foothold ends the game even with footholds all around.
  EXPECT_EQ(solved_total(make_board(3, 3, {1, 1, 1, 1, 1, 1, 1, 1, 1}, 4, 4)), 1);
  // Same cell and no step: A loses at once.
  EXPECT_EQ(solved_total(make_board(1, 1, {1}, 0, 0)), 0);
  // A has no step at all: 0 moves even though B could move.
  EXPECT_EQ(solved_total(make_board(1, 3, {1, 0, 1}, 0, 2)), 0);
  // Index cells as row * C + column: non-square boards both ways round agree
  // with the reference.
  for (const auto& board :
       {make_board(2, 3, {1, 1, 1, 1, 1, 1}, 0, 5), make_board(3, 2, {1, 1, 1, 1, 1, 1}, 0, 5),
        make_board(2, 5, {1, 1, 1, 0, 1, 1, 0, 1, 1, 1}, 0, 9), make_board(5, 2, {1, 1, 1, 0, 1, 1, 0, 1, 1, 1}, 0, 9)})
    EXPECT_EQ(solved_total(board), reference_total(board)) << to_text(board);
}

TEST(Footholds, WinFastLoseSlowMatchesHandCount) {
  // 1 x 5 corridor, A at 0 and B at 4: they meet in the middle; the sample says 4.
  EXPECT_EQ(solved_total(make_board(1, 5, {1, 1, 1, 1, 1}, 0, 4)), 4);
  // A alone on a long corridor, B boxed in: A steps once and B is stuck.
  EXPECT_EQ(solved_total(make_board(1, 6, {1, 1, 1, 1, 0, 1}, 0, 5)), 1);
}

TEST(Footholds, OptimizedEqualsPlainMinimaxOnSmallBoards) {
  // Plain minimax itself (no memo): every board up to 4 x 4.
  SplitMix64 rng(1);
  const int boards = scaled(1500);
  for (int i = 0; i < boards; ++i) {
    const int rows = 1 + static_cast<int>(rng.below(4));
    const int cols = 1 + static_cast<int>(rng.below(4));
    const Board board = random_board(rng, rows, cols, static_cast<int>(rng.below(40)), 10);
    EXPECT_EQ(solved_total(board), ref::plain_minimax(to_reference(board)).moves) << to_text(board);
  }
}

TEST(Footholds, OptimizedEqualsMinimaxOnRandomBoardsUpTo5x5) {
  SplitMix64 rng(2);
  const int boards = scaled(3000);
  for (int i = 0; i < boards; ++i) {
    const int rows = 1 + static_cast<int>(rng.below(5));
    const int cols = 1 + static_cast<int>(rng.below(5));
    const Board board = random_board(rng, rows, cols, static_cast<int>(rng.below(35)), 10);
    EXPECT_EQ(solved_total(board), reference_total(board)) << to_text(board);
  }
}

TEST(Footholds, OptimizedEqualsMinimaxOnRandom6x6Boards) {
  SplitMix64 rng(3);
  const int boards = scaled(400);
  for (int i = 0; i < boards; ++i) {
    const Board board = random_board(rng, 6, 6, 18 + static_cast<int>(rng.below(32)), 10);
    EXPECT_EQ(solved_total(board), reference_total(board)) << to_text(board);
  }
}

TEST(Footholds, WideBoardsAbove64CellsEqualMinimax) {
  // 65..128 cells (the two-word bitboard), sparse enough for the reference.
  SplitMix64 rng(4);
  const int boards = scaled(200);
  const int shapes[][2] = {{9, 9}, {8, 16}, {16, 8}, {5, 20}, {2, 64}, {1, 128}, {11, 11}, {13, 7}};
  for (int i = 0; i < boards; ++i) {
    const auto& shape = shapes[i % std::size(shapes)];
    const Board board = random_board(rng, shape[0], shape[1], 45 + static_cast<int>(rng.below(20)), 10);
    EXPECT_EQ(solved_total(board), reference_total(board)) << to_text(board);
  }
}

TEST(Footholds, LineIsLegalHasTheAnswersLengthAndEveryMoveIsOptimal) {
  SplitMix64 rng(5);
  const int boards = scaled(600);
  for (int i = 0; i < boards; ++i) {
    const int rows = 1 + static_cast<int>(rng.below(5));
    const int cols = 1 + static_cast<int>(rng.below(5));
    const Board board = random_board(rng, rows, cols, static_cast<int>(rng.below(35)), 10);
    const auto result = solve_board(board);
    ASSERT_TRUE(result.proven());
    EXPECT_EQ(static_cast<int>(result.line.size()), *result.value) << to_text(board);
    check_line(board, result.line, true);
  }
}

// Boards that a symmetry maps onto themselves with both players on cells it
// fixes: the positions whose symmetric moves the search skips
// (FootholdsGame::drop_symmetric). Every answer equals plain minimax, every
// line is legal and optimal, on full boards too (no holes), and Geometry's
// symmetries map neighbours to neighbours.
TEST(Footholds, SymmetricBoardsEqualMinimax) {
  SplitMix64 rng(4242);
  const int boards = scaled(1000);
  int symmetric_starts = 0;
  for (int i = 0; i < boards; ++i) {
    const int rows = 2 + static_cast<int>(rng.below(4));
    const int cols = rng.below(2) == 0 ? rows : 2 + static_cast<int>(rng.below(4));
    const Geometry<Bits64> geometry(rows, cols);
    const std::size_t k = rng.below(geometry.symmetries.size());
    const auto& image = geometry.symmetries[k];
    // Holes on whole orbits of the symmetry, so the board maps onto itself.
    const int hole_percent = i % 4 == 0 ? 0 : static_cast<int>(rng.below(30));
    Board board = make_board(rows, cols, std::vector<int>(static_cast<std::size_t>(rows * cols), 1), 0, 0);
    for (int cell = 0; cell < rows * cols; ++cell) {
      if (static_cast<int>(rng.below(100)) >= hole_percent) continue;
      for (int at = cell, n = 0; n < 4; at = image[static_cast<std::size_t>(at)], ++n)
        board.footholds[static_cast<std::size_t>(at)] = 0;
    }
    std::vector<int> fixed;
    std::vector<int> footholds;
    for (int cell = 0; cell < rows * cols; ++cell) {
      if (board.footholds[static_cast<std::size_t>(cell)] == 0) continue;
      footholds.push_back(cell);
      if (image[static_cast<std::size_t>(cell)] == cell) fixed.push_back(cell);
    }
    if (footholds.empty()) continue;
    const std::vector<int>& places = fixed.empty() ? footholds : fixed;
    board.a = places[rng.below(places.size())];
    board.b = places[rng.below(places.size())];
    symmetric_starts += fixed.empty() ? 0 : 1;
    const auto result = solve_board(board);
    ASSERT_TRUE(result.proven());
    EXPECT_EQ(*result.value, reference_total(board)) << to_text(board) << "symmetry " << k;
    check_line(board, result.line, i % 3 == 0);
  }
  // Most boards start on cells the symmetry fixes (so the pruning is
  // exercised): over half of the 1,000 in Release; 60 of the 125 that the
  // sanitized builds run, hence two in five as the floor.
  EXPECT_GE(symmetric_starts, boards * 2 / 5);
  for (const auto& [rows, cols] : {std::pair{4, 4}, std::pair{3, 5}, std::pair{8, 16}}) {
    const Geometry<Bits128> geometry(rows, cols);
    EXPECT_EQ(geometry.symmetries.size(), rows == cols ? 7u : 3u);
    for (const auto& image : geometry.symmetries)
      for (int cell = 0; cell < rows * cols; ++cell)
        for (int next = 0; next < rows * cols; ++next)
          EXPECT_EQ(geometry.adjacent[static_cast<std::size_t>(cell)].test(next),
                    geometry.adjacent[static_cast<std::size_t>(image[static_cast<std::size_t>(cell)])].test(
                        image[static_cast<std::size_t>(next)]));
  }
}

TEST(Footholds, LineIsLegalAndCompleteOn7x7And9x9) {
  SplitMix64 rng(6);
  const int boards = scaled(40);
  for (int i = 0; i < boards; ++i) {
    const int side = i % 2 == 0 ? 7 : 9;
    const Board board = random_board(rng, side, side, 15 + static_cast<int>(rng.below(30)), 5);
    const auto result = solve_board(board);
    ASSERT_TRUE(result.proven());
    EXPECT_EQ(static_cast<int>(result.line.size()), *result.value) << to_text(board);
    check_line(board, result.line, false);
  }
}

// Boards where A and B are already in different regions: the closed form
// (separated_score) against plain minimax.
TEST(Footholds, DecompositionFormulaEqualsMinimax) {
  SplitMix64 rng(7);
  int checked = 0;
  const int wanted = scaled(2000);
  for (int attempt = 0; checked < wanted && attempt < 200 * wanted; ++attempt) {
    const int rows = 1 + static_cast<int>(rng.below(6));
    const int cols = 1 + static_cast<int>(rng.below(6));
    const Board board = random_board(rng, rows, cols, 20 + static_cast<int>(rng.below(30)), 0);
    const Geometry<Bits64> geometry(rows, cols);
    const Bits64 footholds = foothold_bits<Bits64>(board);
    if (board.a == board.b || geometry.connected(board.a, board.b, footholds)) continue;
    core::SearchControl control{core::SearchLimits{}};
    LongestPaths<Bits64> paths(geometry, 64, control);
    const FootholdsGame<Bits64> game(geometry, paths, footholds, board.a, board.b);
    const int f = footholds.count();
    ref::Position p = to_reference(board);
    ref::Memoized memo;
    const ref::Outcome expected = memo.solve(p);
    const int expected_score = expected.mover_wins ? f - expected.moves : -(f - expected.moves);
    EXPECT_EQ(game.separated_score(), expected_score) << to_text(board);
    EXPECT_EQ(game.known_score().value_or(0), expected_score) << to_text(board);
    ++checked;
  }
  EXPECT_EQ(checked, wanted);
}

// Longest simple path from a cell, by brute force: every path, no bounds.
int brute_longest(const std::vector<int>& cells, int rows, int cols, int at, std::vector<int>& used) {
  int best = 0;
  used[static_cast<std::size_t>(at)] = 1;
  const int dr[4] = {-1, 1, 0, 0};
  const int dc[4] = {0, 0, -1, 1};
  for (int d = 0; d < 4; ++d) {
    const int r = at / cols + dr[d];
    const int c = at % cols + dc[d];
    if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
    const int next = r * cols + c;
    if (cells[static_cast<std::size_t>(next)] == 1 && used[static_cast<std::size_t>(next)] == 0)
      best = std::max(best, 1 + brute_longest(cells, rows, cols, next, used));
  }
  used[static_cast<std::size_t>(at)] = 0;
  return best;
}

TEST(Footholds, LongestPathEqualsBruteForce) {
  SplitMix64 rng(8);
  const int boards = scaled(1500);
  for (int i = 0; i < boards; ++i) {
    const int rows = 1 + static_cast<int>(rng.below(6));
    const int cols = 1 + static_cast<int>(rng.below(6));
    const Board board = random_board(rng, rows, cols, static_cast<int>(rng.below(40)), 0);
    const Geometry<Bits64> geometry(rows, cols);
    const Bits64 footholds = foothold_bits<Bits64>(board);
    core::SearchControl control{core::SearchLimits{}};
    LongestPaths<Bits64> paths(geometry, 16, control);  // a tiny memo: exercises replacement
    const Bits64 region = geometry.component(board.a, footholds);
    std::vector<int> cells(board.footholds.begin(), board.footholds.end());
    std::vector<int> used(cells.size(), 0);
    const int expected = brute_longest(cells, rows, cols, board.a, used);
    EXPECT_EQ(paths.longest_from(region, board.a), expected) << to_text(board);
    EXPECT_LE(expected, paths.upper_bound(region, board.a)) << to_text(board);
  }
}

// The local shortcut of the connection test: when it says a removal kept
// every connection, the removed cell's neighbours are indeed in one component
// (checked by flood fill); and it does say no where a cell joins two sides.
TEST(Footholds, RemovalKeepsConnectionsOnlyWhenItDoes) {
  SplitMix64 rng(13);
  int kept = 0;
  int not_kept = 0;
  for (int i = 0; i < scaled(20000); ++i) {
    const int rows = 1 + static_cast<int>(rng.below(6));
    const int cols = 1 + static_cast<int>(rng.below(6));
    const Board board = random_board(rng, rows, cols, static_cast<int>(rng.below(60)), 0);
    const Geometry<Bits64> geometry(rows, cols);
    const Bits64 footholds = foothold_bits<Bits64>(board);
    const int removed = board.a;
    const Bits64 after = footholds ^ Bits64::cell(removed);
    const Bits64 neighbours = geometry.adjacent[static_cast<std::size_t>(removed)] & after;
    if (!geometry.removal_keeps_connections(removed, after)) {
      ++not_kept;
      continue;
    }
    ++kept;
    if (neighbours.none()) continue;
    const Bits64 side = geometry.component(neighbours.lowest(), after);
    EXPECT_EQ((neighbours & ~side).count(), 0) << to_text(board);
  }
  EXPECT_GT(kept, 100);
  EXPECT_GT(not_kept, 100);
  // A corridor cell joins its two sides: not kept.
  const Geometry<Bits64> corridor(1, 3);
  EXPECT_FALSE(corridor.removal_keeps_connections(1, Bits64{0b101}));
  // A cell of a full 3 x 3 block: its neighbours join around it.
  const Geometry<Bits64> block(3, 3);
  EXPECT_TRUE(block.removal_keeps_connections(4, Bits64{0b111101111}));
}

// The rules on the Board's own step: the mover stands on a foothold and
// steps onto a neighbouring cell that has one.
template <class BB>
auto plain_legality(const Board& board) {
  return [&board](const FootholdsGame<BB>& game, Direction direction) {
    const int next = board.step(game.mover(), direction);
    return game.footholds().test(game.mover()) && next >= 0 && game.footholds().test(next);
  };
}

template <class BB>
auto same_position() {
  return [](const FootholdsGame<BB>& a, const FootholdsGame<BB>& b) {
    return a == b && a.foothold_count() == b.foothold_count();
  };
}

TEST(Footholds, ApplyUndoRestoresEveryStateAndKeyAndGeneratedMovesAreLegal) {
  SplitMix64 rng(9);
  std::size_t applied = 0;
  for (int i = 0; i < 50; ++i) {
    const Board board = random_board(rng, 5, 6, 15, 10);
    const Geometry<Bits64> geometry(board.rows, board.cols);
    const Bits64 footholds = foothold_bits<Bits64>(board);
    core::SearchControl control{core::SearchLimits{}};
    LongestPaths<Bits64> paths(geometry, 64, control);
    const FootholdsGame<Bits64> game(geometry, paths, footholds, board.a, board.b);
    applied += testing::check_apply_undo_restores(game, 10, 40, rng.next(), same_position<Bits64>(),
                                                  plain_legality<Bits64>(board));
  }
  // The wide representation too (cells above 64 cross the word boundary).
  for (int i = 0; i < 20; ++i) {
    const Board board = random_board(rng, 10, 12, 15, 10);
    const Geometry<Bits128> geometry(board.rows, board.cols);
    const Bits128 footholds = foothold_bits<Bits128>(board);
    core::SearchControl control{core::SearchLimits{}};
    LongestPaths<Bits128> paths(geometry, 64, control);
    const FootholdsGame<Bits128> game(geometry, paths, footholds, board.a, board.b);
    applied += testing::check_apply_undo_restores(game, 10, 60, rng.next(), same_position<Bits128>(),
                                                  plain_legality<Bits128>(board));
  }
  EXPECT_GT(applied, 1000u);
}

TEST(Footholds, PlayingForBSwapsThePlayersInTheTextForm) {
  // The web app asks for B's move by swapping A and B: the first move of the
  // line must then be optimal for B (checked against the reference).
  SplitMix64 rng(10);
  for (int i = 0; i < scaled(200); ++i) {
    Board board = random_board(rng, 4, 5, 20, 5);
    std::swap(board.a, board.b);
    const auto report = puzzle().solve(app::SolveRequest{to_text(board), {}, {}});
    ASSERT_GE(report.line.size(), 1u);
    ref::Position p = to_reference(board);
    ref::Memoized memo;
    const ref::Outcome before = memo.solve(p);
    EXPECT_EQ(report.answer, std::to_string(before.moves) + "\n");
    if (report.line.size() == 1) {
      EXPECT_EQ(before.moves, 0);
      continue;
    }
    const std::string move = report.line[1]["move"];
    Direction direction = Direction::up;
    for (Direction d : kDirections)
      if (core::to_string(d) == move) direction = d;
    const int next = board.step(p.mover, direction);
    ASSERT_GE(next, 0);
    ASSERT_EQ(p.cells[next], 1);
    p.cells[p.mover] = 0;
    p.mover = p.other;
    p.other = next;
    const ref::Outcome after = memo.solve(p);
    EXPECT_EQ(before.mover_wins, !after.mover_wins);
    EXPECT_EQ(before.moves, after.moves + 1);
  }
}

TEST(Footholds, ReportHasTheDocumentedJsonShape) {
  const auto report = puzzle().solve(app::SolveRequest{"3 3\n1 1 1\n1 1 1\n1 1 1\n1 0\n1 2\n", {}, {}});
  EXPECT_EQ(report.answer, "5\n");
  EXPECT_EQ(report.document["puzzle"], "footholds");
  EXPECT_EQ(report.document["answer"], 5);
  EXPECT_EQ(report.document["winner"], "A");
  ASSERT_EQ(report.document["moves"].size(), 5u);
  EXPECT_EQ(report.document["moves"][0]["player"], "A");
  EXPECT_TRUE(report.document["nodes"].is_number_integer());
  EXPECT_TRUE(report.document["ms"].is_number());
  ASSERT_EQ(report.line.size(), 6u);
  EXPECT_TRUE(report.line[0]["move"].is_null());
  EXPECT_FALSE(report.line[0].contains("player"));
  EXPECT_EQ(report.line[0]["board"]["a"], nlohmann::json({1, 0}));
  EXPECT_EQ(report.line[0]["board"]["b"], nlohmann::json({1, 2}));
  EXPECT_EQ(report.line[0]["board"]["to_move"], "A");
  EXPECT_EQ(report.line[0]["board"]["cells"].size(), 3u);
  for (std::size_t i = 1; i < report.line.size(); ++i) {
    EXPECT_EQ(report.line[i]["player"], i % 2 == 1 ? "A" : "B");
    EXPECT_EQ(report.line[i]["board"]["to_move"], i % 2 == 1 ? "B" : "A");
    EXPECT_TRUE(report.line[i]["move"].is_string());
  }
  EXPECT_NE(report.explanation.find("A wins after 5 moves"), std::string::npos);
}

TEST(Footholds, BadInputNamesLineAndField) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "line 1"},
      {"3\n", "line 1"},
      {"0 3\n", "line 1, field 1"},
      {"9 15\n", "135 cells"},
      {"2 2\n1 1\n1\n0 0\n1 1\n", "line 3"},
      {"2 2\n1 1\n1 2\n0 0\n1 1\n", "line 3, field 2"},
      {"2 2\n1 1\n1 x\n0 0\n1 1\n", "line 3, field 2"},
      {"2 2\n1 1\n1 1\n2 0\n1 1\n", "line 4, field 1"},
      {"2 2\n1 1\n1 1\n0 0\n1 -1\n", "line 5, field 2"},
      {"2 2\n1 0\n1 1\n0 1\n1 1\n", "no foothold"},
      {"2 2\n1 1\n1 1\n0 0\n", "line 5"},
      {"2 2\n1 1\n1 1\n0 0\n1 1\n7\n", "line 6"},
      {"2 2\n1 1\n1 1\n0 0\n1 1 1\n", "line 5"},
  };
  for (const auto& [input, where] : cases) {
    try {
      parse_board(input);
      ADD_FAILURE() << "accepted: " << input;
    } catch (const app::InputError& error) {
      EXPECT_NE(std::string(error.what()).find(where), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << "message must be one line";
    }
  }
}

TEST(Footholds, LargestBoardsAreAcceptedAndLargerRejected) {
  // 8 x 16 = 128 cells: accepted and solved (a corridor keeps it small).
  std::vector<int> cells(128, 0);
  for (int col = 0; col < 16; ++col) cells[static_cast<std::size_t>(7 * 16 + col)] = 1;
  for (int row = 0; row < 8; ++row) cells[static_cast<std::size_t>(row * 16 + 15)] = 1;
  const Board wide = make_board(8, 16, cells, 7 * 16, 15);
  EXPECT_EQ(parse_board(to_text(wide)), wide);
  EXPECT_EQ(solved_total(wide), reference_total(wide));
  EXPECT_THROW(parse_board("9 15\n"), app::InputError);
  EXPECT_THROW(parse_board("1 129\n"), app::InputError);
}

// The hardest full 8 x 8 start (docs/examples/footholds-8x8-full.in): 12
// million nodes, game search and longest paths mixed from the first probe.
Board hardest_8x8() { return make_board(8, 8, std::vector<int>(64, 1), 1 * 8 + 1, 6 * 8 + 6); }

TEST(Footholds, NodeLimitCountsGameAndPathNodesOnOneBudget) {
  for (const std::uint64_t max_nodes : {1u, 2u, 10u, 1000u, 4096u, 4097u, 50'000u}) {
    core::SearchLimits limits;
    limits.max_nodes = max_nodes;
    const auto result = solve_board(hardest_8x8(), limits);
    EXPECT_EQ(result.outcome, core::Outcome::node_limit) << max_nodes;
    EXPECT_FALSE(result.value.has_value());
    EXPECT_TRUE(result.line.empty());
    // The node that crosses the budget is counted, then the solve stops
    // (core::SearchControl::kNodeLimitSlack).
    EXPECT_EQ(result.stats.nodes, max_nodes + core::SearchControl::kNodeLimitSlack) << max_nodes;
  }
}

TEST(Footholds, MemoryBudgetShrinksTheTablesAndKeepsTheAnswer) {
  // The full 8 x 8 board, opposite corners: 4 MB + 4 MB of tables unlimited.
  const Board corners = make_board(8, 8, std::vector<int>(64, 1), 0, 63);
  const auto unlimited = solve_board(corners);
  ASSERT_TRUE(unlimited.proven());
  for (const std::uint64_t budget : {std::uint64_t{256} << 10, std::uint64_t{5} << 20}) {
    ASSERT_GT(unlimited.stats.memory_bytes, budget);
    core::SearchLimits limits;
    limits.max_memory_bytes = budget;
    const auto result = solve_board(corners, limits);
    ASSERT_TRUE(result.proven()) << budget;
    EXPECT_EQ(result.value, unlimited.value) << budget;
    EXPECT_LE(result.stats.memory_bytes, budget);
    EXPECT_GT(result.stats.memory_bytes, budget / 4) << "halving one table at a time stays near the budget";
  }
  // Small tables stay exact: random boards against minimax with 32 KB.
  SplitMix64 rng(11);
  for (int i = 0; i < scaled(300); ++i) {
    const Board board = random_board(rng, 5, 5, static_cast<int>(rng.below(35)), 10);
    core::SearchLimits limits;
    limits.max_memory_bytes = std::uint64_t{32} << 10;
    const auto result = solve_board(board, limits);
    ASSERT_TRUE(result.proven()) << to_text(board);
    EXPECT_EQ(result.value, reference_total(board)) << to_text(board);
    EXPECT_LE(result.stats.memory_bytes, limits.max_memory_bytes);
  }
}

// table-mb: the game table takes that many MiB (a power of two number of
// buckets), within max_memory_bytes all the same, with the same answer;
// values outside 1..1024 are refused; with N threads the budget also covers
// N longest-path memos.
TEST(Footholds, TableMbSetsTheGameTableWithinTheMemoryBudget) {
  const std::string input = to_text(make_board(8, 8, std::vector<int>(64, 1), 0, 63));
  const auto solve_with = [&](std::int64_t mib, std::uint64_t budget, std::size_t threads) {
    app::SolveRequest request{input, {}, {}};
    request.options.set("table-mb", app::OptionValue{mib, "--table-mb"});
    request.limits.max_memory_bytes = budget;
    request.limits.threads = threads;
    return puzzle().solve(request);
  };
  const std::uint64_t memo_bytes = std::uint64_t{4} << 20;  // the 8 x 8 memo: 2^18 entries of 16 bytes
  // Each thread's deep table (search.cpp): 2^14 entries of 16 bytes, and the
  // 64 bytes that align it.
  const std::uint64_t deep_bytes = (std::uint64_t{1} << 18) + 64;
  // The game table of `mib` MiB: on huge pages from 2 MiB (exactly its
  // bytes, aligned by the mapping), below from calloc with 64 bytes to align.
  const auto game_bytes = [](std::int64_t mib) {
    return (static_cast<std::uint64_t>(mib) << 20) + (mib >= 2 ? 0 : 64);
  };
  const auto plain = puzzle().solve(app::SolveRequest{input, {}, {}});
  for (const std::int64_t mib : {1, 2, 16, 1024}) {
    const auto report = solve_with(mib, 0, 1);
    EXPECT_EQ(report.answer, plain.answer);
    EXPECT_EQ(report.stats.memory_bytes, game_bytes(mib) + memo_bytes + deep_bytes) << mib;
  }
  const auto tight = solve_with(64, std::uint64_t{12} << 20, 1);
  EXPECT_EQ(tight.answer, plain.answer);
  EXPECT_LE(tight.stats.memory_bytes, std::uint64_t{12} << 20);
  const auto threads = solve_with(1, 0, 3);
  EXPECT_EQ(threads.stats.memory_bytes, game_bytes(1) + 3 * (memo_bytes + deep_bytes));
  for (const std::int64_t bad : {0, 1025}) EXPECT_THROW(solve_with(bad, 0, 1), app::InputError) << bad;
}

TEST(Footholds, MemoryBudgetBelowTheSmallestTablesEndsWithMemoryLimit) {
  core::SearchLimits limits;
  limits.max_memory_bytes = 4096;
  const auto result = solve_board(make_board(2, 2, {1, 1, 1, 1}, 0, 3), limits);
  EXPECT_EQ(result.outcome, core::Outcome::memory_limit);
  EXPECT_FALSE(result.value.has_value());
  EXPECT_EQ(result.stats.nodes, 0u) << "nothing is searched";

  app::SolveRequest request{"2 2\n1 1\n1 1\n0 0\n1 1\n", {}, {}};
  request.limits.max_memory_bytes = 4096;
  try {
    puzzle().solve(request);
    ADD_FAILURE() << "no LimitError";
  } catch (const app::LimitError& error) {
    EXPECT_NE(std::string(error.what()).find("memory limit reached"), std::string::npos) << error.what();
  }
}

TEST(Footholds, NodeLimitBecomesLimitError) {
  app::SolveRequest request{
      "6 6\n1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 1 1 1 1\n0 0\n5 5\n", {}, {}};
  request.limits.max_nodes = 10;
  EXPECT_THROW(puzzle().solve(request), app::LimitError);
}

}  // namespace
}  // namespace boardsearch::footholds
