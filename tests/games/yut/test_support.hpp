#pragma once
// Shared helpers of the dice yut tests: files, random schedules and boards,
// and the plan replay (legality checked with the reference's own move code).

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"
#include "games/yut/format.hpp"
#include "games/yut/parse.hpp"
#include "games/yut/puzzle.hpp"
#include "games/yut/rules.hpp"
#include "games/yut/search.hpp"
#include "support/read_file.hpp"
#include "support/sanitized.hpp"
#include "yut/plain_search.hpp"

namespace boardsearch::yut::testing {

inline std::string read_text(const std::string& path) { return boardsearch::testing::read_file(path); }

// The puzzle's report for `input` with `options`, as a front end gets it.
inline app::SolveReport run(std::string_view input, app::OptionValues options = {}) {
  return puzzle().solve(app::SolveRequest{input, std::move(options), {}});
}

inline std::string source_path(const std::string& relative) {
  // Appended in place: GCC 12 at -O2 reports a false -Warray-bounds on
  // `std::string(dir) + "/" + relative` here.
  std::string path = BOARDSEARCH_SOURCE_DIR;
  path += '/';
  path += relative;
  return path;
}

using boardsearch::testing::scaled;

inline std::vector<int> random_dice(core::SplitMix64& rng, const Board& board, int count) {
  std::vector<int> dice(count);
  for (int& die : dice) die = board.faces[rng.below(board.faces.size())];
  return dice;
}

// A random valid board: squares 0..n-1 in topological order (start = 0,
// finish = n-1), red successor 1 to 3 squares ahead, blue successors to any
// later square on about one square in three, random points and faces.
inline Board random_board(core::SplitMix64& rng) {
  Board board;
  board.name = "random";
  const int squares = 3 + static_cast<int>(rng.below(14));
  for (int i = 0; i < squares; ++i) {
    Square square;
    square.id = fmt::format("s{}", i);
    square.points = static_cast<long long>(rng.below(60)) - 5;
    if (i + 1 < squares) {
      square.red = std::min(squares - 1, i + 1 + static_cast<int>(rng.below(3)));
      if (rng.below(3) == 0) square.blue = i + 1 + static_cast<int>(rng.below(squares - 1 - i));
    }
    if (rng.below(2) == 0)
      square.layout = Layout{static_cast<double>(rng.below(101)), static_cast<double>(rng.below(101))};
    board.squares.push_back(square);
  }
  board.start = 0;
  board.finish = squares - 1;
  for (int face = 1; face <= 7; ++face)
    if (rng.below(2) == 0) board.faces.push_back(face);
  if (board.faces.empty()) board.faces.push_back(1 + static_cast<int>(rng.below(7)));
  return board;
}

// Replays a plan from the start position with the reference's move code.
// Checks every move is legal (right die, piece where the plan says, landing as
// walked, free or finish), that the game really ends where the plan does (all
// dice used, or no piece can move), and that the points add up to `answer`.
inline void expect_plan_replays(const Board& board, const std::vector<int>& dice, int pieces,
                                const std::vector<Move>& plan, long long answer) {
  std::vector<int> square_of_piece(pieces, board.start);
  long long total = 0;
  ASSERT_LE(plan.size(), dice.size());
  for (std::size_t turn = 0; turn < plan.size(); ++turn) {
    const Move& move = plan[turn];
    ASSERT_GE(move.piece, 1) << "turn " << turn + 1;
    ASSERT_LE(move.piece, pieces) << "turn " << turn + 1;
    const int piece = move.piece - 1;
    ASSERT_EQ(square_of_piece[piece], move.from) << "turn " << turn + 1;
    ASSERT_TRUE(can_move(board, square_of_piece, piece, dice[turn])) << "turn " << turn + 1;
    ASSERT_EQ(walk(board, move.from, dice[turn]), move.to) << "turn " << turn + 1;
    square_of_piece[piece] = move.to;
    total += board.squares[move.to].points;
  }
  if (plan.size() < dice.size()) {
    for (int piece = 0; piece < pieces; ++piece)
      EXPECT_FALSE(can_move(board, square_of_piece, piece, dice[plan.size()])) << "the plan stops too early";
  }
  EXPECT_EQ(total, answer);
}

}  // namespace boardsearch::yut::testing
