// 2048 benchmarks: the exact search on 20 x 20 boards beside the plain 4^K
// search (what accepted judge solutions do) on the same boards, same run.
// Counters: nodes per solve, answer (tile value), milliseconds per solve.
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "2048/boards.hpp"
#include "games/2048/format.hpp"
#include "games/2048/search.hpp"

namespace boardsearch::bench2048 {
namespace {

using game2048::Board;

constexpr int kBoardsPerSet = 4;  // distinct seeds per benchmark
constexpr std::uint64_t kRandomSeed = 1000;
constexpr std::uint64_t kLoneSeed = 2000;

// Plain 4^K: every sequence of exactly K moves, no bound, no skip, the same
// fast slide as the engine. Returns the largest exponent; counts nodes.
int plain_max_exponent(const Board& board, int moves, std::vector<Board>& scratch, std::uint64_t& nodes) {
  ++nodes;
  if (moves == 0) return board.max_exponent();
  int best = 0;
  Board& next = scratch[static_cast<std::size_t>(moves)];
  for (const auto direction : game2048::kDirections) {
    game2048::apply_move(board, direction, next);
    best = std::max(best, plain_max_exponent(Board(next), moves - 1, scratch, nodes));
  }
  return best;
}

// Counters: nodes per board (in the last iteration), the largest answer, the
// number of boards.
void report(benchmark::State& state, std::uint64_t nodes, std::uint64_t answer, std::size_t solves) {
  state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(solves);
  state.counters["answer"] = static_cast<double>(answer);
  state.counters["boards"] = static_cast<double>(solves);
}

// Seconds one solve may take in the K = 20 benchmark: an unproven board is
// counted, not waited for.
constexpr double kSecondsPerBoard = 5.0;

void solve_set(benchmark::State& state, Board (*make)(std::uint64_t, int), std::uint64_t seed) {
  const long long moves = state.range(0);
  const bool time_limited = state.range(1) != 0;
  // Arg 3: the lookahead on (the default) or off, as in BM_2048_Dense.
  game2048::SearchOptions options;
  if (state.range(2) == 0) options.lookahead_to = 0;
  std::vector<Board> boards;
  for (int i = 0; i < kBoardsPerSet; ++i) boards.push_back(make(seed + static_cast<std::uint64_t>(i), kBenchSide));
  std::uint64_t nodes = 0, answer = 0;
  std::size_t solves = 0, proven = 0;
  double total_ms = 0;  // wall time of every solve of every iteration
  for (auto _ : state) {
    nodes = 0;
    solves = 0;
    proven = 0;
    for (const Board& board : boards) {
      core::SearchLimits limits;
      if (time_limited) limits.deadline = core::SearchLimits::deadline_in(kSecondsPerBoard);
      const auto result = game2048::maximize_tile(board, moves, limits, options);
      if (!result.search.proven() && !time_limited) state.SkipWithError("not proven");
      proven += result.search.proven();
      nodes += result.search.stats.nodes;
      answer = std::max<std::uint64_t>(answer, game2048::tile_value(result.search.value.value_or(0)));
      ++solves;
      total_ms += result.search.stats.milliseconds();
    }
  }
  report(state, nodes, answer, solves);
  state.counters["proven"] = static_cast<double>(proven);
  const auto total_solves = static_cast<double>(state.iterations()) * static_cast<double>(boards.size());
  state.counters["wall_ms_per_board"] = total_ms / std::max(total_solves, 1.0);
}

Board random_full(std::uint64_t seed, int side) { return random_board(seed, side); }
Board lone_1024(std::uint64_t seed, int side) { return lone_1024_board(seed, side); }

void BM_2048_Random20(benchmark::State& state) { solve_set(state, random_full, kRandomSeed); }
void BM_2048_Lone1024(benchmark::State& state) { solve_set(state, lone_1024, kLoneSeed); }

void BM_2048_PlainLone1024(benchmark::State& state) {
  const int moves = static_cast<int>(state.range(0));
  const Board board = lone_1024_board(kLoneSeed);
  std::vector<Board> scratch(static_cast<std::size_t>(moves) + 1, Board(kBenchSide));
  std::uint64_t nodes = 0, answer = 0;
  for (auto _ : state) {
    nodes = 0;
    answer = game2048::tile_value(plain_max_exponent(board, moves, scratch, nodes));
  }
  report(state, nodes, answer, 1);
}

// The dense classes of issue #14 (boards.hpp), 100 boards each from seeds
// 1-100, one solve per board (Iterations(1)). Counters per board: the
// median, p99 and max of the CPU time of one solve (thread CPU time, so a
// loaded machine does not inflate it; wall_ms_* is the wall time beside
// it), and of the nodes. Args: class, K.
constexpr std::uint64_t kDenseSeeds = 100;

double thread_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// The q-quantile (0..1) of `values` by the nearest-rank rule.
double quantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

void BM_2048_Dense(benchmark::State& state) {
  const auto kind = kDenseClasses[static_cast<std::size_t>(state.range(0))];
  const long long moves = state.range(1);
  // Arg 3: the lookahead (search.hpp) on as by default, or off (the search
  // as it was before it, for the same run).
  const bool lookahead = state.range(2) != 0;
  game2048::SearchOptions options;
  if (!lookahead) options.lookahead_to = 0;
  state.SetLabel(std::string(to_string(kind)) + (lookahead ? "" : " lookahead off"));
  std::vector<double> cpu_ms, wall_ms, nodes;
  std::uint64_t answer = 0;
  for (auto _ : state) {
    cpu_ms.clear(), wall_ms.clear(), nodes.clear();
    for (std::uint64_t seed = 1; seed <= kDenseSeeds; ++seed) {
      const Board board = dense_board(kind, seed);
      const double cpu_start = thread_cpu_ms();
      const auto result = game2048::maximize_tile(board, moves, {}, options);
      cpu_ms.push_back(thread_cpu_ms() - cpu_start);
      if (!result.search.proven()) state.SkipWithError("not proven");
      wall_ms.push_back(result.search.stats.milliseconds());
      nodes.push_back(static_cast<double>(result.search.stats.nodes));
      answer = std::max<std::uint64_t>(answer, game2048::tile_value(result.search.value.value_or(0)));
    }
  }
  state.counters["boards"] = static_cast<double>(cpu_ms.size());
  state.counters["answer_max"] = static_cast<double>(answer);
  state.counters["cpu_ms_median"] = quantile(cpu_ms, 0.5);
  state.counters["cpu_ms_p99"] = quantile(cpu_ms, 0.99);
  state.counters["cpu_ms_max"] = quantile(cpu_ms, 1.0);
  state.counters["wall_ms_median"] = quantile(wall_ms, 0.5);
  state.counters["wall_ms_max"] = quantile(wall_ms, 1.0);
  state.counters["nodes_median"] = quantile(nodes, 0.5);
  state.counters["nodes_max"] = quantile(nodes, 1.0);
  double total_ms = 0, total_nodes = 0;
  for (std::size_t i = 0; i < cpu_ms.size(); ++i) total_ms += cpu_ms[i], total_nodes += nodes[i];
  state.counters["us_per_node"] = 1e3 * total_ms / std::max(total_nodes, 1.0);
}

// The plain 4^K search on a sample of the same boards (seed 1 of each class):
// what the dense benchmark is compared with, in the same run.
void BM_2048_PlainDense(benchmark::State& state) {
  const auto kind = kDenseClasses[static_cast<std::size_t>(state.range(0))];
  const int moves = static_cast<int>(state.range(1));
  state.SetLabel(to_string(kind));
  const Board board = dense_board(kind, 1);
  std::vector<Board> scratch(static_cast<std::size_t>(moves) + 1, Board(kBenchSide));
  std::uint64_t nodes = 0, answer = 0;
  double cpu_ms = 0;
  for (auto _ : state) {
    nodes = 0;
    const double cpu_start = thread_cpu_ms();
    answer = game2048::tile_value(plain_max_exponent(board, moves, scratch, nodes));
    cpu_ms = thread_cpu_ms() - cpu_start;
  }
  report(state, nodes, answer, 1);
  state.counters["cpu_ms"] = cpu_ms;
}

void dense_args(benchmark::internal::Benchmark* bench, long long moves) {
  for (std::size_t kind = 0; kind < kDenseClasses.size(); ++kind) bench->Args({static_cast<long long>(kind), moves});
}
void dense_args_lookahead(benchmark::internal::Benchmark* bench, long long moves) {
  for (std::size_t kind = 0; kind < kDenseClasses.size(); ++kind)
    for (const long long lookahead : {1, 0}) bench->Args({static_cast<long long>(kind), moves, lookahead});
}

BENCHMARK(BM_2048_Dense)
    ->Apply([](benchmark::internal::Benchmark* bench) { dense_args_lookahead(bench, 10); })
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_2048_Dense)
    ->Apply([](benchmark::internal::Benchmark* bench) { dense_args_lookahead(bench, 12); })
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_2048_PlainDense)
    ->Apply([](benchmark::internal::Benchmark* bench) { dense_args(bench, 10); })
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// Args: K, and whether each solve gets kSecondsPerBoard (then "proven" says
// how many of the boards finished; "answer" is the best found).
BENCHMARK(BM_2048_Random20)->Args({5, 0, 1})->Args({10, 0, 1})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_2048_Lone1024)->Args({10, 0, 1})->Args({10, 0, 0})->Unit(benchmark::kMillisecond);
// K = 12 and 13: where the exact proof stands between K = 10 and K = 20
// (the proof grows 4.2-4.6x per extra move: docs/2048.md, "Current figures").
BENCHMARK(BM_2048_Lone1024)
    ->Args({12, 0, 1})
    ->Args({12, 0, 0})
    ->Args({13, 0, 1})
    ->Args({13, 0, 0})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_2048_Lone1024)->Args({20, 1, 1})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_2048_PlainLone1024)->Arg(10)->Unit(benchmark::kMillisecond)->Iterations(1);

