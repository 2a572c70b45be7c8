// `boardsearch check`: the judge-test runner's command line. Parses, calls
// hunt::run_check, returns its status; nothing else. One subcommand per
// puzzle (`check PUZZLE`), with the puzzle's own options built from its
// schema; this file names neither.
//
// Exit status: 0 every case passed (or, with --write-answers, every answer
// was written), 1 otherwise, 2 usage errors (one line on stderr, nothing on
// stdout; a COMMAND source that does not compile is one), 130 interrupted.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "boardsearch/core/parallel.hpp"
#include "cli/commands.hpp"
#include "cli/hunt_flags.hpp"
#include "cli/lang.hpp"
#include "cli/option_flags.hpp"
#include "hunt/check.hpp"
#include "hunt/hunt.hpp"
#include "hunt/process_tree.hpp"
#include "hunt/program.hpp"

namespace boardsearch::cli {

namespace {

// --timeout-ms where the judge problem the options select has no recorded limit.
constexpr std::chrono::milliseconds kDefaultTimeout{2000};

// Whether `word` (no '/') names an executable file in a folder of $PATH: a
// program such as python3, so the start of COMMAND, not a mistyped PATH.
bool on_search_path(const std::string& word) {
  const char* search = std::getenv("PATH");
  if (search == nullptr || word.find('/') != std::string::npos) return false;
  std::string_view folders(search);
  while (!folders.empty()) {
    const std::size_t colon = folders.find(':');
    const std::string_view folder = folders.substr(0, colon);
    const std::string candidate = std::string(folder.empty() ? "." : folder) + "/" + word;
    if (::access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate)) return true;
    if (colon == std::string_view::npos) break;
    folders.remove_prefix(colon + 1);
  }
  return false;
}

// Whether the first positional word `word` is meant as a PATH: a folder, a
// .in name, or a name that exists nowhere (a mistyped folder: find_tests
// then says so, rather than "PATH is required"). An existing file or a
// program on $PATH starts COMMAND (`check PUZZLE -- ./prog` has no PATH).
bool meant_as_path(const std::string& word, bool first) {
  std::error_code error;
  if (std::filesystem::is_directory(word, error) || word.ends_with(".in")) return true;
  return first && !std::filesystem::exists(word, error) && !on_search_path(word);
}

struct CheckArguments {
  const app::Puzzle* puzzle = nullptr;
  std::vector<std::string> paths;
  std::vector<std::string> command;
  std::optional<long long> timeout_ms;  // default: the judge's limit (judge_time_limit)
  long long memory_mib = 1024;
  std::optional<unsigned> jobs;
  std::optional<std::size_t> threads;  // the reference's search threads; default: the cores
  bool write_answers = false;
  TypedOptions puzzle_options;
  std::vector<std::string> taken_paths;  // the words PATH took while parsing
};

int run_check_command(const CheckArguments& args) {
  hunt::CheckSettings settings;
  settings.puzzle = std::string(args.puzzle->name);
  settings.paths = args.paths;
  settings.write_answers = args.write_answers;
  settings.jobs = args.jobs.value_or(hunt::default_jobs());
  settings.reference_threads =
      std::min(args.threads.value_or(core::default_search_threads()), core::default_search_threads());
  settings.run_limits.memory_bytes = static_cast<std::uint64_t>(args.memory_mib) << 20;
  read_schema_options(args.puzzle->options, args.puzzle_options, false, settings.options);
  read_schema_options(args.puzzle->options, args.puzzle_options, true, settings.options);
  settings.run_limits.timeout = args.timeout_ms
                                    ? std::chrono::milliseconds(*args.timeout_ms)
                                    : hunt::judge_time_limit(*args.puzzle, settings.options, kDefaultTimeout);
  hunt::find_tests(settings.paths);  // usage errors before anything runs
  const hunt::InterruptGuard on_ctrl_c;
  int status = 0;
  try {
    if (!args.write_answers) settings.command = hunt::runnable_command(args.command, "check");
    status = hunt::run_check(settings, std::cout);
  } catch (const hunt::StartError& error) {
    throw app::InputError(fmt::format("check: {}", error.what()));
  }
  std::cout.flush();
  return hunt::interrupted().load() ? kExitInterrupted : status;
}

void add_puzzle_check(CLI::App& check_command, const app::Puzzle& puzzle, CheckArguments& args, int& status) {
  CLI::App* sub = check_command.add_subcommand(std::string(puzzle.name), std::string(puzzle.title));
  sub->footer(
      fmt::format("Example: boardsearch check {0} tests/ -- ./my_solution\n"
                  "         boardsearch check {0} tests/ --write-answers",
                  puzzle.name));
  CLI::Option* paths = sub->add_option("PATH", args.paths, "folders of NAME.in (and NAME.out) files, or .in files");
  CLI::Option* command =
      sub->add_option("COMMAND", args.command,
                      "the program and its arguments (after --); a .cpp file is compiled as Baekjoon compiles C++17 "
                      "(g++ -O2 -Wall -lm -static -std=gnu++17 -DONLINE_JUDGE -DBOJ), a .py file runs with python3");
  // CLI11 drops the "--" and hands every positional to PATH first: PATH
  // takes folders and .in names up to the first word that is neither, and
  // COMMAND the rest (validate_positionals moves a refused word on).
  // CLI11 validates again after parsing: words taken once stay taken.
  paths->check(CLI::Validator(
      [command, &args](std::string& word) {
        if (std::find(args.taken_paths.begin(), args.taken_paths.end(), word) != args.taken_paths.end())
          return std::string();
        if (command->count() != 0 || !meant_as_path(word, args.taken_paths.empty()))
          return std::string("not a test path");
        args.taken_paths.push_back(word);
        return std::string();
      },
      ""));
  paths->required();  // CLI11 takes two open-ended positionals only if one is required
  sub->validate_positionals();
  sub->add_option("--timeout-ms", args.timeout_ms,
                  fmt::format("per-run timeout in ms ({})", hunt::judge_time_limit_help(puzzle, kDefaultTimeout)))
      ->transform(decimal_integer(1, kMaxTimeoutMs));
  sub->add_option("--memory-mb", args.memory_mib,
                  "memory of a run's whole process tree in MiB, 0 for none (default 1024)")
      ->transform(decimal_integer(0, kMaxMemoryMiB));
  sub->add_option("-j,--jobs", args.jobs, "programs run at once (default: the number of cores)")
      ->transform(decimal_integer(1, kMaxJobs));
  sub->add_option("--threads", args.threads,
                  "search threads of the reference (for a test without NAME.out), for searches long enough to "
                  "gain from them (default: the cores)")
      ->transform(decimal_integer(1, core::kMaxSearchThreads));
  sub->add_flag("--write-answers", args.write_answers,
                "write boardsearch's proven answer as NAME.out for every NAME.in (no COMMAND)");
  add_schema_options(*sub, puzzle.options, args.puzzle_options);
  refuse_foreign_options(*sub, puzzle, "check: ");
  sub->callback([&args, &status, &puzzle] {
    if (args.write_answers && !args.command.empty()) throw app::InputError("check: --write-answers takes no COMMAND");
    if (!args.write_answers && args.command.empty())
      throw app::InputError(
          fmt::format("check: missing the program (check {} PATH... -- COMMAND [ARGS...])", puzzle.name));
    args.puzzle = &puzzle;
    status = run_check_command(args);
  });
}

}  // namespace

