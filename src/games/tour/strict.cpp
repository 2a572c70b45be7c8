// --strict for the tour: the judge's board size, from the puzzle's own
// judge_limits.
#include "games/tour/strict.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "games/tour/parse.hpp"
#include "games/tour/puzzle.hpp"

namespace boardsearch::tour {

void check_strict(std::string_view input, const app::OptionValues& /*options: the tour has none*/) {
  const app::Puzzle& self = puzzle();
  const app::JudgeLimit& side = self.judge_limits[0];  // N, M (board rows, columns)

  // Step 1. The whole input parses (its own message otherwise), before any
  // case is judged, as the solve does.
  count_cases(input);

  // Step 2. Each case's N and M within the judge's limits.
  CaseReader reader(input);
  while (const auto board = reader.next()) {
    const auto within = [&](int value) { return value >= side.minimum && value <= side.maximum; };
    if (!within(board->rows) || !within(board->cols))
      throw app::InputError(app::msg("tour.strict.beyond_limit", {{"where", app::where_message(reader.header_line())},
                                                                  {"case", reader.cases_read()},
                                                                  {"rows", board->rows},
                                                                  {"cols", board->cols},
                                                                  {"min", side.minimum},
                                                                  {"what", side.what},
                                                                  {"max", side.maximum},
                                                                  {"judge", self.judges[0].id}}));
  }
}

}  // namespace boardsearch::tour
