// Marble escape benchmarks (`make bench BENCH_ARGS=--benchmark_filter=Marble`).
//
// Boards: random side x side boards (100, 300, 1000) with 5, 15 and 30 %
// inner walls, kBoardsPerFamily per family from fixed seeds, no tilt limit
// (15653). Each family is solved by
//   MarbleAStar      the engine's A* with the red marble's bound (the default;
//                    past 500,000 pairs it hands over to breadth-first)
//   MarbleBfs        the engine's breadth-first search (breadth_first.cpp), with
//                    the dense visited set where it fits
//   MarblePlainBfs   a plain breadth-first search: std::unordered_set of
//                    pairs and the cell-by-cell tilt of rules.cpp
// with the same budget per board: kSecondsPerBoard seconds, and for the
// engine kMemoryBudget bytes (the plain search stops at kPlainStateCap
// states, about the same memory for its node-based set and queue).
// One benchmark per board (side, walls, board: its index in the family), so
// that the time of every board is seen, not only a family's sum. Counters:
// finished (1 if solved or proven impossible), solved (1 if it has an
// answer), tilts (the answer), states (pairs stored), peak_MB (the most the
// engine held).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <optional>
#include <unordered_set>
#include <vector>

#include "games/marble/random_boards.hpp"
#include "games/marble/rules.hpp"
#include "games/marble/search.hpp"