void add_check_command(CLI::App& app, int& status) {
  static CheckArguments args;
  static std::optional<std::string> stray_puzzle;
  static std::vector<std::string> stray_rest;
  CLI::App* check_command = app.add_subcommand("check", say(app::msg("cli.help.check")));
  check_command->footer(
      "Usage: boardsearch check PUZZLE PATH... [options] -- COMMAND [ARGS...]\n"
      "       boardsearch check PUZZLE PATH... --write-answers\n"
      "Every NAME.in runs with NAME.out as the expected answer, or boardsearch's proven answer where\n"
      "there is no NAME.out; outputs are compared as hunt compares them. One line per case, then\n"
      "'N passed, N failed'. Exit 0: all passed; 1: some failed; 2: usage error; 130: interrupted.");
  for (const app::Puzzle* puzzle : app::all_puzzles()) add_puzzle_check(*check_command, *puzzle, args, status);
  check_command->add_option("PUZZLE", stray_puzzle, app::puzzle_names());
  check_command->add_option("REST", stray_rest, "paths and the program");
  check_command->callback([check_command] {
    if (!check_command->get_subcommands().empty()) return;
    if (stray_puzzle)
      throw app::InputError(
          fmt::format("check: unknown puzzle '{}' (puzzles: {})", app::printable(*stray_puzzle), app::puzzle_names()));
    throw app::InputError(
        fmt::format("check: missing the puzzle (check PUZZLE PATH... -- COMMAND; puzzles: {})", app::puzzle_names()));
  });
}

}  // namespace boardsearch::cli
