// core::Negamax on games with known values (tic-tac-toe against plain minimax
// on every position, take-away), with a plain one-slot table of the test's own.
#include "boardsearch/core/negamax.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <optional>
#include <set>
#include <vector>

#include "boardsearch/core/move_list.hpp"
#include "boardsearch/core/principal_variation.hpp"
#include "core/tic_tac_toe.hpp"

namespace boardsearch::testing {
namespace {

// A core::NegamaxTable: one always-replaced entry per slot, full key stored.
template <class G>
class SlotTable {
 public:
  static constexpr int kNoLower = -1000;
  static constexpr int kNoUpper = 1000;
  struct Entry {
    typename G::Key key{};
    bool used = false;
    int lower = kNoLower;
    int upper = kNoUpper;
    std::optional<typename G::Move> move;
  };

  explicit SlotTable(std::size_t slots) : slots_(std::bit_ceil(slots)) {}

  void prefetch(std::uint64_t) const {}
  const Entry* probe(std::uint64_t hash, const G& game) const {
    const Entry& entry = slot(hash);
    return entry.used && entry.key == game.key() ? &entry : nullptr;
  }
  static std::optional<typename G::Move> stored_move(const Entry& entry) { return entry.move; }
  void store(std::uint64_t hash, const G& game, int lower, int upper, std::optional<typename G::Move> move,
             std::uint64_t) {
    Entry& entry = slots_[hash & (slots_.size() - 1)];
    if (!entry.used || entry.key != game.key()) entry = Entry{game.key(), true, kNoLower, kNoUpper, std::nullopt};
    entry.lower = std::max(entry.lower, lower);
    entry.upper = std::min(entry.upper, upper);
    if (move) entry.move = move;
  }

 private:
  const Entry& slot(std::uint64_t hash) const { return slots_[hash & (slots_.size() - 1)]; }
  std::vector<Entry> slots_;
};

using TicTacToeTable = SlotTable<TicTacToe>;

// Never uses the table.
struct NoPosition {
  bool operator()(const TicTacToe&) const { return false; }
};

// The exact score by null-window bisection (the table carries the bounds one
// probe proves to the next).
template <class Search>
int bisected_score(Search& search, int lo, int hi) {
  while (lo < hi) {
    const int middle = lo + (hi - lo) / 2;
    const int r = search.search(middle, middle + 1);
    if (r <= middle)
      hi = r;
    else
      lo = r;
  }
  return lo;
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

TEST(Negamax, TicTacToeIsADraw) {
  TicTacToe game;
  TicTacToeTable table(1 << 12);
  core::SearchControl control{core::SearchLimits{}};
  core::Negamax search(game, table, control);
  EXPECT_EQ(search.search(-10, 10), 0);
  EXPECT_EQ(game.key(), TicTacToe{}.key()) << "search must restore the position";
}

TEST(Negamax, EqualsPlainMinimaxOnEveryReachableTicTacToePosition) {
  TicTacToe root;
  std::set<TicTacToe::Key> seen;
  int checked = 0;
  // One search with a tiny table for all positions: collisions and stale
  // entries from other positions must never change a value.
  TicTacToe probe;
  TicTacToeTable tiny(64);
  core::SearchControl control{core::SearchLimits{}};
  core::Negamax shared(probe, tiny, control);
  for_each_reachable(root, seen, [&](TicTacToe& g) {
    TicTacToe copy = g;
    const int expected = plain_minimax(copy);
    TicTacToeTable table(1 << 10);
    core::Negamax fresh(copy, table, control);
    ASSERT_EQ(fresh.search(-100, 100), expected);
    probe = g;
    ASSERT_EQ(bisected_score(shared, -100, 100), expected);
    // Without the table: the same values.
    core::Negamax plain(copy, table, control, NoPosition{});
    ASSERT_EQ(plain.search(-100, 100), expected);
    // Fail-soft contract on a few windows around the true value.
    for (int alpha : {expected - 2, expected - 1, expected, expected + 1}) {
      const int r = fresh.search(alpha, alpha + 1);
      if (r <= alpha) {
        ASSERT_LE(expected, alpha);
        ASSERT_LE(expected, r);
      } else {
        ASSERT_GE(expected, alpha + 1);
        ASSERT_GE(expected, r);
      }
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
    TicTacToeTable table(1 << 10);
    core::SearchControl control{core::SearchLimits{}};
    core::Negamax search(game, table, control);
    int score = search.search(-100, 100);
    const std::vector<int> line = core::principal_variation(
        game, score, [&search](int alpha, int beta) { return search.search(alpha, beta); },
        [&search] { return search.table_move(); },
        [](const TicTacToe& position) { return position.known_score().has_value(); });
    for (int move : line) {
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

// The outcome of a full-window search that a limit must stop.
core::Outcome outcome_of_stopped_search(core::Negamax<TicTacToe, TicTacToeTable>& search) {
  try {
    search.search(-10, 10);
    ADD_FAILURE() << "the limit did not stop the search";
  } catch (const core::SearchAborted& aborted) {
    return aborted.outcome;
  }
  return core::Outcome::proven;
}

TEST(Negamax, NodeLimitStopsTheSearchAndRestoresThePosition) {
  TicTacToe game;
  TicTacToeTable table(1 << 12);
  core::SearchLimits limits;
  limits.max_nodes = 50;
  core::SearchControl control(limits);
  core::Negamax search(game, table, control);
  EXPECT_EQ(outcome_of_stopped_search(search), core::Outcome::node_limit);
  EXPECT_EQ(control.stats().nodes, 51u);
  EXPECT_EQ(game.key(), TicTacToe{}.key()) << "an aborted search must restore the position";
}

TEST(Negamax, RaisedCancelFlagStopsTheSearch) {
  std::atomic<bool> cancel{true};
  TicTacToe game;
  TicTacToeTable table(16);
  core::SearchLimits limits;
  limits.cancel = &cancel;
  core::SearchControl control(limits);
  core::Negamax search(game, table, control);
  EXPECT_EQ(outcome_of_stopped_search(search), core::Outcome::cancelled);
}

// Take-away: n stones, take 1..3, whoever takes the last stone wins. The mover
// loses exactly when n % 4 == 0. Score +1/-1 (path-independent trivially).
struct TakeAway {
  using Move = int;
  using Key = int;
  using MoveBuffer = core::MoveList<int, 3>;
  using Context = int;
  static constexpr Context kRootContext = 0;
  int stones;
  Key key() const { return stones; }
  std::uint64_t hash() const { return static_cast<std::uint64_t>(stones) * 0x9E3779B97F4A7C15ULL >> 7; }
  std::optional<int> known_score(Context) const { return stones == 0 ? std::optional<int>(-1) : std::nullopt; }
  Context child_context() const { return kRootContext; }
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
    SlotTable<TakeAway> table(256);
    core::SearchControl control{core::SearchLimits{}};
    core::Negamax search(game, table, control);
    EXPECT_EQ(search.search(-2, 2), n % 4 == 0 ? -1 : 1) << "n = " << n;
    if (n % 4 != 0) {
      ASSERT_TRUE(search.table_move().has_value());
      EXPECT_EQ(*search.table_move(), n % 4) << "the winning move leaves a multiple of four";
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
