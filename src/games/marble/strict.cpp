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
    throw app::InputError(fmt::format("{} {}: the judge's tilt limit is fixed ({}); strict mode takes --judge only",
                                      source.empty() ? std::string_view("--moves") : source, given.integer("moves"),
                                      judge));
  }

  // Step 2. The input parses (its own message otherwise).
  const Board board = parse_board(input);

  // Step 3. N and M within the judge's limits (both on the first line).
  const std::size_t line = app::TextInput(input).expect_line("the board size").number;
  const auto check = [&](const app::JudgeLimit& limit, std::string_view name, int value, std::size_t field) {
    if (value < limit.minimum || value > limit.maximum)
      throw app::InputError(fmt::format("{}: {} = {} is outside the judge's limit {} <= {} <= {} ({})",
                                        app::where(line, field), name, value, limit.minimum, limit.what, limit.maximum,
                                        judge));
  };
  check(rows, "N", board.rows, 1);
  check(columns, "M", board.cols, 2);
}

}  // namespace boardsearch::marble
