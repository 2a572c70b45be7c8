// --strict for the sliding-tile puzzle: the judge's 3 x 3, its goal, and
// the input as the judge writes it (three lines of three numbers).
#include "games/sliding/strict.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "games/sliding/parse.hpp"
#include "games/sliding/puzzle.hpp"

namespace boardsearch::sliding {

void check_strict(std::string_view input, const app::OptionValues& options) {
  const Question question = question_of(options);
  // Step 1. Options that select no judge problem.
  if (question.bulk) throw app::InputError("--bulk: Baekjoon 1525 gives one board (leave out --strict or --bulk)");
  if (question.solve.layout != GoalLayout::blank_last)
    throw app::InputError("--goal blank-first: Baekjoon 1525's goal has the blank last (1 2 3 / 4 5 6 / 7 8 0)");
  // Step 2. The board parses (its own message otherwise), then its shape.
  const Board board = parse_board(input);
  const app::JudgeLimit& rows = puzzle().judge_limits[0];
  const app::JudgeLimit& cols = puzzle().judge_limits[1];
  app::TextInput text(input);
  const std::size_t first = text.expect_line("the board").number;
  if (board.rows < rows.minimum || board.rows > rows.maximum)
    throw app::InputError(fmt::format("{}: {} rows, the judge's board has {} (Baekjoon 1525)", app::where(first),
                                      board.rows, rows.maximum));
  if (board.cols < cols.minimum || board.cols > cols.maximum)
    throw app::InputError(fmt::format("{}: {} columns, the judge's board has {} (Baekjoon 1525)", app::where(first),
                                      board.cols, cols.maximum));
}

}  // namespace boardsearch::sliding
