// Footholds benchmarks: the solver on full boards (corner and centre starts),
// random 7 x 7 boards with holes, every start pair of the full 7 x 7 and 8 x 8 boards,
// 8 x 8 and 9 x 9 boards, the hardest at 1 and 2 threads, beside plain minimax (the reference in tests/, what
// every published solution does) on the full 6 x 6 board in the same run.
// Counters: answer, nodes per solve (game search + longest paths), and for
// sweeps the slowest single solve in milliseconds.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <set>
#include <utility>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "games/footholds/format.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/reference.hpp"
#include "games/footholds/rules.hpp"
#include "games/footholds/search.hpp"

namespace boardsearch::footholds {
namespace {

// A full side x side board with A at (ar, ac) and B at (br, bc).
Board full_board(int side, int ar, int ac, int br, int bc) {
  Board board;
  board.rows = side;
  board.cols = side;
  board.footholds.assign(static_cast<std::size_t>(side * side), 1);
  board.a = ar * side + ac;
  board.b = br * side + bc;
  return board;
}

// Solves `board` once per iteration (with `tuning`); counters: answer and
// nodes.
void solve_each_iteration(benchmark::State& state, const Board& board, const SearchTuning& tuning = {}) {
  int answer = -1;
  double nodes = 0;
  for (auto _ : state) {
    const auto result = solve_board(board, {}, tuning);
    if (!result.proven()) state.SkipWithError("not proven");
    answer = result.value.value_or(-1);
    nodes = static_cast<double>(result.stats.nodes);
    benchmark::DoNotOptimize(answer);
  }
  state.counters["answer"] = answer;
  state.counters["nodes"] = nodes;
}

// Full boards. Arguments: side, start (0: opposite corners, 1: centre, side by side).
void BM_FootholdsFullBoard(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const int centre = (side - 1) / 2;
  const Board board = state.range(1) == 0 ? full_board(side, 0, 0, side - 1, side - 1)
                                          : full_board(side, centre, centre, centre, centre + 1);
  state.SetLabel(state.range(1) == 0 ? "corners" : "centre");
  solve_each_iteration(state, board);
}
BENCHMARK(BM_FootholdsFullBoard)->ArgsProduct({{5, 6, 7, 8}, {0, 1}})->Unit(benchmark::kMillisecond);

// Plain minimax on the full 6 x 6 board, corners and centre: the baseline.
void BM_FootholdsPlainMinimaxFull6x6(benchmark::State& state) {
  const Board board = state.range(0) == 0 ? full_board(6, 0, 0, 5, 5) : full_board(6, 2, 2, 2, 3);
  state.SetLabel(state.range(0) == 0 ? "corners" : "centre");
  testing::footholds_reference::Counter counter;
  int answer = -1;
  for (auto _ : state) {
    counter.nodes = 0;
    testing::footholds_reference::Position p;
    p.rows = board.rows;
    p.cols = board.cols;
    p.cells.assign(board.footholds.begin(), board.footholds.end());
    p.mover = board.a;
    p.other = board.b;
    answer = testing::footholds_reference::plain_minimax(p, counter).moves;
  }
  state.counters["answer"] = answer;
  state.counters["nodes"] = static_cast<double>(counter.nodes);
}
BENCHMARK(BM_FootholdsPlainMinimaxFull6x6)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kMillisecond);

// Random 7 x 7 boards with 10-20 % holes, players on random footholds.
void BM_FootholdsRandom7x7WithHoles(benchmark::State& state) {
  constexpr int kBoards = 20;
  core::SplitMix64 rng(77);
  std::vector<Board> boards;
  while (static_cast<int>(boards.size()) < kBoards) {
    Board board = full_board(7, 0, 0, 0, 0);
    const int hole_percent = 10 + static_cast<int>(rng.below(11));
    std::vector<int> footholds;
    for (int cell = 0; cell < 49; ++cell) {
      if (static_cast<int>(rng.below(100)) < hole_percent)
        board.footholds[static_cast<std::size_t>(cell)] = 0;
      else
        footholds.push_back(cell);
    }
    board.a = footholds[rng.below(footholds.size())];
    board.b = footholds[rng.below(footholds.size())];
    boards.push_back(board);
  }
  double nodes = 0;
  double slowest_ms = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const Board& board : boards) {
      const auto result = solve_board(board);
      if (!result.proven()) state.SkipWithError("not proven");
      nodes += static_cast<double>(result.stats.nodes);
      slowest_ms = std::max(slowest_ms, result.stats.milliseconds());
    }
  }
  state.counters["boards"] = kBoards;
  state.counters["nodes_per_board"] = nodes / kBoards;
  state.counters["slowest_ms"] = slowest_ms;
}
BENCHMARK(BM_FootholdsRandom7x7WithHoles)->Unit(benchmark::kMillisecond);

