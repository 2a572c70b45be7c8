// Dice yut: the layer-by-layer DP on 10, 100 and 1000 dice (standard board,
// P = 4 and 6) beside the plain P^K search of the tests on 10 dice, and the
// widest cases (P = 8) at 1 and 2 threads.
// Counters: nodes (positions expanded, or games for the plain search) and
// turns played (the game ends when every piece is on finish).
#include <benchmark/benchmark.h>

#include <vector>

#include "boardsearch/core/splitmix64.hpp"
#include "games/yut/plain_search.hpp"
#include "games/yut/rules.hpp"
#include "games/yut/search.hpp"

namespace {

using namespace boardsearch;

// The same schedule for every run of a size: a fixed seed.
std::vector<int> schedule(int count) {
  core::SplitMix64 rng(0xD1CE'0000 + static_cast<std::uint64_t>(count));
  std::vector<int> dice(count);
  for (int& die : dice) die = 1 + static_cast<int>(rng.below(5));
  return dice;
}

void BM_YutDp(benchmark::State& state) {
  const std::vector<int> dice = schedule(static_cast<int>(state.range(0)));
  const int pieces = static_cast<int>(state.range(1));
  core::SearchResult<yut::Move, long long> result;
  for (auto _ : state) {
    result = yut::solve_schedule(yut::standard_board(), dice, pieces, core::SearchLimits{});
    benchmark::DoNotOptimize(result.value);
  }
  state.counters["nodes"] = static_cast<double>(result.stats.nodes);
  state.counters["turns"] = static_cast<double>(result.line.size());
  state.counters["score"] = static_cast<double>(result.value.value_or(-1));
}
BENCHMARK(BM_YutDp)
    ->ArgsProduct({{10, 100, 1000}, {4, 6}})
    ->ArgNames({"dice", "pieces"})
    ->Unit(benchmark::kMillisecond);

// The hardest known-dice cases (8 pieces: the widest layers) at 1 and 2
// threads, wall clock: 40 and 100 dice.
void BM_YutDpThreads(benchmark::State& state) {
  const std::vector<int> dice = schedule(static_cast<int>(state.range(0)));
  const int pieces = static_cast<int>(state.range(1));
  core::SearchLimits limits;
  limits.threads = static_cast<std::size_t>(state.range(2));
  core::SearchResult<yut::Move, long long> result;
  for (auto _ : state) {
    result = yut::solve_schedule(yut::standard_board(), dice, pieces, limits);
    benchmark::DoNotOptimize(result.value);
  }
  state.counters["nodes"] = static_cast<double>(result.stats.nodes);
  state.counters["threads_used"] = static_cast<double>(result.stats.threads);
  state.counters["score"] = static_cast<double>(result.value.value_or(-1));
}
BENCHMARK(BM_YutDpThreads)
    ->ArgsProduct({{40, 100}, {8}, {1, 2}})
    ->ArgNames({"dice", "pieces", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

void BM_YutPlainSearch(benchmark::State& state) {
  const std::vector<int> dice = schedule(static_cast<int>(state.range(0)));
  const int pieces = static_cast<int>(state.range(1));
  long long best = 0, games = 0;
  for (auto _ : state) {
    yut::testing::PlainSearch search(yut::standard_board(), dice, pieces);
    best = search.best();
    games = search.games();
    benchmark::DoNotOptimize(best);
  }
  state.counters["nodes"] = static_cast<double>(games);
  state.counters["score"] = static_cast<double>(best);
}
BENCHMARK(BM_YutPlainSearch)->Args({10, 4})->ArgNames({"dice", "pieces"})->Unit(benchmark::kMillisecond);

}  // namespace
