// The sliding-tile puzzle as front ends see it: reads the board (or boards,
// --bulk) and the options, runs the search, and turns the result into the
// judge's answer, the --explain text, the --json document and the viewer
// line. No search logic here.

#include "games/sliding/puzzle.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <string>

#include "games/sliding/bound.hpp"
#include "games/sliding/format.hpp"
#include "games/sliding/hunt_cases.hpp"
#include "games/sliding/parse.hpp"
#include "games/sliding/rules.hpp"
#include "games/sliding/strict.hpp"
#include "games/sliding/table.hpp"

namespace boardsearch::sliding {

namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 2> kGoalChoices = {"blank-last", "blank-first"};
constexpr std::array<std::string_view, 3> kTableChoices = {"6-6-3", "5-5-5", "none"};

constexpr std::array kOptions = {
    app::OptionSpec{.name = "goal",
                    .kind = app::OptionKind::choice,
                    .value_name = "LAYOUT",
                    .help = "blank-last: 1 2 3 / 4 5 6 / 7 8 0 (Baekjoon 1525, default); blank-first: 0 1 2 / 3 4 5 / "
                            "6 7 8 (Korf's instances)",
                    .choices = kGoalChoices,
                    .default_value = "blank-last"},
    app::OptionSpec{.name = "tables",
                    .kind = app::OptionKind::choice,
                    .value_name = "PARTITION",
                    .help = "4 x 4 pattern databases: 6-6-3 (default), 5-5-5, or none (Manhattan distance + linear "
                            "conflicts)",
                    .choices = kTableChoices,
                    .default_value = "6-6-3"},
    app::OptionSpec{.name = "bulk",
                    .kind = app::OptionKind::flag,
                    .value_name = "",
                    .help = "one board a line, all its cells on the line (size from their count); one answer a line"},
    app::OptionSpec{.name = "build-tables",
                    .kind = app::OptionKind::flag,
                    .value_name = "",
                    .help = "build the 4 x 4 pattern databases of --tables and --goal into the cache now, then exit "
                            "(command line only)",
                    .minimum = 0,
                    .maximum = 0,
                    .choices = {},
                    .default_value = {},
                    .command_line_only = true},
};

// Last field: the judge's time limit in ms as its page states it (0: none recorded).
constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 1525", "퍼즐", "", 0},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"R (rows)", kJudgeSide, kJudgeSide},
    app::JudgeLimit{"C (columns)", kJudgeSide, kJudgeSide},
};

std::string_view layout_name(GoalLayout layout) {
  return layout == GoalLayout::blank_first ? "blank-first" : "blank-last";
}

// The estimate the page shows beside the true distance at each step.
int linear_estimate(const Board& board, GoalLayout layout) {
  const GoalPlaces goal(board.rows, board.cols, layout);
  return ManhattanLinear::estimate(ManhattanLinear(goal).start(Position::of(board)));
}

json board_json(const Board& board, GoalLayout layout, int moves_left) {
  json rows = json::array();
  for (int r = 0; r < board.rows; ++r) {
    json row = json::array();
    for (int c = 0; c < board.cols; ++c) row.push_back(board.at(r, c));
    rows.push_back(std::move(row));
  }
  return {{"rows", std::move(rows)}, {"moves_left", moves_left}, {"estimate", linear_estimate(board, layout)}};
}

std::string letters(const std::vector<Slide>& line) {
  std::string text;
  for (const Slide slide : line) text += slide_letter(slide);
  return text;
}

json viewer_line(Board board, GoalLayout layout, const Solution& solution) {
  json line = json::array();
  const int total = solution.moves();
  line.push_back({{"move", nullptr}, {"text", "start"}, {"board", board_json(board, layout, total)}});
  int number = 0;
  for (const Slide slide : solution.search.line) {
    const std::string words = slide_words(board, slide);
    board = after_slide(board, slide);
    ++number;
    line.push_back({{"move", core::to_string(slide)},
                    {"text", fmt::format("{}. {}", number, words)},
                    {"board", board_json(board, layout, total - number)}});
  }
  return line;
}

std::string indented(const Board& board) {
  std::string text;
  for (const std::string& row : drawn_rows(board)) text += "  " + row + "\n";
  return text;
}

