// Tour benchmarks (`make bench BENCH_ARGS=--benchmark_filter=Tour`).
//
// Families, each solved by the optimized search with per-case counters:
//   TourRandom30   30 x 30 boards, obstacle rate 6 % .. 20 % (most: no tour)
//   TourOpen30     the fully open 30 x 30 board
//   TourWalk       solvable 25..30 x 25..30 boards made by a random sliding walk
// and the baseline, in the same run:
//   TourPlainDfsNoTour  the plain DFS (tests/games/tour/plain_dfs.hpp) on the
//                       no-tour boards of TourRandom30, capped at kPlainNodeCap
//                       nodes per board so the run finishes. A capped board
//                       would have needed more: its time is a lower bound, and
//                       so is the speed-up computed from it.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "games/tour/board_analysis.hpp"
#include "games/tour/generators.hpp"
#include "games/tour/parse.hpp"
#include "games/tour/plain_dfs.hpp"
#include "games/tour/puzzle.hpp"
#include "games/tour/search.hpp"

namespace {

using namespace boardsearch;
using tour::testing::Rows;

// Boards per obstacle rate in TourRandom30, and the rates (the 6-20 %).
constexpr int kBoardsPerRate = 10;
constexpr int kRates[] = {6, 7, 8, 9, 10, 12, 14, 16, 18, 20};
constexpr int kWalkBoards = 30;
// Plain DFS nodes per board before the baseline gives up, so the run ends
// (a capped board counts in "capped"; its time is a lower bound).
constexpr std::uint64_t kPlainNodeCap = 30'000'000;
// The boards the static checks settle are many and all hopeless for the plain
// DFS; a sample of them is enough to measure it.
constexpr std::size_t kPlainStaticSample = 10;

tour::Board to_board(const Rows& rows) { return tour::parse_boards(tour::testing::case_text(rows)).front(); }

const std::vector<Rows>& random_boards() {
  static const std::vector<Rows> boards = [] {
    std::vector<Rows> all;
    core::SplitMix64 rng(0x7011);
    for (int rate : kRates)
      for (int i = 0; i < kBoardsPerRate; ++i) all.push_back(tour::testing::random_board(rng, 30, 30, rate));
    return all;
  }();
  return boards;
}

const std::vector<Rows>& walk_boards() {
  static const std::vector<Rows> boards = [] {
    std::vector<Rows> all;
    core::SplitMix64 rng(0x3A1C);
    for (int i = 0; i < kWalkBoards; ++i)
      all.push_back(
          tour::testing::walk_board(rng, 25 + static_cast<int>(rng.below(6)), 25 + static_cast<int>(rng.below(6))));
    return all;
  }();
  return boards;
}

// The no-tour boards of random_boards() (found by the optimized search),
// split into those the static checks settle and those that need a search.
struct NoTourBoards {
  std::vector<Rows> settled_statically;
  std::vector<Rows> searched;
};
const NoTourBoards& no_tour_boards() {
  static const NoTourBoards boards = [] {
    NoTourBoards split;
    for (const Rows& rows : random_boards()) {
      const tour::Board board = to_board(rows);
      if (tour::solve_tour(board).search.value) continue;
      (tour::analyze_board(board).starts.empty() ? split.settled_statically : split.searched).push_back(rows);
    }
    return split;
  }();
  return boards;
}

// Solves every board once per iteration; counters: worst case (wall time of
// one case, as the CLI reports it), nodes, tours. Time per case: the CPU
// column divided by `cases`.
void solve_all(benchmark::State& state, const std::vector<Rows>& rows_list) {
  std::vector<tour::Board> boards;
  for (const Rows& rows : rows_list) boards.push_back(to_board(rows));
  double worst_ms = 0;
  std::uint64_t nodes = 0;
  int tours = 0;
  for (auto _ : state) {
    nodes = 0;
    tours = 0;
    for (const tour::Board& board : boards) {
      const auto result = tour::solve_tour(board);
      benchmark::DoNotOptimize(result.search.value);
      worst_ms = std::max(worst_ms, result.search.stats.milliseconds());
      nodes += result.search.stats.nodes;
      tours += result.search.value.has_value();
    }
  }
  state.counters["cases"] = static_cast<double>(boards.size());
  state.counters["tours"] = tours;
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["worst_case_ms"] = worst_ms;
}

void TourRandom30(benchmark::State& state) { solve_all(state, random_boards()); }
void TourRandom30Searched(benchmark::State& state) { solve_all(state, no_tour_boards().searched); }
void TourOpen30(benchmark::State& state) { solve_all(state, {Rows(30, std::string(30, '.'))}); }
void TourWalk(benchmark::State& state) { solve_all(state, walk_boards()); }

// The baseline on a list of no-tour boards: nodes/s, how many boards hit the
// cap, and the lower bound on its total time (capped boards count as the
// time they ran). Compare with TourRandom30Searched's time for the speed-up.
void plain_dfs(benchmark::State& state, const std::vector<Rows>& boards) {
  std::uint64_t nodes = 0;
  int capped = 0;
  for (auto _ : state) {
    nodes = 0;
    capped = 0;
    for (const Rows& rows : boards) {
      const auto result = tour::reference::PlainDfs(rows, kPlainNodeCap).solve();
      nodes += result.nodes;
      capped += result.capped;
    }
  }
  state.counters["cases"] = static_cast<double>(boards.size());
  state.counters["capped"] = capped;
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
void TourPlainDfsNoTourSearched(benchmark::State& state) { plain_dfs(state, no_tour_boards().searched); }
void TourPlainDfsNoTourStatic(benchmark::State& state) {
  const auto& all = no_tour_boards().settled_statically;
  plain_dfs(state, std::vector<Rows>(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(
                                                                    std::min(all.size(), kPlainStaticSample))));
}
void TourRandom30StaticSample(benchmark::State& state) {
  const auto& all = no_tour_boards().settled_statically;
  solve_all(state, std::vector<Rows>(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(
                                                                    std::min(all.size(), kPlainStaticSample))));
}

BENCHMARK(TourRandom30)->Unit(benchmark::kMillisecond);
BENCHMARK(TourRandom30Searched)->Unit(benchmark::kMillisecond);
BENCHMARK(TourRandom30StaticSample)->Unit(benchmark::kMillisecond);
BENCHMARK(TourOpen30)->Unit(benchmark::kMillisecond);
BENCHMARK(TourWalk)->Unit(benchmark::kMillisecond);
BENCHMARK(TourPlainDfsNoTourSearched)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(TourPlainDfsNoTourStatic)->Unit(benchmark::kMillisecond)->Iterations(1);

// Threads (issue #17), wall clock, at 1 and 2 threads in the same run
// (second argument). Inputs, solved whole through the puzzle's solve with
// its own trial, as the CLI does: 0 the 30 walk boards (TourWalk) as one
// input; 1 200 walk boards (another seed); 2 the 100 random 30 x 30 boards;
// 3 the walk board of those 30 that takes the most nodes, alone (its starts
// shared among the threads). The answers are streamed (on_answer), as the
// CLI does without --explain and --json.
std::string input_of(const std::vector<Rows>& boards) {
  std::string text;
  for (const Rows& rows : boards) text += tour::testing::case_text(rows);
  return text;
}
const std::vector<std::string>& thread_inputs() {
  static const std::vector<std::string> inputs = [] {
    std::vector<Rows> more;
    core::SplitMix64 rng(0x3A1D);
    for (int i = 0; i < 200; ++i)
      more.push_back(
          tour::testing::walk_board(rng, 25 + static_cast<int>(rng.below(6)), 25 + static_cast<int>(rng.below(6))));
    const Rows* hardest = &walk_boards().front();
    std::uint64_t most = 0;
    for (const Rows& rows : walk_boards()) {
      const std::uint64_t nodes = tour::solve_tour(to_board(rows)).search.stats.nodes;
      if (nodes > most) most = nodes, hardest = &rows;
    }
    return std::vector<std::string>{input_of(walk_boards()), input_of(more), input_of(random_boards()),
                                    input_of({*hardest})};
  }();
  return inputs;
}
const char* const kThreadInputNames[] = {"walk_30_cases", "walk_200_cases", "random_100_cases", "hardest_walk_board"};

void TourThreads(benchmark::State& state) {
  const std::string& input = thread_inputs()[static_cast<std::size_t>(state.range(0))];
  state.SetLabel(kThreadInputNames[state.range(0)]);
  std::uint64_t nodes = 0;
  std::size_t used = 0;
  for (auto _ : state) {
    app::SolveRequest request;
    request.input = input;
    request.limits.threads = static_cast<std::size_t>(state.range(1));
    // Streamed, as the CLI without --explain and --json: the answers only.
    std::size_t lines = 0;
    request.on_answer = [&lines](std::string_view) { ++lines; };
    const app::SolveReport report = tour::puzzle().solve(request);
    benchmark::DoNotOptimize(report.answer);
    nodes = report.stats.nodes;
    used = report.stats.threads;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["threads_used"] = static_cast<double>(used);
}
BENCHMARK(TourThreads)->ArgsProduct({{0, 1, 2, 3}, {1, 2}})->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(0.5);

}  // namespace
