// `boardsearch hunt`: the counterexample hunter's command line. Parses,
// calls hunt::hunt, prints hunt::print_report; nothing else.
//
// Exit status: 1 a mismatch was found, 0 none within the budget, 2 usage
// errors (thrown as InputError, which main.cpp maps to 2).

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <utility>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "cli/commands.hpp"
#include "hunt/hunt.hpp"

namespace boardsearch::cli {

namespace {

constexpr int kExitNoMismatch = 0;
constexpr int kExitMismatch = 1;
constexpr long long kDefaultMemoryMiB = 1024;

// CLI11's own range validators print their whole numeric range; say it plainly.
CLI::Validator at_least(double minimum, std::string name) {
  return CLI::Validator(
      [minimum](const std::string& text) {
        double value = 0;
        return CLI::detail::lexical_cast(text, value) && value >= minimum
                   ? std::string()
                   : fmt::format("must be a number >= {}, found '{}'", minimum, text);
      },
      std::move(name));
}

struct HuntArguments {
  std::string puzzle;
  std::vector<std::string> command;
  std::optional<double> seconds;
  std::optional<std::uint64_t> cases;
  std::uint64_t seed = 1;
  long long timeout_ms = 2000;
  long long memory_mib = kDefaultMemoryMiB;
  std::optional<long long> moves;
  std::optional<long long> pieces;
  std::string out_file;
};

int run_hunt_command(const HuntArguments& args) {
  hunt::HuntSettings settings;
  settings.puzzle = args.puzzle;
  settings.command = args.command;
  settings.seconds = args.seconds;
  settings.cases = args.cases;
  settings.seed = args.seed;
  settings.run_limits.timeout = std::chrono::milliseconds(args.timeout_ms);
  settings.run_limits.memory_bytes = static_cast<std::uint64_t>(args.memory_mib) << 20;
  settings.options.moves = args.moves;
  settings.options.pieces = args.pieces;

  hunt::HuntOutcome outcome;
  try {
    outcome = hunt::hunt(settings, hunt::ProgressSink{&std::cerr, isatty(STDERR_FILENO) == 1});
  } catch (const hunt::StartError& error) {
    throw app::InputError(fmt::format("hunt: {}", error.what()));
  }
  hunt::print_report(settings, outcome, std::cout);
  if (outcome.found && !args.out_file.empty()) {
    std::ofstream file(args.out_file, std::ios::binary);
    file << outcome.minimal_input;
    if (!file.flush()) throw app::InputError(fmt::format("hunt: cannot write '{}'", args.out_file));
    std::cout << "input written to " << args.out_file << '\n';
  }
  std::cout.flush();
  return outcome.found ? kExitMismatch : kExitNoMismatch;
}

}  // namespace

void add_hunt_command(CLI::App& app, int& status) {
  // Lives as long as the CLI11 app (the callback runs during parse).
  static HuntArguments args;
  const CLI::Validator positive(
      [](const std::string& text) {
        double value = 0;
        return CLI::detail::lexical_cast(text, value) && value > 0 ? std::string()
                                                                   : "must be a positive number, found '" + text + "'";
      },
      "POSITIVE");
  CLI::App* sub = app.add_subcommand("hunt", "find an input on which a program's answer is wrong, and shrink it");
  sub->footer(
      "Generates judge inputs for PUZZLE (small inputs first; the puzzle page's samples and traps where\n"
      "the random inputs reach their size), runs COMMAND on each with the input on stdin, and compares\n"
      "its output (whitespace-normalized) with boardsearch's proven answer. The first mismatch (wrong\n"
      "answer, crash, non-zero exit, no output, timeout) is shrunk to a minimal input and printed.\n"
      "Exit 1: mismatch; 0: none; 2: usage error.\n"
      "Example: boardsearch hunt 2048 --seconds 5 -- ./my_solution");
  sub->add_option("PUZZLE", args.puzzle, "2048, tour, footholds or yut")->required();
  sub->add_option("COMMAND", args.command, "the program to test and its arguments (after --)");
  sub->add_option("--seconds", args.seconds, "time budget in seconds (default 10 unless --cases is given)")
      ->check(positive);
  sub->add_option("--cases", args.cases, "stop after this many cases")->check(positive);
  sub->add_option("--seed", args.seed, "random seed; the same seed gives the same cases (default 1)");
  sub->add_option("--timeout-ms", args.timeout_ms, "per-run timeout in milliseconds (default 2000)")
      ->check(at_least(1, "POSITIVE"));
  sub->add_option("--memory-mb", args.memory_mib, "address-space cap per run in MiB, 0 for none (default 1024)")
      ->check(at_least(0, "NONNEGATIVE"));
  sub->add_option("--moves", args.moves, "2048: number of moves K for the reference answer");
  sub->add_option("--pieces", args.pieces, "yut: number of pieces P (generalized game: dice count varies)");
  sub->add_option("--out", args.out_file, "write the minimal failing input to this file");
  sub->callback([&status] {
    if (args.command.empty())
      throw app::InputError("hunt: missing the program to test (hunt PUZZLE [options] -- COMMAND [ARGS...])");
    status = run_hunt_command(args);
  });
}

}  // namespace boardsearch::cli
