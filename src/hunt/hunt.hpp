#pragma once
// The counterexample hunter: generates judge inputs for a puzzle, runs the
// user's program on each, compares with boardsearch's proven answer, and
// shrinks the first failing input to a minimal one. It knows no puzzle: the
// inputs are the puzzle's own (Puzzle::hunt, judge text both ways).
//
//   puzzle.hunt.generate: case 1, 2, 3, ...  (edge cases first, then random, growing;
//        |                 bounded by time, the puzzle's extreme inputs from half the budget)
//        v
//   Checker::check: reference answer (Puzzle::solve) vs the program's stdout,
//                   compared by app::output_accepted
//        |  first mismatch
//        v
//   greedy_shrink over puzzle.hunt.shrink: take the first smaller candidate
//                  that fails the same way, repeat until no single step
//                  keeps the failure
//
// Everything is deterministic for a given seed (as long as the program is),
// with --cases for every -j: cases are checked in batches of `jobs` and
// read in case order, shrinking candidates likewise. A hunt that finds
// nothing on inputs below a quarter of the judge's largest says so
// (HuntOutcome::small_inputs_only).
//
// --slow searches inputs within the judge's limits for the one that makes
// the program slowest by CPU time of its process tree above its start-up:
// the puzzle's extreme families first (HuntCases::extremes), then the
// corners of the knob space (HuntCases::judge_sized), then climbing from
// the slowest inputs (knob steps, HuntCases::mutate and harden).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "hunt/runner.hpp"

namespace boardsearch::hunt {

// Budget when neither --seconds nor --cases is given: long enough that a
// Python program (0.2-0.45 s of start-up per run here) reaches inputs of a
// quarter of the judge's largest in every puzzle on a 2-core machine.
constexpr double kDefaultSeconds = 30.0;
// A largest input checked below 1 / kEvidenceFraction of the judge's
// largest is no evidence for big inputs (HuntOutcome::small_inputs_only).
constexpr std::uint64_t kEvidenceFraction = 4;

// The default number of programs run at once: the machine's cores.
unsigned default_jobs();

struct HuntSettings {
  std::string puzzle;                  // a name from app::all_puzzles()
  std::vector<std::string> command;    // the program and its arguments
  std::optional<double> seconds;       // stop after this long (default kDefaultSeconds unless `cases` is set)
  std::optional<std::uint64_t> cases;  // stop after this many cases
  std::uint64_t seed = 1;
  RunLimits run_limits;
  // The puzzle's options as the user gave them (read against its schema,
  // app::read_option_text): they shape the generated inputs and go to the
  // reference. Defaults are the puzzle's own.
  app::OptionValues options;
  unsigned jobs = 1;  // programs run at once (checks and shrinking)
  // Search threads of each reference solve (SearchLimits::threads; the
  // puzzle uses them only for a search long enough to gain from them).
  std::size_t reference_threads = 1;
  // --slow: search for the slowest input within the judge's limits, over
  // `limit` of CPU time counting as a failure; `guided` off draws random
  // knobs only (the baseline the guided search is measured against).
  // `retry_starved`: the timeout is the default, not the user's, and a run
  // the machine starved is run again longer (Checker::retry_starved_runs).
  bool slow = false;
  std::chrono::milliseconds limit{1000};
  bool retry_starved = false;
  bool guided = true;
  // --slow: every input is a file of this many copies of one case
  // (HuntCases::join; 1 for a puzzle without it); unset: the puzzle's
  // HuntCases::slow_cases.
  std::optional<std::uint64_t> max_cases;
  bool explain = false;  // the report adds the reference's optimal play on the minimal input
};

// What a program did wrong on one input.
enum class MismatchKind { wrong_answer, no_output, nonzero_exit, crash, timeout, memory_limit };
std::string_view to_string(MismatchKind kind);

// The result of checking one input.
struct Verdict {
  bool skipped = false;  // the reference hit its limit: nothing is known
  bool cut = false;      // --seconds ran out or an interrupt came during the check: no verdict
  std::string skip_reason;
  std::optional<MismatchKind> mismatch;  // empty: the program passed (or skipped)
  std::string expected;                  // the reference's judge output
  RunResult run;                         // what the program did (not set when skipped)
};

// A run killed at the timeout whose CPU time is below this share of its
// wall-clock time was mostly not running: it was blocked (a hang), and a
// longer run would not tell more.
constexpr double kBlockedCpuShare = 0.1;

// Runs the reference and the program on inputs and classifies the outcome;
// an output is right when app::output_accepted says so (so a puzzle that
// accepts several answers never has a right one called wrong). Verdicts are
// memoized by input text (shrinking revisits candidates; programs are
// assumed deterministic).
class Checker {
 public:
  // The reference gets this many nodes and seconds per input; beyond them
  // the input is skipped (and counted as such), never guessed.
  static constexpr std::uint64_t kReferenceMaxNodes = 2'000'000'000;
  static constexpr double kReferenceSeconds = 20.0;

  // `reference_threads`: SearchLimits::threads of each reference solve.
  Checker(const app::Puzzle& puzzle, app::OptionValues options, std::vector<std::string> command, RunLimits limits,
          std::size_t reference_threads = 1);

