#pragma once
// `boardsearch check`: runs a program on a folder of judge tests (NAME.in,
// with NAME.out as the expected answer, or boardsearch's proven answer when
// there is none), one line per case and a count at the end; or writes
// boardsearch's answers as NAME.out for every NAME.in (--write-answers).
// Outputs are compared as hunt compares them (classify_run). Knows no
// puzzle.

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "boardsearch/app/options.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "hunt/runner.hpp"

namespace boardsearch::hunt {

struct CheckSettings {
  std::string puzzle;                // a name from app::all_puzzles()
  std::vector<std::string> paths;    // folders or .in files
  std::vector<std::string> command;  // the program (runnable already); empty with write_answers
  app::OptionValues options;         // the puzzle's, read against its schema
  RunLimits run_limits;
  unsigned jobs = 1;
  std::size_t reference_threads = 1;  // SearchLimits::threads of each reference solve
  bool write_answers = false;
};

// One test: the path of its input and the name it is shown by (the path
// without ".in").
struct TestCase {
  std::string input_path;
  std::string name;
};

// The judge problem that `options` (the puzzle's, as given) select: the one
// whose settings agree with them, defaults filled in, on every option that
// any judge problem of the puzzle names ("--moves 5" selects the judge
// problem whose settings are "--moves 5"; options no judge problem names do
// not matter). nullptr when the options select none ("--moves 7").
const app::JudgeProblem* selected_judge(const app::Puzzle& puzzle, const app::OptionValues& options);

// The time a run gets by default: the selected judge problem's own limit,
// or `fallback` where none is selected or it publishes none.
std::chrono::milliseconds judge_time_limit(const app::Puzzle& puzzle, const app::OptionValues& options,
                                           std::chrono::milliseconds fallback);

// The default as --help states it, e.g. "default: the judge's limit, 1000 ms
// for Baekjoon NNNNN; 2000 ms where none is recorded", or "default 2000; no
// judge time limit is recorded" for a puzzle whose judges have none.
std::string judge_time_limit_help(const app::Puzzle& puzzle, std::chrono::milliseconds fallback);

// The tests under `paths`: each folder's NAME.in files in name order, each
// .in file as given. Throws app::InputError for a path that is neither, or
// when no test is found.
std::vector<TestCase> find_tests(const std::vector<std::string>& paths);

// Runs the check, printing one line per case and the count last. Returns
// the exit status: 0 every case passed (or every answer was written), 1
// otherwise. Throws app::InputError for usage problems, StartError when the
// program cannot be started.
int run_check(const CheckSettings& settings, std::ostream& out);

}  // namespace boardsearch::hunt
