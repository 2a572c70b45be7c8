// --strict for N-Queens: the judge's N, from the puzzle's own judge_limits,
// and no partial board.
#include "games/queens/strict.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "games/queens/parse.hpp"
#include "games/queens/puzzle.hpp"

namespace boardsearch::queens {

void check_strict(std::string_view input, const app::OptionValues&) {
  const app::JudgeLimit& side = puzzle().judge_limits[0];
  // Step 1. The input parses (its own message otherwise).
  const Board board = parse_board(input);
  const std::size_t line = app::TextInput(input).expect_line(app::verbatim("N")).number;
  // Step 2. No board: the judge gives N alone.
  if (board.written_as_board)
    throw app::InputError(app::msg("queens.strict.no_board", {{"where", app::where_message(line + 1)}}));
  // Step 3. N within the judge's limit.
  if (board.n < side.minimum || board.n > side.maximum)
    throw app::InputError(app::msg("strict.beyond_limit", {{"where", app::where_message(line)},
                                                           {"name", "N"},
                                                           {"value", board.n},
                                                           {"min", side.minimum},
                                                           {"what", side.what},
                                                           {"max", side.maximum},
                                                           {"judge", "Baekjoon 9663"}}));
}

}  // namespace boardsearch::queens
