// --strict for footholds: the judge's board size, from the puzzle's own
// judge_limits.
#include "games/footholds/strict.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/puzzle.hpp"

namespace boardsearch::footholds {

void check_strict(std::string_view input, const app::OptionValues& /*options: footholds has none*/) {
  const app::Puzzle& self = puzzle();
  const app::JudgeLimit& side = self.judge_limits[0];  // R, C (board rows, columns)

  // Step 1. The input parses (its own message otherwise).
  const Board board = parse_board(input);

  // Step 2. R and C within the judge's limits. The size is on the first
  // line of the text form; the Programmers form has it in the literal board.
  if (board.rows >= side.minimum && board.rows <= side.maximum && board.cols >= side.minimum &&
      board.cols <= side.maximum)
    return;
  const std::string at = is_programmers_form(app::without_bom(input))
                             ? std::string("board")
                             : app::where(app::TextInput(input).expect_line("the board size").number);
  throw app::InputError(fmt::format("{}: the board is {} x {}, outside the judge's limit {} <= {} <= {} ({})", at,
                                    board.rows, board.cols, side.minimum, side.what, side.maximum, self.judges[0].id));
}

}  // namespace boardsearch::footholds
