#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::yut {

// The yut puzzle as front ends see it (name, options, solve).
const app::Puzzle& puzzle();

// The fixed positions of `boardsearch bench` (bench.cpp).
std::span<const app::BenchPosition> bench_positions();
// Inputs one step beyond the judge's limits, for --strict's checks (bench.cpp).
std::span<const app::BenchPosition> beyond_judge_limits();
// The replay of a solve's plan for the conformance suite (state_checks.cpp).
std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report);

}  // namespace boardsearch::yut
