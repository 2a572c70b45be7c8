#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::queens {

// N-Queens as front ends see it (name, judge, solve, hunt cases, bench).
const app::Puzzle& puzzle();

// The fixed positions of `boardsearch bench` (bench.cpp).
std::span<const app::BenchPosition> bench_positions();
// Inputs one step beyond the judge's limits, for --strict's checks (bench.cpp).
std::span<const app::BenchPosition> beyond_judge_limits();
// The check of a solve's report for the conformance suite (state_checks.cpp).
std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report);

}  // namespace boardsearch::queens
