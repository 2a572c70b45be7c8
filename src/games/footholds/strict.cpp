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
  const app::Message at =
      is_programmers_form(app::without_bom(input))
          ? app::verbatim("board")
          : app::where_message(app::TextInput(input).expect_line(app::msg("footholds.what.size_line")).number);
  throw app::InputError(app::msg("footholds.strict.beyond_limit", {{"where", at},
                                                                   {"rows", board.rows},
                                                                   {"cols", board.cols},
                                                                   {"min", side.minimum},
                                                                   {"what", side.what},
                                                                   {"max", side.maximum},
                                                                   {"judge", self.judges[0].id}}));
}

}  // namespace boardsearch::footholds
