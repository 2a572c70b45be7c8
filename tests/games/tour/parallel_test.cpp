// The tour on several threads (issue #17): one board's starts shared among
// threads, and the cases of one input solved in parallel with their lines
// still streamed in case order. Answers at 1, 2 and 4 threads equal the
// plain DFS on random small boards forced onto the parallel path (a trial
// of 0), every tour replays with independent rolling code, judge samples
// start no thread, and a node budget, a deadline and a cancel stop every
// thread with only proven lines on the stream.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "games/tour/cases.hpp"
#include "games/tour/generators.hpp"
#include "games/tour/parse.hpp"
#include "games/tour/plain_dfs.hpp"
#include "games/tour/puzzle.hpp"
#include "games/tour/replay.hpp"
#include "games/tour/search.hpp"
#include "support/read_file.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::tour {
namespace {

using testing::expect_tour_replays;
using testing::Rows;

// ThreadSanitizer runs 5-15 times slower: fewer random cases there.
int count(int release_count) { return boardsearch::testing::thread_scaled(release_count, 10); }

constexpr std::array<std::size_t, 3> kThreadCounts = {1, 2, 4};

Board to_board(const Rows& rows) { return parse_boards(testing::case_text(rows)).front(); }

TourResult solve_threads(const Board& board, std::size_t threads, std::uint64_t trial, std::size_t split,
                         const core::SearchLimits& limits = {}) {
  core::SearchControl control(limits);
  TourThreads options{threads, trial, split};
  return solve_tour(board, control, {}, nullptr, &options);
}

TEST(ParallelTour, OneBoardEqualsThePlainDfsAtOneTwoAndFourThreads) {
  core::SplitMix64 rng(9944);
  const int rounds = count(3000);
  int tours = 0, threaded = 0;
  for (int round = 0; round < rounds; ++round) {
    const int n = 1 + static_cast<int>(rng.below(7));
    const int m = 1 + static_cast<int>(rng.below(7));
    const Rows rows = round % 3 == 0 ? testing::walk_board(rng, n, m)
                                     : testing::random_board(rng, n, m, static_cast<int>(rng.below(35)));
    const int expected = reference::PlainDfs(rows).solve().steps;
    const Board board = to_board(rows);
    const std::size_t split = 1 + static_cast<std::size_t>(rng.below(10));
    for (const std::size_t threads : kThreadCounts) {
      const TourResult result = solve_threads(board, threads, 0, split);
      ASSERT_TRUE(result.search.proven());
      ASSERT_EQ(result.search.value.value_or(-1), expected)
          << testing::case_text(rows) << threads << " threads, split " << split;
      if (result.search.value) expect_tour_replays(rows, result);
      threaded += result.search.stats.threads > 1;
    }
    tours += expected >= 0;
  }
  EXPECT_GT(tours, rounds / 10);
  EXPECT_GT(threaded, rounds / 2) << "the boards with a start really ran threads";
}

TEST(ParallelTour, OneThreadAndAFinishedTrialAreTheSerialSearch) {
  core::SplitMix64 rng(9945);
  for (int round = 0; round < count(300); ++round) {
    const Rows rows =
        testing::walk_board(rng, 2 + static_cast<int>(rng.below(12)), 2 + static_cast<int>(rng.below(12)));
    const Board board = to_board(rows);
    const TourResult serial = solve_tour(board);
    for (const std::size_t threads : kThreadCounts) {
      const TourResult result = solve_threads(board, threads, std::uint64_t{1} << 40, kSplitDepth);
      EXPECT_EQ(result.search.value, serial.search.value);
      EXPECT_EQ(result.search.line, serial.search.line);
      EXPECT_EQ(result.search.stats.nodes, serial.search.stats.nodes);
      EXPECT_EQ(result.search.stats.threads, 1u);
    }
  }
}

// Bigger walk boards (20..30 on a side): thread counts and trials agree.
TEST(ParallelTour, ThreadCountsAgreeOnBiggerBoards) {
  core::SplitMix64 rng(9946);
  for (int round = 0; round < count(20); ++round) {
    const Rows rows = round % 2 == 0 ? testing::walk_board(rng, 20 + round % 11, 20 + (round * 7) % 11)
                                     : testing::random_board(rng, 30, 30, 6 + round % 15);
    const Board board = to_board(rows);
    const TourResult serial = solve_tour(board);
    for (const std::size_t threads : {std::size_t{2}, std::size_t{4}})
      for (const std::uint64_t trial : {std::uint64_t{0}, std::uint64_t{500}}) {
        const TourResult result = solve_threads(board, threads, trial, kSplitDepth);
        ASSERT_TRUE(result.search.proven());
        ASSERT_EQ(result.search.value, serial.search.value) << testing::case_text(rows);
        if (result.search.value) expect_tour_replays(rows, result);
      }
  }
}

// A many-case input of random small boards and the serial answers.
struct ManyCases {
  std::string input;
  std::vector<std::string> lines;  // "Case k: v\n"
};
ManyCases many_cases(std::uint64_t seed, int cases, int side) {
  core::SplitMix64 rng(seed);
  ManyCases many;
  for (int k = 1; k <= cases; ++k) {
    const int n = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(side)));
    const int m = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(side)));
    const Rows rows =
        k % 2 == 0 ? testing::walk_board(rng, n, m) : testing::random_board(rng, n, m, static_cast<int>(rng.below(30)));
    many.input += testing::case_text(rows);
    many.lines.push_back("Case " + std::to_string(k) + ": " + std::to_string(reference::PlainDfs(rows).solve().steps) +
                         "\n");
  }
  return many;
}

