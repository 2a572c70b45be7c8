#pragma once
#include "boardsearch/app/puzzle.hpp"
#include "games/sliding/search.hpp"

namespace boardsearch::sliding {

// The sliding-tile puzzle as front ends see it (name, judge, options,
// solve, hunt cases, bench).
const app::Puzzle& puzzle();

// What the options ask (puzzle.cpp): the goal, the tables, --bulk,
// --build-tables. Throws app::InputError for values the schema refuses.
struct Question {
  SolveOptions solve;
  bool bulk = false;
  bool build_tables = false;
};
Question question_of(const app::OptionValues& given);

// The fixed positions of `boardsearch bench` (bench.cpp).
std::span<const app::BenchPosition> bench_positions();
// Inputs one step beyond the judge's limits, for --strict's checks (bench.cpp).
std::span<const app::BenchPosition> beyond_judge_limits();
// The check of a solve's report for the conformance suite, and the
// search state's apply/undo check (state_checks.cpp).
std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report);
std::size_t check_states(std::uint64_t seed);

}  // namespace boardsearch::sliding
