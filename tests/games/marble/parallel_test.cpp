// Marble escape on several threads (breadth-first's layers split into
// tasks, issue #17): the answers at 1, 2 and 4 threads equal the plain
// simulation's on random small boards forced onto the parallel path (no
// serial trial, a pair or a few per task), the lines replay, the pairs
// stored agree where no line exists, the threads agree on bigger boards,
// every limit stops every thread, and judge samples never start one.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <thread>

#include "boardsearch/core/splitmix64.hpp"
#include "games/marble/plain_simulation.hpp"
#include "games/marble/random_boards.hpp"
#include "games/marble/rules.hpp"
#include "games/marble/search.hpp"
#include "games/marble/test_support.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::marble::testing {
namespace {

using boardsearch::testing::thread_scaled;

// Options that put every layer with more than `chunk` pairs on the threads.
SolveOptions forced_parallel(std::optional<int> max_tilts, Strategy strategy, std::size_t chunk) {
  SolveOptions options;
  options.max_tilts = max_tilts;
  options.strategy = strategy;
  options.parallel_after = 0;
  options.parallel_chunk = chunk;
  options.hand_over_after = 20;  // A* hands over soon, so its breadth-first part runs threads too
  return options;
}

Solution solve_on(const Board& board, const SolveOptions& options, std::size_t threads) {
  core::SearchLimits limits;
  limits.threads = threads;
  return solve(board, options, limits);
}

// Checks `solution` is proven with `tilts` (-1: none) and a line that replays.
void expect_answer(const Board& board, const Solution& solution, int tilts, const char* what) {
  ASSERT_TRUE(solution.search.proven()) << what << ": " << core::to_string(solution.search.outcome);
  EXPECT_EQ(solution.search.value.value_or(-1), tilts) << what << " on\n" << judge_text(board);
  if (tilts < 0) return;
  EXPECT_EQ(solution.search.line.size(), static_cast<std::size_t>(tilts)) << what;
  EXPECT_TRUE(plain_line_succeeds(board, solution.search.line))
      << what << ": line " << letters(solution.search.line) << " on\n"
      << judge_text(board);
}

TEST(MarbleParallel, AnswersAtOneTwoAndFourThreadsEqualThePlainSimulation) {
  core::SplitMix64 rng(0x5EED'0017);
  const int boards = thread_scaled(1500, 2);
  int went_parallel = 0;
  for (int b = 0; b < boards; ++b) {
    // Judge sizes and a little bigger, so that layers have many pairs.
    const int rows = 3 + static_cast<int>(rng.below(12)), cols = 3 + static_cast<int>(rng.below(12));
    if ((rows - 2) * (cols - 2) < 3) continue;
    const Board board = random_board(rng, rows, cols, static_cast<int>(rng.below(45)));
    const bool limited = rng.below(2) == 0;
    const int plain = limited ? plain_fewest_tilts(board, 10).tilts : plain_fewest_tilts_unlimited(board);
    const std::optional<int> max_tilts = limited ? std::optional<int>(10) : std::nullopt;
    const std::size_t chunk = 1 + static_cast<std::size_t>(rng.below(4));
    SolveOptions base = forced_parallel(max_tilts, Strategy::breadth_first, chunk);
    if (b % 2 == 1) {
      // After A*'s hand-over the first beam finds nothing and a narrow late
      // beam runs between the parallel layers (its line, far from the
      // fewest, then prunes them).
      base.beam_max_expanded = 0;
      base.late_beam_width = 1 + static_cast<std::size_t>(b / 2 % 4);
      base.late_beam_after = 0;
      base.late_beam_percent = 100;
    }
    for (const Strategy strategy : kStrategies) {
      std::uint64_t serial_states = 0;
      for (const std::size_t threads : {1u, 2u, 4u}) {
        SolveOptions options = base;
        options.strategy = strategy;
        const Solution solution = solve_on(board, options, threads);
        expect_answer(board, solution, plain, threads == 1 ? "1 thread" : "threads");
        // No line within the limit: every layer was expanded whole, so the
        // pairs stored, the late beam's included, are those of one thread.
        if (threads == 1) {
          serial_states = solution.states;
        } else if (plain < 0) {
          EXPECT_EQ(solution.states, serial_states)
              << threads << " threads, late beam " << options.late_beam_width << " on\n"
              << judge_text(board);
        }
        if (threads == 1) {
          EXPECT_EQ(solution.search.stats.threads, 1u);
        } else {
          EXPECT_LE(solution.search.stats.threads, threads);
          went_parallel += solution.search.stats.threads > 1 ? 1 : 0;
        }
      }
    }
  }
  // The forcing works: most solves ran threads (a board whose layers all
  // have at most `chunk` pairs never does).
  EXPECT_GT(went_parallel, boards / 2);
}

// Boards with no line, where breadth-first expands every layer: the pairs
// stored (`states`, the late beam's seen pairs included) are the same at 1,
// 2 and 4 threads. The late beam is left alive to the last layer (narrow,
// a small share, starting late): its slice of the last layer once ran
// beside the parallel tasks but not on one thread, which stored 1 to 3
// more pairs at several threads on 7 to 8 % of these boards.
TEST(MarbleParallel, TheLateBeamStoresTheSamePairsAtAnyThreadCount) {
  core::SplitMix64 rng(0x1A7E'BEA3);
  const int boards = thread_scaled(1500, 4);
  int impossible = 0;
  for (int b = 0; b < boards; ++b) {
    const Board board = random_board_up_to(rng, 32, 44);
    SolveOptions options = forced_parallel(std::nullopt, Strategy::a_star, 1 + rng.below(8));
    options.beam_max_expanded = 0;  // the first beam finds nothing: the late one runs
    options.late_beam_width = 1 + rng.below(64);
    options.late_beam_after = rng.below(50);
    options.late_beam_percent = 1 + rng.below(100);
    const Solution one = solve_on(board, options, 1);
    ASSERT_TRUE(one.search.proven());
    if (one.search.value) continue;
    ++impossible;
    for (const std::size_t threads : {2u, 4u}) {
      const Solution many = solve_on(board, options, threads);
      expect_answer(board, many, -1, "threads");
      EXPECT_EQ(many.states, one.states) << threads << " threads, late beam " << options.late_beam_width
                                         << " wide, after " << options.late_beam_after << ", "
                                         << options.late_beam_percent << " % on\n"
                                         << judge_text(board);
    }
  }
  // The draws give boards with no line (fixed seed: 519 of 1,500 in
  // Release, 60 of 187 under ASan, 11 of the 46 under ThreadSanitizer).
  EXPECT_GE(impossible, boards / 10);
}

TEST(MarbleParallel, ThreadCountsAgreeOnBiggerBoards) {
  core::SplitMix64 rng(0xB16'0017);
  const int boards = boardsearch::testing::kThreadSanitizer ? 4 : scaled(8);
  for (int b = 0; b < boards; ++b) {
    const int side = 40 + static_cast<int>(rng.below(61));
    const Board board = random_board(rng, side, side, 5 + static_cast<int>(rng.below(26)));
    SolveOptions options = forced_parallel(std::nullopt, Strategy::breadth_first, 64);
    const Solution one = solve_on(board, options, 1);
    ASSERT_TRUE(one.search.proven());
    const int tilts = one.search.value.value_or(-1);
    for (const std::size_t threads : {2u, 4u}) {
      const Solution many = solve_on(board, options, threads);
      expect_answer(board, many, tilts, "threads");
      // No answer: both stored every reachable pair.
      if (tilts < 0) {
        EXPECT_EQ(many.states, one.states);
      }
    }
    // The default options (serial trial, A* first) give the same answer.
    expect_answer(board, solve_on(board, SolveOptions{}, 2), tilts, "default at 2 threads");
  }
}

// The benchmark's 100 x 100 board with 30 % walls number `index`
// (bench/marble: the same seed and draws).
Board bench_board_100_30(int index) {
  core::SplitMix64 rng(0x3A2B'1E00 + 100 * 100 + 30);
  Board board = random_board(rng, 100, 100, 30);
  for (int i = 0; i < index; ++i) board = random_board(rng, 100, 100, 30);
  return board;
}

// An impossible board with about a million reachable pairs (board 4: every
// layer is expanded).
Board big_impossible_board() { return bench_board_100_30(4); }

TEST(MarbleParallel, LimitsStopEveryThread) {
  const Board board = big_impossible_board();
  const SolveOptions options = forced_parallel(std::nullopt, Strategy::breadth_first, 256);
  // A tiny node budget: the Workers see it at their next flush.
  {
    core::SearchLimits limits;
    limits.threads = 2;
    limits.max_nodes = 2000;
    const Solution solution = solve(board, options, limits);
    EXPECT_EQ(solution.search.outcome, core::Outcome::node_limit);
    EXPECT_FALSE(solution.search.value.has_value());
    EXPECT_LE(solution.search.stats.nodes,
              limits.max_nodes + 2 * core::SearchControl::Worker::kFlushNodes + 2 * options.parallel_chunk);
    EXPECT_EQ(solution.search.stats.threads, 2u);  // the layers went parallel before the budget ran out
  }
  // A deadline that passes while the threads search: the progress report,
  // past 5,000 nodes (the layers are on the threads by then: threads 2),
  // waits until the deadline has passed, so every thread meets it mid-search.
  {
    core::SearchLimits limits;
    limits.threads = 2;
    limits.deadline = core::Clock::now() + std::chrono::milliseconds(500);
    limits.progress_interval = std::chrono::milliseconds(0);
    limits.on_progress = [&](const core::Progress& progress) {
      if (progress.nodes < 5000) return;
      while (core::Clock::now() < *limits.deadline) std::this_thread::yield();
    };
    const Solution solution = solve(board, options, limits);
    EXPECT_EQ(solution.search.outcome, core::Outcome::time_limit);
    EXPECT_EQ(solution.search.stats.threads, 2u);
  }
  // A cancel raised from another thread while the threads search: the
  // progress report (SearchControl's serial poll or thread 0's Worker at a
  // flush), once past 5,000 nodes (by then the layers are on the threads:
  // threads 2), waits until the other thread has raised the flag, so the
  // flag is raised mid-search whatever the scheduling.
  {
    std::atomic<bool> cancel{false}, started{false};
    core::SearchLimits limits;
    limits.threads = 2;
    limits.cancel = &cancel;
    limits.progress_interval = std::chrono::milliseconds(0);
    limits.on_progress = [&](const core::Progress& progress) {
      if (progress.nodes < 5000 || cancel.load()) return;
      started.store(true);
      while (!cancel.load()) std::this_thread::yield();
    };
    std::thread raiser([&] {
      while (!started.load()) std::this_thread::yield();
      cancel.store(true);
    });
    const Solution solution = solve(board, options, limits);
    if (!started.load()) started.store(true), cancel.store(true);  // never reached: the raiser ends anyway
    raiser.join();
    EXPECT_EQ(solution.search.outcome, core::Outcome::cancelled);
    EXPECT_EQ(solution.search.stats.threads, 2u);
  }
  // A memory budget far below the search's need stops it on the threads.
  {
    SolveOptions small = options;
    small.memory_budget_bytes = std::size_t{6} << 20;
    core::SearchLimits limits;
    limits.threads = 2;
    const Solution solution = solve(board, small, limits);
    EXPECT_EQ(solution.search.outcome, core::Outcome::memory_limit);
    EXPECT_EQ(solution.search.stats.threads, 2u);
    EXPECT_LE(solution.memory_bytes, small.memory_budget_bytes);
  }
  // And with no limit the same board is proven impossible, on both threads.
  {
    core::SearchLimits limits;
    limits.threads = 2;
    const Solution solution = solve(board, options, limits);
    ASSERT_TRUE(solution.search.proven());
    EXPECT_FALSE(solution.search.value.has_value());
    EXPECT_EQ(solution.search.stats.threads, 2u);
  }
}

TEST(MarbleParallel, JudgeSamplesNeverStartAThread) {
  for (int sample = 1; sample <= kSampleCount; ++sample) {
    const Board board = parse_board(read_text(sample_path(sample, "in")));
    for (const Strategy strategy : kStrategies) {
      core::SearchLimits limits;
      limits.threads = 4;
      SolveOptions options;
      options.max_tilts = 10;
      options.strategy = strategy;
      const Solution solution = solve(board, options, limits);
      EXPECT_TRUE(solution.search.proven());
      EXPECT_EQ(solution.search.stats.threads, 1u) << sample;
    }
  }
}

// The serial trial (SolveOptions::parallel_after): a breadth-first search of
// 171 k pairs whose layers hold more than a chunk each (the benchmark's
// 100 x 100, 30 % walls, board 2) stays on one thread by default, and goes
// parallel without the trial.
TEST(MarbleParallel, TheSerialTrialKeepsAShortSearchOnOneThread) {
  const Board board = bench_board_100_30(2);
  core::SearchLimits limits;
  limits.threads = 4;
  SolveOptions options;
  options.strategy = Strategy::breadth_first;
  const Solution serial = solve(board, options, limits);
  ASSERT_TRUE(serial.search.proven());
  EXPECT_LT(serial.search.stats.nodes, options.parallel_after);
  EXPECT_EQ(serial.search.stats.threads, 1u);
  options.parallel_after = 0;
  const Solution parallel = solve(board, options, limits);
  expect_answer(board, parallel, serial.search.value.value_or(-1), "no serial trial");
  EXPECT_GT(parallel.search.stats.threads, 1u);
}

}  // namespace
}  // namespace boardsearch::marble::testing
