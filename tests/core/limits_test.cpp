// core::SearchControl: the one-thread node budget is exact, and Workers let
// several threads share one control (one budget, one stop for all).
#include "boardsearch/core/limits.hpp"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace boardsearch::core {
namespace {

TEST(SearchControl, OneThreadNodeBudgetIsExact) {
  for (const std::uint64_t max_nodes : {1u, 2u, 4095u, 4096u, 4097u, 10'000u}) {
    SearchLimits limits;
    limits.max_nodes = max_nodes;
    SearchControl control(limits);
    for (std::uint64_t node = 0; node < max_nodes; ++node) control.visit();
    try {
      control.visit();
      ADD_FAILURE() << "node " << max_nodes + 1 << " passed the budget " << max_nodes;
    } catch (const SearchAborted& aborted) {
      EXPECT_EQ(aborted.outcome, Outcome::node_limit);
    }
    EXPECT_EQ(control.finish().nodes, max_nodes + SearchControl::kNodeLimitSlack);
  }
}

TEST(SearchControl, RequestedStopReachesTheOneThreadPathAtItsNextPoll) {
  SearchControl control(SearchLimits{});
  control.request_stop(Outcome::time_limit);
  control.request_stop(Outcome::cancelled);  // the first request wins
  try {
    control.visit();  // the first node polls
    ADD_FAILURE() << "a requested stop was not seen";
  } catch (const SearchAborted& aborted) {
    EXPECT_EQ(aborted.outcome, Outcome::time_limit);
  }
}

// Expensive nodes (a millisecond each, slept) against a deadline a few
// nodes away: the clock is polled by elapsed time, not every 4,096 nodes, so
// the search stops a few nodes past the deadline. (With a fixed 4,096-node
// poll it would count 4,097 nodes, four seconds.) Counts nodes, no timing
// assertion: a loaded machine only makes each sleep longer, so fewer nodes.
TEST(SearchControl, TimeLimitHoldsWhenNodesAreExpensive) {
  constexpr auto kNodeCost = std::chrono::milliseconds(1);
  constexpr std::uint64_t kMostNodes = 64;  // about 5 expected; generous
  SearchLimits limits;
  limits.deadline = Clock::now() + std::chrono::milliseconds(5);
  SearchControl control(limits);
  std::uint64_t nodes = 0;
  try {
    for (; nodes < SearchControl::kPollInterval + 1; ++nodes) {
      control.visit();
      std::this_thread::sleep_for(kNodeCost);
    }
    ADD_FAILURE() << "the deadline was not seen in " << nodes << " nodes";
  } catch (const SearchAborted& aborted) {
    EXPECT_EQ(aborted.outcome, Outcome::time_limit);
  }
  EXPECT_LE(nodes, kMostNodes);
}

// Cheap nodes still pay one clock read per about kPollInterval nodes: the
// adaptive interval climbs to its cap within a dozen polls. (Margin: ten
// times the ideal count, in case the machine preempts us mid-interval.)
TEST(SearchControl, CheapNodesPollRarely) {
  constexpr std::uint64_t kNodes = 1'000'000;
  SearchControl control(SearchLimits{});
  for (std::uint64_t node = 0; node < kNodes; ++node) control.visit();
  EXPECT_GE(control.polls(), 1u);
  EXPECT_LE(control.polls(), 10 * (kNodes / SearchControl::kPollInterval) + 100);
}

TEST(SearchControl, PollIntervalDoublesWhenCheapAndHalvesWhenExpensive) {
  const auto cheap = SearchControl::kPollPeriod / 4;
  const auto expensive = SearchControl::kPollPeriod * 2;
  EXPECT_EQ(SearchControl::next_poll_interval(1, cheap), 2u);
  EXPECT_EQ(SearchControl::next_poll_interval(SearchControl::kPollInterval, cheap), SearchControl::kPollInterval);
  EXPECT_EQ(SearchControl::next_poll_interval(64, expensive), 32u);
  EXPECT_EQ(SearchControl::next_poll_interval(1, expensive), 1u);
  EXPECT_EQ(SearchControl::next_poll_interval(64, SearchControl::kPollPeriod * 3 / 4), 64u);
  EXPECT_EQ(SearchControl::next_poll_interval(512, cheap, 256), 256u);
}

// The same for a Worker: expensive nodes flush (and see the deadline) about
// every node instead of every kFlushNodes.
TEST(SearchControlWorker, TimeLimitHoldsWhenNodesAreExpensive) {
  constexpr auto kNodeCost = std::chrono::milliseconds(1);
  constexpr std::uint64_t kMostNodes = 64;
  SearchLimits limits;
  limits.deadline = Clock::now() + std::chrono::milliseconds(5);
  SearchControl control(limits);
  std::uint64_t nodes = 0;
  try {
    SearchControl::Worker worker(control);
    for (; nodes < SearchControl::Worker::kFlushNodes + 1; ++nodes) {
      worker.visit();
      std::this_thread::sleep_for(kNodeCost);
    }
    ADD_FAILURE() << "the deadline was not seen in " << nodes << " nodes";
  } catch (const SearchAborted& aborted) {
    EXPECT_EQ(aborted.outcome, Outcome::time_limit);
  }
  EXPECT_LE(nodes, kMostNodes);
}

// Counts nodes on `control` through a Worker until it throws; the outcome.
Outcome visit_until_stopped(SearchControl& control) {
  SearchControl::Worker worker(control);
  try {
    for (;;) worker.visit();
  } catch (const SearchAborted& aborted) {
    return aborted.outcome;
  }
}

// Runs kThreads Workers on `control`, calls while_running(), and waits until
// every Worker has stopped; their outcomes.
template <std::size_t kThreads>
std::array<Outcome, kThreads> run_workers(SearchControl& control, auto&& while_running) {
  std::array<Outcome, kThreads> outcomes{};
  {
    std::array<std::jthread, kThreads> threads;
    for (std::size_t i = 0; i < kThreads; ++i)
      threads[i] = std::jthread([&control, &outcomes, i] { outcomes[i] = visit_until_stopped(control); });
    while_running();
  }  // joins
  return outcomes;
}

TEST(SearchControlWorker, TwoThreadsStopOnOneNodeBudget) {
  constexpr std::size_t kThreads = 2;
  for (const std::uint64_t max_nodes : {1u, 1000u, 100'000u, 2'000'000u}) {
    SearchLimits limits;
    limits.max_nodes = max_nodes;
    SearchControl control(limits);
    const auto outcomes = run_workers<kThreads>(control, [] {});
    for (const Outcome outcome : outcomes) EXPECT_EQ(outcome, Outcome::node_limit) << max_nodes;
    const std::uint64_t nodes = control.finish().nodes;
    EXPECT_GT(nodes, max_nodes);
    EXPECT_LE(nodes, max_nodes + kThreads * SearchControl::Worker::kFlushNodes) << max_nodes;
  }
}

TEST(SearchControlWorker, CancelRaisedFromAnotherThreadStopsEveryWorker) {
  std::atomic<bool> cancel{false};
  SearchLimits limits;
  limits.cancel = &cancel;
  SearchControl control(limits);
  const auto outcomes = run_workers<2>(control, [&cancel] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    cancel.store(true);
  });
  for (const Outcome outcome : outcomes) EXPECT_EQ(outcome, Outcome::cancelled);
  EXPECT_GT(control.finish().nodes, 0u);
}

TEST(SearchControlWorker, StopRequestedFromAnotherThreadStopsEveryWorker) {
  SearchControl control(SearchLimits{});
  const auto outcomes = run_workers<2>(control, [&control] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    control.request_stop(Outcome::cancelled);
  });
  for (const Outcome outcome : outcomes) EXPECT_EQ(outcome, Outcome::cancelled);
}

TEST(SearchControlWorker, PastDeadlineStopsAtTheFirstNode) {
  SearchLimits limits;
  limits.deadline = Clock::now();
  SearchControl control(limits);
  EXPECT_EQ(visit_until_stopped(control), Outcome::time_limit);
  EXPECT_EQ(control.finish().nodes, 1u);
}

TEST(MemoryBudget, CountsWhatIsHeldAndRefusesWhatWouldPassTheBudget) {
  MemoryBudget budget(1000);
  budget.allocate(600);
  budget.allocate(400);  // exactly the budget
  EXPECT_THROW(budget.allocate(1), SearchAborted);
  budget.release(500);
  budget.allocate(500);
  try {
    budget.allocate(1);
    ADD_FAILURE() << "passed the budget";
  } catch (const SearchAborted& aborted) {
    EXPECT_EQ(aborted.outcome, Outcome::memory_limit);
  }
  EXPECT_EQ(budget.peak(), 1000u);
  MemoryBudget unlimited(0);
  unlimited.allocate(std::uint64_t{1} << 50);
  EXPECT_EQ(unlimited.peak(), std::uint64_t{1} << 50);
}

TEST(SharedMemoryBudget, CountsLikeMemoryBudgetPlusCheckFitsAndCount) {
  SharedMemoryBudget budget(1000);
  budget.allocate(600);
  EXPECT_TRUE(budget.fits(400));
  EXPECT_FALSE(budget.fits(401));
  budget.check(400);  // fits: in the peak, not held
  EXPECT_EQ(budget.peak(), 1000u);
  EXPECT_THROW(budget.check(401), SearchAborted);
  budget.count(500);  // never refused: 1100 held
  EXPECT_EQ(budget.peak(), 1100u);
  EXPECT_THROW(budget.allocate(1), SearchAborted);
  budget.release(600);
  budget.allocate(500);  // 1000 held
  EXPECT_THROW(budget.allocate(1), SearchAborted);
  EXPECT_EQ(budget.peak(), 1100u);
  SharedMemoryBudget unlimited(0);
  unlimited.allocate(std::uint64_t{1} << 50);
  EXPECT_EQ(unlimited.peak(), std::uint64_t{1} << 50);
}

TEST(SharedMemoryBudget, ThreadsAllocatingAtOnceNeverPassTheBudget) {
  constexpr int kThreads = 4;
  constexpr int kTries = 2000;
  SharedMemoryBudget budget(1000);
  std::atomic<int> granted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < kTries; ++i) {
        try {
          budget.allocate(10);
          ++granted;
        } catch (const SearchAborted&) {
        }
      }
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(granted.load(), 100);
  EXPECT_EQ(budget.peak(), 1000u);
}

}  // namespace
}  // namespace boardsearch::core