TEST(ParallelTour, CasesInParallelStreamInOrderAndEqualThePlainDfs) {
  const ManyCases many = many_cases(17, count(600), 6);
  std::string joined;
  for (const std::string& line : many.lines) joined += line;
  for (const std::size_t threads : kThreadCounts)
    for (const std::uint64_t trial : {std::uint64_t{0}, std::uint64_t{2000}}) {
      app::SolveRequest request;
      request.input = many.input;
      std::vector<std::string> streamed;
      request.on_answer = [&](std::string_view line) { streamed.emplace_back(line); };
      const app::SolveReport report = solve_cases(request, TourThreads{threads, trial, kSplitDepth});
      ASSERT_EQ(streamed, many.lines) << threads << " threads, trial " << trial;
      if (trial == 0) {
        EXPECT_EQ(report.stats.threads, threads);
      }

      // Not streamed (the --json / --explain path): the same answers, and
      // every tour in the document replays.
      app::SolveRequest whole;
      whole.input = many.input;
      const app::SolveReport document = solve_cases(whole, TourThreads{threads, trial, kSplitDepth});
      EXPECT_EQ(document.answer, joined);
      EXPECT_EQ(document.document["threads"], document.stats.threads);
      EXPECT_EQ(document.document["cases"].size(), many.lines.size());
    }
}

// A slow case first and many quick ones after it: the quick ones pile up
// waiting for it (past the window the threads stop taking cases until it is
// reported), and every line still streams in order.
TEST(ParallelTour, QuickCasesBehindASlowOneStreamInOrder) {
  core::SplitMix64 rng(35);
  const Rows slow = testing::walk_board(rng, 30, 30);
  const ManyCases quick = many_cases(36, count(800), 3);
  const std::string input = testing::case_text(slow) + quick.input;
  std::vector<std::string> expected{"Case 1: " + std::to_string(*solve_tour(to_board(slow)).search.value) + "\n"};
  for (std::size_t k = 0; k < quick.lines.size(); ++k) {
    const std::string& line = quick.lines[k];
    expected.push_back("Case " + std::to_string(k + 2) + line.substr(line.find(':')));
  }
  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
    app::SolveRequest request;
    request.input = input;
    std::vector<std::string> streamed;
    request.on_answer = [&](std::string_view line) { streamed.emplace_back(line); };
    solve_cases(request, TourThreads{threads, 0, kSplitDepth});
    EXPECT_EQ(streamed, expected) << threads << " threads";
  }
}

TEST(ParallelTour, JudgeSamplesStartNoThread) {
  const std::string input = boardsearch::testing::read_file(std::string(BOARDSEARCH_TOUR_DATA) + "/01.in");
  app::SolveRequest request;
  request.input = input;
  request.limits.threads = 4;
  const app::SolveReport report = puzzle().solve(request);
  EXPECT_EQ(report.answer, boardsearch::testing::read_file(std::string(BOARDSEARCH_TOUR_DATA) + "/01.out"));
  EXPECT_EQ(report.stats.threads, 1u);
  EXPECT_EQ(report.document["threads"], 1);
}

