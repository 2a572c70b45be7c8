// Dice yut on several threads (core/parallel.hpp): the known-dice layers
// expanded in parallel and the random-dice passes split over threads give
// the plain searches' answers at 1, 2 and 4 threads on thousands of small
// inputs forced onto the parallel path, agree with each other on bigger
// ones, start no thread on the judge's samples, and stop every thread on a
// node budget, a deadline, a memory budget and a cancel raised from another
// thread. Built and run under ThreadSanitizer by `make test-tsan`.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "boardsearch/app/puzzle.hpp"
#include "games/yut/expected.hpp"
#include "games/yut/puzzle.hpp"
#include "games/yut/search.hpp"
#include "yut/plain_expectimax.hpp"
#include "yut/test_support.hpp"

namespace boardsearch::yut::testing {
namespace {

constexpr std::size_t kThreadCounts[] = {1, 2, 4};

// Random-case counts: an eighth under the sanitizers (ThreadSanitizer's run
// sets BOARDSEARCH_SANITIZED too), whose threads run 5 to 15 times slower.
int cases(int release_count) { return boardsearch::testing::thread_scaled(release_count, 1); }

const Board& traditional_board() {
  static const Board board =
      parse_board(read_text(source_path("docs/boards/traditional.json")), "docs/boards/traditional.json");
  return board;
}

// The parallel path on any input: a first-pass beam of 2 (nearly always
// truncated, so the exact pass runs), every exact layer on the threads, in
// chunks of 1 to 3 positions (so a layer of a few positions is split).
ScheduleTuning forced_parallel(std::size_t chunk) {
  return ScheduleTuning{.beam_width = 2, .parallel_layer = 0, .chunk_positions = chunk};
}

core::SearchResult<Move, long long> solve_on(const Board& board, const std::vector<int>& dice, int pieces,
                                             std::size_t threads, const ScheduleTuning& tuning,
                                             core::SearchLimits limits = {}) {
  limits.threads = threads;
  return solve_schedule(board, dice, pieces, limits, tuning);
}

// A budget far above anything these tests hold (1 TiB), so that no solve
// stops on it unless its count is wrong.
constexpr std::uint64_t kGenerousBytes = std::uint64_t{1} << 40;

// Whether `budget` (limit kGenerousBytes) holds nothing any more: only then
// can the whole limit be counted at once.
bool holds_nothing(core::MemoryBudget& budget) {
  try {
    budget.allocate(kGenerousBytes);
  } catch (const core::SearchAborted&) {
    return false;
  }
  budget.release(kGenerousBytes);
  return true;
}

// The most bytes the parallel layers may hold beyond one thread's peak, as
// search.hpp states it (solve_schedule's comment).
std::uint64_t documented_extra(const ParallelFootprint& used, int pieces, std::size_t threads, std::size_t chunk) {
  const std::uint64_t chunks = (used.widest_layer + chunk - 1) / chunk;
  const std::uint64_t p = static_cast<std::uint64_t>(pieces);
  return 24 * p * chunk * chunks + 24 * p * chunk * threads + 462 * chunks + 68 * std::uint64_t{used.shard_children} +
         64 * 512;
}

// A solve counted on its own generous budget: the result, and whether the
// budget held nothing afterwards; `used` receives the parallel footprint.
struct CountedSolve {
  core::SearchResult<Move, long long> result;
  bool gave_all_back = false;
};
CountedSolve counted_solve(const Board& board, const std::vector<int>& dice, int pieces, std::size_t threads,
                           ScheduleTuning tuning, ParallelFootprint* used = nullptr, core::SearchLimits limits = {}) {
  core::MemoryBudget budget(kGenerousBytes);
  tuning.budget = &budget;
  tuning.footprint = used;
  CountedSolve solve;
  solve.result = solve_on(board, dice, pieces, threads, tuning, limits);
  solve.gave_all_back = holds_nothing(budget);
  return solve;
}

TEST(YutParallel, LayersOnThreadsEqualThePlainSearchOnRandomSchedules) {
  core::SplitMix64 rng(0x17'0001);
  const int count = cases(1000);
  int on_threads = 0;
  for (int c = 0; c < count; ++c) {
    const Board random = random_board(rng);
    const Board& board = c % 3 == 0 ? standard_board() : c % 3 == 1 ? traditional_board() : random;
    const int pieces = 1 + static_cast<int>(rng.below(5));
    int dice_count = 1 + static_cast<int>(rng.below(10));
    while (dice_count > 1 && std::pow(static_cast<double>(pieces), dice_count) > 50'000) --dice_count;
    const std::vector<int> dice = random_dice(rng, board, dice_count);
    const long long plain = plain_best(board, dice, pieces);
    const ScheduleTuning tuning = forced_parallel(1 + rng.below(4));
    std::uint64_t serial_nodes = 0, serial_peak = 0;
    for (const std::size_t threads : kThreadCounts) {
      // On a generous budget of its own: a wrong count (say, a block
      // released twice) shows as a refused solve, a budget that does not
      // come back to nothing, or a peak past the documented extra.
      ParallelFootprint used;
      const CountedSolve solve = counted_solve(board, dice, pieces, threads, tuning, &used);
      const auto& result = solve.result;
      ASSERT_TRUE(result.proven()) << "case " << c << ", " << threads << " threads";
      EXPECT_TRUE(solve.gave_all_back) << "case " << c << ", " << threads << " threads";
      if (threads == 1) serial_peak = result.stats.memory_bytes;
      EXPECT_LE(result.stats.memory_bytes,
                serial_peak + documented_extra(used, pieces, threads, tuning.chunk_positions))
          << "case " << c << ", " << threads << " threads";
      ASSERT_EQ(result.value, plain) << "case " << c << ", " << threads << " threads";
      expect_plan_replays(board, dice, pieces, result.line, plain);
      // The layers hold the same positions whatever the threads: the same nodes.
      if (threads == 1) serial_nodes = result.stats.nodes;
      EXPECT_EQ(result.stats.nodes, serial_nodes) << "case " << c << ", " << threads << " threads";
      EXPECT_TRUE(result.stats.threads == 1 || result.stats.threads == threads) << result.stats.threads;
      if (threads == 1) {
        EXPECT_EQ(result.stats.threads, 1u);
      }
      on_threads += result.stats.threads > 1;
    }
  }
  // Many cases run the exact pass (the beam of 2 is truncated), on threads
  // (2 threaded runs a case; the smallest fit the beam).
  EXPECT_GT(on_threads, count / 2);
}

// Bigger schedules, the default tuning: wide layers go to the threads.
struct WideCase {
  const Board* board;
  int pieces;
  int dice;
  std::uint64_t seed;
};

TEST(YutParallel, ThreadCountsAgreeOnWideSchedules) {
#if defined(__SANITIZE_THREAD__)
  const std::vector<WideCase> wide = {{&standard_board(), 6, 30, 1}};
#else
  const std::vector<WideCase> wide = {
      {&standard_board(), 7, 30, 1}, {&standard_board(), 8, 28, 2}, {&traditional_board(), 7, 30, 3}};
#endif
  for (const WideCase& wide_case : wide) {
    core::SplitMix64 rng(wide_case.seed);
    const std::vector<int> dice = random_dice(rng, *wide_case.board, wide_case.dice);
    const auto serial = solve_on(*wide_case.board, dice, wide_case.pieces, 1, ScheduleTuning{});
    ASSERT_TRUE(serial.proven());
    EXPECT_EQ(serial.stats.threads, 1u);
    for (const std::size_t threads : {2u, 4u}) {
      const auto result = solve_on(*wide_case.board, dice, wide_case.pieces, threads, ScheduleTuning{});
      ASSERT_TRUE(result.proven());
      EXPECT_EQ(result.value, serial.value) << wide_case.pieces << " pieces, " << threads << " threads";
      EXPECT_EQ(result.stats.nodes, serial.stats.nodes);
      EXPECT_EQ(result.stats.threads, threads) << "its layers are wide enough to split";
      expect_plan_replays(*wide_case.board, dice, wide_case.pieces, result.line, *serial.value);
    }
  }
}

// The 40 dice of tests/cli/cli_threads_test.sh (6 pieces: 990). At 2
// threads the parallel layers once released a buffer twice each time one
// grew (`vector = {}` keeps the block), so the budget's count wrapped below
// zero and every later block passed any limit: this stopped with "memory
// limit" even on a 1 TiB budget.
const std::vector<int> kFortyDice = {3, 2, 4, 1, 1, 5, 1, 3, 5, 1, 5, 2, 1, 1, 4, 4, 1, 2, 1, 5,
                                     4, 1, 5, 1, 2, 5, 1, 5, 5, 4, 1, 2, 1, 5, 2, 3, 4, 2, 5, 1};

TEST(YutParallel, FortyDiceOnThreadsFitAGenerousBudgetAndGiveItAllBack) {
  const int pieces = 6;
  const CountedSolve serial = counted_solve(standard_board(), kFortyDice, pieces, 1, ScheduleTuning{});
  ASSERT_TRUE(serial.result.proven());
  EXPECT_EQ(serial.result.value, 990);
  EXPECT_TRUE(serial.gave_all_back);
#if defined(__SANITIZE_THREAD__)
  const std::vector<std::size_t> counts = {2};
#else
  const std::vector<std::size_t> counts = {2, 4};
#endif
  for (const std::size_t threads : counts) {
    ParallelFootprint used;
    const CountedSolve solve = counted_solve(standard_board(), kFortyDice, pieces, threads, ScheduleTuning{}, &used);
    ASSERT_TRUE(solve.result.proven()) << threads << " threads: outcome " << static_cast<int>(solve.result.outcome);
    EXPECT_EQ(solve.result.value, 990);
    EXPECT_EQ(solve.result.stats.nodes, serial.result.stats.nodes);
    EXPECT_EQ(solve.result.stats.threads, threads);
    expect_plan_replays(standard_board(), kFortyDice, pieces, solve.result.line, 990);
    EXPECT_TRUE(solve.gave_all_back) << threads << " threads";
    EXPECT_GE(used.widest_layer, kParallelLayerPositions);
    EXPECT_LE(solve.result.stats.memory_bytes,
              serial.result.stats.memory_bytes + documented_extra(used, pieces, threads, kParallelChunkPositions));
    // Stopped by a limit halfway, the budget comes back to nothing too.
    core::SearchLimits half;
    half.max_nodes = serial.result.stats.nodes / 2;
    const CountedSolve stopped =
        counted_solve(standard_board(), kFortyDice, pieces, threads, ScheduleTuning{}, nullptr, half);
    EXPECT_EQ(stopped.result.outcome, core::Outcome::node_limit);
    EXPECT_TRUE(stopped.gave_all_back);
    // And on a budget of the solve's own peak it is solved; one byte less
    // stops it, leaving nothing counted (at 2 threads: the same paths at 4).
#if defined(__SANITIZE_THREAD__)
    continue;  // the small inputs of TheMemoryBudgetHoldsOnThreads check these under TSan
#endif
    if (threads != 2) continue;
    const std::uint64_t peak = solve.result.stats.memory_bytes;
    core::SearchLimits fits;
    fits.max_memory_bytes = peak;
    EXPECT_EQ(solve_on(standard_board(), kFortyDice, pieces, threads, ScheduleTuning{}, fits).value, 990);
    core::MemoryBudget tight(peak - 1);
    ScheduleTuning counted_on_tight;
    counted_on_tight.budget = &tight;
    EXPECT_EQ(solve_on(standard_board(), kFortyDice, pieces, threads, counted_on_tight).outcome,
              core::Outcome::memory_limit);
    EXPECT_NO_THROW(tight.allocate(peak - 1)) << "something is still counted";
  }
}

app::SolveReport run(std::string_view input, app::OptionValues options, std::size_t threads) {
  app::SolveRequest request{input, std::move(options), {}};
  request.limits.threads = threads;
  return puzzle().solve(request);
}

TEST(YutParallel, JudgeSamplesAndTheDefaultExpectedStartNoThread) {
  for (const char* name : {"01", "02", "03", "04"}) {
    const std::string dir = source_path("tests/data/yut/");
    const app::SolveReport report = run(read_text(dir + name + ".in"), {}, 4);
    EXPECT_EQ(report.answer, read_text(dir + name + ".out")) << name;
    EXPECT_EQ(report.stats.threads, 1u) << name;
    EXPECT_EQ(report.document["threads"], 1) << name;
  }
  app::OptionValues expected;
  expected.set("expected", {true});
  const app::SolveReport report = run("", expected, 4);
  EXPECT_EQ(report.answer, "203.112029\n");
  EXPECT_EQ(report.stats.threads, 1u);
  EXPECT_EQ(report.document["threads"], 1);
}

// A case whose exact pass is long (seconds on one core): 8 pieces, 200 dice.
std::vector<int> long_schedule() {
  core::SplitMix64 rng(0x17'0002);
  return random_dice(rng, standard_board(), 200);
}

TEST(YutParallel, ANodeBudgetStopsEveryThread) {
  core::SplitMix64 rng(0x17'0003);
  const std::vector<int> dice = random_dice(rng, standard_board(), 20);
  const ScheduleTuning tuning = forced_parallel(16);
  const auto unlimited = solve_on(standard_board(), dice, 6, 1, tuning);
  ASSERT_TRUE(unlimited.proven());
  for (const std::size_t threads : {2u, 4u}) {
    for (const std::uint64_t max_nodes :
         {std::uint64_t{1}, std::uint64_t{5000}, unlimited.stats.nodes / 2, unlimited.stats.nodes - 1}) {
      core::SearchLimits limits;
      limits.max_nodes = max_nodes;
      const auto result = solve_on(standard_board(), dice, 6, threads, tuning, limits);
      EXPECT_EQ(result.outcome, core::Outcome::node_limit) << max_nodes;
      EXPECT_FALSE(result.value.has_value());
      // Each thread sees the budget at its next flush (SearchControl::Worker);
      // a solve that ends past it is refused all the same.
      EXPECT_GT(result.stats.nodes, max_nodes);
      EXPECT_LE(result.stats.nodes, max_nodes + threads * core::SearchControl::Worker::kFlushNodes + 1) << max_nodes;
    }
    // The full count is enough.
    core::SearchLimits enough;
    enough.max_nodes = unlimited.stats.nodes;
    EXPECT_EQ(solve_on(standard_board(), dice, 6, threads, tuning, enough).value, unlimited.value);
  }
}

TEST(YutParallel, ADeadlineStopsEveryThread) {
  const std::vector<int> dice = long_schedule();
  for (const std::size_t threads : {2u, 4u}) {
    core::SearchLimits past;
    past.deadline = core::Clock::now() - std::chrono::seconds(1);
    EXPECT_EQ(solve_on(standard_board(), dice, 8, threads, forced_parallel(64), past).outcome,
              core::Outcome::time_limit);
    // 20 ms into a solve of seconds (generous: the outcome is all we check).
    core::SearchLimits soon;
    soon.deadline = core::SearchLimits::deadline_in(0.02);
    const auto result = solve_on(standard_board(), dice, 8, threads, forced_parallel(64), soon);
    EXPECT_EQ(result.outcome, core::Outcome::time_limit);
    EXPECT_FALSE(result.value.has_value());
  }
}

TEST(YutParallel, ACancelFromAnotherThreadStopsEveryThread) {
  const std::vector<int> dice = long_schedule();
  for (const std::size_t threads : {2u, 4u}) {
    std::atomic<bool> cancel{false};
    core::SearchLimits limits;
    limits.cancel = &cancel;
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      cancel.store(true);
    });
    const auto result = solve_on(standard_board(), dice, 8, threads, forced_parallel(64), limits);
    canceller.join();
    EXPECT_EQ(result.outcome, core::Outcome::cancelled);
    EXPECT_FALSE(result.value.has_value());
  }
}

TEST(YutParallel, TheMemoryBudgetHoldsOnThreads) {
  core::SplitMix64 rng(0x17'0004);
  const std::vector<int> dice = random_dice(rng, standard_board(), 25);
  for (const std::size_t threads : {2u, 4u}) {
    const auto unlimited = solve_on(standard_board(), dice, 6, threads, forced_parallel(32));
    ASSERT_TRUE(unlimited.proven());
    EXPECT_EQ(unlimited.stats.threads, threads);
    const std::uint64_t peak = unlimited.stats.memory_bytes;
    core::SearchLimits enough;
    enough.max_memory_bytes = peak;
    const auto fits = solve_on(standard_board(), dice, 6, threads, forced_parallel(32), enough);
    EXPECT_EQ(fits.value, unlimited.value);
    EXPECT_EQ(fits.stats.memory_bytes, peak);
    for (const std::uint64_t budget : {peak / 4, peak / 2, peak - 1}) {
      core::SearchLimits limits;
      limits.max_memory_bytes = budget;
      const auto result = solve_on(standard_board(), dice, 6, threads, forced_parallel(32), limits);
      EXPECT_EQ(result.outcome, core::Outcome::memory_limit) << budget;
      EXPECT_LE(result.stats.memory_bytes, budget);
    }
  }
}

// Random dice.

ExpectedResult expected_on(const Board& board, ExpectedRequest request, std::size_t threads,
                           core::SearchLimits limits = {}) {
  limits.threads = threads;
  return solve_expected(board, request, limits);
}

std::vector<std::uint64_t> random_weights(core::SplitMix64& rng, const Board& board) {
  std::vector<std::uint64_t> weights(board.faces.size());
  for (auto& weight : weights) weight = rng.below(4);
  weights[rng.below(weights.size())] += 1;  // at least one positive
  return weights;
}

TEST(YutParallel, PassesOnThreadsEqualThePlainExpectimax) {
  core::SplitMix64 rng(0x18'0001);
  const int count = cases(600);
  int compared = 0;
  for (int c = 0; c < count; ++c) {
    const Board random = random_board(rng);
    const Board& board = c % 4 == 0 ? standard_board() : c % 4 == 1 ? traditional_board() : random;
    ExpectedRequest request;
    request.weights = random_weights(rng, board);
    request.pieces = 1 + static_cast<int>(rng.below(4));
    request.turns = 1 + static_cast<int>(rng.below(6));
    request.parallel_pairs = 0;
    // Chunks of a few positions on small boards; the shipped boards have
    // tens of thousands of positions (a task each would cost more than the
    // case).
    request.chunk_ranks = &board == &random ? 1 + rng.below(4) : 64 + rng.below(64);
    request.want_line = true;
    if (std::pow(static_cast<double>(board.faces.size() * request.pieces), request.turns) > 20'000) continue;
    ++compared;
    const mpq_class plain = plain_from_start(board, request.pieces, request.turns, request.weights);
    // Both methods, alternately (the two phases: phase 1 by levels of M,
    // phase 2 on two buffers).
    request.method = c % 2 == 0 ? ExpectedMethod::two_phase : ExpectedMethod::passes;
    const ExpectedResult serial = expected_on(board, request, 1);
    for (const std::size_t threads : kThreadCounts) {
      const ExpectedResult result = expected_on(board, request, threads);
      ASSERT_EQ(result.outcome, core::Outcome::proven);
      EXPECT_EQ(result.method, request.method);
      EXPECT_EQ(result.value, plain) << "case " << c << ", " << threads << " threads";
      EXPECT_EQ(result.stats.nodes, serial.stats.nodes);
      EXPECT_EQ(result.stats.threads, threads);
      // The line and every value along it.
      ASSERT_EQ(result.line.size(), serial.line.size());
      for (std::size_t t = 0; t < result.line.size(); ++t) {
        EXPECT_EQ(result.line[t].best, serial.line[t].best);
        ASSERT_EQ(result.line[t].choices.size(), serial.line[t].choices.size());
        for (std::size_t k = 0; k < result.line[t].choices.size(); ++k)
          EXPECT_EQ(result.line[t].choices[k].value, serial.line[t].choices[k].value);
      }
    }
    // Advice from the start with a random die: the same choices and values.
    ExpectedRequest advice = request;
    advice.want_line = false;
    advice.advice =
        AdviceQuery{std::vector<int>(request.pieces, board.start), 1, board.faces[rng.below(board.faces.size())]};
    const ExpectedResult serial_advice = expected_on(board, advice, 1);
    for (const std::size_t threads : {2u, 4u}) {
      const ExpectedResult result = expected_on(board, advice, threads);
      ASSERT_EQ(result.choices.size(), serial_advice.choices.size());
      for (std::size_t k = 0; k < result.choices.size(); ++k)
        EXPECT_EQ(result.choices[k].value, serial_advice.choices[k].value) << "case " << c;
      EXPECT_EQ(result.best, serial_advice.best);
    }
  }
  EXPECT_GT(compared, count / 2);
}

TEST(YutParallel, PassesAgreeAcrossThreadCountsOnBiggerCases) {
  struct Case {
    const Board* board;
    int turns, pieces;
  };
#if defined(__SANITIZE_THREAD__)
  const std::vector<Case> bigger = {{&standard_board(), 14, 4}};
#else
  const std::vector<Case> bigger = {{&standard_board(), 20, 4}, {&traditional_board(), 14, 5}};
#endif
  for (const Case& big : bigger)
    for (const ExpectedMethod method : {ExpectedMethod::two_phase, ExpectedMethod::passes}) {
      ExpectedRequest request;
      request.turns = big.turns;
      request.pieces = big.pieces;
      request.weights = {4, 6, 4, 1, 1};
      request.method = method;
      const ExpectedResult serial = expected_on(*big.board, request, 1);
      ASSERT_EQ(serial.outcome, core::Outcome::proven);
      for (const std::size_t threads : {2u, 4u}) {
        const ExpectedResult result = expected_on(*big.board, request, threads);
        EXPECT_EQ(result.value, serial.value) << big.turns << " turns, " << threads << " threads";
        EXPECT_EQ(result.stats.nodes, serial.stats.nodes);
        EXPECT_EQ(result.stats.threads, threads) << result.pairs << " pairs: enough to split";
        EXPECT_EQ(result.two_phase.marked, serial.two_phase.marked);
        EXPECT_EQ(result.two_phase.ties, serial.two_phase.ties);
      }
    }
}

TEST(YutParallel, RandomDiceLimitsStopEveryThread) {
  for (const ExpectedMethod method : {ExpectedMethod::two_phase, ExpectedMethod::passes}) {
    ExpectedRequest request;
    request.method = method;
    request.turns = 20;
    request.parallel_pairs = 0;
    request.chunk_ranks = 64;
    request.weights = {1, 1, 1, 1, 1};
    for (const std::size_t threads : {2u, 4u}) {
      // A node budget.
      for (const std::uint64_t max_nodes : {std::uint64_t{1}, std::uint64_t{1234}, std::uint64_t{100'000}}) {
        core::SearchLimits limits;
        limits.max_nodes = max_nodes;
        const ExpectedResult result = expected_on(standard_board(), request, threads, limits);
        EXPECT_EQ(result.outcome, core::Outcome::node_limit);
        EXPECT_GT(result.stats.nodes, max_nodes);
        EXPECT_LE(result.stats.nodes, max_nodes + threads * core::SearchControl::Worker::kFlushNodes + 1);
      }
      // A deadline already past, and a cancel from another thread 20 ms into a
      // solve of seconds (T = 100, P = 6).
      core::SearchLimits past;
      past.deadline = core::Clock::now() - std::chrono::seconds(1);
      EXPECT_EQ(expected_on(standard_board(), request, threads, past).outcome, core::Outcome::time_limit);
      ExpectedRequest long_request = request;
      long_request.turns = 100;
      long_request.pieces = 6;
      std::atomic<bool> cancel{false};
      core::SearchLimits cancellable;
      cancellable.cancel = &cancel;
      std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        cancel.store(true);
      });
      const ExpectedResult cancelled = expected_on(standard_board(), long_request, threads, cancellable);
      canceller.join();
      EXPECT_EQ(cancelled.outcome, core::Outcome::cancelled);
    }
  }
}

TEST(YutParallel, WithoutMemoryForTheSecondBufferOneThreadRunsThePasses) {
  ExpectedRequest request;
  request.method = ExpectedMethod::passes;
  request.turns = 12;
  request.parallel_pairs = 0;
  request.move_cache = false;  // the serial peak is then one buffer's
  request.weights = {1, 1, 1, 1, 1};
  const ExpectedResult serial = expected_on(standard_board(), request, 1);
  const ExpectedResult parallel = expected_on(standard_board(), request, 2);
  ASSERT_EQ(parallel.stats.threads, 2u);
  ASSERT_GT(parallel.stats.memory_bytes, serial.stats.memory_bytes);
  // The serial peak: enough for one buffer only.
  core::SearchLimits limits;
  limits.max_memory_bytes = serial.stats.memory_bytes;
  const ExpectedResult result = expected_on(standard_board(), request, 2, limits);
  EXPECT_EQ(result.outcome, core::Outcome::proven);
  EXPECT_EQ(result.value, serial.value);
  EXPECT_EQ(result.stats.threads, 1u);
  EXPECT_EQ(result.stats.memory_bytes, serial.stats.memory_bytes);
}

TEST(YutParallel, TwoPhasesOnThreadsEqualThePassesAndTheSerialRun) {
  // Small inputs forced onto threads (any chunk size): values, line, states,
  // marks and ties the same at 1, 2 and 4 threads and the same answer as
  // the passes; phase 2 on two buffers, and without memory for the second
  // one, on one (phase 1 still on the threads).
  core::SplitMix64 rng(0x18'0002);
  const int count = cases(120);
  for (int c = 0; c < count; ++c) {
    const Board random = random_board(rng);
    const Board& board = c % 3 == 0 ? standard_board() : c % 3 == 1 ? traditional_board() : random;
    ExpectedRequest request;
    request.weights = random_weights(rng, board);
    request.pieces = 1 + static_cast<int>(rng.below(5));
    request.turns = 1 + static_cast<int>(rng.below(&board == &random ? 20 : 10));
    request.parallel_pairs = 0;
    request.chunk_ranks = 1 + rng.below(&board == &random ? 8 : 512);
    request.want_line = true;
    request.method = ExpectedMethod::two_phase;
    const ExpectedResult serial = expected_on(board, request, 1);
    ASSERT_EQ(serial.outcome, core::Outcome::proven);
    ExpectedRequest passes_request = request;
    passes_request.method = ExpectedMethod::passes;
    const ExpectedResult passes = expected_on(board, passes_request, 1);
    EXPECT_EQ(serial.value, passes.value) << "case " << c;
    for (const std::size_t threads : kThreadCounts) {
      const ExpectedResult result = expected_on(board, request, threads);
      ASSERT_EQ(result.outcome, core::Outcome::proven);
      EXPECT_EQ(result.value, serial.value) << "case " << c << ", " << threads << " threads";
      EXPECT_EQ(result.stats.nodes, serial.stats.nodes);
      EXPECT_EQ(result.stats.threads, threads);
      EXPECT_EQ(result.two_phase.marked, serial.two_phase.marked);
      EXPECT_EQ(result.two_phase.line_marked, serial.two_phase.line_marked);
      EXPECT_EQ(result.two_phase.ties, serial.two_phase.ties);
      ASSERT_EQ(result.line.size(), passes.line.size());
      for (std::size_t t = 0; t < result.line.size(); ++t) {
        EXPECT_EQ(result.line[t].best, passes.line[t].best);
        ASSERT_EQ(result.line[t].choices.size(), passes.line[t].choices.size());
        for (std::size_t k = 0; k < result.line[t].choices.size(); ++k)
          EXPECT_EQ(result.line[t].choices[k].value, passes.line[t].choices[k].value);
      }
    }
    if (c % 10 == 0) {
      // The serial peak leaves no room for phase 2's second buffer (or,
      // after the rows are freed, for it and little else): solved.
      ExpectedRequest answer_only = request;
      answer_only.want_line = false;
      core::SearchLimits limits;
      limits.max_memory_bytes = expected_on(board, answer_only, 1).stats.memory_bytes;
      const ExpectedResult one_buffer = expected_on(board, answer_only, 2, limits);
      ASSERT_EQ(one_buffer.outcome, core::Outcome::proven) << "case " << c;
      EXPECT_EQ(one_buffer.value, serial.value);
    }
  }
}

}  // namespace
}  // namespace boardsearch::yut::testing
