// The footholds puzzle for the front ends: its description (app::Puzzle),
// and its solve: parse, search, and show the perfectly played game
// (format.hpp).
#include "games/footholds/puzzle.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <string>
#include <utility>

#include "boardsearch/farm/farm.hpp"
#include "games/footholds/all_starts.hpp"
#include "games/footholds/format.hpp"
#include "games/footholds/hunt_cases.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/play.hpp"
#include "games/footholds/search.hpp"
#include "games/footholds/strict.hpp"

namespace boardsearch::footholds {

namespace {

using nlohmann::json;

// What the progress line says: the winner once proven, and the range the
// total number of moves is proven to lie in.
app::Message progress_known(const SolveProgress& progress) {
  if (progress.winner == 0) return app::msg("footholds.progress.unknown");
  const json params = {
      {"winner", std::string(1, progress.winner)}, {"fewest", progress.fewest}, {"most", progress.most}};
  if (progress.fewest == progress.most)
    return app::msg(progress.fewest == 1 ? "footholds.progress.exact_one" : "footholds.progress.exact_many", params);
  return app::msg("footholds.progress.range", params);
}

// The options: the game table's size (none given: chosen from the board).
constexpr std::array kOptions = {
    app::OptionSpec{.name = "table-mb",
                    .kind = app::OptionKind::integer,
                    .value_name = "MIB",
                    .help =
                        "size of the game search's table in MiB, 1 to 1024 (default: from the board, at most 8 MiB; "
                        "shrunk to fit --max-memory)",
                    .minimum = 1,
                    .maximum = 1024},
    app::OptionSpec{.name = "all-starts",
                    .kind = app::OptionKind::flag,
                    .value_name = "",
                    .help = "the game from every ordered pair of start cells of the board (its start lines "
                            "ignored), on the task farm (threads, or MPI ranks under mpirun): a table, or --json",
                    .command_line_only = true},
    app::OptionSpec{.name = "checkpoint",
                    .kind = app::OptionKind::text,
                    .value_name = "FILE",
                    .help = "with --all-starts: keep each finished pair in FILE; a run with the same FILE resumes "
                            "where the last one stopped",
                    .command_line_only = true},
    app::OptionSpec{.name = "stop-after-tasks",
                    .kind = app::OptionKind::integer,
                    .value_name = "K",
                    .help = "tests of the farm, with --all-starts: stop (exit 3) once K pairs finished in this run",
                    .minimum = 1,
                    .command_line_only = true},
};

// --all-starts: every start pair on the task farm (all_starts.hpp). MPI
// ranks other than 0 return an empty report (the CLI prints nothing there).
app::SolveReport solve_every_start(const Board& board, const app::SolveRequest& request,
                                   const app::OptionValues& options) {
  AllStartsRequest farm_request;
  if (const std::string* path = options.text("checkpoint")) farm_request.checkpoint = *path;
  if (options.has("stop-after-tasks"))
    farm_request.stop_after = static_cast<std::size_t>(options.integer("stop-after-tasks"));
  farm_request.threads = request.limits.threads;
  const AllStarts all = solve_all_starts(board, farm_request);
  if (!all.output) return {};
  if (!all.complete)
    throw app::LimitError(fmt::format("stopped after {} start pairs (--stop-after-tasks); {} of {} pairs solved{}",
                                      farm_request.stop_after, all.finished, all.tasks,
                                      farm_request.checkpoint.empty() ? "" : ", kept in " + farm_request.checkpoint));
  app::SolveReport report;
  report.answer = all_starts_table(board, all);
  report.stats.threads = all.workers;
  report.document = {
      {"puzzle", "footholds"}, {"rows", board.rows}, {"cols", board.cols}, {"all_starts", all_starts_json(board, all)}};
  report.document.update(app::stats_json(report.stats));
  return report;
}

app::SolveReport solve(const app::SolveRequest& request) {
  const app::OptionValues options = app::with_defaults(kOptions, request.options);
  const Board board = parse_board(request.input);
  if (options.flag("all-starts")) return solve_every_start(board, request, options);
  if (options.has("checkpoint") || options.has("stop-after-tasks"))
    throw app::InputError("--checkpoint and --stop-after-tasks go with --all-starts (the task farm)");
  SearchTuning tuning;
  if (options.has("table-mb")) tuning.table_bytes = static_cast<std::uint64_t>(options.integer("table-mb")) << 20;
  SolveProgress progress;
  core::SearchLimits limits = request.limits;
  if (limits.on_progress)
    limits.on_progress = [report_progress = limits.on_progress, &progress,
                          lang = request.lang](const core::Progress& p) {
      core::Progress described = p;
      described.known = app::text(lang, progress_known(progress));
      report_progress(described);
    };
  const auto result = solve_board(board, limits, tuning, &progress);
  if (!result.proven()) {
    app::Message message = app::limit_message(result.outcome, result.stats);
    if (progress.winner != 0)
      message = app::msg("common.joined", {{"first", message}, {"second", progress_known(progress)}});
    throw app::LimitError(message);
  }
  const int total = *result.value;
  // The player to move at the end loses: A moves at even move counts.
  const char winner = total % 2 == 1 ? 'A' : 'B';

  app::SolveReport report;
  report.answer = fmt::format("{}\n", total);
  report.stats = result.stats;
  GameViews views = format_game(board, result.line, total, request.lang);
  report.explanation = std::move(views.explanation);
  report.line = std::move(views.line);
  report.document = {{"puzzle", "footholds"},
                     {"answer", total},
                     {"winner", std::string(1, winner)},
                     {"moves", std::move(views.moves)}};
  report.document.update(app::stats_json(result.stats));
  return report;
}

}  // namespace

// Last field: the judge's time limit in ms as its page states it (0: none recorded).
constexpr std::array kJudges = {
    app::JudgeProblem{"Programmers 92345", "사라지는 발판", "", 0},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"R, C (board rows, columns)", 1, 5},
};

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "footholds",
      .title = "Vanishing footholds: two players on a board whose footholds vanish behind them",
      .title_ko = "사라지는 발판",
      .description =
          "Reads R C, R rows of 0/1 footholds, A's row and column, B's row and column (boards up to 128 cells; rows "
          "and columns count from 0), or the Programmers form: the literals board, aloc, bloc, e.g. "
          "'[[1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]', with or without 'board =' and the other names. "
          "A moves first; a player steps to an adjacent foothold and the one it left vanishes; a player who cannot "
          "step, or whose foothold vanished, loses. Prints the total number of moves when the winner wins as fast "
          "and the loser loses as slowly as possible.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = kOptions,
      .solve = &solve,
      .play = &play,
      .position_of = &position_of,
      .check_strict = &check_strict,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
      .check_states = &check_states,
      .check_report = &check_report,
  };
  return instance;
}

}  // namespace boardsearch::footholds

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_footholds() { return footholds::puzzle(); }
}  // namespace boardsearch::app::modules