// The 8 symmetries of the square, applied to a cell of a side x side board.
int transform(int cell, int side, int symmetry) {
  int row = cell / side;
  int col = cell % side;
  if (symmetry & 1) std::swap(row, col);
  if (symmetry & 2) row = side - 1 - row;
  if (symmetry & 4) col = side - 1 - col;
  return row * side + col;
}

// Every start pair (a, b) of the full side x side board, one per symmetry class.
std::vector<std::pair<int, int>> start_pairs_up_to_symmetry(int side) {
  std::set<std::pair<int, int>> seen;
  std::vector<std::pair<int, int>> classes;
  for (int a = 0; a < side * side; ++a)
    for (int b = 0; b < side * side; ++b) {
      std::pair<int, int> canonical{a, b};
      for (int s = 1; s < 8; ++s) canonical = std::min(canonical, {transform(a, side, s), transform(b, side, s)});
      if (seen.insert(canonical).second) classes.push_back(canonical);
    }
  return classes;
}

// The sweep: all 2,401 start pairs of the full 7 x 7 board (the classes up to
// symmetry), one solve each. Counter slowest_ms: the slowest single solve.
void BM_FootholdsFull7x7AllStartPairs(benchmark::State& state) {
  const auto pairs = start_pairs_up_to_symmetry(7);
  double slowest_ms = 0;
  double nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const auto& [a, b] : pairs) {
      const Board board = full_board(7, a / 7, a % 7, b / 7, b % 7);
      const auto result = solve_board(board);
      if (!result.proven()) state.SkipWithError("not proven");
      slowest_ms = std::max(slowest_ms, result.stats.milliseconds());
      nodes += static_cast<double>(result.stats.nodes);
    }
  }
  state.counters["pairs"] = static_cast<double>(pairs.size());
  state.counters["nodes_per_pair"] = nodes / static_cast<double>(pairs.size());
  state.counters["slowest_ms"] = slowest_ms;
}
BENCHMARK(BM_FootholdsFull7x7AllStartPairs)->Iterations(1)->Unit(benchmark::kMillisecond);

// CPU time of the calling thread in milliseconds: sweeps report the slowest
// single solve, and on a shared machine wall time mostly measures the others.
double thread_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// The sweep on the full 8 x 8 board: every start pair up to symmetry (528
// classes), one solve each. Counters: the slowest single solve in CPU
// milliseconds, its nodes and its start cells (row * 8 + column), nodes per pair.
void BM_FootholdsFull8x8AllStartPairs(benchmark::State& state) {
  const auto pairs = start_pairs_up_to_symmetry(8);
  double slowest_cpu_ms = 0;
  double slowest_nodes = 0;
  std::pair<int, int> slowest_pair{0, 0};
  double nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const auto& [a, b] : pairs) {
      const Board board = full_board(8, a / 8, a % 8, b / 8, b % 8);
      const double before = thread_cpu_ms();
      const auto result = solve_board(board);
      const double cpu_ms = thread_cpu_ms() - before;
      if (!result.proven()) state.SkipWithError("not proven");
      if (cpu_ms > slowest_cpu_ms) {
        slowest_cpu_ms = cpu_ms;
        slowest_nodes = static_cast<double>(result.stats.nodes);
        slowest_pair = {a, b};
      }
      nodes += static_cast<double>(result.stats.nodes);
    }
  }
  state.counters["pairs"] = static_cast<double>(pairs.size());
  state.counters["nodes_per_pair"] = nodes / static_cast<double>(pairs.size());
  state.counters["slowest_cpu_ms"] = slowest_cpu_ms;
  state.counters["slowest_nodes"] = slowest_nodes;
  state.counters["slowest_a"] = slowest_pair.first;
  state.counters["slowest_b"] = slowest_pair.second;
}
BENCHMARK(BM_FootholdsFull8x8AllStartPairs)->Iterations(1)->Unit(benchmark::kMillisecond);

