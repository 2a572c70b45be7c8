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
#include <map>
#include <sstream>
#include <string>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "cli/commands.hpp"

namespace {

using boardsearch::app::decimal_option;
using boardsearch::app::InputError;
using boardsearch::app::LimitError;
using boardsearch::app::Puzzle;

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

// Options as typed; converted after CLI11 is done, so that numbers read the
// way input files read them (decimal: CLI11 alone takes "010" for octal 8
// and "0x10" for 16, and clamps values beyond 64 bits to the largest one).
struct CommonOptions {
  std::string file = "-";  // "-": standard input
  bool explain = false;
  bool json = false;
  std::optional<std::string> max_nodes;
  std::optional<std::string> time_limit;
  // The puzzle's own options (its schema), by name, as typed; flags as "".
  std::map<std::string, std::string, std::less<>> puzzle_options;
};

// Adds the puzzle's options as typed to `values`, each checked against its
// spec: the documents (whose text is read from the file they name) or the
// rest, so that a bad value is reported before any file is read.
void read_puzzle_options(const Puzzle& puzzle, const CommonOptions& common, bool documents,
                         boardsearch::app::OptionValues& values) {
  for (const auto& [name, text] : common.puzzle_options) {
    const boardsearch::app::OptionSpec& spec = *boardsearch::app::find_option(puzzle.options, name);
    const bool is_document = spec.kind == boardsearch::app::OptionKind::document;
    if (is_document != documents) continue;
    values.set(name, is_document ? boardsearch::app::read_option_text(spec, read_input(text), text)
                                 : boardsearch::app::read_option_text(spec, text));
  }
}

// Solves one puzzle from the command line; returns the exit status.
int run_puzzle(const Puzzle& puzzle, const CommonOptions& common) {
  // Step 1. Options and limits (usage errors before any input is read).
  boardsearch::app::OptionValues options;
  read_puzzle_options(puzzle, common, false, options);
  std::uint64_t max_nodes = 0;
  if (common.max_nodes)
    max_nodes = decimal_option(*common.max_nodes, "--max-nodes", 1, std::numeric_limits<std::uint64_t>::max());
  const double time_limit = common.time_limit
                                ? boardsearch::app::positive_decimal_option(*common.time_limit, "--time-limit",
                                                                            boardsearch::app::kMaxTimeLimitSeconds)
                                : 0;

  // Step 2. Input, then the puzzle's options (a document option reads a file).
  const std::string input = read_input(common.file);
  read_puzzle_options(puzzle, common, true, options);
  boardsearch::app::SolveRequest request{input, std::move(options), {}};

  // Step 3. Solve.
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

// The type name --help shows for an option of `kind`.
std::string type_name(const boardsearch::app::OptionSpec& spec) {
  switch (spec.kind) {
    case boardsearch::app::OptionKind::integer:
      return std::string(spec.value_name.empty() ? "INT" : spec.value_name);
    case boardsearch::app::OptionKind::choice: {
      std::string choices;
      for (std::string_view choice : spec.choices) choices += fmt::format("{}{}", choices.empty() ? "" : "|", choice);
      return choices;
    }
    default:
      return std::string(spec.value_name.empty() ? "TEXT" : spec.value_name);
  }
}

void add_puzzle_command(CLI::App& app, const Puzzle& puzzle, CommonOptions& common, const Puzzle*& chosen) {
  CLI::App* sub = app.add_subcommand(std::string(puzzle.name), std::string(puzzle.title));
  sub->footer(std::string(puzzle.description));
  sub->add_option("FILE", common.file, "judge-format input (default: standard input)");
  sub->add_flag("--explain", common.explain, "after the answer, show the optimal play step by step");
  sub->add_flag("--json", common.json, "print one JSON document instead of the judge output");
  // Each option is kept as typed (see CommonOptions), given or not.
  auto text_option = [sub](const std::string& name, std::optional<std::string>& into, const std::string& help,
                           const std::string& type) {
    sub->add_option_function<std::string>(
           name, [&into](const std::string& text) { into = text; }, help)
        ->type_name(type);
  };
  text_option("--max-nodes", common.max_nodes, "stop (exit 3) after this many search nodes", "POSITIVE");
  text_option("--time-limit", common.time_limit, "stop (exit 3) after this many seconds", "SECONDS");
  for (const boardsearch::app::OptionSpec& spec : puzzle.options) {
    const std::string name = "--" + std::string(spec.name);
    const std::string key(spec.name);
    if (spec.kind == boardsearch::app::OptionKind::flag) {
      sub->add_flag_callback(
          name, [&common, key] { common.puzzle_options[key] = ""; }, std::string(spec.help));
      continue;
    }
    sub->add_option_function<std::string>(
           name, [&common, key](const std::string& text) { common.puzzle_options[key] = text; }, std::string(spec.help))
        ->type_name(type_name(spec));
  }
  sub->callback([&chosen, &puzzle] { chosen = &puzzle; });
}

// A clear message for an option that another puzzle takes ("P does not
// take --x (Q takes it); P takes --y"), found before CLI11 would report it
// as an unexpected argument. Looks at the options after the puzzle's name.
void refuse_foreign_options(const Puzzle& puzzle, int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return;
    if (arg.size() <= 2 || arg.substr(0, 2) != "--") continue;
    const std::string_view name = arg.substr(2, arg.find('=') == std::string_view::npos ? arg.npos : arg.find('=') - 2);
    if (boardsearch::app::find_option(puzzle.options, name) != nullptr) continue;
    for (const Puzzle* other : boardsearch::app::all_puzzles())
      if (boardsearch::app::find_option(other->options, name) != nullptr)
        throw UsageError(boardsearch::app::foreign_option_message(puzzle, name));
  }
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
  for (const Puzzle* puzzle : boardsearch::app::all_puzzles()) add_puzzle_command(app, *puzzle, common, chosen);
  int command_status = kExitSolved;
  boardsearch::cli::add_extra_commands(app, command_status);

  // A clear message for the most common mistakes, before CLI11's generic
  // ones ("A subcommand is required" for an unknown option).
  if (argc > 1 && argv[1][0] != '-' && !has_subcommand(app, argv[1]))
    throw UsageError(fmt::format("unknown command '{}' (puzzles: {}; see --help)", boardsearch::app::printable(argv[1]),
                                 boardsearch::app::puzzle_names()));
  if (argc > 1 && argv[1][0] == '-' && std::string_view(argv[1]) != "-h" && std::string_view(argv[1]) != "--help" &&
      std::string_view(argv[1]) != "--version")
    throw UsageError(
        fmt::format("unknown option '{}' before the command (see --help)", boardsearch::app::printable(argv[1])));

  if (argc > 1)
    if (const Puzzle* named = boardsearch::app::find_puzzle(argv[1])) refuse_foreign_options(*named, argc, argv);

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
  return run_puzzle(*chosen, common);
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