// Threads (issue #17): the hardest cases at 1 and 2 search threads in the
// same run, wall clock. Args: case (kThreadCases), threads. The node count
// of the 2-thread runs is summed over the threads and may differ from run
// to run; the answer never does.
struct ThreadCase {
  const char* name;
  Board (*make)();
  long long moves;
};
const std::array kThreadCases = {
    ThreadCase{"twos_and_fours_1_K12", [] { return dense_board(DenseClass::twos_and_fours, 1); }, 12},
    ThreadCase{"small_sparse_1_K12", [] { return dense_board(DenseClass::small_sparse, 1); }, 12},
    ThreadCase{"mixed_small_1_K12", [] { return dense_board(DenseClass::mixed_small, 1); }, 12},
    ThreadCase{"mixed_small_2_K12", [] { return dense_board(DenseClass::mixed_small, 2); }, 12},
    ThreadCase{"lone_1024_0_K13", [] { return lone_1024_board(kLoneSeed); }, 13},
    ThreadCase{"lone_1024_3_K14", [] { return lone_1024_board(kLoneSeed + 3); }, 14},
    ThreadCase{"random_0_K10", [] { return random_board(kRandomSeed); }, 10},
    // Seconds of proof (docs: 7-9 s a board at one thread): run once.
    ThreadCase{"lone_1024_0_K17", [] { return lone_1024_board(kLoneSeed); }, 17},
};
constexpr std::size_t kShortThreadCases = 7;  // the cases before the long one