// Full 8 x 8, the three corner pairs (opposite, same side, adjacent corners'
// neighbours) and a spread of other starts, among them the slowest of the
// sweep ((1,1)-(6,6), (1,2)-(6,6), (1,1)-(5,6)): counters give the slowest.
void BM_FootholdsFull8x8Starts(benchmark::State& state) {
  const std::vector<Board> boards =
      state.range(0) == 0
          ? std::vector<Board>{full_board(8, 0, 0, 7, 7), full_board(8, 0, 0, 0, 7), full_board(8, 0, 0, 7, 0)}
          : std::vector<Board>{full_board(8, 3, 3, 4, 4), full_board(8, 3, 3, 3, 4), full_board(8, 2, 2, 5, 5),
                               full_board(8, 0, 3, 7, 4), full_board(8, 1, 1, 6, 6), full_board(8, 3, 3, 3, 3),
                               full_board(8, 1, 2, 6, 6), full_board(8, 1, 1, 5, 6)};
  state.SetLabel(state.range(0) == 0 ? "corners" : "other starts");
  double slowest_ms = 0;
  double nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const Board& board : boards) {
      const auto result = solve_board(board);
      if (!result.proven()) state.SkipWithError("not proven");
      slowest_ms = std::max(slowest_ms, result.stats.milliseconds());
      nodes += static_cast<double>(result.stats.nodes);
    }
  }
  state.counters["boards"] = static_cast<double>(boards.size());
  state.counters["nodes_per_board"] = nodes / static_cast<double>(boards.size());
  state.counters["slowest_ms"] = slowest_ms;
}
BENCHMARK(BM_FootholdsFull8x8Starts)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kMillisecond);

// Full 9 x 9 (81 cells: the two-word bitboard), opposite corners.
void BM_FootholdsFull9x9Corners(benchmark::State& state) { solve_each_iteration(state, full_board(9, 0, 0, 8, 8)); }
BENCHMARK(BM_FootholdsFull9x9Corners)->Iterations(1)->Unit(benchmark::kMillisecond);

// The deep table (#17, table.hpp LayeredTable) off and on, one thread, in
// the same run: the hardest full 8 x 8 starts. Argument: 0 without the
// deep table, 1 with it (the default), 2 with one of 2^12 entries (64 KB).
// Counters: answer, nodes.
void solve_with_deep_table(benchmark::State& state, const Board& board) {
  SearchTuning tuning;
  if (state.range(0) == 0) tuning.deep_entries = 0;
  if (state.range(0) == 2) tuning.deep_entries = std::size_t{1} << 12;
  state.SetLabel(state.range(0) == 0 ? "no deep table" : state.range(0) == 1 ? "deep table" : "deep table of 2^12");
  solve_each_iteration(state, board, tuning);
}
void BM_FootholdsDeepTable8x8Hardest(benchmark::State& state) {
  solve_with_deep_table(state, full_board(8, 1, 1, 6, 6));
}
BENCHMARK(BM_FootholdsDeepTable8x8Hardest)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
void BM_FootholdsDeepTable8x8Second(benchmark::State& state) {
  solve_with_deep_table(state, full_board(8, 1, 2, 6, 6));
}
BENCHMARK(BM_FootholdsDeepTable8x8Second)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
void BM_FootholdsDeepTable8x8Centre(benchmark::State& state) {
  solve_with_deep_table(state, full_board(8, 3, 3, 4, 4));
}
BENCHMARK(BM_FootholdsDeepTable8x8Centre)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
void BM_FootholdsDeepTable9x9Interior(benchmark::State& state) {
  solve_with_deep_table(state, full_board(9, 1, 1, 7, 7));
}
BENCHMARK(BM_FootholdsDeepTable9x9Interior)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kMillisecond);

