#include "boardsearch/core/branch_and_bound.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <numeric>
#include <thread>
#include <vector>

#include "boardsearch/core/move_list.hpp"
#include "boardsearch/core/splitmix64.hpp"

namespace boardsearch::testing {
namespace {

using core::Goal;

// 0/1 knapsack as a maximize problem: decide items in order (take or skip).
// bound = value so far + value of every undecided item that could still fit
// alone: admissible, since any completion takes a subset of those.
struct Knapsack {
  using Move = bool;  // take the next item?
  using Value = int;
  using MoveBuffer = core::MoveList<bool, 2>;
  std::vector<int> weight, value;
  int capacity = 0;
  std::size_t next = 0;
  int used = 0, gained = 0;

  std::optional<int> solution_value() const { return gained; }
  int bound() const {
    int b = gained;
    for (std::size_t i = next; i < weight.size(); ++i)
      if (used + weight[i] <= capacity) b += value[i];
    return b;
  }
  void generate_moves(MoveBuffer& moves) const {
    if (next == weight.size()) return;
    if (used + weight[next] <= capacity) moves.push_back(true);
    moves.push_back(false);
  }
  void apply(bool take) {
    if (take) used += weight[next], gained += value[next];
    ++next;
  }
  void undo(bool take) {
    --next;
    if (take) used -= weight[next], gained -= value[next];
  }
};

int knapsack_brute_force(const Knapsack& k) {
  int best = 0;
  const std::size_t n = k.weight.size();
  for (std::size_t mask = 0; mask < (std::size_t{1} << n); ++mask) {
    int w = 0, v = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (mask >> i & 1) w += k.weight[i], v += k.value[i];
    if (w <= k.capacity) best = std::max(best, v);
  }
  return best;
}

TEST(BranchAndBound, MaximizeEqualsBruteForceOnRandomKnapsacks) {
  core::SplitMix64 rng(42);
  for (int round = 0; round < 2000; ++round) {
    Knapsack k;
    const std::size_t n = 1 + rng.below(12);
    for (std::size_t i = 0; i < n; ++i) {
      k.weight.push_back(1 + static_cast<int>(rng.below(20)));
      k.value.push_back(static_cast<int>(rng.below(30)));
    }
    k.capacity = static_cast<int>(rng.below(60));
    const auto result = core::branch_and_bound<Goal::maximize>(k);
    ASSERT_TRUE(result.proven());
    ASSERT_EQ(*result.value, knapsack_brute_force(k)) << "round " << round;
    // Replay: the line is a legal selection achieving the value.
    Knapsack replay = k;
    for (bool take : result.line) replay.apply(take);
    EXPECT_LE(replay.used, k.capacity);
    EXPECT_EQ(replay.gained, *result.value);
    EXPECT_EQ(k.next, 0u) << "the problem must be back at its root";
  }
}

// Fewest coins summing to a target, coins chosen in non-increasing order (so
// each multiset is generated once). Solutions only where the remainder is 0.
// bound = coins so far + ceil(remainder / largest usable coin): admissible,
// since no coin is larger than that.
struct CoinChange {
  using Move = int;  // index of the coin
  using Value = int;
  using MoveBuffer = core::MoveList<int, 8>;
  std::vector<int> coins;  // sorted descending, distinct
  int remainder = 0;
  std::vector<int> used{0};  // stack of the smallest coin index allowed

