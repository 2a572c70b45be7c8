#include "boardsearch/core/negamax.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <set>

#include "boardsearch/core/move_list.hpp"
#include "core/tic_tac_toe.hpp"

namespace boardsearch::testing {
namespace {

using core::NegamaxSolver;

TEST(Negamax, TicTacToeIsADraw) {
  TicTacToe game;
  NegamaxSolver<TicTacToe> solver(game, 1 << 12);
  const auto result = solver.solve();
  ASSERT_TRUE(result.proven());
  EXPECT_EQ(*result.value, 0);
  EXPECT_EQ(result.line.size(), 9u);  // a draw fills the board
  EXPECT_EQ(game.key(), TicTacToe{}.key()) << "solve must restore the position";
}

// Visits every position reachable from the empty board once.
void for_each_reachable(TicTacToe& g, std::set<TicTacToe::Key>& seen, const auto& visit) {
  if (!seen.insert(g.key()).second) return;
  visit(g);
  if (g.known_score()) return;
  for (int c = 0; c < 9; ++c) {
    if (g.cells[c] != 0) continue;
    g.apply(c);
    for_each_reachable(g, seen, visit);
    g.undo(c);
  }
}

TEST(Negamax, EqualsPlainMinimaxOnEveryReachableTicTacToePosition) {
  TicTacToe root;
  std::set<TicTacToe::Key> seen;
  int checked = 0;
  // One solver with a tiny table for all positions: collisions and stale
  // entries from other positions must never change a value.
  TicTacToe probe;
  NegamaxSolver<TicTacToe> shared(probe, 64);
  for_each_reachable(root, seen, [&](TicTacToe& g) {
    TicTacToe copy = g;
    const int expected = plain_minimax(copy);
    NegamaxSolver<TicTacToe> fresh(copy, 1 << 10);
    ASSERT_EQ(fresh.solve_score(), expected);
    probe = g;
    ASSERT_EQ(shared.solve_score(), expected);
    // Fail-soft contract on a few windows around the true value.
    for (int alpha : {expected - 2, expected - 1, expected, expected + 1}) {
      const int r = fresh.search(alpha, alpha + 1);
      if (r <= alpha)
        ASSERT_LE(expected, alpha);
      else
        ASSERT_GE(expected, alpha + 1);
    }
    ++checked;
  });
  EXPECT_EQ(checked, 5478);  // the known number of legal tic-tac-toe positions
}

TEST(Negamax, PrincipalVariationPlaysOnlyOptimalMoves) {
  TicTacToe root;
  std::set<TicTacToe::Key> seen;
  for_each_reachable(root, seen, [&](TicTacToe& g) {
    TicTacToe game = g;
    NegamaxSolver<TicTacToe> solver(game, 1 << 10);
    const auto result = solver.solve();
    ASSERT_TRUE(result.proven());
    int score = *result.value;
    for (int move : result.line) {
      ASSERT_EQ(game.cells[move], 0) << "illegal move in the line";
      game.apply(move);
      score = -score;
      TicTacToe copy = game;
      ASSERT_EQ(plain_minimax(copy), score) << "a move in the line is not optimal";
    }
    ASSERT_TRUE(game.known_score().has_value()) << "the line must end the game";
    ASSERT_EQ(*game.known_score(), score);
  });
}

TEST(Negamax, NodeLimitStopsTheSearchWithoutAValue) {
  TicTacToe game;
  core::SearchLimits limits;
  limits.max_nodes = 50;
  NegamaxSolver<TicTacToe> solver(game, 1 << 12, limits);
  const auto result = solver.solve();
  EXPECT_EQ(result.outcome, core::Outcome::node_limit);
  EXPECT_FALSE(result.value.has_value());
  EXPECT_EQ(game.key(), TicTacToe{}.key()) << "an aborted search must restore the position";
}

TEST(Negamax, RaisedCancelFlagStopsTheSearch) {
  std::atomic<bool> cancel{true};
  TicTacToe game;
  core::SearchLimits limits;
  limits.cancel = &cancel;
  NegamaxSolver<TicTacToe> solver(game, 16, limits);  // tiny table: many nodes
  const auto result = solver.solve();
  EXPECT_EQ(result.outcome, core::Outcome::cancelled);
  EXPECT_FALSE(result.value.has_value());
}

// Take-away: n stones, take 1..3, whoever takes the last stone wins. The mover
// loses exactly when n % 4 == 0. Score +1/-1 (path-independent trivially).
struct TakeAway {
  using Move = int;
  using Key = int;
  struct KeyHash {
    std::uint64_t operator()(int k) const { return static_cast<std::uint64_t>(k) * 0x9E3779B97F4A7C15ULL; }
  };
  using MoveBuffer = core::MoveList<int, 3>;
  int stones;
  Key key() const { return stones; }
  std::optional<int> known_score() const { return stones == 0 ? std::optional<int>(-1) : std::nullopt; }
  std::pair<int, int> score_bounds() const { return {-1, 1}; }
  void generate_moves(MoveBuffer& moves) const {
    for (int take = 1; take <= 3 && take <= stones; ++take) moves.push_back(take);
  }
  void apply(int take) { stones -= take; }
  void undo(int take) { stones += take; }
};

TEST(Negamax, TakeAwayMoverLosesExactlyOnMultiplesOfFour) {
  for (int n = 1; n <= 60; ++n) {
    TakeAway game{n};
    NegamaxSolver<TakeAway> solver(game, 256);
    const auto result = solver.solve();
    ASSERT_TRUE(result.proven());
    EXPECT_EQ(*result.value, n % 4 == 0 ? -1 : 1) << "n = " << n;
    if (n % 4 != 0) {
      ASSERT_FALSE(result.line.empty());
      EXPECT_EQ(result.line.front(), n % 4) << "the winning move leaves a multiple of four";
    }
  }
}

}  // namespace
}  // namespace boardsearch::testing

#include "core/conformance.hpp"

namespace boardsearch::testing {
namespace {

TEST(Conformance, TicTacToeApplyUndoRestoresStateAndKey) {
  const auto same = [](const TicTacToe& a, const TicTacToe& b) { return a.cells == b.cells && a.mover == b.mover; };
  EXPECT_GT(check_apply_undo_restores(TicTacToe{}, 200, 9, 1, same), 1000u);
}

}  // namespace
}  // namespace boardsearch::testing
