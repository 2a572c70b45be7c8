// N-Queens as front ends see it: reads the board, counts its completions,
// and turns the count into the judge's answer, the --explain text, the
// --json document and the viewer line. No search logic here.
//
// No check_states: the search keeps no apply/undo state (each call passes
// its masks by value), so there is nothing to restore; check_report checks
// the placement shown and the count instead.

#include "games/queens/puzzle.hpp"

#include <fmt/format.h>

#include <array>
#include <string>

#include "boardsearch/farm/farm.hpp"
#include "games/queens/farm_count.hpp"
#include "games/queens/format.hpp"
#include "games/queens/hunt_cases.hpp"
#include "games/queens/parse.hpp"
#include "games/queens/rules.hpp"
#include "games/queens/search.hpp"
#include "games/queens/strict.hpp"

namespace boardsearch::queens {

namespace {

using nlohmann::json;

constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 9663", "N-Queen", ""},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"N (board side)", kMinSide, kJudgeMaxSide},
};

// The task farm's options (farm_count.hpp): command line only, the server
// never takes them.
constexpr std::array kOptions = {
    app::OptionSpec{.name = "checkpoint",
                    .kind = app::OptionKind::text,
                    .value_name = "FILE",
                    .help = "count on the task farm (threads, or MPI ranks under mpirun), keeping each finished "
                            "part in FILE; a run with the same FILE resumes where the last one stopped",
                    .command_line_only = true},
    app::OptionSpec{.name = "stop-after-tasks",
                    .kind = app::OptionKind::integer,
                    .value_name = "K",
                    .help = "tests of the farm: stop (exit 3) once K parts finished in this run",
                    .minimum = 1,
                    .command_line_only = true},
};

json board_json(const Board& board, std::span<const int> columns) { return {{"rows", drawn_rows(board, columns)}}; }

// The start board, then the first completion's queens row by row (rows
// with a placed queen are part of the start).
json viewer_line(const Board& board, const std::vector<int>& first, app::Lang lang) {
  json line = json::array();
  line.push_back(
      {{"move", nullptr},
       {"text", app::text(lang, board.plain() ? app::msg("queens.step.empty_board") : app::msg("queens.step.board"))},
       {"board", board_json(board, {})}});
  std::vector<int> columns(static_cast<std::size_t>(board.n), -1);
  for (std::size_t r = 0; r < first.size(); ++r) {
    if (board.at(static_cast<int>(r), first[r]) == kQueen) continue;
    columns[r] = first[r];
    line.push_back({{"move", fmt::format("{},{}", r, first[r])},
                    {"text", app::text(lang, app::msg("queens.step.queen", {{"row", r}, {"column", first[r]}}))},
                    {"board", board_json(board, columns)}});
  }
  return line;
}

std::string explanation(const Board& board, const Counted& counted, app::Lang lang) {
  std::string text;
  if (counted.first.empty()) {
    text += app::text(lang, app::msg("queens.explain.none")) + "\n";
  } else {
    text += app::text(lang, app::msg("queens.explain.first")) + "\n";
    for (const std::string& row : drawn_rows(board, counted.first)) text += row + "\n";
  }
  const json params = {{"n", board.n}, {"count", decimal(counted.total)}};
  const bool one = counted.total == 1;
  text += app::text(lang,
                    board.plain()
                        ? app::msg(one ? "queens.explain.placements_one" : "queens.explain.placements_many", params)
                        : app::msg(one ? "queens.explain.completions_one" : "queens.explain.completions_many", params));
  if (counted.classes)
    text += app::text(lang, app::msg("queens.explain.classes", {{"classes", decimal(*counted.classes)}}));
  if (placed_queens_attack(board)) text += app::text(lang, app::msg("queens.explain.attack"));
  return text + "\n";
}

// The count on the task farm: with --checkpoint or --stop-after-tasks, or
// under mpirun. Sets `output` false on MPI ranks other than 0.
Counted farm_count(const Board& board, const app::SolveRequest& request, bool& output) {
  FarmRequest farm_request;
  if (const std::string* path = request.options.text("checkpoint")) farm_request.checkpoint = *path;
  if (request.options.has("stop-after-tasks"))
    farm_request.stop_after = static_cast<std::size_t>(request.options.integer("stop-after-tasks"));
  farm_request.threads = request.limits.threads;
  farm_request.progress = !farm_request.checkpoint.empty();
  FarmCounted counted = count_on_farm(board, farm_request);
  output = counted.output;
  if (counted.output && !counted.complete)
    throw app::LimitError(fmt::format(
        "stopped after {} parts of the count (--stop-after-tasks); {} of {} parts counted{}; at least {} completions "
        "counted so far",
        farm_request.stop_after, counted.finished, counted.tasks,
        farm_request.checkpoint.empty() ? "" : ", kept in " + farm_request.checkpoint, decimal(counted.counted.known)));
  return counted.counted;
}

app::SolveReport solve(const app::SolveRequest& request) {
  // Step 1. The board.
  const Board board = parse_board(request.input);

  // Step 2. The count (on the task farm when asked or under mpirun); only
  // a proven count is an answer. MPI ranks other than 0 answer nothing.
  const bool on_farm =
      request.options.has("checkpoint") || request.options.has("stop-after-tasks") || farm::mpi_active();
  bool output = true;
  const Counted counted = on_farm ? farm_count(board, request, output) : count_completions(board, request.limits);
  if (!output) return {};
  if (!counted.proven())
    throw app::LimitError(app::msg(
        "common.joined", {{"first", app::limit_message(counted.outcome, counted.stats)},
                          {"second", app::msg("queens.counted_so_far", {{"count", decimal(counted.known)}})}}));

  // Step 3. The answer and its views.
  app::SolveReport report;
  report.stats = counted.stats;
  report.answer = decimal(counted.total) + "\n";
  if (!request.on_answer) report.explanation = explanation(board, counted, request.lang);
  if (request.want_line) report.line = viewer_line(board, counted.first, request.lang);
  report.document = {{"puzzle", "queens"},
                     {"n", board.n},
                     {"answer", decimal(counted.total)},
                     {"classes", counted.classes ? json(decimal(*counted.classes)) : json(nullptr)},
                     {"placement", counted.first.empty() ? json(nullptr) : json(counted.first)},
                     {"rows", drawn_rows(board, counted.first)}};
  report.document.update(app::stats_json(counted.stats));
  return report;
}

}  // namespace

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "queens",
      .title = "N-Queens",
      .title_ko = "N-Queen",
      .description =
          "Reads N and prints how many ways N queens fit on an N x N board with no two attacking (Baekjoon 9663). "
          "Any N up to 32, counts past 64 bits exact. After N, an N x N board of '.' free, 'Q' placed queen, '#' "
          "blocked cell counts the completions of that partial board. --explain draws the first placement in row "
          "order and gives the count up to the square's 8 symmetries.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = kOptions,
      .solve = &solve,
      .check_strict = &check_strict,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
      .check_report = &check_report,
  };
  return instance;
}

}  // namespace boardsearch::queens

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_queens() { return queens::puzzle(); }
}  // namespace boardsearch::app::modules