  std::optional<int> solution_value() const {
    return remainder == 0 ? std::optional<int>(static_cast<int>(used.size()) - 1) : std::nullopt;
  }
  int bound() const {
    const int largest = coins[static_cast<std::size_t>(used.back())];
    return static_cast<int>(used.size()) - 1 + (remainder + largest - 1) / largest;
  }
  void generate_moves(MoveBuffer& moves) const {
    for (int i = used.back(); i < static_cast<int>(coins.size()); ++i)
      if (coins[static_cast<std::size_t>(i)] <= remainder) moves.push_back(i);
  }
  void apply(int i) {
    remainder -= coins[static_cast<std::size_t>(i)];
    used.push_back(i);
  }
  void undo(int i) {
    used.pop_back();
    remainder += coins[static_cast<std::size_t>(i)];
  }
};

int coin_change_dp(const std::vector<int>& coins, int target) {
  constexpr int kNone = 1 << 20;
  std::vector<int> best(static_cast<std::size_t>(target) + 1, kNone);
  best[0] = 0;
  for (int t = 1; t <= target; ++t)
    for (int c : coins)
      if (c <= t)
        best[static_cast<std::size_t>(t)] =
            std::min(best[static_cast<std::size_t>(t)], best[static_cast<std::size_t>(t - c)] + 1);
  return best[static_cast<std::size_t>(target)];
}

TEST(BranchAndBound, MinimizeEqualsDynamicProgrammingOnRandomCoinSystems) {
  core::SplitMix64 rng(7);
  int unsolvable = 0;
  for (int round = 0; round < 2000; ++round) {
    CoinChange p;
    std::vector<int> coins;
    const std::size_t n = 1 + rng.below(5);
    while (coins.size() < n) {
      const int c = 2 + static_cast<int>(rng.below(15));
      if (std::find(coins.begin(), coins.end(), c) == coins.end()) coins.push_back(c);
    }
    std::sort(coins.rbegin(), coins.rend());
    p.coins = coins;
    const int target = static_cast<int>(rng.below(60));
    p.remainder = target;
    const auto result = core::branch_and_bound<Goal::minimize>(p);
    ASSERT_TRUE(result.proven());
    const int expected = coin_change_dp(coins, target);
    if (expected >= (1 << 20)) {
      ASSERT_FALSE(result.value.has_value()) << "no solution exists";
      ++unsolvable;
      continue;
    }
    ASSERT_TRUE(result.value.has_value());
    ASSERT_EQ(*result.value, expected) << "round " << round;
    int sum = 0;
    for (int i : result.line) sum += coins[static_cast<std::size_t>(i)];
    EXPECT_EQ(sum, target);
    EXPECT_EQ(static_cast<int>(result.line.size()), expected);
  }
  EXPECT_GT(unsolvable, 0) << "the generator should also produce unsolvable targets";
}

// The knapsack again, taking the incumbent in generate_moves: it checks the
// incumbent is the best value the search has recorded so far (the caller's
// incumbent, then every better solution reported), and leaves out children
// whose bound cannot beat it.
struct KnapsackAgainstIncumbent : Knapsack {
  mutable std::optional<int> best_reported;  // the best solution_value() so far
  int wrong_incumbents = 0;
  int children_left_out = 0;

