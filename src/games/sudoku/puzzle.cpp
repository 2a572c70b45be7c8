// Sudoku as front ends see it: reads the grid (or the bulk file) and the
// options, runs the search, and turns the result into the judge's answer,
// the --explain text, the --json document and the viewer line. No search
// logic here.

#include "games/sudoku/puzzle.hpp"

#include <fmt/format.h>

#include <array>
#include <string>

#include "games/sudoku/bulk.hpp"
#include "games/sudoku/explain.hpp"
#include "games/sudoku/format.hpp"
#include "games/sudoku/hunt_cases.hpp"
#include "games/sudoku/parse.hpp"
#include "games/sudoku/strict.hpp"

namespace boardsearch::sudoku {

namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 2> kJudgeChoices = {"2580", "2239"};

constexpr std::array kOptions = {
    app::OptionSpec{.name = "judge",
                    .kind = app::OptionKind::choice,
                    .value_name = "PROBLEM",
                    .help = "2580 any completion, numbers separated by blanks (default); 2239 the smallest completion "
                            "row by row, digits without blanks",
                    .choices = kJudgeChoices,
                    .default_value = "2580"},
    app::OptionSpec{.name = "count",
                    .kind = app::OptionKind::flag,
                    .value_name = "",
                    .help = "print the exact number of completions instead of one"},
    app::OptionSpec{.name = "max-count",
                    .kind = app::OptionKind::integer,
                    .value_name = "M",
                    .help = "count, and stop at M completions (prints \"at least M\")",
                    .minimum = 1},
    app::OptionSpec{.name = "bulk",
                    .kind = app::OptionKind::document,
                    .value_name = "FILE",
                    .help = "9 x 9 grids, one a line of 81 characters ('.' or '0' empty): one answer a line; "
                            "--json gives the statistics"},
};

constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 2580", "스도쿠", "", 0},
    app::JudgeProblem{"Baekjoon 2239", "스도쿠", "--judge 2239", 0},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"grid side", kJudgeBox* kJudgeBox, kJudgeBox* kJudgeBox},
};

json board_json(const Grid& grid, const std::vector<std::array<int, 2>>& cells) {
  return {{"box", grid.box}, {"rows", rows_of(grid)}, {"cells", cells}};
}

// The start grid, then one step per filled cell in the order --explain
// fills them, each with the deduction (and the removals before it) as text.
json viewer_line(const Grid& grid, const Grid* completion) {
  json line = json::array();
  line.push_back({{"move", nullptr}, {"text", text::start(grid.clues(), grid.side)}, {"board", board_json(grid, {})}});
  if (completion == nullptr) return line;
  Grid shown = grid;
  std::string before;
  for (const ExplainStep& step : explain_steps(grid, *completion)) {
    if (step.cell < 0) {
      before += step.text + "; ";
      continue;
    }
    const int r = step.cell / grid.side, c = step.cell % grid.side;
    shown.cells[static_cast<std::size_t>(step.cell)] = step.number;
    line.push_back(
        {{"move", fmt::format("{},{}", r, c)}, {"text", before + step.text}, {"board", board_json(shown, {{r, c}})}});
    before.clear();
  }
  return line;
}

app::SolveReport solve_bulk_request(const app::SolveRequest& request, const Question& question) {
  const BulkSolved bulk = solve_bulk(*question.bulk, question.goal, request.limits);
  if (bulk.outcome != core::Outcome::proven)
    throw app::LimitError(fmt::format("{}; stopped in the grid of line {} after {} grids",
                                      app::text(request.lang, app::limit_message(bulk.outcome, bulk.stats)),
                                      bulk.stopped_line, bulk.solved));
  app::SolveReport report;
  report.stats = bulk.stats;
  report.answer = bulk.answer;
  report.explanation = text::bulk_summary(bulk.grids, bulk.solved, bulk.solve_ms, bulk.slowest_us, bulk.stats.nodes);
  report.document = {
      {"puzzle", "sudoku"},
      {"bulk", true},
      {"judge", question.smallest_judge ? "2239" : "2580"},
      {"grids", bulk.grids},
      {"completed", bulk.solved},
      {"solve_ms", bulk.solve_ms},
      {"us_per_grid", bulk.grids == 0 ? 0.0 : bulk.solve_ms * 1000.0 / static_cast<double>(bulk.grids)},
      {"cpu_ms", bulk.cpu_ms},
      {"cpu_us_per_grid", bulk.grids == 0 ? 0.0 : bulk.cpu_ms * 1000.0 / static_cast<double>(bulk.grids)},
      {"slowest_us", bulk.slowest_us},
      {"slowest_line", bulk.slowest_line}};
  report.document.update(app::stats_json(bulk.stats));
  return report;
}