// Walk boards of 30 x 30: a few milliseconds each, so a few hundred cases
// outlast every limit below.
std::string long_input(int cases) {
  core::SplitMix64 rng(31);
  std::string input;
  for (int k = 0; k < cases; ++k) input += testing::case_text(testing::walk_board(rng, 30, 30));
  return input;
}

// Runs `request` streaming; returns the streamed lines and the LimitError's
// message (empty if none).
std::pair<std::vector<std::string>, std::string> run_limited(app::SolveRequest request, const TourThreads& threads) {
  std::vector<std::string> streamed;
  request.on_answer = [&](std::string_view line) { streamed.emplace_back(line); };
  try {
    solve_cases(request, threads);
  } catch (const app::LimitError& error) {
    return {streamed, error.what()};
  }
  return {streamed, ""};
}

// Every streamed line is the serial answer of its case, in order, and the
// message names the case after them.
void expect_proven_prefix(const std::vector<std::string>& streamed, const std::string& message,
                          const std::vector<std::string>& serial, std::size_t cases) {
  ASSERT_FALSE(message.empty()) << "the limit must stop the solve";
  ASSERT_LT(streamed.size(), cases);
  for (std::size_t i = 0; i < streamed.size(); ++i) EXPECT_EQ(streamed[i], serial[i]);
  EXPECT_NE(message.find("case " + std::to_string(streamed.size() + 1) + " of " + std::to_string(cases)),
            std::string::npos)
      << message;
}

TEST(ParallelTour, NodeBudgetDeadlineAndCancelStopEveryThread) {
  const int cases = count(150);
  const std::string input = long_input(cases);
  app::SolveRequest plain;
  plain.input = input;
  std::vector<std::string> serial;
  plain.on_answer = [&](std::string_view line) { serial.emplace_back(line); };
  const app::SolveReport full = solve_cases(plain, TourThreads{1, 0, kSplitDepth});
  ASSERT_EQ(serial.size(), static_cast<std::size_t>(cases));
  const std::uint64_t total = full.stats.nodes;

  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
    app::SolveRequest budget;
    budget.input = input;
    budget.limits.max_nodes = total / 3;
    const auto [by_nodes, nodes_message] = run_limited(budget, TourThreads{threads, 0, kSplitDepth});
    expect_proven_prefix(by_nodes, nodes_message, serial, static_cast<std::size_t>(cases));
    EXPECT_NE(nodes_message.find("node limit"), std::string::npos) << nodes_message;

    app::SolveRequest deadline;
    deadline.input = input;
    deadline.limits.deadline = core::SearchLimits::deadline_in(0.02);
    const auto [by_time, time_message] = run_limited(deadline, TourThreads{threads, 0, kSplitDepth});
    expect_proven_prefix(by_time, time_message, serial, static_cast<std::size_t>(cases));
    EXPECT_NE(time_message.find("time limit"), std::string::npos) << time_message;

    std::atomic<bool> cancel{false};
    app::SolveRequest cancellable;
    cancellable.input = input;
    cancellable.limits.cancel = &cancel;
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      cancel.store(true);
    });
    const auto [by_cancel, cancel_message] = run_limited(cancellable, TourThreads{threads, 0, kSplitDepth});
    canceller.join();
    expect_proven_prefix(by_cancel, cancel_message, serial, static_cast<std::size_t>(cases));
    EXPECT_NE(cancel_message.find("cancelled"), std::string::npos) << cancel_message;
  }
}

// One board's threads stop too: a budget inside a single case.
TEST(ParallelTour, ABudgetStopsTheThreadsOfOneBoard) {
  core::SplitMix64 rng(33);
  const Board board = to_board(testing::walk_board(rng, 30, 30));
  const TourResult serial = solve_tour(board);
  ASSERT_GT(serial.search.stats.nodes, 200u);
  core::SearchLimits limits;
  limits.max_nodes = serial.search.stats.nodes / 4;
  const TourResult cut = solve_threads(board, 4, 0, kSplitDepth, limits);
  EXPECT_EQ(cut.search.outcome, core::Outcome::node_limit);
  EXPECT_LE(cut.search.stats.nodes, limits.max_nodes + 4 * core::SearchControl::Worker::kFlushNodes);
}

}  // namespace
}  // namespace boardsearch::tour
