// --strict for 2048: the judge's limits, from the puzzle's own judge_limits
// (N, tile value) and judges (the two move counts).
#include "games/2048/strict.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <limits>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "games/2048/parse.hpp"
#include "games/2048/puzzle.hpp"

namespace boardsearch::game2048 {

namespace {

// The moves of the two judge problems (Baekjoon 12100 and 12094).
constexpr std::int64_t kEasyMoves = 5;
constexpr std::int64_t kHardMoves = 10;

}  // namespace

void check_strict(std::string_view input, const app::OptionValues& given) {
  const app::Puzzle& self = puzzle();
  const app::JudgeLimit& side = self.judge_limits[0];  // N (board side)
  const app::JudgeLimit& tile = self.judge_limits[1];  // tile value

  // Step 1. The options select a judge problem: K = 5 (12100) or 10 (12094).
  const app::OptionValues options = app::with_defaults(self.options, given);
  const std::int64_t moves = options.integer("moves");
  if (moves != kEasyMoves && moves != kHardMoves)
    throw app::InputError(app::msg("2048.strict.no_judge_problem", {{"moves", moves},
                                                                    {"easy", self.judges[0].id},
                                                                    {"easy_moves", kEasyMoves},
                                                                    {"hard", self.judges[1].id},
                                                                    {"hard_moves", kHardMoves}}));
  const std::string_view judge = moves == kEasyMoves ? self.judges[0].id : self.judges[1].id;

  // Step 2. The input parses (its own message otherwise).
  parse_board(input);

  // Step 3. N and every tile within the judge's limits, where the parser
  // found them: N on the first line, then N rows of N tiles.
  app::TextInput text(input);
  const app::InputLine first = text.expect_line(app::msg("2048.what.side"));
  const long long n = app::parse_integer(app::split_fields(first.text).front(), first.number, 1, "N", 1, 1 << 30);
  if (n < side.minimum || n > side.maximum)
    throw app::InputError(app::msg("strict.beyond_limit", {{"where", app::where_message(first.number)},
                                                           {"name", "N"},
                                                           {"value", n},
                                                           {"min", side.minimum},
                                                           {"what", side.what},
                                                           {"max", side.maximum},
                                                           {"judge", judge}}));
  for (long long row = 0; row < n; ++row) {
    const app::InputLine line = text.expect_line(app::msg("2048.what.row", {{"row", row + 1}, {"rows", n}}));
    const auto fields = app::split_fields(line.text);
    for (std::size_t field = 0; field < fields.size(); ++field) {
      // Unsigned: a tile the parser takes may be beyond 2^63 - 1.
      const auto value = app::parse_decimal_integer(fields[field], 0, std::numeric_limits<std::uint64_t>::max());
      const bool within = value && (*value == 0 || (*value >= static_cast<std::uint64_t>(tile.minimum) &&
                                                    *value <= static_cast<std::uint64_t>(tile.maximum)));
      if (!within)
        throw app::InputError(
            app::msg("2048.strict.tile_beyond_limit", {{"where", app::where_message(line.number, field + 1)},
                                                       {"value", app::printable(fields[field])},
                                                       {"min", tile.minimum},
                                                       {"what", tile.what},
                                                       {"max", tile.maximum},
                                                       {"judge", judge}}));
    }
  }
}

}  // namespace boardsearch::game2048
