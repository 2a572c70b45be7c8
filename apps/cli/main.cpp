// boardsearch command line: parses arguments, reads the input, calls the
// puzzle's solve, prints. Exit status: 0 solved, 2 bad input or usage (one
// line on stderr, nothing on stdout), 3 a limit stopped the search.

#include <unistd.h>

#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "cli/commands.hpp"

namespace {

using boardsearch::app::InputError;
using boardsearch::app::LimitError;
using boardsearch::app::Puzzle;
using boardsearch::app::PuzzleOptions;

constexpr int kExitSolved = 0;
constexpr int kExitBadInput = 2;
constexpr int kExitLimit = 3;
// Inputs are small text files; anything larger is a mistake, not a puzzle.
constexpr std::size_t kMaxInputBytes = 16u << 20;
// Progress appears only for solves that run longer than this.
constexpr double kProgressAfterSeconds = 1.0;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads all of `path` ("-" or empty: standard input), refusing huge inputs.
std::string read_input(const std::string& path) {
  std::string text;
  auto read_all = [&](std::istream& in, const std::string& name) {
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
      text.append(buffer, static_cast<std::size_t>(in.gcount()));
      if (text.size() > kMaxInputBytes)
        throw InputError(fmt::format("{}: input is larger than {} MiB", name, kMaxInputBytes >> 20));
    }
    if (in.bad()) throw InputError(fmt::format("{}: read error", name));
  };
  if (path.empty() || path == "-") {
    read_all(std::cin, "standard input");
  } else {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw InputError(fmt::format("{}: cannot open file", path));
    read_all(file, path);
  }
  return text;
}

struct CommonOptions {
  std::string file;
  bool explain = false;
  bool json = false;
  std::uint64_t max_nodes = 0;
  double time_limit = 0;
  std::string board_file;
};

// Solves one puzzle from the command line; returns the exit status.
int run_puzzle(const Puzzle& puzzle, const CommonOptions& common, PuzzleOptions options) {
  const std::string input = read_input(common.file);
  if (!common.board_file.empty()) {
    options.board = read_input(common.board_file);
    options.board_source = common.board_file;
  }

  boardsearch::app::SolveRequest request{input, std::move(options), {}};
  request.limits.max_nodes = common.max_nodes;
  if (common.time_limit > 0) request.limits.deadline = boardsearch::core::SearchLimits::deadline_in(common.time_limit);
  const bool show_progress = isatty(STDERR_FILENO) == 1;
  bool progress_shown = false;
  if (show_progress) {
    request.limits.on_progress = [&](const boardsearch::core::Progress& p) {
      const double seconds = std::chrono::duration<double>(p.elapsed).count();
      if (seconds < kProgressAfterSeconds) return;
      std::cerr << fmt::format("\rsearching: {} nodes, {:.1f} s", p.nodes, seconds) << std::flush;
      progress_shown = true;
    };
  }

  boardsearch::app::SolveReport report;
  try {
    report = puzzle.solve(request);
  } catch (...) {
    if (progress_shown) std::cerr << "\r\033[K";
    throw;
  }
  if (progress_shown) std::cerr << "\r\033[K";

  if (common.json) {
    std::cout << report.document.dump(2) << '\n';
  } else {
    std::cout << report.answer;
    if (common.explain) std::cout << '\n' << report.explanation;
  }
  std::cout.flush();
  return kExitSolved;
}

// CLI11's PositiveNumber prints its whole double range; say it plainly.
const CLI::Validator kPositive(
    [](const std::string& text) {
      double value = 0;
      return CLI::detail::lexical_cast(text, value) && value > 0 ? std::string()
                                                                 : "must be a positive number, found '" + text + "'";
    },
    "POSITIVE");

void add_puzzle_command(CLI::App& app, const Puzzle& puzzle, CommonOptions& common, PuzzleOptions& options,
                        const Puzzle*& chosen) {
  CLI::App* sub = app.add_subcommand(std::string(puzzle.name), std::string(puzzle.title));
  sub->footer(std::string(puzzle.description));
  sub->add_option("FILE", common.file, "judge-format input (default: standard input)");
  sub->add_flag("--explain", common.explain, "after the answer, show the optimal play step by step");
  sub->add_flag("--json", common.json, "print one JSON document instead of the judge output");
  sub->add_option("--max-nodes", common.max_nodes, "stop (exit 3) after this many search nodes")
      ->check(kPositive);
  sub->add_option("--time-limit", common.time_limit, "stop (exit 3) after this many seconds")
      ->check(kPositive);
  if (puzzle.options.moves)
    sub->add_option_function<long long>(
        "--moves", [&options](long long k) { options.moves = k; }, "number of moves K (default 5)");
  if (puzzle.options.pieces)
    sub->add_option_function<long long>(
        "--pieces", [&options](long long p) { options.pieces = p; }, "number of pieces P (default 4)");
  if (puzzle.options.board)
    sub->add_option("--board", common.board_file, "board description file (JSON, see docs/)");
  sub->callback([&chosen, &puzzle] { chosen = &puzzle; });
}

// One line for stderr from a CLI11 error (its messages may span lines).
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

bool has_subcommand(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->get_name() == name) return true;
  return false;
}

int run(int argc, char** argv) {
  CLI::App app{"boardsearch: exact solver for classic exhaustive-search puzzles"};
  app.set_version_flag("--version", std::string("boardsearch ") + BOARDSEARCH_VERSION);
  app.require_subcommand(1);

  CommonOptions common;
  PuzzleOptions options;
  const Puzzle* chosen = nullptr;
  std::string names;
  for (const Puzzle& puzzle : boardsearch::app::all_puzzles()) {
    add_puzzle_command(app, puzzle, common, options, chosen);
    names += fmt::format("{}{}", names.empty() ? "" : ", ", puzzle.name);
  }
  int command_status = kExitSolved;
  boardsearch::cli::add_extra_commands(app, command_status);

  // A clear message for the most common mistake, before CLI11's generic one.
  if (argc > 1 && argv[1][0] != '-' && !has_subcommand(app, argv[1]))
    throw UsageError(fmt::format("unknown command '{}' (puzzles: {}; see --help)", argv[1], names));

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    throw UsageError(one_line(e.what()) + " (see --help)");
  }
  if (chosen == nullptr) return command_status;
  return run_puzzle(*chosen, common, options);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "boardsearch: " << e.what() << '\n';
    return kExitBadInput;
  } catch (const InputError& e) {
    std::cerr << "boardsearch: " << e.what() << '\n';
    return kExitBadInput;
  } catch (const LimitError& e) {
    std::cerr << "boardsearch: " << e.what() << '\n';
    return kExitLimit;
  } catch (const std::bad_alloc&) {
    std::cerr << "boardsearch: out of memory\n";
    return kExitLimit;
  } catch (const std::exception& e) {
    std::cerr << "boardsearch: internal error: " << e.what() << '\n';
    return 1;
  }
}
