// The footholds table (bucket layout, bound merging, replacement) and the
// solver under every table setting against plain minimax.
#include "games/footholds/table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"
#include "games/footholds/format.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/reference.hpp"
#include "games/footholds/rules.hpp"
#include "games/footholds/search.hpp"
#include "games/footholds/test_support.hpp"

namespace boardsearch::footholds {
namespace {

using core::SplitMix64;
using testing::scaled;
using testing::footholds_support::random_board;
using testing::footholds_support::reference_total;

TEST(FootholdsTable, BucketsFillACacheLine) {
  EXPECT_EQ(sizeof(BucketTable<Bits64>::Entry), 16u);
  EXPECT_EQ(BucketTable<Bits64>::kWays, 4u);
  EXPECT_EQ(BucketTable<Bits128>::kWays, 2u);
  EXPECT_EQ(sizeof(BucketTable<Bits64>::Bucket), 64u);
  EXPECT_EQ(sizeof(BucketTable<Bits128>::Bucket), 64u);
  // Rounded up to whole buckets, a power of two of them.
  EXPECT_EQ(BucketTable<Bits64>(1).entries(), 4u);
  EXPECT_EQ(BucketTable<Bits64>(9).entries(), 16u);
  EXPECT_EQ(BucketTable<Bits128>(1000).entries(), 1024u);
}

TEST(FootholdsTable, BoundsOfOnePositionMerge) {
  BucketTable<Bits64> table(16);
  const Bits64 set{0b1011};
  EXPECT_EQ(table.probe(7, set, 0, 1), nullptr);
  table.store(7, set, 0, 1, 3, BucketTable<Bits64>::kNoUpper, 2, 10);
  table.store(7, set, 0, 1, BucketTable<Bits64>::kNoLower, 9, BucketTable<Bits64>::kNoMove, 5);
  const auto* entry = table.probe(7, set, 0, 1);
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->lower, 3);
  EXPECT_EQ(entry->upper, 9);
  EXPECT_EQ(entry->move, 2);  // a store without a move keeps the known one
  // Same footholds, other cells: another position.
  EXPECT_EQ(table.probe(7, set, 1, 0), nullptr);
  EXPECT_EQ(table.probe(7, set, 0, 3), nullptr);
  EXPECT_EQ(table.probe(7, Bits64{0b1010}, 0, 1), nullptr);
}

TEST(FootholdsTable, ReplacementEvictsTheLeastWork) {
  BucketTable<Bits64> table(4);  // one bucket: every position collides
  const std::uint64_t works[] = {1000, 3, 100000, 40};
  for (int i = 0; i < 4; ++i) table.store(0, Bits64{std::uint64_t{1} << i}, 0, 0, i, i, 0, works[i]);
  for (int i = 0; i < 4; ++i) EXPECT_NE(table.probe(0, Bits64{std::uint64_t{1} << i}, 0, 0), nullptr);
  table.store(0, Bits64{1 << 10}, 0, 0, 5, 5, 0, 1);
  EXPECT_EQ(table.probe(0, Bits64{1 << 1}, 0, 0), nullptr);  // work 3: evicted
  for (int i : {0, 2, 3}) EXPECT_NE(table.probe(0, Bits64{std::uint64_t{1} << i}, 0, 0), nullptr);
  EXPECT_NE(table.probe(0, Bits64{1 << 10}, 0, 0), nullptr);
}

// LayeredTable: a position near the root (at least the given footholds)
// lives in the main table, a deeper one in the deep table, each found again
// under its exact key only; UsesTable admits the positions down to its
// footholds.
TEST(FootholdsTable, LayeredTableKeepsNearAndDeepPositionsApart) {
  const Geometry<Bits64> geometry(3, 3);
  core::SearchControl control(core::SearchLimits{});
  LongestPaths<Bits64> paths(geometry, 16, control);
  const Bits64 full = geometry.board;
  FootholdsGame<Bits64> near_position(geometry, paths, full, 0, 8);                    // 9 footholds
  FootholdsGame<Bits64> deep_position(geometry, paths, full ^ Bits64::cell(4), 0, 8);  // 8 footholds
  FootholdsGame<Bits64> other_deep(geometry, paths, full ^ Bits64::cell(4), 8, 0);     // players swapped
  BucketTable<Bits64> main_table(16);
  BucketTable<Bits64> deep_table(16);
  LayeredTable<Bits64, BucketTable<Bits64>> tables(main_table, &deep_table, near_position, 9);
  tables.store(near_position.hash(), near_position, 2, 6, Direction::down, 100);
  tables.store(deep_position.hash(), deep_position, -3, 1, std::nullopt, 10);
  ASSERT_NE(main_table.probe(near_position.hash(), near_position), nullptr);
  EXPECT_EQ(deep_table.probe(near_position.hash(), near_position), nullptr);
  ASSERT_NE(deep_table.probe(deep_position.hash(), deep_position), nullptr);
  EXPECT_EQ(main_table.probe(deep_position.hash(), deep_position), nullptr);
  const auto near_found = tables.probe(near_position.hash(), near_position);
  ASSERT_TRUE(near_found.has_value());
  EXPECT_EQ(near_found->lower, 2);
  EXPECT_EQ(near_found->upper, 6);
  EXPECT_EQ(tables.stored_move(*near_found), Direction::down);
  const auto deep_found = tables.probe(deep_position.hash(), deep_position);
  ASSERT_TRUE(deep_found.has_value());
  EXPECT_EQ(deep_found->lower, -3);
  EXPECT_EQ(deep_found->upper, 1);
  EXPECT_EQ(tables.stored_move(*deep_found), std::nullopt);
  EXPECT_FALSE(tables.probe(other_deep.hash(), other_deep).has_value());
  EXPECT_TRUE(tables.has_deep());
  EXPECT_TRUE((UsesTable<Bits64>{8}(deep_position)));
  EXPECT_FALSE((UsesTable<Bits64>{9}(deep_position)));
  EXPECT_TRUE((UsesTable<Bits64>{9}(near_position)));
}

// Random stores into a small table against a model: whatever the table
// returns for a position lies between everything ever stored for it and the
// last store (an entry may have been evicted and stored afresh since, but it
// never mixes in another position's bounds).
TEST(FootholdsTable, ProbesNeverReturnAnotherPositionsBounds) {
  SplitMix64 rng(11);
  BucketTable<Bits128> table(16);  // 8 buckets of 2
  using Key = std::tuple<std::uint64_t, std::uint64_t, int, int>;
  std::map<Key, std::pair<int, int>> all;   // intersection of every stored interval
  std::map<Key, std::pair<int, int>> last;  // the last stored interval
  std::size_t hits = 0;
  for (int i = 0; i < 20000; ++i) {
    // Few distinct positions, colliding on few hashes.
    const Bits128 set{1 + rng.below(4), rng.below(2)};  // never empty (an empty set marks a free entry)
    const int mover = static_cast<int>(rng.below(3));
    const int other = static_cast<int>(rng.below(3));
    // A function of the key (as in the search) with many collisions.
    const std::uint64_t hash = (set.low * 3 + set.high + static_cast<std::uint64_t>(mover * 5 + other)) % 8;
    const Key key{set.low, set.high, mover, other};
    if (rng.below(2) == 0) {
      // A true value per position, so every stored interval contains it.
      const int truth = static_cast<int>((set.low * 7 + set.high * 3 + mover * 5 + other) % 21) - 10;
      const int lower = truth - static_cast<int>(rng.below(4));
      const int upper = truth + static_cast<int>(rng.below(4));
      table.store(hash, set, mover, other, lower, upper, BucketTable<Bits128>::kNoMove, 1 + rng.below(100));
      auto [it, fresh] = all.try_emplace(key, lower, upper);
      if (!fresh) it->second = {std::max(it->second.first, lower), std::min(it->second.second, upper)};
      last[key] = {lower, upper};
    } else if (const auto* entry = table.probe(hash, set, mover, other)) {
      ++hits;
      ASSERT_TRUE(last.count(key));
      EXPECT_LE(entry->lower, all[key].first);
      EXPECT_GE(entry->upper, all[key].second);
      EXPECT_GE(entry->lower, last[key].first);
      EXPECT_LE(entry->upper, last[key].second);
    }
  }
  EXPECT_GT(hits, 1000u);
}

// Board i of a random test: one in ten 6 x 6 with 20 to 49 % holes, the
// rest 1 to 5 a side with up to 34 %; same_percent as random_board's.
Board mixed_board(SplitMix64& rng, int i, int same_percent) {
  const bool six = i % 10 == 0;
  const int rows = six ? 6 : 1 + static_cast<int>(rng.below(5));
  const int cols = six ? 6 : 1 + static_cast<int>(rng.below(5));
  return random_board(rng, rows, cols, static_cast<int>(six ? 20 + rng.below(30) : rng.below(35)), same_percent);
}

// The tables only save work: with no table, a one-bucket table (constant
// replacement), a table reaching only a few plies, with or without the deep
// table behind it (one bucket of it: constant replacement; or every
// position but the root in it), or the default, every answer and every line
// length equals plain minimax.
TEST(FootholdsTable, EveryTableSettingGivesTheMinimaxAnswer) {
  SplitMix64 rng(12);
  const auto tuned = [](std::size_t entries, std::optional<int> plies, std::optional<std::size_t> deep) {
    SearchTuning tuning;
    tuning.table_entries = entries;
    tuning.table_plies = plies;
    tuning.deep_entries = deep;
    return tuning;
  };
  const SearchTuning tunings[] = {tuned(0, -1, std::nullopt),
                                  tuned(1, std::nullopt, 0),
                                  tuned(4, 1000, std::nullopt),
                                  tuned(16, 3, 4),
                                  tuned(64, 0, 1 << 14),
                                  tuned(0, 6, 0),
                                  tuned(0, 2, 4),
                                  tuned(0, 0, 64),
                                  tuned(0, std::nullopt, 0),
                                  tuned(0, std::nullopt, std::nullopt)};
  const int boards = scaled(4000);
  for (int i = 0; i < boards; ++i) {
    const Board board = mixed_board(rng, i, 10);
    const SearchTuning& tuning = tunings[static_cast<std::size_t>(i) % std::size(tunings)];
    const auto result = solve_board(board, {}, tuning);
    ASSERT_TRUE(result.proven());
    const int expected = reference_total(board);
    EXPECT_EQ(*result.value, expected) << to_text(board) << "tuning " << i % std::size(tunings) << ": table entries "
                                       << tuning.table_entries << ", table plies "
                                       << (tuning.table_plies ? *tuning.table_plies : -1) << ", deep entries "
                                       << (tuning.deep_entries ? static_cast<long long>(*tuning.deep_entries) : -1);
    EXPECT_EQ(static_cast<int>(result.line.size()), expected) << to_text(board);
  }
}

// A full 6 x 6 board, A on (1,1) and B on (4,4): interior starts, long
// enough to reach the deep table.
Board full_six_by_six_interior() {
  std::string text = "6 6\n";
  for (int r = 0; r < 6; ++r) text += "1 1 1 1 1 1\n";
  return parse_board(text + "1 1\n4 4\n");
}

// The deep table is used where positions reach it and counted only then.
// With the main table at the root only (table_plies 0) a full 6 x 6
// interior start searches fewer nodes with the deep table than without it
// (a review found no test failing if the solver never routed a position
// to it). With the tables off (-1) or the main table reaching kDeepPlies
// (30), none is made: memory_bytes and nodes equal those of the same solve
// told to make none; at the default reach it is counted (so that the
// comparison can tell). The same answer every time; one thread, so node
// counts are deterministic.
TEST(FootholdsTable, TheDeepTableIsUsedWhereReachableAndCountedOnlyThen) {
  const Board board = full_six_by_six_interior();
  for (const std::optional<int> plies :
       {std::optional<int>(0), std::optional<int>(-1), std::optional<int>(30), std::optional<int>()}) {
    SearchTuning with_deep, without_deep;
    with_deep.table_plies = without_deep.table_plies = plies;
    without_deep.deep_entries = 0;
    const auto with = solve_board(board, {}, with_deep);
    const auto without = solve_board(board, {}, without_deep);
    ASSERT_TRUE(with.proven());
    ASSERT_TRUE(without.proven());
    EXPECT_EQ(with.value, without.value);
    const int reach = plies.value_or(18);
    if (reach == 0) {
      EXPECT_LT(with.stats.nodes, without.stats.nodes);
    } else if (reach < 0 || reach >= 30) {
      EXPECT_EQ(with.stats.memory_bytes, without.stats.memory_bytes) << "table plies " << reach;
      EXPECT_EQ(with.stats.nodes, without.stats.nodes) << "table plies " << reach;
    } else {
      EXPECT_GT(with.stats.memory_bytes, without.stats.memory_bytes) << "table plies " << reach;
    }
  }
}

// The root's first probe (SearchTuning::first_loss_probe, search.cpp
// exact_score) only changes the order of the probes: with the sign probe
// first (0) or a first loss probe at every distance (1 to 9, and 40, beyond
// every window: skipped), every answer and line length equals plain minimax.
// The boards cover each way the first probe can go: it fails (a loss with
// more footholds left than the probe's), it succeeds on a loss (probed
// upwards from it) and it succeeds on a win (then the sign probe); the test
// counts each (a probe window off by one, e.g. searching (c, c + 1) for
// "score >= c", fails it: tried as a mutant).
TEST(FootholdsTable, EveryFirstProbeGivesTheMinimaxAnswer) {
  SplitMix64 rng(17);
  const int distances[] = {0, 1, 2, 3, 4, 5, 6, 9, 40};
  int fails = 0, loss_successes = 0, win_successes = 0;
  const int boards = scaled(3000);
  for (int i = 0; i < boards; ++i) {
    const Board board = mixed_board(rng, i, 5);
    SearchTuning tuning;
    tuning.first_loss_probe = distances[static_cast<std::size_t>(i) % std::size(distances)];
    const auto result = solve_board(board, {}, tuning);
    ASSERT_TRUE(result.proven());
    const int expected = reference_total(board);
    EXPECT_EQ(*result.value, expected) << to_text(board) << "first loss probe " << *tuning.first_loss_probe;
    EXPECT_EQ(static_cast<int>(result.line.size()), expected) << to_text(board);
    // Which way the first probe went: the loss score it asks about is
    // -first_loss or the next one below with a loss's parity (that of f).
    const int footholds = static_cast<int>(std::count(board.footholds.begin(), board.footholds.end(), 1));
    const int left = footholds - expected;  // f_end: footholds left when the game ends
    const int k = *tuning.first_loss_probe;
    const int probe_left = k + ((k - footholds) & 1);
    if (k == 0 || probe_left >= footholds - 2) continue;  // no first loss probe (the window clamp excludes it)
    if (expected % 2 == 1)
      ++win_successes;
    else if (left > probe_left)
      ++fails;
    else
      ++loss_successes;
  }
  EXPECT_GT(fails, boards / 50);
  EXPECT_GT(loss_successes, boards / 50);
  EXPECT_GT(win_successes, boards / 50);
}

}  // namespace
}  // namespace boardsearch::footholds