namespace {

using namespace boardsearch;

constexpr int kBoardsPerFamily = 5;
constexpr double kSecondsPerBoard = 10.0;
constexpr std::size_t kMemoryBudget = std::size_t{1} << 30;
constexpr std::size_t kPlainStateCap = 20'000'000;

// The boards of a family: a fixed seed per (side, wall percent).
const std::vector<marble::Board>& family(int side, int wall_percent) {
  static std::vector<std::pair<std::pair<int, int>, std::vector<marble::Board>>> cache;
  for (const auto& [key, boards] : cache)
    if (key == std::pair{side, wall_percent}) return boards;
  core::SplitMix64 rng(0x3A2B'1E00 + static_cast<std::uint64_t>(side) * 100 + static_cast<std::uint64_t>(wall_percent));
  std::vector<marble::Board> boards;
  for (int i = 0; i < kBoardsPerFamily; ++i)
    boards.push_back(marble::testing::random_board(rng, side, side, wall_percent));
  cache.emplace_back(std::pair{side, wall_percent}, std::move(boards));
  return cache.back().second;
}

struct Totals {
  double finished = 0, solved = 0, tilts = 0, states = 0, peak_mb = 0, threads = 1;
  void report(benchmark::State& state) const {
    state.counters["finished"] = finished;
    state.counters["solved"] = solved;
    state.counters["tilts"] = tilts;
    state.counters["states"] = states;
    state.counters["peak_MB"] = peak_mb;
    state.counters["threads"] = threads;
  }
};

// The board a benchmark's arguments name.
const marble::Board& board_of(const benchmark::State& state) {
  return family(static_cast<int>(state.range(0)),
                static_cast<int>(state.range(1)))[static_cast<std::size_t>(state.range(2))];
}

void run_engine(benchmark::State& state, marble::Strategy strategy, std::size_t threads = 1) {
  const marble::Board& board = board_of(state);
  Totals totals;
  for (auto _ : state) {
    totals = {};
    {
      core::SearchLimits limits;
      limits.deadline = core::SearchLimits::deadline_in(kSecondsPerBoard);
      limits.threads = threads;
      const marble::Solution solution =
          marble::solve(board, marble::SolveOptions{std::nullopt, strategy, kMemoryBudget}, limits);
      totals.finished += solution.search.proven() ? 1 : 0;
      totals.solved += solution.search.value ? 1 : 0;
      totals.tilts += solution.search.value.value_or(0);
      totals.states += static_cast<double>(solution.states);
      totals.peak_mb = std::max(totals.peak_mb, static_cast<double>(solution.memory_bytes) / (1 << 20));
      totals.threads = static_cast<double>(solution.search.stats.threads);
    }
  }
  totals.report(state);
}

void BM_MarbleAStar(benchmark::State& state) { run_engine(state, marble::Strategy::a_star); }
void BM_MarbleBfs(benchmark::State& state) { run_engine(state, marble::Strategy::breadth_first); }

// The plain search: the answer (or -1), nullopt if stopped by the cap or
// the clock; `states` counts the pairs stored.
std::optional<int> plain_bfs(const marble::Board& board, std::size_t& states) {
  const auto deadline = core::SearchLimits::deadline_in(kSecondsPerBoard);
  const auto key = [](marble::Marbles m) {
    return (std::uint64_t(std::uint32_t(m.red)) << 32) | std::uint32_t(m.blue);
  };
  std::unordered_set<std::uint64_t> seen{key(marble::start_of(board))};
  std::deque<std::pair<marble::Marbles, int>> queue{{marble::start_of(board), 0}};
  std::optional<int> answer = -1;
  while (!queue.empty()) {
    const auto [marbles, depth] = queue.front();
    queue.pop_front();
    if (seen.size() > kPlainStateCap || ((seen.size() & 4095) == 0 && core::Clock::now() > deadline)) {
      answer = std::nullopt;
      break;
    }
    bool found = false;
    for (const core::Direction direction : core::kDirections) {
      const marble::Marbles next = marble::tilt(board, marbles, direction);
      const marble::Verdict verdict = marble::verdict(next);
      if (verdict == marble::Verdict::failure) continue;
      if (verdict == marble::Verdict::success) {
        found = true;
        break;
      }
      if (seen.insert(key(next)).second) queue.emplace_back(next, depth + 1);
    }
    if (found) {
      answer = depth + 1;
      break;
    }
  }
  states = seen.size();
  return answer;
}

void BM_MarblePlainBfs(benchmark::State& state) {
  const marble::Board& board = board_of(state);
  Totals totals;
  for (auto _ : state) {
    totals = {};
    {
      std::size_t states = 0;
      const std::optional<int> answer = plain_bfs(board, states);
      totals.finished += answer ? 1 : 0;
      totals.solved += answer && *answer >= 0 ? 1 : 0;
      totals.tilts += answer && *answer >= 0 ? *answer : 0;
      totals.states += static_cast<double>(states);
    }
  }
  totals.report(state);
}

void families(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgsProduct({{100, 300, 1000}, {5, 15, 30}, {0, 1, 2, 3, 4}})
      ->ArgNames({"side", "walls", "board"})
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}
// The boards whose search goes parallel (breadth-first's layers, alone or
// after A*'s hand-over), at 1 and 2 threads one after the other, wall clock:
// the default engine on its slowest boards, breadth-first alone on two more.
void BM_MarbleThreads(benchmark::State& state) {
  run_engine(state, marble::Strategy::a_star, static_cast<std::size_t>(state.range(3)));
}
void BM_MarbleBfsThreads(benchmark::State& state) {
  run_engine(state, marble::Strategy::breadth_first, static_cast<std::size_t>(state.range(3)));
}
void thread_boards(benchmark::internal::Benchmark* benchmark, std::initializer_list<std::array<int, 3>> boards) {
  for (const auto& [side, walls, board] : boards)
    for (const int threads : {1, 2}) benchmark->Args({side, walls, board, threads});
  benchmark->ArgNames({"side", "walls", "board", "threads"})
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1)
      ->UseRealTime();
}
BENCHMARK(BM_MarbleThreads)->Apply([](benchmark::internal::Benchmark* benchmark) {
  thread_boards(benchmark, {{100, 15, 0}, {300, 30, 0}, {300, 15, 4}});
});
BENCHMARK(BM_MarbleBfsThreads)->Apply([](benchmark::internal::Benchmark* benchmark) {
  thread_boards(benchmark, {{100, 30, 4}, {300, 15, 1}});
});
BENCHMARK(BM_MarbleAStar)->Apply(families);
BENCHMARK(BM_MarbleBfs)->Apply(families);
BENCHMARK(BM_MarblePlainBfs)->Apply(families);

}  // namespace
