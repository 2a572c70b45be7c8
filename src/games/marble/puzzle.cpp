// Marble escape as front ends see it: reads the board and the options, runs
// the engine, and turns the result into the judge's answer, the --explain
// text, the --json document and the viewer line. No search logic here.

#include "games/marble/puzzle.hpp"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>

#include "games/marble/format.hpp"
#include "games/marble/hunt_cases.hpp"
#include "games/marble/parse.hpp"
#include "games/marble/rules.hpp"
#include "games/marble/search.hpp"
#include "games/marble/slide.hpp"
#include "games/marble/strict.hpp"

namespace boardsearch::marble {

namespace {

using nlohmann::json;

// The largest --moves: the longest line A* can record (22 bits of tilts).
constexpr std::int64_t kMaxMovesOption = detail::kMaxRecordedTilts;

constexpr std::array<std::string_view, 4> kJudgeChoices = {"13460", "13459", "15644", "15653"};

constexpr std::array kOptions = {
    app::OptionSpec{.name = "judge",
                    .kind = app::OptionKind::choice,
                    .value_name = "PROBLEM",
                    .help = "13460 fewest tilts (default), 13459 possible 1/0, 15644 fewest and a line, 15653 no limit",
                    .choices = kJudgeChoices,
                    .default_value = "13460"},
    app::OptionSpec{.name = "moves",
                    .kind = app::OptionKind::integer,
                    .value_name = "K",
                    .help = "tilt limit K instead of the judge's 10 (not with --judge 15653)",
                    .minimum = 0,
                    .maximum = kMaxMovesOption},
};

// Last field: the judge's time limit in ms as its page states it (0: none recorded).
constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 13460", "구슬 탈출 2", "", 0},
    app::JudgeProblem{"Baekjoon 13459", "구슬 탈출", "--judge 13459", 0},
    app::JudgeProblem{"Baekjoon 15644", "구슬 탈출 3", "--judge 15644", 0},
    app::JudgeProblem{"Baekjoon 15653", "구슬 탈출 4", "--judge 15653", 0},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"N (rows)", kMinSide, kJudgeMaxSide},
    app::JudgeLimit{"M (columns)", kMinSide, kJudgeMaxSide},
    app::JudgeLimit{"tilts", 0, kJudgeMaxTilts},
};

// What the options ask: the judge and the tilt limit.
struct Question {
  Judge judge = Judge::escape_2;
  std::optional<int> max_tilts;
};

Question question_of(const app::OptionValues& given) {
  const app::OptionValues options = app::with_defaults(kOptions, given);
  Question question;
  question.judge = *judge_of(*options.text("judge"));
  question.max_tilts = judge_tilt_limit(question.judge);
  if (options.has("moves")) {
    if (question.judge == Judge::escape_4)
      throw app::InputError(app::msg(
          "marble.error.moves_without_limit",
          {{"option", options.source("moves").empty() ? std::string_view("--moves") : options.source("moves")}}));
    question.max_tilts = static_cast<int>(options.integer("moves"));
  }
  return question;
}

json cell_json(const Board& board, int cell) {
  if (cell == kInHole) return nullptr;
  const core::GridCell at = board.cell(cell);
  return json::array({at.row, at.col});
}

// The viewer's board: rows without the marbles, and where each marble is
// (null once in the hole).
json board_json(const Board& board, Marbles marbles) {
  json rows = json::array();
  const std::string text = format_rows(board, Marbles{kInHole, kInHole});
  for (std::size_t start = 0; start < text.size(); start += static_cast<std::size_t>(board.cols) + 1)
    rows.push_back(text.substr(start, static_cast<std::size_t>(board.cols)));
  return {{"rows", std::move(rows)}, {"red", cell_json(board, marbles.red)}, {"blue", cell_json(board, marbles.blue)}};
}

json viewer_line(const Board& board, const Solution& solution, app::Lang lang) {
  json line = json::array();
  Marbles marbles = start_of(board);
  line.push_back({{"move", nullptr},
                  {"text", app::text(lang, app::msg("marble.step.start"))},
                  {"board", board_json(board, marbles)}});
  int number = 0;
  for (const core::Direction direction : solution.search.line) {
    marbles = tilt(board, marbles, direction);
    const bool last = ++number == static_cast<int>(solution.search.line.size());
    line.push_back(
        {{"move", to_string(direction)},
         {"text", app::text(lang, app::msg(last ? "marble.step.tilt_last" : "marble.step.tilt",
                                           {{"number", number}, {"direction", app::direction_message(direction)}}))},
         {"board", board_json(board, marbles)}});
  }
  return line;
}

app::SolveReport solve(const app::SolveRequest& request) {
  // Step 1. Options (they decide the question), then the board.
  const Question question = question_of(request.options);
  const Board board = parse_board(request.input);

  // Step 2. The search; only a proven value is an answer.
  const Solution solution = marble::solve(board, SolveOptions{question.max_tilts}, request.limits);
  if (!solution.search.proven())
    throw app::LimitError(app::limit_message(solution.search.outcome, solution.search.stats));

  // Step 3. The answer and the three views of the line.
  app::SolveReport report;
  report.stats = solution.search.stats;
  report.answer = judge_answer(question.judge, solution);
  // The --explain text formats the whole board after every tilt (on big
  // boards with long lines, a good part of the work): only for a caller that
  // may show it (one that streams answers through on_answer shows the answer
  // alone).
  if (!request.on_answer) report.explanation = explain_line(board, solution, question.max_tilts, request.lang);
  if (request.want_line) report.line = viewer_line(board, solution, request.lang);
  report.document = {{"puzzle", "marble"},
                     {"judge", number_of(question.judge)},
                     {"answer", solution.search.value.value_or(-1)},
                     {"line", letters(solution.search.line)},
                     {"max_tilts", question.max_tilts ? json(*question.max_tilts) : json(nullptr)},
                     {"states", solution.states}};
  report.document.update(app::stats_json(solution.search.stats));
  return report;
}

// 15644 accepts any optimal line; the other judges print one answer only.
bool accepts(std::string_view input, const app::OptionValues& options, std::string_view expected,
             std::string_view output) {
  const Question question = question_of(options);
  if (question.judge != Judge::escape_3) return app::normalize_output(expected) == app::normalize_output(output);
  const Board board = parse_board(input);
  const int fewest = std::stoi(std::string(expected.substr(0, expected.find('\n'))));
  return !reject_15644(board, fewest < 0 ? std::nullopt : std::optional<int>(fewest), output).has_value();
}

}  // namespace

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "marble",
      .title = "Marble escape",
      .title_ko = "구슬 탈출",
      .description =
          "Reads N M and an N x M board ('#' wall on the border and inside, '.' empty, 'O' the hole, 'R' and 'B' "
          "the red and blue marbles) and prints the fewest tilts that drop the red marble into the hole without "
          "the blue one, or -1. --judge 13459 prints 1 or 0, 15644 also one optimal line (L R U D), 15653 has no "
          "tilt limit; --moves K replaces the limit of 10. Boards up to 1000 x 1000.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = kOptions,
      .solve = &solve,
      .accepts = &accepts,
      .check_strict = &check_strict,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
      .check_report = &check_report,
  };
  return instance;
}

}  // namespace boardsearch::marble

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_marble() { return marble::puzzle(); }
}  // namespace boardsearch::app::modules
