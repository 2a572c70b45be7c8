// `boardsearch hunt`: the counterexample hunter's command line. Parses,
// checks --out, calls hunt::hunt, prints hunt::print_report; nothing else.
// One subcommand per puzzle (`hunt PUZZLE`), with the hunter's options and
// the puzzle's own, built from its schema; this file names neither.
//
// Exit status: 1 a mismatch was found (with --slow also: an input over the
// limit), 0 none within the budget, 4 none but inconclusive (the hunt was
// bounded by time and its largest input stayed below a quarter of the
// judge's largest: the report says so on its own line), 2 usage errors (thrown as InputError or
// CLI11 parse errors, which main.cpp maps to 2 with one line on stderr and
// nothing on stdout; a COMMAND source that does not compile is one), 130
// interrupted (Ctrl-C, SIGTERM, SIGHUP: every run's processes are killed,
// the report so far is printed). A --out file that passed
// the check before hunting but still cannot be written at the end (a full
// disk) keeps status 1: the report, the minimal input included, is already
// on stdout, so the failure is one more stderr line, not a usage error.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "boardsearch/core/parallel.hpp"
#include "cli/commands.hpp"
#include "cli/hunt_flags.hpp"
#include "cli/lang.hpp"
#include "cli/option_flags.hpp"
#include "hunt/check.hpp"
#include "hunt/hunt.hpp"
#include "hunt/out_file.hpp"
#include "hunt/process_tree.hpp"
#include "hunt/program.hpp"

