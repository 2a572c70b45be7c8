// Dice yut with random dice: the exact expected score of optimal play for
// T = 10, 30 and 100 turns, P = 4 and 6 pieces, on the standard and the
// traditional board (uniform faces 1..5). Counters: states (the (turns left,
// position) pairs evaluated), positions indexed, memory_bytes (the value
// tables); the counts are facts about the game (docs/yut.md, "Current figures").
// BM_YutExpectedMoveCache: with and without the move cache.
// BM_YutExpectedThreads: the longest cases at 1 and 2 threads.
// BM_YutExpectedMethods: the two phases (method 1) and the passes (0) side
// by side on the cases at 1 and 2 threads, with the two phases'
// split (phase 1, marking, phase 2 in seconds), pairs marked and ties.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "games/yut/expected.hpp"
#include "games/yut/parse.hpp"
#include "games/yut/rules.hpp"

namespace {

using namespace boardsearch;

const yut::Board& traditional_board() {
  static const yut::Board board = [] {
    std::ifstream file(std::string(BOARDSEARCH_BENCH_SOURCE_DIR) + "/docs/boards/traditional.json");
    std::stringstream text;
    text << file.rdbuf();
    return yut::parse_board(text.str(), "traditional");
  }();
  return board;
}

void BM_YutExpected(benchmark::State& state) {
  const yut::Board& board = state.range(2) == 0 ? yut::standard_board() : traditional_board();
  yut::ExpectedRequest request;
  request.turns = static_cast<int>(state.range(0));
  request.pieces = static_cast<int>(state.range(1));
  request.weights.assign(board.faces.size(), 1);
  yut::ExpectedResult result;
  for (auto _ : state) {
    result = yut::solve_expected(board, request, core::SearchLimits{});
    benchmark::DoNotOptimize(result.value);
  }
  state.counters["states"] = static_cast<double>(result.stats.nodes);
  state.counters["positions"] = static_cast<double>(result.positions);
  state.counters["memory_bytes"] = static_cast<double>(result.stats.memory_bytes);
  state.counters["expected"] = result.value.get_d();
}
BENCHMARK(BM_YutExpected)
    ->ArgsProduct({{10, 30, 100}, {4, 6}, {0, 1}})
    ->ArgNames({"turns", "pieces", "traditional"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// The moves made once before the passes (cache 1, the default) against the
// passes making every move themselves (cache 0), one thread, same run.
void BM_YutExpectedMoveCache(benchmark::State& state) {
  yut::ExpectedRequest request;
  request.turns = static_cast<int>(state.range(0));
  request.pieces = static_cast<int>(state.range(1));
  request.move_cache = state.range(2) != 0;
  request.weights.assign(yut::standard_board().faces.size(), 1);
  yut::ExpectedResult result;
  for (auto _ : state) {
    result = yut::solve_expected(yut::standard_board(), request, core::SearchLimits{});
    benchmark::DoNotOptimize(result.value);
  }
  state.counters["states"] = static_cast<double>(result.stats.nodes);
  state.counters["memory_bytes"] = static_cast<double>(result.stats.memory_bytes);
  state.counters["expected"] = result.value.get_d();
}
BENCHMARK(BM_YutExpectedMoveCache)
    ->ArgsProduct({{10, 30}, {4, 6}, {0, 1}})
    ->ArgNames({"turns", "pieces", "cache"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// The long solves at 1 and 2 threads, wall clock: T = 30, P = 4 (768,947
// pairs) and T = 100, P = 6 (19.7 million pairs), standard board.
void BM_YutExpectedThreads(benchmark::State& state) {
  yut::ExpectedRequest request;
  request.turns = static_cast<int>(state.range(0));
  request.pieces = static_cast<int>(state.range(1));
  request.weights.assign(yut::standard_board().faces.size(), 1);
  core::SearchLimits limits;
  limits.threads = static_cast<std::size_t>(state.range(2));
  yut::ExpectedResult result;
  for (auto _ : state) {
    result = yut::solve_expected(yut::standard_board(), request, limits);
    benchmark::DoNotOptimize(result.value);
  }
  state.counters["states"] = static_cast<double>(result.stats.nodes);
  state.counters["threads_used"] = static_cast<double>(result.stats.threads);
  state.counters["memory_bytes"] = static_cast<double>(result.stats.memory_bytes);
  state.counters["expected"] = result.value.get_d();
}
BENCHMARK(BM_YutExpectedThreads)
    ->Args({30, 4, 1})
    ->Args({30, 4, 2})
    ->Args({100, 6, 1})
    ->Args({100, 6, 2})
    ->ArgNames({"turns", "pieces", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

// The two methods side by side (issue #18's cases): wall clock.
void BM_YutExpectedMethods(benchmark::State& state) {
  const yut::Board& board = state.range(2) == 0 ? yut::standard_board() : traditional_board();
  yut::ExpectedRequest request;
  request.turns = static_cast<int>(state.range(0));
  request.pieces = static_cast<int>(state.range(1));
  request.method = state.range(3) == 1 ? yut::ExpectedMethod::two_phase : yut::ExpectedMethod::passes;
  request.weights.assign(board.faces.size(), 1);
  core::SearchLimits limits;
  limits.threads = static_cast<std::size_t>(state.range(4));
  yut::ExpectedResult result;
  for (auto _ : state) {
    result = yut::solve_expected(board, request, limits);
    benchmark::DoNotOptimize(result.value);
  }
  state.counters["states"] = static_cast<double>(result.stats.nodes);
  state.counters["pairs"] = static_cast<double>(result.pairs);
  state.counters["marked"] = static_cast<double>(result.two_phase.marked);
  state.counters["ties"] = static_cast<double>(result.two_phase.ties);
  state.counters["phase1_s"] = result.two_phase.phase1_seconds;
  state.counters["mark_s"] = result.two_phase.mark_seconds;
  state.counters["phase2_s"] = result.two_phase.phase2_seconds;
  state.counters["threads_used"] = static_cast<double>(result.stats.threads);
  state.counters["memory_bytes"] = static_cast<double>(result.stats.memory_bytes);
  state.counters["expected"] = result.value.get_d();
}
BENCHMARK(BM_YutExpectedMethods)
    ->ArgsProduct({{10, 30, 100}, {4, 6}, {0, 1}, {0, 1}, {1, 2}})
    ->ArgNames({"turns", "pieces", "traditional", "two_phase", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
