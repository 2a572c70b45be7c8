#pragma once
// The counterexample hunter: generates judge inputs for a puzzle, runs the
// user's program on each, compares with boardsearch's proven answer, and
// shrinks the first failing input to a minimal one.
//
//   generate case 0, 1, 2, ...  (edge cases first, then random, growing)
//        |
//        v
//   Checker::check: reference answer (Puzzle::solve) vs the program's stdout
//        |  first mismatch
//        v
//   greedy_shrink: take the first smaller candidate that fails the same way,
//                  repeat until no single step keeps the failure
//
// Everything is deterministic for a given seed (as long as the program is).

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "hunt/runner.hpp"

namespace boardsearch::hunt {

// Budget when neither --seconds nor --cases is given.
constexpr double kDefaultSeconds = 10.0;

struct HuntSettings {
  std::string puzzle;                  // "2048", "tour", "footholds", "yut"
  std::vector<std::string> command;    // the program and its arguments
  std::optional<double> seconds;       // stop after this long (default 10 s unless `cases` is set)
  std::optional<std::uint64_t> cases;  // stop after this many cases
  std::uint64_t seed = 1;
  RunLimits run_limits;
  app::PuzzleOptions options;  // --moves / --pieces: generation and reference
};

// What a program did wrong on one input.
enum class MismatchKind { wrong_answer, no_output, nonzero_exit, crash, timeout };
std::string_view to_string(MismatchKind kind);

// The result of checking one input.
struct Verdict {
  bool skipped = false;  // the reference hit its limit: nothing is known
  std::string skip_reason;
  std::optional<MismatchKind> mismatch;  // empty: the program passed (or skipped)
  std::string expected;                  // the reference's judge output
  RunResult run;                         // what the program did (not set when skipped)
};

// Whitespace-normalized output: each line trimmed, runs of blanks inside a
// line collapsed to one space, blank lines dropped. Two outputs match when
// their normalized forms are equal.
std::string normalize_output(std::string_view text);

// Runs the reference and the program on inputs and classifies the outcome.
// The reference's answers are memoized by input text, and so are verdicts
// (shrinking revisits candidates; programs are assumed deterministic).
class Checker {
 public:
  // The reference gets this many nodes and seconds per input; beyond them
  // the input is skipped (and counted as such), never guessed.
  static constexpr std::uint64_t kReferenceMaxNodes = 2'000'000'000;
  static constexpr double kReferenceSeconds = 20.0;

  Checker(const app::Puzzle& puzzle, app::PuzzleOptions options, std::vector<std::string> command, RunLimits limits);

  // Checks one judge-format input. Throws app::InputError if the reference
  // rejects the input (a generator bug, or a solver not available) and
  // StartError if the program cannot be started.
  const Verdict& check(const std::string& input);

  std::uint64_t program_runs() const { return program_runs_; }

 private:
  const app::Puzzle& puzzle_;
  app::PuzzleOptions options_;
  std::vector<std::string> command_;
  RunLimits limits_;
  std::uint64_t program_runs_ = 0;
  std::map<std::string, Verdict, std::less<>> memo_;
};

struct HuntOutcome {
  std::uint64_t cases_passed = 0;
  std::uint64_t cases_skipped = 0;
  std::chrono::milliseconds elapsed{0};
  bool found = false;
  // When found:
  std::uint64_t failing_case = 0;  // index of the generated case that failed first
  std::string failing_input;       // that case, as generated
  std::string minimal_input;       // after shrinking
  std::string minimal_summary;     // e.g. "2048 board 3x3 with 2 tiles"
  Verdict minimal_verdict;
  std::uint64_t shrink_steps = 0;     // accepted shrinking steps
  std::uint64_t shrink_runs = 0;      // program runs spent shrinking
  bool shrink_stopped_early = false;  // hit kMaxShrinkRuns (engine.hpp)
};

// Where the hunter reports progress (stderr in the CLI). `live` rewrites one
// status line with '\r' (a terminal); otherwise it prints a line at most
// every second.
struct ProgressSink {
  std::ostream* stream = nullptr;  // nullptr: quiet
  bool live = false;
};

// Runs the hunt. Throws app::InputError for usage problems (unknown puzzle,
// an option the puzzle does not take, a reference that rejects the options)
// and StartError when the program cannot be started.
HuntOutcome hunt(const HuntSettings& settings, ProgressSink progress = {});

// The human report on stdout: on a mismatch the minimal input, the expected
// output and what the program did; otherwise how many cases passed.
void print_report(const HuntSettings& settings, const HuntOutcome& outcome, std::ostream& out);

}  // namespace boardsearch::hunt
