#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::game2048 {

// The 2048 puzzle as front ends see it (name, options, solve).
const app::Puzzle& puzzle();

// The fixed positions of `boardsearch bench` (bench.cpp).
std::span<const app::BenchPosition> bench_positions();
// Inputs one step beyond the judge's limits, for --strict's checks (bench.cpp).
std::span<const app::BenchPosition> beyond_judge_limits();
// The replay of a solve's line for the conformance suite (state_checks.cpp).
std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report);
// The search state's own checks for the conformance suite (state_checks.cpp).
std::size_t check_states(std::uint64_t seed);

}  // namespace boardsearch::game2048
