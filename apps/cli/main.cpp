// boardsearch command line: parses arguments, reads the input, calls the
// puzzle's solve, prints. Exit status: 0 solved, 2 bad input or usage (one
// line on stderr, nothing on stdout), 3 a limit stopped the search, 1 the
// answer could not be written (or an internal error).

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "cli/commands.hpp"

namespace {

using boardsearch::app::InputError;
using boardsearch::app::LimitError;
using boardsearch::app::Puzzle;
using boardsearch::app::PuzzleOptions;

constexpr int kExitSolved = 0;
constexpr int kExitFailed = 1;  // the answer could not be written, or a bug
constexpr int kExitBadInput = 2;
constexpr int kExitLimit = 3;
// Inputs are small text files; anything larger is a mistake, not a puzzle.
constexpr std::size_t kMaxInputBytes = 16u << 20;
// Progress appears only for solves that run longer than this.
constexpr double kProgressAfterSeconds = 1.0;
// Longest message printed: a message quoting user text stays one readable
// line (the quoted parts are cut shorter where they are made).
constexpr std::size_t kMaxMessageChars = 1000;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads all of `path` ("-": standard input), refusing huge inputs.
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
  if (path == "-") {
    read_all(std::cin, "standard input");
  } else {
    if (path.empty()) throw InputError("'': cannot open file (the file name is empty)");
    const std::string name = boardsearch::app::printable(path, boardsearch::app::kShownPathChars);
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) throw InputError(fmt::format("{}: is a directory", name));
    std::ifstream file(path, std::ios::binary);
    if (!file) throw InputError(fmt::format("{}: cannot open file", name));
    read_all(file, name);
  }
  return text;
}

// Options as typed; converted by the parsers below after CLI11 is done, so
// that numbers read the way input files read them (decimal: CLI11 alone
// takes "010" for octal 8 and "0x10" for 16, and clamps values beyond 64
// bits to the largest one).
struct CommonOptions {
  std::string file = "-";  // "-": standard input
  bool explain = false;
  bool json = false;
  std::optional<std::string> max_nodes;
  std::optional<std::string> time_limit;
  std::optional<std::string> moves;
  std::optional<std::string> pieces;
  std::optional<std::string> board_file;
};

// Solves one puzzle from the command line; returns the exit status.
int run_puzzle(const Puzzle& puzzle, const CommonOptions& common, PuzzleOptions options) {
  // Step 1. Options (usage errors before any input is read).
  // --moves and --pieces: any count a long long holds; the puzzle checks its own range.
  constexpr auto kAnyCount = static_cast<std::uint64_t>(std::numeric_limits<long long>::max());
  using boardsearch::app::decimal_option;
  if (common.moves) options.moves = static_cast<long long>(decimal_option(*common.moves, "--moves", 0, kAnyCount));
  if (common.pieces) options.pieces = static_cast<long long>(decimal_option(*common.pieces, "--pieces", 0, kAnyCount));
  std::uint64_t max_nodes = 0;
  if (common.max_nodes)
    max_nodes = decimal_option(*common.max_nodes, "--max-nodes", 1, std::numeric_limits<std::uint64_t>::max());
  const double time_limit = common.time_limit
                                ? boardsearch::app::positive_decimal_option(*common.time_limit, "--time-limit",
                                                                            boardsearch::app::kMaxTimeLimitSeconds)
                                : 0;

  // Step 2. Input.
  const std::string input = read_input(common.file);
  if (common.board_file) {
    options.board = read_input(*common.board_file);
    options.board_source = *common.board_file;
  }

  // Step 3. Solve.
  boardsearch::app::SolveRequest request{input, std::move(options), {}};
  request.want_line = false;  // the CLI prints the answer, the explanation or the document
  request.limits.max_nodes = max_nodes;
  if (time_limit > 0) request.limits.deadline = boardsearch::core::SearchLimits::deadline_in(time_limit);
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

  // Step 4. Print; an answer that could not be written is no success.
  if (common.json) {
    std::cout << report.document.dump(2) << '\n';
  } else {
    std::cout << report.answer;
    if (common.explain) std::cout << '\n' << report.explanation;
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "boardsearch: cannot write the answer to standard output\n";
    return kExitFailed;
  }
  return kExitSolved;
}

void add_puzzle_command(CLI::App& app, const Puzzle& puzzle, CommonOptions& common, const Puzzle*& chosen) {
  CLI::App* sub = app.add_subcommand(std::string(puzzle.name), std::string(puzzle.title));
  sub->footer(std::string(puzzle.description));
  sub->add_option("FILE", common.file, "judge-format input (default: standard input)");
  sub->add_flag("--explain", common.explain, "after the answer, show the optimal play step by step");
  sub->add_flag("--json", common.json, "print one JSON document instead of the judge output");
  // Each option is kept as typed (see CommonOptions), given or not.
  auto text_option = [sub](const char* name, std::optional<std::string>& into, const char* help, const char* type) {
    sub->add_option_function<std::string>(
           name, [&into](const std::string& text) { into = text; }, help)
        ->type_name(type);
  };
  text_option("--max-nodes", common.max_nodes, "stop (exit 3) after this many search nodes", "POSITIVE");
  text_option("--time-limit", common.time_limit, "stop (exit 3) after this many seconds", "SECONDS");
  if (puzzle.options.moves) text_option("--moves", common.moves, "number of moves K (default 5)", "INT");
  if (puzzle.options.pieces) text_option("--pieces", common.pieces, "number of pieces P (default 4)", "INT");
  if (puzzle.options.board)
    text_option("--board", common.board_file, "board description file (JSON, see docs/)", "FILE");
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
  const Puzzle* chosen = nullptr;
  std::string names;
  for (const Puzzle& puzzle : boardsearch::app::all_puzzles()) {
    add_puzzle_command(app, puzzle, common, chosen);
    names += fmt::format("{}{}", names.empty() ? "" : ", ", puzzle.name);
  }
  int command_status = kExitSolved;
  boardsearch::cli::add_extra_commands(app, command_status);

  // A clear message for the most common mistakes, before CLI11's generic
  // ones ("A subcommand is required" for an unknown option).
  if (argc > 1 && argv[1][0] != '-' && !has_subcommand(app, argv[1]))
    throw UsageError(
        fmt::format("unknown command '{}' (puzzles: {}; see --help)", boardsearch::app::printable(argv[1]), names));
  if (argc > 1 && argv[1][0] == '-' && std::string_view(argv[1]) != "-h" && std::string_view(argv[1]) != "--help" &&
      std::string_view(argv[1]) != "--version")
    throw UsageError(
        fmt::format("unknown option '{}' before the command (see --help)", boardsearch::app::printable(argv[1])));

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
  return run_puzzle(*chosen, common, PuzzleOptions{});
}

// Prints a message as the one stderr line the contract promises, whatever
// user text it quotes (a newline would split it; a huge value would flood).
int fail(std::string_view prefix, const char* message, int status) {
  std::cerr << "boardsearch: " << prefix << boardsearch::app::printable(message, kMaxMessageChars) << '\n';
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const UsageError& e) {
    return fail("", e.what(), kExitBadInput);
  } catch (const InputError& e) {
    return fail("", e.what(), kExitBadInput);
  } catch (const LimitError& e) {
    return fail("", e.what(), kExitLimit);
  } catch (const std::bad_alloc&) {
    return fail("", "out of memory", kExitLimit);
  } catch (const std::exception& e) {
    return fail("internal error: ", e.what(), kExitFailed);
  }
}