  // Checks one judge-format input. Throws app::InputError if the reference
  // rejects the input (a generator bug, or a solver not available) and
  // StartError if the program cannot be started. Thread-safe. A cut
  // verdict is not kept (the input may be checked again).
  Verdict check(const std::string& input);
  // Runs the program once more on an input already checked (to confirm a
  // time), memo untouched.
  RunResult rerun(const std::string& input);
  // From now on, a run the machine starved (killed at the wall-clock
  // timeout with at most `cpu_limit` of CPU time, and not blocked: it ran
  // a tenth of the time or more) is run again with twice the timeout, up to
  // kStarvedRetries times: on a loaded machine a program may get a tenth
  // of a core, and whether its CPU time passes `cpu_limit` is unknown.
  static constexpr int kStarvedRetries = 4;
  void retry_starved_runs(std::chrono::microseconds cpu_limit) { starved_below_ = cpu_limit; }
  // check() of every input, `jobs` at a time; verdicts in input order.
  std::vector<Verdict> check_all(const std::vector<std::string>& inputs, unsigned jobs);

  std::uint64_t program_runs() const { return program_runs_.load(); }

 private:
  const app::Puzzle& puzzle_;
  app::OptionValues options_;
  std::vector<std::string> command_;
  RunLimits limits_;
  std::size_t reference_threads_;
  std::optional<std::chrono::microseconds> starved_below_;  // retry_starved_runs
  std::atomic<std::uint64_t> program_runs_ = 0;
  RunResult run_once(const std::string& input);
  std::mutex memo_mutex_;
  std::map<std::string, Verdict, std::less<>> memo_;
};

// Runs body(0) ... body(count - 1) on up to `jobs` threads (inline for one);
// the first exception thrown is rethrown once all have finished.
void parallel_for(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& body);

struct HuntOutcome {
  std::uint64_t cases_passed = 0;
  std::uint64_t cases_skipped = 0;
  std::chrono::milliseconds elapsed{0};
  bool found = false;
  // When found:
  std::uint64_t failing_case = 0;  // the case that failed first, counted from 1 as reports do
  std::string failing_input;       // that case, as generated
  std::string minimal_input;       // after shrinking
  std::string minimal_summary;     // the puzzle's words for it, e.g. "board 3x3 with 2 tiles"
  Verdict minimal_verdict;
  std::uint64_t shrink_steps = 0;     // accepted shrinking steps
  std::uint64_t shrink_runs = 0;      // program runs spent shrinking
  bool shrink_stopped_early = false;  // hit kMaxShrinkRuns (engine.hpp)
  bool shrink_cut = false;            // --seconds ran out (or an interrupt) before shrinking ended
  std::chrono::milliseconds shrink_elapsed{0};
  // The largest input checked (HuntCases::size, else bytes) and its summary.
  std::uint64_t largest_size = 0;
  std::string largest_summary;
  bool interrupted = false;  // Ctrl-C (or SIGTERM, SIGHUP) stopped the hunt
  // --slow: the slowest input (confirmed by a second run), its CPU time,
  // and whether it is over the limit (found is false then: no mismatch).
  bool slow_found = false;
  bool over_limit = false;
  std::string slowest_input;
  std::string slowest_summary;
  std::string slowest_expected;              // the reference's answer to it
  std::chrono::microseconds slowest_cpu{0};  // the median of its runs
  int slowest_runs = 0;
  std::string slowest_found_by;  // the stage that drew it, e.g. "extreme family 'full 5 x 5, opposite corners'"
  std::uint64_t candidates_measured = 0;
  // --slow: the program's start-up, its CPU time on the smallest input
  // (the median of a few runs), reported apart.
  bool startup_measured = false;
  std::chrono::microseconds startup_cpu{0};
  std::string startup_summary;
  // The largest input checked is below a quarter of the judge's largest
  // (HuntCases::judge_max_size): the report says this run is no evidence
  // for big inputs, and a hunt bounded by time exits "inconclusive".
  bool small_inputs_only = false;
};

// Where the hunter reports progress (stderr in the CLI). `live` rewrites one
// status line with '\r' (a terminal); otherwise it prints a line at most
// every second.
struct ProgressSink {
  std::ostream* stream = nullptr;  // nullptr: quiet
  bool live = false;
};

// Runs the hunt. Throws app::InputError for usage problems (unknown puzzle,
// an option the puzzle does not take, a puzzle without an input generator, a
// reference that rejects the options) and StartError when the program cannot
// be started.
HuntOutcome hunt(const HuntSettings& settings, ProgressSink progress = {});

// The human report on stdout: on a mismatch the minimal input, the expected
// output and what the program did; otherwise how many cases passed. Both
// name the seed and the puzzle options used (defaults marked), which is
// what reproduces the hunt.
void print_report(const HuntSettings& settings, const HuntOutcome& outcome, std::ostream& out);

// When outcome.small_inputs_only: one line saying the largest input checked
// and the judge's largest, "this run is no evidence for big inputs"
// (print_report prints it; "" otherwise).
void print_evidence_warning(const HuntSettings& settings, const HuntOutcome& outcome, std::ostream& out);

// "options: --k 3, --p 4 (default)\n": every option of the puzzle's schema
// that has a value, as it would be typed, defaults marked; "" when none.
std::string options_line(const app::Puzzle& puzzle, const app::OptionValues& options);

// The classification of one finished run against `expected` (nullopt: it
// passed). Precondition: run.ending is not cut.
std::optional<MismatchKind> classify_run(const app::Puzzle& puzzle, const std::string& input,
                                         const app::OptionValues& options, const std::string& expected,
                                         const RunResult& run);

// The first line where two outputs differ once normalized, as
// "line 2: expected 'Case 2: 3', got 'Case 2: 4'"; "" when none does.
std::string first_difference(std::string_view expected, std::string_view output);

}  // namespace boardsearch::hunt
