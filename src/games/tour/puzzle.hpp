#pragma once
#include "boardsearch/app/puzzle.hpp"
#include "games/tour/search.hpp"

namespace boardsearch::tour {

// The tour puzzle as front ends see it (name, options, solve).
const app::Puzzle& puzzle();

// The fixed positions of `boardsearch bench` (bench.cpp).
std::span<const app::BenchPosition> bench_positions();
// Inputs one step beyond the judge's limits, for --strict's checks (bench.cpp).
std::span<const app::BenchPosition> beyond_judge_limits();

// What puzzle().solve does, with the threads given here instead of from
// request.limits.threads (tests force the parallel path with a trial of 0).
app::SolveReport solve_cases(const app::SolveRequest& request, const TourThreads& threads);

}  // namespace boardsearch::tour
