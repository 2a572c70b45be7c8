#pragma once
#include "boardsearch/app/puzzle.hpp"
#include "games/sudoku/search.hpp"

namespace boardsearch::sudoku {

// Sudoku as front ends see it (name, judges, options, solve, hunt cases, bench).
const app::Puzzle& puzzle();

// What the options ask (puzzle.cpp): the judge's answer form, the goal,
// --max-count, and the bulk file's text (nullptr without --bulk; it points
// into `options`, which must outlive the Question). Throws
// app::InputError for options that do not go together.
struct Question {
  bool smallest_judge = false;  // --judge 2239
  Goal goal = Goal::any;
  Count max_count = 0;
  const std::string* bulk = nullptr;
};
Question question_of(const app::OptionValues& options);

// The fixed positions of `boardsearch bench` (bench.cpp).
std::span<const app::BenchPosition> bench_positions();
// Inputs one step beyond the judge's limits, for --strict's checks (bench.cpp).
std::span<const app::BenchPosition> beyond_judge_limits();
// The check of a solve's report for the conformance suite (state_checks.cpp).
std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report);
// The state checks (state_checks.cpp): propagation keeps a known completion.
std::size_t check_states(std::uint64_t seed);
// A random full grid of n x n boxes (state_checks.cpp; the hunt cases and
// the state checks draw from it): a pattern grid shuffled by the moves that
// keep the rules (numbers relabelled, rows within bands, bands, columns
// within stacks, stacks, transposition).
Grid random_full_grid(int box, core::SplitMix64& rng);

}  // namespace boardsearch::sudoku
