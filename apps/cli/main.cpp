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
#include <optional>
#include <string>
#include <vector>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "boardsearch/core/parallel.hpp"
#include "boardsearch/farm/farm.hpp"
#include "cli/commands.hpp"
#include "cli/lang.hpp"
#include "cli/one_line.hpp"
#include "cli/option_flags.hpp"

namespace {

using boardsearch::app::decimal_option;
using boardsearch::app::InputError;
using boardsearch::app::LimitError;
using boardsearch::app::msg;
using boardsearch::app::Puzzle;
using boardsearch::cli::say;

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
// Longest message printed: a message quoting user text stays one readable
// line (the quoted parts are cut shorter where they are made).
constexpr std::size_t kMaxMessageChars = 1000;

struct UsageError : boardsearch::app::WordedError {
  using boardsearch::app::WordedError::WordedError;
};

// Whether this run may show help (set by run()). A solve of a named puzzle
// without -h / --help shows none: its help texts are then left empty, and
// the catalog is not read at all on the judge path (reading it costs more
// than a judge-size solve, about 5.6 M instructions).
bool help_wanted = true;

// `message` worded for --help, or "" when no help is shown.
std::string help(const boardsearch::app::Message& message) { return help_wanted ? say(message) : std::string(); }

// The facts every puzzle command shares, for --help.
std::string common_help() { return help(msg("cli.help.common")); }

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
  request.lang = boardsearch::cli::user_lang;

  // Step 3. Solve. Without --explain and --json only the answer is shown:
  // a many-case puzzle may then stream it, each case's line written as soon
  // as it is proven (SolveRequest::on_answer). A limit in a later case
  // leaves the earlier, proven lines on stdout, and its message names the case.
  request.want_line = false;        // the CLI prints the answer, the explanation or the document
  request.may_build_tables = true;  // a user at the command line waits for a table (with progress)
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
      const boardsearch::app::Message searching =
          msg("cli.progress", {{"nodes", p.nodes}, {"seconds", fmt::format("{:.1f}", seconds)}});
      std::cerr << "\r\033[K"
                << say(p.known.empty() ? searching : msg("common.joined", {{"first", searching}, {"second", p.known}}))
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
    std::cerr << "boardsearch: " << say(msg("cli.cannot_write_answer")) << '\n';
    return kExitFailed;
  }
  return kExitSolved;
}

void add_puzzle_command(CLI::App& app, const Puzzle& puzzle, CommonOptions& common, const Puzzle*& chosen) {
  const bool korean = boardsearch::cli::user_lang == boardsearch::app::Lang::ko;
  CLI::App* sub = app.add_subcommand(std::string(puzzle.name), std::string(korean ? puzzle.title_ko : puzzle.title));
  sub->footer(fmt::format("{}\n\n{}", puzzle.description, common_help()));
  sub->add_option("FILE", common.file, help(msg("cli.help.file")));
  sub->add_flag("--explain", common.explain, help(msg("cli.help.explain")));
  sub->add_flag("--json", common.json, help(msg("cli.help.json")));
  // Each option is kept as typed (see CommonOptions), given or not.
  auto text_option = [sub](const std::string& name, std::optional<std::string>& into, const std::string& help,
                           const std::string& type) {
    sub->add_option_function<std::string>(
           name, [&into](const std::string& text) { into = text; }, help)
        ->type_name(type);
  };
  text_option("--max-nodes", common.max_nodes, help(msg("cli.help.max_nodes")), "POSITIVE");
  text_option("--time-limit", common.time_limit, help(msg("cli.help.time_limit")), "SECONDS");
  text_option("--max-memory", common.max_memory, help(msg("cli.help.max_memory", {{"default", kDefaultMaxMemoryMiB}})),
              "MB");
  text_option("--threads", common.threads,
              help(msg("cli.help.threads", {{"max", boardsearch::core::kMaxSearchThreads},
                                            {"cores", boardsearch::core::default_search_threads()}})),
              "N");
  sub->add_flag("--strict", common.strict, help(msg("cli.help.strict")));
  boardsearch::cli::add_schema_options(*sub, puzzle.options, common.puzzle_options);
  boardsearch::cli::refuse_foreign_options(*sub, puzzle, "");
  sub->callback([&chosen, &puzzle] { chosen = &puzzle; });
}

bool has_subcommand(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->get_name() == name) return true;
  return false;
}

// CLI11's own headings in the user's language.
void word_help_labels(CLI::App& app) {
  if (!help_wanted || boardsearch::cli::user_lang != boardsearch::app::Lang::ko) return;
  const auto formatter = app.get_formatter();
  formatter->label("Usage", say(msg("cli.help.label_usage")));
  formatter->label("Options", say(msg("cli.help.label_options")));
  formatter->label("Positionals", say(msg("cli.help.label_positionals")));
  formatter->label("Subcommands", say(msg("cli.help.label_subcommands")));
  formatter->label("OPTIONS", say(msg("cli.help.label_options_word")));
  formatter->label("SUBCOMMAND", say(msg("cli.help.label_subcommand_word")));
  formatter->label("REQUIRED", say(msg("cli.help.label_required")));
}