  std::optional<int> solution_value() const {
    if (!best_reported || gained > *best_reported) best_reported = gained;
    return gained;
  }
  void generate_moves(MoveBuffer& moves, const std::optional<int>& incumbent) {
    // The core records a node's solution before expanding it, so this node's
    // value, if better, is already in the incumbent.
    wrong_incumbents += incumbent != best_reported;
    MoveBuffer all;
    Knapsack::generate_moves(all);
    for (const bool take : all) {
      apply(take);
      const bool hopeless = incumbent && bound() <= *incumbent;
      undo(take);
      if (hopeless)
        ++children_left_out;
      else
        moves.push_back(take);
    }
  }
};
static_assert(core::GeneratesAgainstIncumbent<KnapsackAgainstIncumbent>);
static_assert(!core::GeneratesAgainstIncumbent<Knapsack>);

// Up to 12 items of weight and value 1..9, capacity 0..39.
void fill_random_knapsack(core::SplitMix64& rng, Knapsack& k) {
  const int n = 1 + static_cast<int>(rng.below(12));
  for (int i = 0; i < n; ++i)
    k.weight.push_back(1 + static_cast<int>(rng.below(9))), k.value.push_back(1 + static_cast<int>(rng.below(9)));
  k.capacity = static_cast<int>(rng.below(40));
}

TEST(BranchAndBound, GenerateMovesIsHandedTheIncumbent) {
  core::SplitMix64 rng(9);
  int left_out = 0;
  for (int round = 0; round < 200; ++round) {
    KnapsackAgainstIncumbent k;
    fill_random_knapsack(rng, k);
    const int truth = knapsack_brute_force(k);
    const auto plain = core::branch_and_bound<Goal::maximize>(static_cast<Knapsack&>(k));
    const auto result = core::branch_and_bound<Goal::maximize>(k);
    ASSERT_EQ(result.value, truth) << "round " << round;
    EXPECT_EQ(k.wrong_incumbents, 0) << "round " << round;
    // A child left out is one the core would visit only to prune it on
    // arrival (its value is at most its bound), if a sibling's improvement
    // did not end the loop first: at most one node saved per child.
    EXPECT_LE(result.stats.nodes, plain.stats.nodes) << "round " << round;
    EXPECT_GE(result.stats.nodes + static_cast<std::uint64_t>(k.children_left_out), plain.stats.nodes)
        << "round " << round;
    left_out += k.children_left_out;
  }
  EXPECT_GT(left_out, 0);
}

TEST(BranchAndBound, EachStrictImprovementIsReportedOnce) {
  core::SplitMix64 rng(13);
  for (int round = 0; round < 100; ++round) {
    Knapsack k;
    fill_random_knapsack(rng, k);
    std::vector<int> reported;
    core::BranchAndBoundOptions<int> options;
    options.incumbent = static_cast<int>(rng.below(3)) - 1;  // -1, 0 (the root's value) or 1
    options.on_improvement = [&](const int& value) { reported.push_back(value); };
    const auto result = core::branch_and_bound<Goal::maximize>(k, {}, options);
    ASSERT_TRUE(std::is_sorted(reported.begin(), reported.end()));
    EXPECT_EQ(std::adjacent_find(reported.begin(), reported.end()), reported.end()) << "strictly better only";
    if (result.value) {
      ASSERT_FALSE(reported.empty());
      EXPECT_EQ(reported.back(), *result.value);
      EXPECT_GT(reported.front(), *options.incumbent);
    } else {
      EXPECT_TRUE(reported.empty()) << "nothing beat the incumbent";
    }
  }
}

TEST(BranchAndBound, IncumbentIsBeatenOnlyByStrictlyBetterSolutions) {
  Knapsack k{{2, 3, 4}, {3, 4, 5}, 5, 0, 0, 0};  // optimum 7 (items 0 and 1)
  core::BranchAndBoundOptions<int> options;
  options.incumbent = 7;
  auto result = core::branch_and_bound<Goal::maximize>(k, {}, options);
  EXPECT_TRUE(result.proven());
  EXPECT_FALSE(result.value.has_value());
  options.incumbent = 6;
  result = core::branch_and_bound<Goal::maximize>(k, {}, options);
  ASSERT_TRUE(result.value.has_value());
  EXPECT_EQ(*result.value, 7);
}

TEST(BranchAndBound, BestPossibleStopsTheSearchEarly) {
  Knapsack k;
  for (int i = 0; i < 16; ++i) k.weight.push_back(1), k.value.push_back(1);
  k.capacity = 16;
  const auto full = core::branch_and_bound<Goal::maximize>(k);
  core::BranchAndBoundOptions<int> options;
  options.best_possible = 16;
  const auto early = core::branch_and_bound<Goal::maximize>(k, {}, options);
  EXPECT_EQ(*early.value, 16);
  EXPECT_EQ(*full.value, 16);
  EXPECT_LE(early.stats.nodes, full.stats.nodes);
  EXPECT_EQ(early.stats.nodes, 17u) << "the first line taken is optimal: root + 16 takes";
}

TEST(BranchAndBound, NodeLimitReportsAnUnprovenBestSoFar) {
  Knapsack k;
  core::SplitMix64 rng(3);
  for (int i = 0; i < 24; ++i)
    k.weight.push_back(1 + static_cast<int>(rng.below(9))), k.value.push_back(1 + static_cast<int>(rng.below(9)));
  k.capacity = 40;
  core::SearchLimits limits;
  limits.max_nodes = 100;
  const auto result = core::branch_and_bound<Goal::maximize>(k, limits);
  EXPECT_EQ(result.outcome, core::Outcome::node_limit);
  EXPECT_FALSE(result.proven());
  EXPECT_EQ(k.next, 0u) << "an aborted search must restore the problem";
}

TEST(BranchAndBound, SearchesSharingAControlShareItsNodeBudget) {
  Knapsack k;
  core::SplitMix64 rng(5);
  for (int i = 0; i < 12; ++i)
    k.weight.push_back(1 + static_cast<int>(rng.below(9))), k.value.push_back(1 + static_cast<int>(rng.below(9)));
  k.capacity = 30;
  const auto alone = core::branch_and_bound<Goal::maximize>(k);
  ASSERT_TRUE(alone.proven());
  const std::uint64_t one_search = alone.stats.nodes;
  ASSERT_GT(one_search, 2u);

  // Room for two searches: both proven, the second's stats cumulative.
  core::SearchLimits two;
  two.max_nodes = 2 * one_search;
  core::SearchControl control(two);
  const auto first = core::branch_and_bound<Goal::maximize>(k, control);
  const auto second = core::branch_and_bound<Goal::maximize>(k, control);
  EXPECT_TRUE(first.proven());
  EXPECT_TRUE(second.proven());
  EXPECT_EQ(first.value, alone.value);
  EXPECT_EQ(second.value, alone.value);
  EXPECT_EQ(first.stats.nodes, one_search);
  EXPECT_EQ(second.stats.nodes, 2 * one_search);

  // Room for one and a half: the second runs out, although alone it fits.
  core::SearchLimits one_and_a_half;
  one_and_a_half.max_nodes = one_search + one_search / 2;
  core::SearchControl tight(one_and_a_half);
  EXPECT_TRUE(core::branch_and_bound<Goal::maximize>(k, tight).proven());
  const auto cut = core::branch_and_bound<Goal::maximize>(k, tight);
  EXPECT_EQ(cut.outcome, core::Outcome::node_limit);
  EXPECT_EQ(k.next, 0u) << "an aborted search must restore the problem";
}

// The parallel search (parallel_branch_and_bound) against brute force, with
// the trial off (every input really runs threads) and on, minimize and
// maximize, the incumbent handed to move generation or not.
template <Goal goal, class P>
core::SearchResult<typename P::Move, int> parallel_solve(P& problem, std::size_t threads, std::uint64_t trial,
                                                         std::size_t split_depth, const core::SearchLimits& limits = {},
                                                         core::BranchAndBoundOptions<int> options = {}) {
  core::SearchControl control(limits);
  core::ParallelOptions parallel;
  parallel.threads = threads;
  parallel.trial_nodes = trial;
  parallel.split_depth = split_depth;
  return core::parallel_branch_and_bound<goal>(problem, control, options, parallel,
                                               [&](std::size_t) { return problem; });
}

TEST(ParallelBranchAndBound, EqualsBruteForceOnRandomKnapsacksAtOneTwoAndFourThreads) {
  core::SplitMix64 rng(101);
  const int rounds = 600;
  for (int round = 0; round < rounds; ++round) {
    KnapsackAgainstIncumbent k;
    fill_random_knapsack(rng, k);
    const int truth = knapsack_brute_force(k);
    for (const std::size_t threads : {std::size_t{1}, std::size_t{2}, std::size_t{4}}) {
      const std::uint64_t trial = round % 3 == 0 ? 5 : 0;
      const std::size_t split = 1 + static_cast<std::size_t>(round % 5);
      const auto result = parallel_solve<Goal::maximize>(k, threads, trial, split);
      ASSERT_TRUE(result.proven());
      ASSERT_EQ(result.value, truth) << "round " << round << ", " << threads << " threads";
      Knapsack replay = k;
      replay.next = 0, replay.used = 0, replay.gained = 0;
      for (bool take : result.line) replay.apply(take);
      EXPECT_LE(replay.used, k.capacity);
      EXPECT_EQ(replay.gained, truth) << "the line reaches the value";
      EXPECT_EQ(k.next, 0u);
      if (threads == 1) {
        EXPECT_EQ(result.stats.threads, 1u);
      }
    }
  }
}

TEST(ParallelBranchAndBound, OneThreadAndAFinishedTrialAreTheSerialSearch) {
  core::SplitMix64 rng(102);
  for (int round = 0; round < 200; ++round) {
    Knapsack k;
    fill_random_knapsack(rng, k);
    const auto serial = core::branch_and_bound<Goal::maximize>(k);
    const auto one = parallel_solve<Goal::maximize>(k, 1, 0, 3);
    const auto trial = parallel_solve<Goal::maximize>(k, 4, 1u << 20, 3);  // finishes in the trial
    for (const auto* r : {&one, &trial}) {
      EXPECT_EQ(r->value, serial.value);
      EXPECT_EQ(r->line, serial.line);
      EXPECT_EQ(r->stats.nodes, serial.stats.nodes);
      EXPECT_EQ(r->stats.threads, 1u);
    }
  }
}

TEST(ParallelBranchAndBound, EqualsDynamicProgrammingOnRandomCoinSystems) {
  core::SplitMix64 rng(103);
  int threaded = 0;
  for (int round = 0; round < 600; ++round) {
    CoinChange p;
    std::vector<int> coins;
    const std::size_t n = 1 + rng.below(5);
    while (coins.size() < n) {
      const int c = 2 + static_cast<int>(rng.below(15));
      if (std::find(coins.begin(), coins.end(), c) == coins.end()) coins.push_back(c);
    }
    std::sort(coins.rbegin(), coins.rend());
    p.coins = coins;
    const int target = static_cast<int>(rng.below(60));
    p.remainder = target;
    const int expected = coin_change_dp(coins, target);
    for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
      const auto result = parallel_solve<Goal::minimize>(p, threads, 0, 1 + static_cast<std::size_t>(round % 4));
      ASSERT_TRUE(result.proven());
      threaded += result.stats.threads == threads;
      if (expected >= (1 << 20)) {
        ASSERT_FALSE(result.value.has_value()) << "round " << round;
        continue;
      }
      ASSERT_EQ(result.value, expected) << "round " << round;
      int sum = 0;
      for (int i : result.line) sum += coins[static_cast<std::size_t>(i)];
      EXPECT_EQ(sum, target);
      EXPECT_EQ(static_cast<int>(result.line.size()), expected);
    }
  }
  EXPECT_GT(threaded, 0);
}

// parallel_branch_and_bound_over: the root's children listed by the caller
// (the first coin of every multiset), the rest as generate_moves lists.
struct CoinChangeReplaying : CoinChange {
  void replay(int i) { apply(i); }
};
static_assert(core::ReplaysMoves<CoinChangeReplaying>);

TEST(ParallelBranchAndBound, RootMovesFromTheCallerEqualDynamicProgramming) {
  core::SplitMix64 rng(104);
  for (int round = 0; round < 400; ++round) {
    CoinChangeReplaying p;
    std::vector<int> coins;
    const std::size_t n = 1 + rng.below(5);
    while (coins.size() < n) {
      const int c = 2 + static_cast<int>(rng.below(15));
      if (std::find(coins.begin(), coins.end(), c) == coins.end()) coins.push_back(c);
    }
    std::sort(coins.rbegin(), coins.rend());
    p.coins = coins;
    const int target = 1 + static_cast<int>(rng.below(60));
    p.remainder = target;
    std::vector<int> root_moves;
    for (int i = 0; i < static_cast<int>(coins.size()); ++i)
      if (coins[static_cast<std::size_t>(i)] <= target) root_moves.push_back(i);
    const int expected = coin_change_dp(coins, target);
    for (const std::size_t threads : {std::size_t{1}, std::size_t{2}, std::size_t{4}}) {
      core::SearchControl control({});
      core::ParallelOptions parallel;
      parallel.threads = threads;
      parallel.split_depth = 1 + static_cast<std::size_t>(round % 4);
      const auto result = core::parallel_branch_and_bound_over<Goal::minimize, CoinChangeReplaying>(
          root_moves, control, {}, parallel, [&](std::size_t) { return p; });
      ASSERT_TRUE(result.proven());
      EXPECT_EQ(result.stats.threads, threads);
      if (expected >= (1 << 20)) {
        ASSERT_FALSE(result.value.has_value()) << "round " << round;
        continue;
      }
      ASSERT_EQ(result.value, expected) << "round " << round << ", " << threads << " threads";
      int sum = 0;
      for (int i : result.line) sum += coins[static_cast<std::size_t>(i)];
      EXPECT_EQ(sum, target);
      EXPECT_EQ(static_cast<int>(result.line.size()), expected);
    }
  }
}

TEST(ParallelBranchAndBound, BestPossibleAndIncumbentHoldAcrossThreads) {
  Knapsack k;
  for (int i = 0; i < 16; ++i) k.weight.push_back(1), k.value.push_back(1);
  k.capacity = 16;
  core::BranchAndBoundOptions<int> options;
  options.best_possible = 16;
  const auto early = parallel_solve<Goal::maximize>(k, 2, 0, 4, {}, options);
  EXPECT_EQ(early.value, 16);
  EXPECT_TRUE(early.proven());
  core::BranchAndBoundOptions<int> beaten;
  beaten.incumbent = 16;
  const auto none = parallel_solve<Goal::maximize>(k, 2, 0, 4, {}, beaten);
  EXPECT_TRUE(none.proven());
  EXPECT_FALSE(none.value.has_value()) << "nothing beats the incumbent";
}

// A knapsack too big to finish: 40 items, no item fits with the others' bound
// pruning much. Every limit must stop every thread.
Knapsack endless_knapsack() {
  Knapsack k;
  core::SplitMix64 rng(17);
  for (int i = 0; i < 40; ++i)
    k.weight.push_back(10 + static_cast<int>(rng.below(5))), k.value.push_back(10 + static_cast<int>(rng.below(5)));
  k.capacity = 200;
  return k;
}

TEST(ParallelBranchAndBound, NodeBudgetDeadlineAndCancelStopEveryThread) {
  Knapsack k = endless_knapsack();
  core::SearchLimits budget;
  budget.max_nodes = 5000;
  const auto by_nodes = parallel_solve<Goal::maximize>(k, 4, 100, 6, budget);
  EXPECT_EQ(by_nodes.outcome, core::Outcome::node_limit);
  EXPECT_LE(by_nodes.stats.nodes, budget.max_nodes + 4 * core::SearchControl::Worker::kFlushNodes);
  EXPECT_EQ(by_nodes.stats.threads, 4u);

  core::SearchLimits deadline;
  deadline.deadline = core::SearchLimits::deadline_in(0.05);
  EXPECT_EQ(parallel_solve<Goal::maximize>(k, 2, 0, 6, deadline).outcome, core::Outcome::time_limit);

  std::atomic<bool> cancel{false};
  core::SearchLimits cancellable;
  cancellable.cancel = &cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    cancel.store(true);
  });
  const auto cancelled = parallel_solve<Goal::maximize>(k, 2, 0, 6, cancellable);
  canceller.join();
  EXPECT_EQ(cancelled.outcome, core::Outcome::cancelled);
  EXPECT_EQ(k.next, 0u);
}