// The parallel search (#17): the hardest cases at 1 and 2 threads in the
// same run, wall clock. Argument: threads. Counters: answer, nodes (summed
// over the threads), threads that searched. The long ones (full 10 x 10
// corners, about 10 s at one thread; 9 x 9 from (1,1) to (7,7), about a
// minute) run one iteration each.
void solve_on_threads(benchmark::State& state, const Board& board) {
  core::SearchLimits limits;
  limits.threads = static_cast<std::size_t>(state.range(0));
  int answer = -1;
  double nodes = 0;
  double threads = 0;
  for (auto _ : state) {
    const auto result = solve_board(board, limits);
    if (!result.proven()) state.SkipWithError("not proven");
    answer = result.value.value_or(-1);
    nodes = static_cast<double>(result.stats.nodes);
    threads = static_cast<double>(result.stats.threads);
    benchmark::DoNotOptimize(answer);
  }
  state.counters["answer"] = answer;
  state.counters["nodes"] = nodes;
  state.counters["threads"] = threads;
}
void BM_FootholdsThreads8x8Hardest(benchmark::State& state) { solve_on_threads(state, full_board(8, 1, 1, 6, 6)); }
BENCHMARK(BM_FootholdsThreads8x8Hardest)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_FootholdsThreads8x8Second(benchmark::State& state) { solve_on_threads(state, full_board(8, 1, 2, 6, 6)); }
BENCHMARK(BM_FootholdsThreads8x8Second)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_FootholdsThreads8x8Centre(benchmark::State& state) { solve_on_threads(state, full_board(8, 3, 3, 4, 4)); }
BENCHMARK(BM_FootholdsThreads8x8Centre)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_FootholdsThreads9x9Corners(benchmark::State& state) { solve_on_threads(state, full_board(9, 0, 0, 8, 8)); }
BENCHMARK(BM_FootholdsThreads9x9Corners)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_FootholdsThreads10x10Corners(benchmark::State& state) { solve_on_threads(state, full_board(10, 0, 0, 9, 9)); }
BENCHMARK(BM_FootholdsThreads10x10Corners)->Arg(1)->Arg(2)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);
void BM_FootholdsThreads9x9Interior(benchmark::State& state) { solve_on_threads(state, full_board(9, 1, 1, 7, 7)); }
BENCHMARK(BM_FootholdsThreads9x9Interior)->Arg(1)->Arg(2)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

// The 8 x 8 sweep (528 start classes, as BM_FootholdsFull8x8AllStartPairs)
// at 1 and 2 threads, wall clock.
void BM_FootholdsThreads8x8Sweep(benchmark::State& state) {
  core::SearchLimits limits;
  limits.threads = static_cast<std::size_t>(state.range(0));
  const auto pairs = start_pairs_up_to_symmetry(8);
  double nodes = 0;
  double parallel = 0;
  for (auto _ : state) {
    nodes = 0;
    parallel = 0;
    for (const auto& [a, b] : pairs) {
      const auto result = solve_board(full_board(8, a / 8, a % 8, b / 8, b % 8), limits);
      if (!result.proven()) state.SkipWithError("not proven");
      nodes += static_cast<double>(result.stats.nodes);
      parallel += result.stats.threads > 1 ? 1 : 0;
    }
  }
  state.counters["pairs"] = static_cast<double>(pairs.size());
  state.counters["nodes_per_pair"] = nodes / static_cast<double>(pairs.size());
  state.counters["pairs_in_parallel"] = parallel;
}
BENCHMARK(BM_FootholdsThreads8x8Sweep)->Arg(1)->Arg(2)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace boardsearch::footholds