app::SolveReport solve(const app::SolveRequest& request) {
  // Step 1. Options (they decide the question), then the grid.
  const Question question = question_of(request.options);
  if (question.bulk != nullptr) return solve_bulk_request(request, question);
  const ParsedGrid parsed = parse_grid(request.input);
  const Grid& grid = parsed.grid;

  // Step 2. The search; only a proven result is an answer.
  const Searched searched = search(grid, question.goal, question.max_count, request.limits);
  if (!searched.proven()) {
    std::string known = app::text(request.lang, app::limit_message(searched.outcome, searched.stats));
    if (question.goal == Goal::count)
      known += fmt::format("; at least {} completions counted so far", decimal(searched.count));
    throw app::LimitError(known);
  }

  // Step 3. The answer and its views.
  app::SolveReport report;
  report.stats = searched.stats;
  report.document = {{"puzzle", "sudoku"},
                     {"judge", question.smallest_judge ? "2239" : "2580"},
                     {"side", grid.side},
                     {"clues", grid.clues()}};
  if (question.goal == Goal::count) {
    const std::string count = decimal(searched.count);
    report.answer = (searched.capped ? "at least " : "") + count + "\n";
    report.explanation = text::counted(count, searched.capped, searched.stats.nodes);
    report.document.update({{"count", count}, {"at_least", searched.capped}});
    if (request.want_line) report.line = viewer_line(grid, nullptr);
  } else if (searched.completion.empty()) {
    report.answer = std::string(kNoCompletion);
    report.explanation = text::no_completion(grid.clues(), grid.side, searched.stats.nodes);
    report.document["completion"] = nullptr;
    if (request.want_line) report.line = viewer_line(grid, nullptr);
  } else {
    Grid done = grid;
    done.cells = searched.completion;
    report.answer = grid_text(done, question.smallest_judge ? Style::compact : Style::spaced);
    if (!request.on_answer) report.explanation = explain(grid, done, question.goal, searched.stats.nodes);
    report.document["completion"] = rows_of(done);
    if (request.want_line) report.line = viewer_line(grid, &done);
  }
  report.document["answer"] = report.answer;
  report.document.update(app::stats_json(searched.stats));
  return report;
}

// Baekjoon 2580 accepts any completion written in its form; the count and
// 2239 print one answer only.
bool accepts(std::string_view input, const app::OptionValues& options, std::string_view expected,
             std::string_view output) {
  const Question question = question_of(options);
  if (question.smallest_judge || question.goal == Goal::count || question.bulk != nullptr)
    return app::normalize_output(expected) == app::normalize_output(output);
  if (app::normalize_output(expected) == app::normalize_output(kNoCompletion) ||
      app::normalize_output(output) == app::normalize_output(kNoCompletion))
    return app::normalize_output(expected) == app::normalize_output(output);
  try {
    const ParsedGrid given = parse_grid(input);
    const ParsedGrid answer = parse_grid(output);
    const bool judge_form = answer.form == Form::spaced || given.grid.side > 9;
    return judge_form && completes(given.grid, answer.grid);
  } catch (const app::InputError&) {
    return false;
  }
}

bool reads_input(const app::OptionValues& options) { return !options.has("bulk"); }

}  // namespace

Question question_of(const app::OptionValues& given) {
  const app::OptionValues options = app::with_defaults(kOptions, given);
  Question question;
  question.smallest_judge = *options.text("judge") == "2239";
  question.goal = question.smallest_judge ? Goal::smallest : Goal::any;
  if (options.flag("count") || options.has("max-count")) question.goal = Goal::count;
  if (options.has("max-count")) question.max_count = static_cast<Count>(options.integer("max-count"));
  question.bulk = given.text("bulk");  // the caller's values: they outlive the question
  if (question.bulk != nullptr && question.goal == Goal::count)
    throw app::InputError("--bulk answers each grid with a completion; leave out --count and --max-count");
  return question;
}

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "sudoku",
      .title = "Sudoku",
      .title_ko = "스도쿠",
      .description =
          "Reads a 9 x 9 grid (nine lines of nine numbers separated by blanks, Baekjoon 2580, or of nine digits, "
          "Baekjoon 2239; 0 empty) and prints a completion, or -1 when there is none. --judge 2239 prints the "
          "smallest completion row by row. Grids of n x n boxes for n = 2..5 (4 x 4 to 25 x 25, numbers separated "
          "by blanks), or one line of 81 characters. --count prints the number of completions (--max-count M stops "
          "at M); --bulk FILE completes one 81-character grid a line. --explain shows the deductions a person "
          "makes, by name, and the guesses where they stop.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = kOptions,
      .solve = &solve,
      .accepts = &accepts,
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

}  // namespace boardsearch::sudoku

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_sudoku() { return sudoku::puzzle(); }
}  // namespace boardsearch::app::modules
