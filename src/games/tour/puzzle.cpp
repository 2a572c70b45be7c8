// The tour as front ends see it: its description (app::Puzzle); solving the
// cases of an input is cases.cpp.
#include "games/tour/puzzle.hpp"

#include <algorithm>
#include <array>

#include "games/tour/cases.hpp"
#include "games/tour/hunt_cases.hpp"
#include "games/tour/strict.hpp"

namespace boardsearch::tour {

namespace {

app::SolveReport solve(const app::SolveRequest& request) {
  TourThreads threads;
  threads.threads = std::max<std::size_t>(request.limits.threads, 1);
  return solve_cases(request, threads);
}

}  // namespace

// Last field: the judge's time limit in ms as its page states it (0: none recorded).
constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 9944", "NxM 보드 완주하기", "", 0},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"N, M (board rows, columns)", 1, 30},
    app::JudgeLimit{"move paths per case", 0, 1'000'000},
};

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "tour",
      .title = "Board tour (sliding ball): fewest steps to visit every empty cell",
      .title_ko = "NxM 보드 완주하기",
      .description =
          "Input: cases until end of input, each a line 'N M' (1 <= N, M <= 64) and N rows of M characters "
          "'.' (empty) or '*' (obstacle). Output 'Case k: v' per case: the fewest steps of a sliding-ball tour that "
          "visits every empty cell, over every start cell, or -1 if none exists. --explain shows the start, the "
          "directions and the board with the step at which each cell was visited (rows and columns count from 0). "
          "Cases are read and solved one at a time; without --explain and --json each case's line is printed as "
          "soon as it is proven, so a limit in a later case leaves the earlier cases' proven lines on stdout.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = {},
      .solve = &solve,
      .check_strict = &check_strict,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
      .check_states = &check_states,
      .check_report = &check_report,
  };
  return instance;
}

}  // namespace boardsearch::tour

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_tour() { return tour::puzzle(); }
}  // namespace boardsearch::app::modules