TEST(SearchControl, PastDeadlineStopsWithTimeLimit) {
  Knapsack k;
  for (int i = 0; i < 40; ++i) k.weight.push_back(1), k.value.push_back(i % 3);
  k.capacity = 1000;
  core::SearchLimits limits;
  limits.deadline = core::Clock::now();
  const auto result = core::branch_and_bound<Goal::maximize>(k, limits);
  EXPECT_EQ(result.outcome, core::Outcome::time_limit);
}

TEST(SearchControl, FarDeadlinesSaturateInsteadOfOverflowing) {
  // 1e10 s is beyond the nanosecond clock's range from now: it must not wrap
  // into the past (which stopped every search at once).
  const core::Clock::time_point before = core::Clock::now();
  for (const double seconds : {1e10, 1e300, std::numeric_limits<double>::infinity()})
    EXPECT_EQ(core::SearchLimits::deadline_in(seconds), core::Clock::time_point::max()) << seconds;
  const core::Clock::time_point in_an_hour = core::SearchLimits::deadline_in(3600);
  EXPECT_GT(in_an_hour, before + std::chrono::minutes(59));
  EXPECT_LT(in_an_hour, core::Clock::now() + std::chrono::minutes(61));
  for (const double seconds : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN()}) {
    const core::Clock::time_point deadline = core::SearchLimits::deadline_in(seconds);
    EXPECT_LE(deadline, core::Clock::now()) << seconds;
  }
  Knapsack k;
  for (int i = 0; i < 10; ++i) k.weight.push_back(1), k.value.push_back(i);
  k.capacity = 5;
  core::SearchLimits limits;
  limits.deadline = core::SearchLimits::deadline_in(1e10);
  EXPECT_TRUE(core::branch_and_bound<Goal::maximize>(k, limits).proven());
}

}  // namespace
}  // namespace boardsearch::testing