namespace boardsearch::cli {

namespace {

constexpr int kExitNoMismatch = 0;
constexpr int kExitMismatch = 1;
// Nothing found, but the largest input checked stayed below a quarter of the
// judge's largest and the hunt was bounded by time (not by --cases): no
// evidence for big inputs (HuntOutcome::small_inputs_only).
constexpr int kExitInconclusive = 4;
// The --timeout-ms of --slow when none is given: above the limit, so that a
// run over it is measured rather than cut at once.
constexpr long long kSlowTimeoutFactor = 2;
constexpr long long kSlowTimeoutExtraMs = 1000;
constexpr long long kDefaultMemoryMiB = 1024;
// --limit-ms where the judge problem the options select has no recorded limit.
constexpr std::chrono::milliseconds kDefaultSlowLimit{1000};
// Upper bounds of hunt's own numeric options (the shared ones are in
// cli/hunt_flags.hpp): one day of hunting,
constexpr double kMaxSeconds = 86'400;
// and cases in one --slow input at most (each is a judge-sized case).
constexpr std::uint64_t kMaxSlowCases = 1000;
constexpr std::uint64_t kMaxUint64 = std::numeric_limits<std::uint64_t>::max();

// The same for --seconds: a positive decimal number up to `maximum`.
CLI::Validator positive_decimal(double maximum) {
  return CLI::Validator(
      [maximum](std::string& text) {
        if (!app::parse_positive_decimal(text, maximum)) return app::positive_range_message(text, maximum);
        text = app::canonical_decimal(text);
        return std::string();
      },
      "");
}

// What one `hunt PUZZLE ...` command line says. Only one puzzle's
// subcommand runs per command line, so they all share one.
struct HuntArguments {
  const app::Puzzle* puzzle = nullptr;  // set by the subcommand that ran
  std::vector<std::string> command;
  std::optional<double> seconds;
  std::optional<std::uint64_t> cases;
  std::uint64_t seed = 1;
  std::optional<long long> timeout_ms;  // default 2000 (with --slow: above the limit)
  long long memory_mib = kDefaultMemoryMiB;
  std::optional<unsigned> jobs;        // default: the cores (with --slow: 1)
  std::optional<std::size_t> threads;  // the reference's search threads; default: the cores (with --slow: 1)
  bool slow = false;
  std::optional<long long> limit_ms;  // with --slow; default: the judge's limit (judge_time_limit)
  bool random_only = false;
  std::optional<std::uint64_t> max_cases;  // with --slow: cases per input (default: the puzzle's)
  bool explain = false;
  TypedOptions puzzle_options;          // the puzzle's schema options, as typed
  std::optional<std::string> out_file;  // given, even as '' (refused), or not
  std::optional<std::string> out_dir;
};

// `hunt NAME -- ...` for a NAME that is no puzzle lands here.
struct StrayArguments {
  std::optional<std::string> puzzle;
  std::vector<std::string> command;
};

int run_hunt_command(const HuntArguments& args) {
  const app::Puzzle& puzzle = *args.puzzle;
  hunt::HuntSettings settings;
  settings.puzzle = std::string(puzzle.name);
  settings.command = args.command;
  settings.seconds = args.seconds;
  settings.cases = args.cases;
  settings.seed = args.seed;
  settings.slow = args.slow;
  settings.guided = !args.random_only;
  settings.max_cases = args.max_cases;
  settings.explain = args.explain;
  settings.jobs = args.jobs.value_or(args.slow ? 1U : hunt::default_jobs());
  // --slow measures CPU times: the reference's threads (idle TBB workers
  // spin a little after a solve) stay off the measured program's cores.
  settings.reference_threads =
      std::min(args.threads.value_or(args.slow ? 1 : core::default_search_threads()), core::default_search_threads());
  // Cannot overflow: memory_mib <= kMaxMemoryMiB = 2^20.
  settings.run_limits.memory_bytes = static_cast<std::uint64_t>(args.memory_mib) << 20;
  // The puzzle's values first, then its documents (files are read only
  // once every value is known to be good).
  read_schema_options(puzzle.options, args.puzzle_options, false, settings.options);
  read_schema_options(puzzle.options, args.puzzle_options, true, settings.options);
  // The --slow limit: the judge's own for the judge problem the options select.
  settings.limit = args.limit_ms ? std::chrono::milliseconds(*args.limit_ms)
                                 : hunt::judge_time_limit(puzzle, settings.options, kDefaultSlowLimit);
  settings.retry_starved = args.slow && !args.timeout_ms;
  settings.run_limits.timeout = std::chrono::milliseconds(
      args.timeout_ms.value_or(args.slow ? settings.limit.count() * kSlowTimeoutFactor + kSlowTimeoutExtraMs : 2000));

  // A path that cannot take the minimal input is a usage error now, not
  // after the hunt (and nothing is created or truncated yet).
  if (args.out_file)
    if (const auto problem = hunt::out_file_problem(*args.out_file))
      throw app::InputError(fmt::format("hunt: --out '{}' cannot be written: {}",
                                        app::printable(*args.out_file, app::kShownPathChars), *problem));
  // --out-dir is created (with its parents) if missing.
  if (args.out_dir)
    if (const auto problem = hunt::make_out_dir(*args.out_dir))
      throw app::InputError(fmt::format("hunt: --out-dir '{}' cannot be created: {}",
                                        app::printable(*args.out_dir, app::kShownPathChars), *problem));
  if (args.out_dir)
    for (const char* name : {"min.in", "min.out"})
      if (const auto problem = hunt::out_file_problem(hunt::out_dir_file(*args.out_dir, name)))
        throw app::InputError(fmt::format("hunt: --out-dir '{}' cannot take {}: {}",
                                          app::printable(*args.out_dir, app::kShownPathChars), name, *problem));

  hunt::HuntOutcome outcome;
  {
    const hunt::InterruptGuard on_ctrl_c;
    try {
      settings.command = hunt::runnable_command(args.command, "hunt");
      outcome = hunt::hunt(settings, hunt::ProgressSink{&std::cerr, isatty(STDERR_FILENO) == 1});
    } catch (const hunt::StartError& error) {
      throw app::InputError(fmt::format("hunt: {}", error.what()));
    }
  }
  // The input the files get: the minimal failing one, or with --slow the
  // slowest one found; and its expected answer.
  const bool have_input = outcome.found || outcome.slow_found;
  const std::string& input = outcome.found ? outcome.minimal_input : outcome.slowest_input;
  const std::string& answer = outcome.found ? outcome.minimal_verdict.expected : outcome.slowest_expected;
  // What each file holds names it in the report: "input written to
  // D/min.in", "answer written to D/min.out".
  const std::string_view what_input = outcome.found ? "minimal input" : "slowest input";
  std::vector<std::string> failures;
  std::vector<std::string> written;
  // `what` names the contents in a failure, `shown` in the report line.
  auto write = [&](const std::string& path, const std::string& contents, std::string_view what,
                   std::string_view shown) {
    if (const auto failure = hunt::write_out_file(path, contents))
      failures.push_back(fmt::format("boardsearch: hunt: cannot write the {} to '{}': {}", what,
                                     app::printable(path, app::kShownPathChars), *failure));
    else
      written.push_back(fmt::format("{} written to {}", shown, path));
  };
  if (have_input && args.out_file) write(*args.out_file, input, what_input, "input");
  if (have_input && args.out_dir) {
    write(hunt::out_dir_file(*args.out_dir, "min.in"), input, what_input, "input");
    write(hunt::out_dir_file(*args.out_dir, "min.out"), answer, "expected answer", "answer");
  }
  hunt::print_report(settings, outcome, std::cout);
  for (const std::string& line : written) std::cout << line << '\n';
  std::cout.flush();
  for (const std::string& failure : failures) std::cerr << failure << '\n';
  if (outcome.interrupted) return kExitInterrupted;
  if (outcome.found || outcome.over_limit) return kExitMismatch;
  return outcome.small_inputs_only && !settings.cases ? kExitInconclusive : kExitNoMismatch;
}

// The hunter's own options, the same for every puzzle.
void add_common_options(CLI::App& sub, const app::Puzzle& puzzle, HuntArguments& args) {
  sub.add_option("COMMAND", args.command,
                 "the program to test and its arguments (after --); a .cpp file is compiled as Baekjoon compiles "
                 "C++17 (g++ -O2 -Wall -lm -static -std=gnu++17 -DONLINE_JUDGE -DBOJ; without -static where the "
                 "static libraries are missing), a .py file runs with python3");
  // Every numeric option: plain decimal, range checked on the text (see
  // decimal_integer); the puzzle's options are checked by its schema.
  sub.add_option("--seconds", args.seconds,
                 "time budget in seconds, at most 86400 (default 30 unless --cases); the search stops at 75 % of it, "
                 "the rest is for shrinking")
      ->transform(positive_decimal(kMaxSeconds));
  sub.add_option("--cases", args.cases, "stop after this many cases")->transform(decimal_integer(1, kMaxUint64));
  sub.add_option("--seed", args.seed, "random seed; the same seed gives the same cases (default 1)")
      ->transform(decimal_integer(0, kMaxUint64));
  sub.add_option("--timeout-ms", args.timeout_ms,
                 "per-run timeout in ms, at most 86400000 (default 2000; with --slow twice the limit plus 1000, "
                 "doubled for a run the loaded machine starved)")
      ->transform(decimal_integer(1, kMaxTimeoutMs));
  sub.add_option("--memory-mb", args.memory_mib,
                 "memory of a run's whole process tree in MiB (and each process's address space), 0 for none "
                 "(default 1024)")
      ->transform(decimal_integer(0, kMaxMemoryMiB));
  sub.add_option("-j,--jobs", args.jobs,
                 "programs run at once (default: the number of cores; with --slow 1); with --cases the result "
                 "is the same for every value")
      ->transform(decimal_integer(1, kMaxJobs));
  sub.add_option("--threads", args.threads,
                 "search threads of the reference (boardsearch's own solve of each input), for searches long "
                 "enough to gain from them (default: the cores; with --slow 1)")
      ->transform(decimal_integer(1, core::kMaxSearchThreads));
  sub.add_flag("--slow", args.slow,
               "search inputs within the judge's limits for the one that makes the program slowest (CPU time of "
               "its whole process tree)");
  sub.add_option("--limit-ms", args.limit_ms,
                 fmt::format("with --slow: CPU time in ms over which an input is a failure ({})",
                             hunt::judge_time_limit_help(puzzle, kDefaultSlowLimit)))
      ->transform(decimal_integer(1, kMaxTimeoutMs));
  sub.add_option("--max-cases", args.max_cases,
                 fmt::format("with --slow, for puzzles whose input holds several cases: each input is a file of "
                             "this many copies of one case (default {})",
                             puzzle.hunt.slow_cases))
      ->transform(decimal_integer(1, kMaxSlowCases));
  sub.add_flag(
      "--random-only", args.random_only,
      "with --slow: random judge-sized inputs only, no extremes, corners or climbing (a baseline to compare with)");
  sub.add_flag("--explain", args.explain, "add boardsearch's optimal play on the minimal input to the report");
  sub.add_option("--out", args.out_file, "write the minimal failing input (with --slow: the slowest) to this file");
  sub.add_option("--out-dir", args.out_dir, "write min.in and min.out (the input and its expected answer) here");
}

// `hunt PUZZLE`: the common options, then the puzzle's schema.
void add_puzzle_hunt(CLI::App& hunt_command, const app::Puzzle& puzzle, HuntArguments& args, int& status) {
  CLI::App* sub = hunt_command.add_subcommand(std::string(puzzle.name), std::string(puzzle.title));
  sub->footer(
      fmt::format("The options of {0} go to the reference (and shape the inputs); your program gets its own\n"
                  "through its arguments after --.\nExample: boardsearch hunt {0} --seconds 5 -- ./my_solution",
                  puzzle.name));
  add_common_options(*sub, puzzle, args);
  add_schema_options(*sub, puzzle.options, args.puzzle_options);
  refuse_foreign_options(*sub, puzzle, "hunt: ");
  sub->callback([&args, &status, &puzzle] {
    if (args.command.empty())
      throw app::InputError(
          fmt::format("hunt: missing the program to test (hunt {} [options] -- COMMAND [ARGS...])", puzzle.name));
    if (!args.slow && (args.random_only || args.limit_ms || args.max_cases))
      throw app::InputError("hunt: --limit-ms, --max-cases and --random-only go with --slow");
    args.puzzle = &puzzle;
    status = run_hunt_command(args);
  });
}

}  // namespace

CLI::Validator decimal_integer(std::uint64_t minimum, std::uint64_t maximum) {
  return CLI::Validator(
      [minimum, maximum](std::string& text) {
        const std::optional<std::uint64_t> value = app::parse_decimal_integer(text, minimum, maximum);
        if (!value) return app::integer_range_message(text, minimum, maximum);
        text = std::to_string(*value);
        return std::string();
      },
      "");
}

void add_hunt_command(CLI::App& app, int& status) {
  // Live as long as the CLI11 app (the callbacks run during parse).
  static HuntArguments args;
  static StrayArguments stray;
  CLI::App* hunt_command = app.add_subcommand("hunt", say(app::msg("cli.help.hunt")));
  hunt_command->footer(
      "Usage: boardsearch hunt PUZZLE [options] -- COMMAND [ARGS...]  (options: boardsearch hunt PUZZLE --help)\n"
      "Generates judge inputs for PUZZLE (small inputs first; the puzzle page's samples and traps where\n"
      "the random inputs reach their size), runs COMMAND on each with the input on stdin, and compares\n"
      "its output (whitespace-normalized) with boardsearch's proven answer. The first mismatch (wrong\n"
      "answer, crash, non-zero exit, no output, timeout, memory) is shrunk to a minimal input and printed.\n"
      "--slow searches judge-sized inputs for the slowest one instead (CPU time over --limit-ms fails):\n"
      "the puzzle's extreme families first, then the corners of its knobs, then climbing.\n"
      "COMMAND may be a .cpp file (compiled as Baekjoon compiles C++17: g++ -O2 -Wall -lm -static\n"
      "-std=gnu++17 -DONLINE_JUDGE -DBOJ, cached by content) or a .py file (run with python3).\n"
      "Exit 1: mismatch (or over the limit); 0: none; 4: none, but only inputs far below the judge's\n"
      "largest were checked in the time given (inconclusive); 2: usage error; 130: interrupted.\n"
      "Example: boardsearch hunt PUZZLE --seconds 5 -- ./my_solution");
  for (const app::Puzzle* puzzle : app::all_puzzles()) add_puzzle_hunt(*hunt_command, *puzzle, args, status);
  // A name that is no puzzle is not a subcommand: it lands here, to be
  // reported as such rather than as CLI11's "arguments were not expected".
  hunt_command->add_option("PUZZLE", stray.puzzle, app::puzzle_names());
  hunt_command->add_option("COMMAND", stray.command, "the program to test and its arguments (after --)");
  hunt_command->callback([hunt_command] {
    if (!hunt_command->get_subcommands().empty()) return;
    if (stray.puzzle)
      throw app::InputError(
          fmt::format("hunt: unknown puzzle '{}' (puzzles: {})", app::printable(*stray.puzzle), app::puzzle_names()));
    throw app::InputError(fmt::format(
        "hunt: missing the puzzle (hunt PUZZLE [options] -- COMMAND [ARGS...]; puzzles: {})", app::puzzle_names()));
  });
}

}  // namespace boardsearch::cli
