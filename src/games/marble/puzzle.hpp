#pragma once
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::marble {

// Marble escape as front ends see it (name, judges, options, solve, accepts,
// hunt cases).
const app::Puzzle& puzzle();

// The fixed positions of `boardsearch bench` (bench.cpp).
std::span<const app::BenchPosition> bench_positions();
// Inputs one step beyond the judge's limits, for --strict's checks (bench.cpp).
std::span<const app::BenchPosition> beyond_judge_limits();

}  // namespace boardsearch::marble
