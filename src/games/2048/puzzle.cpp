// The 2048 front door: parse the judge input, run the exact search, and turn
// the result into the answer, the --explain text, the --json document and
// the viewer line. No search logic here.
#include "games/2048/puzzle.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/2048/format.hpp"
#include "games/2048/hunt_cases.hpp"
#include "games/2048/parse.hpp"
#include "games/2048/rules.hpp"
#include "games/2048/search.hpp"
#include "games/2048/strict.hpp"

namespace boardsearch::game2048 {

namespace {

// The options: K, 5 by default as in the judge's "Easy" version (12100).
constexpr std::array kOptions = {
    app::OptionSpec{.name = "moves",
                    .kind = app::OptionKind::integer,
                    .value_name = "K",
                    .help = "number of moves K (default 5)",
                    .default_value = "5"},
};

// Last field: the judge's time limit in ms as its page states it (0: none recorded).
constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 12100", "2048 (Easy)", "--moves 5", 1000},
    app::JudgeProblem{"Baekjoon 12094", "2048 (Hard)", "--moves 10", 0},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"N (board side)", 1, 20},
    app::JudgeLimit{"tile value", 2, 1024},
};

app::Message step_text(const Board& board, std::size_t step, const std::vector<Direction>& moves) {
  if (step == 0) return app::msg("2048.step.start", {{"tile", tile_text(board.max_exponent())}});
  return app::msg("2048.step.move", {{"step", step},
                                     {"direction", app::direction_message(moves[step - 1])},
                                     {"tile", tile_text(board.max_exponent())}});
}

// What a search stopped by a limit still knows, for its one-line message:
// the best line found (a lower bound, reached by real moves) and the root's
// admissible bound (an upper bound). Both are labelled unproven bounds, never
// printed as the answer.
app::Message unproven_bracket(const MaxTileResult& result, const Board& start) {
  const int found = result.search.value.value_or(start.max_exponent());
  const std::size_t length = result.search.value ? result.search.line.size() : 0;
  const nlohmann::json params = {
      {"found", tile_text(found)}, {"moves", length}, {"bound", tile_text(result.root_bound)}};
  return length == 1 ? app::msg("2048.limit.bracket_one", params) : app::msg("2048.limit.bracket_many", params);
}

// The report of a proven search: the answer, the --explain text (the line
// and the board after each move), the viewer line and the --json document.
app::SolveReport proven_report(const Board& start, std::int64_t moves, const MaxTileResult& result, int answer,
                               app::Lang lang) {
  // Step 1. Replay the line: the boards for --explain, --json and viewers.
  const std::vector<Direction>& line = result.search.line;
  std::vector<Board> boards{start};
  for (const Direction direction : line) {
    Board next;
    apply_move(boards.back(), direction, next);
    boards.push_back(std::move(next));
  }

  // Step 2. The answer, and the line in words.
  app::SolveReport report;
  report.answer = tile_text(answer) + "\n";
  report.stats = result.search.stats;

  std::string move_names;
  nlohmann::json json_moves = nlohmann::json::array();
  for (const Direction direction : line) {
    move_names +=
        fmt::format("{}{}", move_names.empty() ? "" : " ", app::text(lang, app::direction_message(direction)));
    json_moves.push_back(to_string(direction));
  }
  const nlohmann::json summary = {
      {"tile", tile_text(answer)},
      {"moves", moves},
      {"line", line.empty() ? nlohmann::json(app::msg("2048.explain.no_better_move")) : nlohmann::json(move_names)}};
  report.explanation =
      app::text(lang, app::msg(moves == 1 ? "2048.explain.summary_one" : "2048.explain.summary_many", summary)) + "\n";
  if (!line.empty() && static_cast<long long>(line.size()) < moves)
    report.explanation +=
        app::text(lang, app::msg(line.size() == 1 ? "2048.explain.shorter_one" : "2048.explain.shorter_many",
                                 {{"length", line.size()}})) +
        "\n";

  // Step 3. Each board of the line: its --explain text, viewer step and JSON.
  nlohmann::json json_boards = nlohmann::json::array();
  nlohmann::json json_exponents = nlohmann::json::array();
  for (std::size_t step = 0; step < boards.size(); ++step) {
    const std::string text = app::text(lang, step_text(boards[step], step, line));
    report.explanation += fmt::format("\n{}\n{}", text, board_text(boards[step]));
    const nlohmann::json board = board_json(boards[step]);
    json_boards.push_back(board["cells"]);
    json_exponents.push_back(board["exponents"]);
    report.line.push_back({{"move", step == 0 ? nlohmann::json(nullptr) : nlohmann::json(to_string(line[step - 1]))},
                           {"text", text},
                           {"board", board}});
  }

  // Step 4. The --json document.
  report.document = {{"puzzle", "2048"},
                     {"answer", tile_value(answer)},
                     {"answer_exponent", answer},
                     {"moves", std::move(json_moves)},
                     {"boards", std::move(json_boards)},
                     {"exponents", std::move(json_exponents)},
                     {"seen_boards", result.seen_boards}};
  report.document.update(app::stats_json(result.search.stats));
  return report;
}