std::string explanation(Board board, GoalLayout layout, const Solution& solution) {
  if (!solution.solvable)
    return fmt::format(
        "The goal cannot be reached ({} goal): the board's parity (inversions among the tiles{}, mod 2) is {}, the "
        "goal's is {}, and no move changes it. No search was needed.\n",
        layout_name(layout), board.cols % 2 == 0 ? " plus the blank's row" : "", parity_invariant(board),
        parity_invariant(goal_board(board.rows, board.cols, layout)));
  std::string text = fmt::format("{} move{} ({} goal), proven by {}.\n", solution.moves(),
                                 solution.moves() == 1 ? "" : "s", layout_name(layout), solution.method);
  if (!solution.missing.empty())
    text +=
        fmt::format("Pattern databases missing ({}); build them with `boardsearch sliding --build-tables{}`.\n",
                    fmt::join(solution.missing, ", "), layout == GoalLayout::blank_first ? " --goal blank-first" : "");
  text += "\nStart:\n" + indented(board);
  int number = 0;
  for (const Slide slide : solution.search.line) {
    text += fmt::format("\n{}. {}\n", ++number, slide_words(board, slide));
    board = after_slide(board, slide);
    text += indented(board);
  }
  return text;
}

std::string bound_words(const Solution& solution) {
  return fmt::format("the answer is at least {} move{}", solution.search.lower_bound,
                     solution.search.lower_bound == 1 ? "" : "s");
}

// --build-tables: the tables of --tables and --goal for 4 x 4, built now
// when missing.
app::SolveReport build_tables(const Question& question, const app::SolveRequest& request) {
  if (question.solve.partition == kNoTables)
    throw app::InputError("--build-tables: --tables none names no pattern databases (choose 6-6-3 or 5-5-5)");
  if (!request.may_build_tables)
    throw app::InputError("--build-tables is a command-line option only (boardsearch sliding --build-tables)");
  TablesFound found;
  try {
    found = pattern_tables(question.solve.partition, 4, 4, question.solve.layout, true, request.limits);
  } catch (const core::SearchAborted& aborted) {
    throw app::LimitError(fmt::format("{} while building the pattern databases", core::to_string(aborted.outcome)));
  }
  app::SolveReport report;
  const auto& groups = found.tables->groups;
  report.answer = fmt::format("{} pattern databases for 4 x 4, {} goal: {}\n", question.solve.partition,
                              layout_name(question.solve.layout), found.built ? "built" : "already built");
  json paths = json::array();
  for (const std::vector<int>& group : groups) {
    const std::string path =
        app::table_path(pattern_table_key(4, 4, group, goal_cell(0, 16, question.solve.layout))).string();
    report.answer += "  " + path + "\n";
    paths.push_back(path);
  }
  report.explanation = "Each table is mapped, not rebuilt, by every later solve.\n";
  report.document = {{"puzzle", "sliding"}, {"answer", found.built ? "built" : "already built"}, {"tables", paths}};
  report.document.update(app::stats_json(report.stats));
  return report;
}

// --bulk: each line's board solved in turn under one budget; each answer
// handed to on_answer (when set) as soon as it is proven.
app::SolveReport solve_bulk(const Question& question, const app::SolveRequest& request) {
  const std::vector<Board> boards = parse_bulk(request.input);
  SolveOptions options = question.solve;
  options.may_build_tables = request.may_build_tables;
  app::SolveReport report;
  json answers = json::array();
  for (std::size_t i = 0; i < boards.size(); ++i) {
    core::SearchLimits limits = request.limits;
    if (limits.max_nodes != 0)
      limits.max_nodes =
          std::max<std::uint64_t>(1, limits.max_nodes - std::min(limits.max_nodes - 1, report.stats.nodes));
    const Solution solution = sliding::solve(boards[i], options, limits);
    report.stats.nodes += solution.stats.nodes;
    report.stats.elapsed += solution.stats.elapsed;
    report.stats.memory_bytes = std::max(report.stats.memory_bytes, solution.stats.memory_bytes);
    if (!solution.proven())
      throw app::LimitError(fmt::format("board {}: {}; {}", i + 1,
                                        app::text(request.lang, app::limit_message(solution.outcome, solution.stats)),
                                        bound_words(solution)));
    const std::string answer = fmt::format("{}\n", solution.moves());
    if (request.on_answer)
      request.on_answer(answer);
    else
      report.answer += answer;
    if (!request.on_answer)
      report.explanation += fmt::format("board {}: {} ({}), {} nodes, {:.1f} ms\n", i + 1, solution.moves(),
                                        solution.method, solution.stats.nodes, solution.stats.milliseconds());
    answers.push_back({{"answer", solution.moves()},
                       {"line", letters(solution.search.line)},
                       {"method", solution.method},
                       {"start_estimate", solution.start_estimate},
                       {"nodes", solution.stats.nodes},
                       {"ms", solution.stats.milliseconds()}});
  }
  report.document = {{"puzzle", "sliding"}, {"goal", layout_name(question.solve.layout)}, {"boards", answers}};
  report.document.update(app::stats_json(report.stats));
  return report;
}