// The language (step 0 of run): --lang ko|en or --lang=ko|en anywhere before
// a "--" (which starts another program's arguments), else the environment.
// The option is taken out of `args`, so every command accepts it.
void read_language(std::vector<char*>& args) {
  boardsearch::cli::user_lang = boardsearch::app::lang_from_env();
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--") break;
    std::optional<std::string_view> value;
    std::size_t taken = 1;
    if (arg == "--lang") {
      if (i + 1 == args.size()) throw UsageError(msg("cli.lang_needs_value"));
      value = args[i + 1], taken = 2;
    } else if (arg.starts_with("--lang=")) {
      value = arg.substr(7);
    }
    if (!value) continue;
    if (*value != "ko" && *value != "en")
      throw UsageError(msg("cli.lang_invalid", {{"value", boardsearch::app::printable(*value)}}));
    boardsearch::cli::user_lang = *value == "ko" ? boardsearch::app::Lang::ko : boardsearch::app::Lang::en;
    args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i + taken));
    --i;
  }
}

int run(int argc, char** argv) {
  // A solve (the first argument names a puzzle) needs only its own command:
  // building every command's options costs more than a judge-size solve
  // (about 6 M instructions, 2 ms). Anything else gets them all (help, the
  // version, the other commands, the messages for unknown commands).
  const Puzzle* named = argc > 1 ? boardsearch::app::find_puzzle(argv[1]) : nullptr;
  help_wanted = named == nullptr || std::any_of(argv + 1, argv + argc, [](const char* arg) {
                  return std::string_view(arg) == "-h" || std::string_view(arg) == "--help";
                });
  CLI::App app{help(msg("cli.help.app"))};
  word_help_labels(app);
  app.set_version_flag("--version", std::string("boardsearch ") + BOARDSEARCH_VERSION);
  app.require_subcommand(1);
  app.footer(common_help());
  // Listed for --help only: read_language has already taken it out.
  std::string lang_shown;
  app.add_option("--lang", lang_shown, help(msg("cli.help.lang")))->type_name("ko|en");

  CommonOptions common;
  const Puzzle* chosen = nullptr;
  int command_status = kExitSolved;
  if (named != nullptr) {
    add_puzzle_command(app, *named, common, chosen);
  } else {
    for (const Puzzle* puzzle : boardsearch::app::all_puzzles()) add_puzzle_command(app, *puzzle, common, chosen);
    boardsearch::cli::add_extra_commands(app, command_status);
  }

  // A clear message for the most common mistakes, before CLI11's generic
  // ones ("A subcommand is required" for an unknown option).
  if (argc > 1 && argv[1][0] != '-' && !has_subcommand(app, argv[1]))
    throw UsageError(msg("cli.unknown_command", {{"command", boardsearch::app::printable(argv[1])},
                                                 {"puzzles", boardsearch::app::puzzle_names()}}));
  if (argc > 1 && argv[1][0] == '-' && std::string_view(argv[1]) != "-h" && std::string_view(argv[1]) != "--help" &&
      std::string_view(argv[1]) != "--version")
    throw UsageError(msg("cli.unknown_option_first", {{"option", boardsearch::app::printable(argv[1])}}));

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    throw UsageError(msg("cli.usage_see_help", {{"detail", boardsearch::cli::one_line(e.what())}}));
  }
  if (chosen == nullptr) return command_status;
  return run_puzzle(*chosen, common);
}

// Prints a message as the one stderr line the contract promises, whatever
// user text it quotes (a newline would split it; a huge value would flood).
int fail(const std::string& message, int status) {
  if (!boardsearch::farm::output_rank()) return status;  // under mpirun: rank 0 says it
  std::cerr << "boardsearch: " << boardsearch::app::printable(message, kMaxMessageChars) << '\n';
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  // MPI when started by mpirun (the task farm's ranks), nothing otherwise.
  boardsearch::farm::Session mpi(argc, argv);
  try {
    std::vector<char*> args(argv, argv + argc);
    read_language(args);
    const int count = static_cast<int>(args.size());
    args.push_back(nullptr);  // argv[argc] is a null pointer
    return run(count, args.data());
  } catch (const UsageError& e) {
    return fail(e.text(boardsearch::cli::user_lang), kExitBadInput);
  } catch (const InputError& e) {
    return fail(e.text(boardsearch::cli::user_lang), kExitBadInput);
  } catch (const LimitError& e) {
    return fail(e.text(boardsearch::cli::user_lang), kExitLimit);
  } catch (const std::bad_alloc&) {
    return fail(say(msg("cli.out_of_memory")), kExitLimit);
  } catch (const std::exception& e) {
    return fail(say(msg("cli.internal_error", {{"detail", e.what()}})), kExitFailed);
  }
}
