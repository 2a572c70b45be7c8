// boardsearch command line: parses arguments, reads the input, calls the
// puzzle's solve, prints. Exit status: 0 solved, 2 bad input or usage (one
// line on stderr, nothing on stdout), 3 a limit stopped the search, 1 the
// answer could not be written (or an internal error). Under mpirun every
// rank runs this; only rank 0 prints.

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <limits>
#include <string>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "boardsearch/core/parallel.hpp"
#include "boardsearch/farm/farm.hpp"
#include "cli/commands.hpp"
#include "cli/one_line.hpp"
#include "cli/option_flags.hpp"

namespace {

using boardsearch::app::decimal_option;
using boardsearch::app::InputError;
using boardsearch::app::LimitError;
using boardsearch::app::Puzzle;

constexpr int kExitSolved = 0;
constexpr int kExitFailed = 1;  // the answer could not be written, or a bug
constexpr int kExitBadInput = 2;
constexpr int kExitLimit = 3;
// Progress appears only for solves that run longer than this.
constexpr double kProgressAfterSeconds = 1.0;
// --max-memory: the default budget of a solve (at most 1 GiB, as the
// reliability contract asks) and the largest one accepted (1 TiB: anything
// more is a typo on any machine this runs on). MB means MiB, 2^20 bytes.
constexpr std::uint64_t kDefaultMaxMemoryMiB = 1024;
constexpr std::uint64_t kMaxMaxMemoryMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kBytesPerMiB = std::uint64_t{1} << 20;
// The facts every puzzle command shares, for --help.
constexpr std::string_view kCommonHelp =
    "Coordinates in every output (--explain, --json) are 0-based: row 0 is the top row, column 0 the left column "
    "(the 'line L, column C' of an error message counts the input's lines and characters from 1, as editors do). "
    "Exit status: 0 solved; 2 bad input or usage (one line on stderr, nothing on stdout); 3 a node, time or memory "
    "limit stopped the search (one line on stderr saying what is known; nothing on stdout, except that an input "
    "of many cases answered without --explain and --json keeps on stdout the lines of the cases proven before "
    "the limit, one per case, and stderr names the case that stopped); 1 the answer could not be written.";
// Longest message printed: a message quoting user text stays one readable
// line (the quoted parts are cut shorter where they are made).
constexpr std::size_t kMaxMessageChars = 1000;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Options as typed; converted after CLI11 is done, so that numbers read the
// way input files read them (decimal: CLI11 alone takes "010" for octal 8
// and "0x10" for 16, and clamps values beyond 64 bits to the largest one).
struct CommonOptions {
  std::string file = "-";  // "-": standard input
  bool explain = false;
  bool json = false;
  bool strict = false;  // the judge's exact limits and format (Puzzle::check_strict)
  std::optional<std::string> max_nodes;
  std::optional<std::string> max_memory;
  std::optional<std::string> time_limit;
  std::optional<std::string> threads;  // search threads; default: the cores
  // The puzzle's own options (its schema), by name, as typed; flags as "".
  boardsearch::cli::TypedOptions puzzle_options;
};

// Solves one puzzle from the command line; returns the exit status.
int run_puzzle(const Puzzle& puzzle, const CommonOptions& common) {
  // Step 1. Options and limits (usage errors before any input is read).
  boardsearch::app::OptionValues options;
  boardsearch::cli::read_schema_options(puzzle.options, common.puzzle_options, false, options);
  std::uint64_t max_nodes = 0;
  if (common.max_nodes)
    max_nodes = decimal_option(*common.max_nodes, "--max-nodes", 1, std::numeric_limits<std::uint64_t>::max());
  const double time_limit = common.time_limit
                                ? boardsearch::app::positive_decimal_option(*common.time_limit, "--time-limit",
                                                                            boardsearch::app::kMaxTimeLimitSeconds)
                                : 0;
  const std::uint64_t max_memory_mib = common.max_memory
                                           ? decimal_option(*common.max_memory, "--max-memory", 1, kMaxMaxMemoryMiB)
                                           : kDefaultMaxMemoryMiB;
  const std::size_t threads =
      common.threads ? decimal_option(*common.threads, "--threads", 1, boardsearch::core::kMaxSearchThreads)
                     : boardsearch::core::default_search_threads();

  // Step 2. Input, then the puzzle's options (a document option reads a file).
  // A solve that reads no input (Puzzle::reads_input) does not wait for
  // standard input; a file named on the command line is still read.
  const bool reads_input = puzzle.reads_input == nullptr || puzzle.reads_input(options);
  const std::string input =
      reads_input || common.file != "-" ? boardsearch::cli::read_input_text(common.file) : std::string();
  boardsearch::cli::read_schema_options(puzzle.options, common.puzzle_options, true, options);
  if (common.strict && puzzle.check_strict != nullptr) puzzle.check_strict(input, options);
  boardsearch::app::SolveRequest request{input, std::move(options), {}};

  // Step 3. Solve. Without --explain and --json only the answer is shown:
  // a many-case puzzle may then stream it, each case's line written as soon
  // as it is proven (SolveRequest::on_answer). A limit in a later case
  // leaves the earlier, proven lines on stdout, and its message names the case.
  request.want_line = false;  // the CLI prints the answer, the explanation or the document
  request.limits.max_nodes = max_nodes;
  request.limits.max_memory_bytes = max_memory_mib * kBytesPerMiB;
  // More threads than cores would only queue (oneTBB runs at most one per
  // core): the search gets the cores, and says so in --json.
  request.limits.threads = std::min(threads, boardsearch::core::default_search_threads());
  if (time_limit > 0) request.limits.deadline = boardsearch::core::SearchLimits::deadline_in(time_limit);
  const bool show_progress = isatty(STDERR_FILENO) == 1;
  bool progress_shown = false;
  if (show_progress) {
    request.limits.on_progress = [&](const boardsearch::core::Progress& p) {
      const double seconds = std::chrono::duration<double>(p.elapsed).count();
      if (seconds < kProgressAfterSeconds) return;
      std::cerr << fmt::format("\r\033[Ksearching: {} nodes, {:.1f} s{}{}", p.nodes, seconds,
                               p.known.empty() ? "" : "; ", p.known)
                << std::flush;
      progress_shown = true;
    };
  }

  // A streamed line clears the progress line first (both may be on one
  // terminal); the next progress report draws it again.
  const bool answer_only = !common.json && !common.explain;
  if (answer_only)
    request.on_answer = [&progress_shown](std::string_view part) {
      if (progress_shown) std::cerr << "\r\033[K" << std::flush;
      progress_shown = false;
      std::cout << part;
    };

  boardsearch::app::SolveReport report;
  try {
    report = puzzle.solve(request);
  } catch (...) {
    if (progress_shown) std::cerr << "\r\033[K";
    throw;
  }
  if (progress_shown) std::cerr << "\r\033[K";
  // Under mpirun only rank 0 prints (the task farm: boardsearch/farm/farm.hpp).
  if (!boardsearch::farm::output_rank()) return kExitSolved;

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
  sub->footer(fmt::format("{}\n\n{}", puzzle.description, kCommonHelp));
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
  text_option("--max-memory", common.max_memory,
              fmt::format("stop (exit 3, \"memory limit\") before the solve's tables and stored states pass this "
                          "many MiB (default {})",
                          kDefaultMaxMemoryMiB),
              "MB");
  text_option("--threads", common.threads,
              fmt::format("search threads for a search that runs long enough to gain from them (1..{}; default: "
                          "the cores, here {}); answers never depend on it",
                          boardsearch::core::kMaxSearchThreads, boardsearch::core::default_search_threads()),
              "N");
  sub->add_flag("--strict", common.strict,
                "refuse (exit 2, naming the limit) input beyond the judge's exact limits and format, and options "
                "that select no judge problem");
  boardsearch::cli::add_schema_options(*sub, puzzle.options, common.puzzle_options);
  boardsearch::cli::refuse_foreign_options(*sub, puzzle, "");
  sub->callback([&chosen, &puzzle] { chosen = &puzzle; });
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
  app.footer(std::string(kCommonHelp));

  CommonOptions common;
  const Puzzle* chosen = nullptr;
  int command_status = kExitSolved;
  // A solve (the first argument names a puzzle) needs only its own command:
  // building every command's options costs more than a judge-size solve
  // (about 6 M instructions, 2 ms). Anything else gets them all (help, the
  // version, the other commands, the messages for unknown commands).
  const Puzzle* named = argc > 1 ? boardsearch::app::find_puzzle(argv[1]) : nullptr;
  if (named != nullptr) {
    add_puzzle_command(app, *named, common, chosen);
  } else {
    for (const Puzzle* puzzle : boardsearch::app::all_puzzles()) add_puzzle_command(app, *puzzle, common, chosen);
    boardsearch::cli::add_extra_commands(app, command_status);
  }

  // A clear message for the most common mistakes, before CLI11's generic
  // ones ("A subcommand is required" for an unknown option).
  if (argc > 1 && argv[1][0] != '-' && !has_subcommand(app, argv[1]))
    throw UsageError(fmt::format("unknown command '{}' (puzzles: {}; see --help)", boardsearch::app::printable(argv[1]),
                                 boardsearch::app::puzzle_names()));
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
    throw UsageError(boardsearch::cli::one_line(e.what()) + " (see --help)");
  }
  if (chosen == nullptr) return command_status;
  return run_puzzle(*chosen, common);
}

// Prints a message as the one stderr line the contract promises, whatever
// user text it quotes (a newline would split it; a huge value would flood).
int fail(std::string_view prefix, const char* message, int status) {
  if (!boardsearch::farm::output_rank()) return status;  // under mpirun: rank 0 says it
  std::cerr << "boardsearch: " << prefix << boardsearch::app::printable(message, kMaxMessageChars) << '\n';
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  // MPI when started by mpirun (the task farm's ranks), nothing otherwise.
  boardsearch::farm::Session mpi(argc, argv);
  try {
    return run(argc, argv);
  } catch (const UsageError& e) {
    return fail("", e.what(), kExitBadInput);
  } catch (const InputError& e) {
    return fail("", e.what(), kExitBadInput);
  } catch (const LimitError& e) {
    return fail("", e.what(), kExitLimit);
  } catch (const std::bad_alloc&) {
    return fail("", "memory limit reached: an allocation failed (out of memory)", kExitLimit);
  } catch (const std::exception& e) {
    return fail("internal error: ", e.what(), kExitFailed);
  }
}