void BM_2048_Threads(benchmark::State& state) {
  const ThreadCase& bench_case = kThreadCases[static_cast<std::size_t>(state.range(0))];
  const auto threads = static_cast<std::size_t>(state.range(1));
  state.SetLabel(bench_case.name);
  const Board board = bench_case.make();
  std::uint64_t nodes = 0, answer = 0;
  std::size_t used = 0;
  for (auto _ : state) {
    game2048::SearchOptions options;
    options.threads = threads;
    const auto result = game2048::maximize_tile(board, bench_case.moves, {}, options);
    if (!result.search.proven()) state.SkipWithError("not proven");
    nodes = result.search.stats.nodes;
    used = result.search.stats.threads;
    answer = game2048::tile_value(result.search.value.value_or(board.max_exponent()));
  }
  report(state, nodes, answer, 1);
  state.counters["threads_used"] = static_cast<double>(used);
}

void thread_args(benchmark::internal::Benchmark* bench, std::size_t from, std::size_t to) {
  for (std::size_t c = from; c < to; ++c)
    for (const long long threads : {1, 2}) bench->Args({static_cast<long long>(c), threads});
}
BENCHMARK(BM_2048_Threads)
    ->Apply([](benchmark::internal::Benchmark* bench) { thread_args(bench, 0, kShortThreadCases); })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(2);
BENCHMARK(BM_2048_Threads)
    ->Apply([](benchmark::internal::Benchmark* bench) { thread_args(bench, kShortThreadCases, kThreadCases.size()); })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
}  // namespace boardsearch::bench2048