app::SolveReport solve(const app::SolveRequest& request) {
  // Step 1. Options (they decide the question), then the board.
  const Question question = question_of(request.options);
  if (question.build_tables) return build_tables(question, request);
  if (question.bulk) return solve_bulk(question, request);
  const Board board = parse_board(request.input);

  // Step 2. The search; only a proven value is an answer.
  SolveOptions options = question.solve;
  options.may_build_tables = request.may_build_tables;
  const Solution solution = sliding::solve(board, options, request.limits);
  if (!solution.proven())
    throw app::LimitError(fmt::format("{}; {}",
                                      app::text(request.lang, app::limit_message(solution.outcome, solution.stats)),
                                      bound_words(solution)));

  // Step 3. The answer and its views.
  app::SolveReport report;
  report.stats = solution.stats;
  report.answer = fmt::format("{}\n", solution.moves());
  if (!request.on_answer) report.explanation = explanation(board, question.solve.layout, solution);
  if (request.want_line) report.line = viewer_line(board, question.solve.layout, solution);
  report.document = {{"puzzle", "sliding"},
                     {"rows", board.rows},
                     {"cols", board.cols},
                     {"goal", layout_name(question.solve.layout)},
                     {"answer", solution.moves()},
                     {"line", letters(solution.search.line)},
                     {"method", solution.method},
                     {"start_estimate", solution.start_estimate},
                     {"missing_tables", solution.missing},
                     {"tables_built", solution.tables_built}};
  if (!solution.missing.empty())
    report.document["how_to_build"] = fmt::format("boardsearch sliding --build-tables --goal {} --tables {}",
                                                  layout_name(question.solve.layout), question.solve.partition);
  report.document.update(app::stats_json(solution.stats));
  return report;
}

bool reads_input(const app::OptionValues& options) { return !options.flag("build-tables"); }

}  // namespace

Question question_of(const app::OptionValues& given) {
  const app::OptionValues options = app::with_defaults(kOptions, given);
  Question question;
  question.solve.layout = *options.text("goal") == "blank-first" ? GoalLayout::blank_first : GoalLayout::blank_last;
  question.solve.partition = *options.text("tables");
  question.bulk = options.flag("bulk");
  question.build_tables = options.flag("build-tables");
  if (question.bulk && question.build_tables) throw app::InputError("--bulk and --build-tables do not go together");
  return question;
}

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "sliding",
      .title = "Sliding-tile puzzle",
      .title_ko = "퍼즐",
      .description =
          "Reads an R x C board (R lines of C numbers, 0 the blank; 2 x 2 to 5 x 5) and prints the fewest moves "
          "that reach the goal 1 2 3 / 4 5 6 / 7 8 0, or -1 when parity says it cannot be reached (Baekjoon 1525). "
          "--goal blank-first for Korf's goal 0 1 2 ...; --bulk for one board a line; --explain shows each move "
          "(the tile that slides and its direction). Boards of 12 cells or fewer: breadth-first search; bigger "
          "ones: IDA* with Manhattan distance and linear conflicts, or 4 x 4 pattern databases (--build-tables "
          "builds them into the cache, ~/.cache/boardsearch).",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = kOptions,
      .solve = &solve,
      .check_strict = &check_strict,
      .reads_input = &reads_input,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
      .check_states = &check_states,
      .check_report = &check_report,
  };
  return instance;
}

}  // namespace boardsearch::sliding

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_sliding() { return sliding::puzzle(); }
}  // namespace boardsearch::app::modules
