// core/parallel.hpp: every call made once, exceptions carried to the caller,
// the calls after a throw skipped; SearchControl::Worker across the threads
// it starts (one budget, one cancel, progress from one thread only).
// Built and run under ThreadSanitizer by `make test-tsan`.

#include "boardsearch/core/parallel.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "boardsearch/core/limits.hpp"

namespace {

using boardsearch::core::for_each_task;
using boardsearch::core::Outcome;
using boardsearch::core::run_on_threads;
using boardsearch::core::SearchAborted;
using boardsearch::core::SearchControl;
using boardsearch::core::SearchLimits;

TEST(Parallel, DefaultThreadsIsAtLeastOne) {
  EXPECT_GE(boardsearch::core::default_search_threads(), 1u);
  EXPECT_LE(boardsearch::core::default_search_threads(), boardsearch::core::kMaxSearchThreads);
}

TEST(Parallel, RunOnThreadsCallsEachIndexOnceWithZeroOnTheCaller) {
  for (const std::size_t threads : {1u, 2u, 3u, 4u, 8u}) {
    std::vector<std::atomic<int>> calls(threads);
    std::thread::id zero_ran_on;
    run_on_threads(threads, [&](std::size_t i) {
      calls[i].fetch_add(1);
      if (i == 0) zero_ran_on = std::this_thread::get_id();
    });
    for (std::size_t i = 0; i < threads; ++i) EXPECT_EQ(calls[i].load(), 1) << "index " << i << " of " << threads;
    EXPECT_EQ(zero_ran_on, std::this_thread::get_id());
  }
}

TEST(Parallel, ForEachTaskCallsEveryIndexOnce) {
  for (const std::size_t threads : {1u, 2u, 4u}) {
    for (const std::size_t count : {0u, 1u, 2u, 7u, 1000u}) {
      std::vector<std::atomic<int>> calls(count);
      std::atomic<std::size_t> most_thread{0};
      for_each_task(threads, count, [&](std::size_t thread, std::size_t i) {
        calls[i].fetch_add(1);
        std::size_t seen = most_thread.load();
        while (thread > seen && !most_thread.compare_exchange_weak(seen, thread)) {
        }
      });
      for (std::size_t i = 0; i < count; ++i) EXPECT_EQ(calls[i].load(), 1) << i;
      EXPECT_LT(most_thread.load(), std::max<std::size_t>(threads, 1));
    }
  }
}

TEST(Parallel, ForEachTaskIsInOrderOnOneThread) {
  std::vector<std::size_t> order;
  for_each_task(1, 5, [&](std::size_t i) { order.push_back(i); });
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(Parallel, AnExceptionReachesTheCallerAndLaterTasksAreSkipped) {
  for (const std::size_t threads : {1u, 2u, 4u}) {
    std::atomic<std::size_t> ran{0};
    try {
      for_each_task(threads, 10'000, [&](std::size_t i) {
        ran.fetch_add(1);
        if (i == 3) throw std::runtime_error("task 3");
      });
      ADD_FAILURE() << "no exception with " << threads << " threads";
    } catch (const std::runtime_error& error) {
      EXPECT_STREQ(error.what(), "task 3");
    }
    // Every thread stops taking tasks once one has thrown: at most one task
    // per other thread can have started after task 3's throw was kept.
    EXPECT_LT(ran.load(), 10'000u);
  }
  EXPECT_THROW(run_on_threads(3,
                              [](std::size_t i) {
                                if (i == 2) throw SearchAborted{Outcome::cancelled};
                              }),
               SearchAborted);
}

// Workers on the threads of run_on_threads: counting until a limit, every
// thread stops with the same outcome, and the total is within the slack.
[[noreturn]] void count_until_stopped(SearchControl& control, std::size_t thread) {
  SearchControl::Worker worker(control, thread == 0);
  for (;;) worker.visit();
}

TEST(Parallel, WorkersShareOneNodeBudget) {
  constexpr std::size_t kThreads = 4;
  constexpr std::uint64_t kBudget = 200'000;
  SearchLimits limits;
  limits.max_nodes = kBudget;
  SearchControl control(limits);
  std::vector<Outcome> outcomes(kThreads, Outcome::proven);
  run_on_threads(kThreads, [&](std::size_t t) {
    try {
      count_until_stopped(control, t);
    } catch (const SearchAborted& aborted) {
      outcomes[t] = aborted.outcome;
    }
  });
  for (const Outcome outcome : outcomes) EXPECT_EQ(outcome, Outcome::node_limit);
  const auto nodes = control.finish().nodes;
  EXPECT_GT(nodes, kBudget);
  EXPECT_LE(nodes, kBudget + kThreads * SearchControl::Worker::kFlushNodes);
}

// The serial nodes counted before the threads start count against the same
// budget (a puzzle tries one thread first, then brings in more).
TEST(Parallel, SerialNodesCountAgainstTheWorkersBudget) {
  constexpr std::uint64_t kBudget = 50'000;
  SearchLimits limits;
  limits.max_nodes = kBudget;
  SearchControl control(limits);
  for (int i = 0; i < 40'000; ++i) control.visit();
  std::atomic<std::uint64_t> worker_nodes{0};
  run_on_threads(2, [&](std::size_t t) {
    SearchControl::Worker worker(control, t == 0);
    try {
      for (;;) {
        worker.visit();
        worker_nodes.fetch_add(1, std::memory_order_relaxed);
      }
    } catch (const SearchAborted& aborted) {
      EXPECT_EQ(aborted.outcome, Outcome::node_limit);
    }
  });
  EXPECT_LE(worker_nodes.load(), 10'000u + 2 * SearchControl::Worker::kFlushNodes);
  EXPECT_EQ(control.finish().nodes, 40'000u + worker_nodes.load() + 2);  // each Worker's throwing node counted
}

// Promptly means in nodes, not seconds: once a thread has seen the flag
// raised, its Worker stops within one flush, at most kFlushNodes more visits
// (so the verdict holds however loaded the machine is).
TEST(Parallel, ACancelFromAnotherThreadStopsEveryThreadPromptly) {
  constexpr std::size_t kThreads = 3;
  std::atomic<bool> cancel{false};
  SearchLimits limits;
  limits.cancel = &cancel;
  SearchControl control(limits);
  std::jthread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancel.store(true);
  });
  std::atomic<int> cancelled{0};
  std::vector<std::uint64_t> visits_after_cancel(kThreads, 0);
  run_on_threads(kThreads, [&](std::size_t t) {
    SearchControl::Worker worker(control, t == 0);
    try {
      for (;;) {
        worker.visit();
        if (cancel.load(std::memory_order_relaxed)) ++visits_after_cancel[t];
      }
    } catch (const SearchAborted& aborted) {
      if (aborted.outcome == Outcome::cancelled) cancelled.fetch_add(1);
    }
  });
  EXPECT_EQ(cancelled.load(), static_cast<int>(kThreads));
  for (std::size_t t = 0; t < kThreads; ++t)
    EXPECT_LE(visits_after_cancel[t], SearchControl::Worker::kFlushNodes) << "thread " << t;
}

// The verdict waits for the reports themselves, not for a clock: the
// callback raises the cancel flag after kReports reports, so a loaded machine
// only makes the test slower (ctest's timeout is the net for a hang).
TEST(Parallel, ProgressComesFromTheReportingWorkerOnly) {
  constexpr int kReports = 3;
  std::atomic<bool> cancel{false};
  std::atomic<int> reports{0};
  std::atomic<int> inside{0};
  bool overlapped = false;
  std::thread::id reporter;
  bool one_reporter = true;
  SearchLimits limits;
  limits.progress_interval = std::chrono::milliseconds(1);
  limits.cancel = &cancel;
  limits.on_progress = [&](const boardsearch::core::Progress& progress) {
    if (inside.fetch_add(1) != 0) overlapped = true;
    if (reports.fetch_add(1) == 0) reporter = std::this_thread::get_id();
    if (reporter != std::this_thread::get_id()) one_reporter = false;
    EXPECT_GT(progress.nodes, 0u);
    if (reports.load() >= kReports) cancel.store(true);
    inside.fetch_sub(1);
  };
  SearchControl control(limits);
  run_on_threads(2, [&](std::size_t t) {
    try {
      count_until_stopped(control, t);
    } catch (const SearchAborted& aborted) {
      EXPECT_EQ(aborted.outcome, Outcome::cancelled);
    }
  });
  EXPECT_GE(reports.load(), kReports);
  EXPECT_FALSE(overlapped);
  EXPECT_TRUE(one_reporter);
}

}  // namespace
