#include "games/sudoku/strict.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "games/sudoku/parse.hpp"
#include "games/sudoku/puzzle.hpp"

namespace boardsearch::sudoku {

void check_strict(std::string_view input, const app::OptionValues& options) {
  // Step 1. The question is a judge's.
  const Question question = question_of(options);
  const std::string_view judge = question.smallest_judge ? "Baekjoon 2239" : "Baekjoon 2580";
  if (question.bulk != nullptr)
    throw app::InputError(fmt::format("--bulk is not a judge problem ({} reads one grid)", judge));
  if (question.goal == Goal::count)
    throw app::InputError(
        fmt::format("--count and --max-count are not a judge problem ({} prints a completion)", judge));
  // Step 2. The input parses (its own message otherwise), 9 x 9 in the judge's form.
  const ParsedGrid parsed = parse_grid(input);
  const std::size_t line = parsed.row_lines.front();
  const app::JudgeLimit& side = puzzle().judge_limits[0];
  if (parsed.grid.side < side.minimum || parsed.grid.side > side.maximum)
    throw app::InputError(fmt::format("{}: a {} x {} grid is beyond the judge's limit {} = {} ({})", app::where(line),
                                      parsed.grid.side, parsed.grid.side, side.what, side.maximum, judge));
  const Form wanted = question.smallest_judge ? Form::compact : Form::spaced;
  if (parsed.form != wanted)
    throw app::InputError(
        fmt::format("{}: {} gives nine lines of nine {}", app::where(line), judge,
                    question.smallest_judge ? "digits without blanks" : "numbers separated by blanks"));
}

}  // namespace boardsearch::sudoku
