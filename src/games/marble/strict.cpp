// --strict for marble escape: the judge's board size, from the puzzle's own
// judge_limits, and the judge's own tilt limit.
#include "games/marble/strict.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "games/marble/parse.hpp"
#include "games/marble/puzzle.hpp"

namespace boardsearch::marble {

void check_strict(std::string_view input, const app::OptionValues& given) {
  const app::Puzzle& self = puzzle();
  const app::JudgeLimit& rows = self.judge_limits[0];     // N (rows)
  const app::JudgeLimit& columns = self.judge_limits[1];  // M (columns)
  const app::OptionValues options = app::with_defaults(self.options, given);
  const std::string judge = fmt::format("Baekjoon {}", *options.text("judge"));

  // Step 1. The options: the judge's tilt limit, not one of --moves.
  if (given.given("moves")) {
    const std::string_view source = given.source("moves");
    throw app::InputError(
        app::msg("marble.strict.moves", {{"option", source.empty() ? std::string_view("--moves") : source},
                                         {"value", given.integer("moves")},
                                         {"judge", judge}}));
  }

  // Step 2. The input parses (its own message otherwise).
  const Board board = parse_board(input);

  // Step 3. N and M within the judge's limits (both on the first line).
  const std::size_t line = app::TextInput(input).expect_line(app::msg("marble.what.size")).number;
  const auto check = [&](const app::JudgeLimit& limit, std::string_view name, int value, std::size_t field) {
    if (value < limit.minimum || value > limit.maximum)
      throw app::InputError(app::msg("strict.beyond_limit", {{"where", app::where_message(line, field)},
                                                             {"name", name},
                                                             {"value", value},
                                                             {"min", limit.minimum},
                                                             {"what", limit.what},
                                                             {"max", limit.maximum},
                                                             {"judge", judge}}));
  };
  check(rows, "N", board.rows, 1);
  check(columns, "M", board.cols, 2);
}

}  // namespace boardsearch::marble
