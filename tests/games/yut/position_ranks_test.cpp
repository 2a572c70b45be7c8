// The ranks of random-dice positions (games/yut/position_ranks.hpp): every
// position has its own rank in [0, total), in the order for_each visits
// them; a move never lowers it; the rank of a child computed from its
// parent's parts equals the rank of the child's codes; holds_code finds a
// code exactly when a piece holds it.

#include "games/yut/position_ranks.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "boardsearch/core/splitmix64.hpp"
#include "yut/test_support.hpp"

namespace boardsearch::yut::testing {
namespace {

// A random position of `pieces` pieces on `middle` middle codes: some on
// start, some on finish, the others on distinct middle codes.
Codes random_position(core::SplitMix64& rng, int middle, int pieces) {
  const int on_middle = static_cast<int>(rng.below(std::min(middle, pieces) + 1));
  const int on_start = static_cast<int>(rng.below(pieces - on_middle + 1));
  std::vector<int> squares;
  while (static_cast<int>(squares.size()) < on_middle) {
    const int code = 1 + static_cast<int>(rng.below(middle));
    if (std::find(squares.begin(), squares.end(), code) == squares.end()) squares.push_back(code);
  }
  std::sort(squares.begin(), squares.end());
  Codes codes{};
  int at = 0;
  for (int i = 0; i < on_start; ++i) codes[at++] = kStartCode;
  for (int code : squares) codes[at++] = static_cast<std::uint8_t>(code);
  while (at < pieces) codes[at++] = static_cast<std::uint8_t>(middle + 1);
  return codes;
}

// Calls check(i, to) for every move the ranks must handle: a piece not on
// finish (the first of several on start) to finish or to a later free code.
template <class Check>
void for_each_move(const Codes& codes, int middle, int pieces, Check&& check) {
  const int finish = middle + 1;
  for (int i = 0; i < pieces; ++i) {
    if (codes[i] == finish || (i > 0 && codes[i - 1] == codes[i])) continue;
    for (int to = codes[i] + 1; to <= finish; ++to)
      if (to == finish || std::find(codes.begin(), codes.begin() + pieces, to) == codes.begin() + pieces)
        check(i, static_cast<std::uint8_t>(to));
  }
}

TEST(YutPositionRanks, EveryPositionOnceInRankOrder) {
  for (int middle = 1; middle <= 9; ++middle)
    for (int pieces = 1; pieces <= kMaxPieces; ++pieces) {
      const PositionRanks ranks(middle, pieces);
      std::uint64_t next = 0;
      std::map<Codes, std::uint64_t> seen;
      ranks.for_each([&](std::uint64_t rank, const Codes& codes) {
        EXPECT_EQ(rank, next++);
        EXPECT_TRUE(std::is_sorted(codes.begin(), codes.begin() + pieces));
        EXPECT_EQ(ranks.rank(codes), rank);
        EXPECT_TRUE(seen.emplace(codes, rank).second);
      });
      EXPECT_EQ(next, ranks.total()) << middle << " codes, " << pieces << " pieces";
    }
}

TEST(YutPositionRanks, ChildRankFromTheParentEqualsTheChildsOwn) {
  // Small spaces against the order for_each visits (independent of rank);
  // big ones against rank of the child's codes.
  core::SplitMix64 rng(17825);
  std::uint64_t moves = 0;
  for (int middle = 1; middle <= 8; ++middle)
    for (int pieces = 1; pieces <= 5; ++pieces) {
      const PositionRanks ranks(middle, pieces);
      std::map<Codes, std::uint64_t> order;
      ranks.for_each([&](std::uint64_t rank, const Codes& codes) { order.emplace(codes, rank); });
      for (const auto& [codes, rank] : order) {
        const RankedCodes parent = ranks.parts(codes);
        EXPECT_EQ(ranks.parts_of(parent.key, rank).colex, parent.colex);
        for_each_move(codes, middle, pieces, [&](int i, std::uint8_t to) {
          const Codes child = moved(codes, pieces, i, to);
          ASSERT_EQ(ranks.child_rank(parent, i, to), order.at(child));
          EXPECT_GT(order.at(child), rank);
          ++moves;
        });
      }
    }
  for (int round = 0; round < scaled(3000); ++round) {
    const int middle = 1 + static_cast<int>(rng.below(round % 2 == 0 ? 40 : 254));
    const int pieces = 1 + static_cast<int>(rng.below(kMaxPieces));
    const PositionRanks ranks(middle, pieces);
    const Codes codes = random_position(rng, middle, pieces);
    const RankedCodes parent = ranks.parts(codes);
    const std::uint64_t rank = ranks.rank(codes);
    ASSERT_LT(rank, ranks.total());
    for_each_move(codes, middle, pieces, [&](int i, std::uint8_t to) {
      const std::uint64_t child = ranks.rank(moved(codes, pieces, i, to));
      ASSERT_EQ(ranks.child_rank(parent, i, to), child) << middle << " codes, " << pieces << " pieces, piece " << i;
      EXPECT_GT(child, rank);
      ++moves;
    });
  }
  EXPECT_GT(moves, 10'000u);
}

TEST(YutPositionRanks, HoldsCodeExactly) {
  core::SplitMix64 rng(25);
  for (int round = 0; round < 20'000; ++round) {
    const int middle = 1 + static_cast<int>(rng.below(254));
    const int pieces = 1 + static_cast<int>(rng.below(kMaxPieces));
    const Codes codes = random_position(rng, middle, pieces);
    const std::uint64_t key = pack_codes(codes);
    EXPECT_EQ(unpack_codes(key), codes);
    for (int probe = 0; probe < 4; ++probe) {
      // Half the probes are codes the position holds.
      const auto code = static_cast<std::uint8_t>(probe % 2 == 0 && codes[pieces - 1] != 0 ? codes[rng.below(pieces)]
                                                                                           : 1 + rng.below(middle + 1));
      if (code == 0) continue;
      const bool held = std::find(codes.begin(), codes.begin() + pieces, code) != codes.begin() + pieces;
      ASSERT_EQ(holds_code(key, code), held) << int{code};
    }
  }
}

}  // namespace
}  // namespace boardsearch::yut::testing
