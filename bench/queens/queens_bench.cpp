// N-Queens benchmarks (`build/boardsearch_bench --benchmark_filter=Queens`):
// the count of the empty N x N board by
//   QueensEngine/N/T      the engine (count_completions: bitboards, one
//                         symmetry class at a time, node counting, 128-bit
//                         sums) on T threads
//   QueensMirrorBaseline/N the textbook bitboard backtracking with the
//                         mirror alone: row 0's queen on the left half,
//                         doubled, the middle column of an odd N once; no
//                         node counting, 64-bit sums; one thread
// One iteration each (N = 17 takes seconds, N = 18 minutes), real time;
// counter `count` (the same from both, or the run is wrong).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "games/queens/format.hpp"
#include "games/queens/search.hpp"

namespace {

using namespace boardsearch;

// The completions below a node of the textbook search (masks as search.hpp).
std::uint64_t textbook_below(std::uint32_t full, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd) {
  if (cols == full) return 1;
  std::uint64_t total = 0;
  for (std::uint32_t free = ~(cols | ld | rd) & full; free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (~free + 1);
    total += textbook_below(full, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
  }
  return total;
}

// The textbook count with the mirror: row 0's left half twice, its middle once.
std::uint64_t textbook_count(int n) {
  const std::uint32_t full = n == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1;
  std::uint64_t total = 0;
  for (int c = 0; c < n / 2; ++c) {
    const std::uint32_t bit = std::uint32_t{1} << c;
    total += 2 * textbook_below(full, bit, (bit << 1) & full, bit >> 1);
  }
  if (n % 2 == 1) {
    const std::uint32_t bit = std::uint32_t{1} << (n / 2);
    total += textbook_below(full, bit, (bit << 1) & full, bit >> 1);
  }
  return total;
}

void QueensEngine(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  core::SearchLimits limits;
  limits.threads = static_cast<std::size_t>(state.range(1));
  queens::Counted counted;
  for (auto _ : state) counted = queens::count_completions(queens::empty_board(n), limits);
  state.counters["count"] = static_cast<double>(counted.total);
  state.counters["nodes"] = static_cast<double>(counted.stats.nodes);
  state.counters["threads"] = static_cast<double>(counted.stats.threads);
}

void QueensMirrorBaseline(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::uint64_t count = 0;
  for (auto _ : state) benchmark::DoNotOptimize(count = textbook_count(n));
  state.counters["count"] = static_cast<double>(count);
}

// N = 14..18 (19 takes about 8 minutes a thread on the 2-core VM: run it
// with --benchmark_filter when there is time).
BENCHMARK(QueensEngine)
    ->ArgsProduct({{14, 15, 16, 17, 18}, {1, 2}})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(QueensMirrorBaseline)->DenseRange(14, 18)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(QueensEngine)->Args({19, 2})->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(QueensMirrorBaseline)->Arg(19)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