app::SolveReport solve(const app::SolveRequest& request) {
  // Step 1. Input and options.
  const Board start = parse_board(request.input);
  const std::int64_t moves = app::with_defaults(kOptions, request.options).integer("moves");

  // Step 2. The search. Progress says what is proven so far: the answer
  // lies between the best line's tile and the root bound.
  MaxTileProgress bracket;
  core::SearchLimits limits = request.limits;
  if (limits.on_progress)
    limits.on_progress = [report_progress = limits.on_progress, &bracket,
                          lang = request.lang](const core::Progress& progress) {
      core::Progress described = progress;
      described.known =
          app::text(lang, app::msg("2048.progress.bracket",
                                   {{"found", tile_text(bracket.best_exponent.load(std::memory_order_relaxed))},
                                    {"bound", tile_text(bracket.root_bound.load(std::memory_order_relaxed))}}));
      report_progress(described);
    };
  SearchOptions options;
  options.progress = &bracket;
  options.threads = std::max<std::size_t>(request.limits.threads, 1);
  // The table of seen boards is the search's only storage that grows with
  // the nodes (the line and the path are at most K boards): it gets half of
  // the solve's memory budget, so that a budget below its default holds.
  // A smaller table only skips fewer boards (table.hpp).
  if (request.limits.max_memory_bytes != 0)
    options.table_bytes =
        std::min<std::size_t>(options.table_bytes, static_cast<std::size_t>(request.limits.max_memory_bytes / 2));
  const MaxTileResult result = maximize_tile(start, moves, limits, options);

  // Step 3. Only a proven value is an answer: a limit or a cut line gives
  // the bracket the search reached instead.
  if (!result.search.proven() && result.search.outcome != core::Outcome::depth_limit)
    throw app::LimitError(
        app::msg("common.joined", {{"first", app::limit_message(result.search.outcome, result.search.stats)},
                                   {"second", unproven_bracket(result, start)}}));
  if (result.search.outcome == core::Outcome::depth_limit)
    throw app::LimitError(
        app::msg("common.joined", {{"first", app::msg("2048.limit.depth", {{"depth", kMaxSearchDepth}})},
                                   {"second", unproven_bracket(result, start)}}));
  const int answer = result.search.value.value_or(start.max_exponent());

  // Step 4. The report.
  return proven_report(start, moves, result, answer, request.lang);
}

}  // namespace

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "2048",
      .title = "2048 without spawns: the largest tile within K moves",
      .title_ko = "2048 (Easy) / 2048 (Hard)",
      .description =
          "Reads N and an N x N board (0 empty, tiles powers of two >= 2) and prints the largest tile that can be on "
          "the board after at most K moves (--moves, default 5). No tile spawns. Exact for any K >= 0 and N up to "
          "128.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = kOptions,
      .solve = &solve,
      .check_strict = &check_strict,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
      .check_states = &check_states,
      .check_report = &check_report,
  };
  return instance;
}

}  // namespace boardsearch::game2048

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_2048() { return game2048::puzzle(); }
}  // namespace boardsearch::app::modules
