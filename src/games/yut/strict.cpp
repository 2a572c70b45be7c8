// --strict for dice yut: the judge's game, from the puzzle's own
// judge_limits (dice, dice value, pieces).
#include "games/yut/strict.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "games/yut/parse.hpp"
#include "games/yut/puzzle.hpp"

namespace boardsearch::yut {

void check_strict(std::string_view input, const app::OptionValues& given) {
  const app::Puzzle& self = puzzle();
  const app::JudgeLimit& dice_count = self.judge_limits[0];  // dice
  const app::JudgeLimit& dice_value = self.judge_limits[1];  // dice value
  const app::JudgeLimit& pieces = self.judge_limits[2];      // pieces
  const std::string_view judge = self.judges[0].id;
  const auto name_of = [&given](std::string_view option) {
    const std::string_view source = given.source(option);
    return source.empty() ? fmt::format("--{}", option) : std::string(source);
  };

  // Step 1. The options: the judge's board and number of pieces.
  if (given.given("board"))
    throw app::InputError(
        fmt::format("{}: the judge's game is played on the standard board only ({})", name_of("board"), judge));
  const app::OptionValues options = app::with_defaults(self.options, given);
  const std::int64_t count = options.integer("pieces");
  if (count < pieces.minimum || count > pieces.maximum)
    throw app::InputError(fmt::format("{} {}: outside the judge's limit {} <= {} <= {} ({})", name_of("pieces"), count,
                                      pieces.minimum, pieces.what, pieces.maximum, judge));

  // Step 2. The input parses on the standard board (its own message otherwise).
  const std::vector<int> dice = parse_dice(input, standard_board());

  // Step 3. Exactly 10 values, all on one line, each a face of 1 to 5.
  app::TextInput text(input);
  const app::InputLine first = text.expect_line("the dice");
  const auto fields = app::split_fields(first.text);
  const auto total = static_cast<std::int64_t>(dice.size());
  if (total < dice_count.minimum || total > dice_count.maximum)
    throw app::InputError(fmt::format("{}: {} dice values; the judge gives exactly {} ({})", app::where(first.number),
                                      total, dice_count.maximum, judge));
  if (static_cast<std::int64_t>(fields.size()) != total)
    throw app::InputError(fmt::format("{}: {} of the {} dice values; the judge gives them on one line ({})",
                                      app::where(first.number), fields.size(), total, judge));
  for (std::size_t k = 0; k < dice.size(); ++k)
    if (dice[k] < dice_value.minimum || dice[k] > dice_value.maximum)
      throw app::InputError(fmt::format("{}: dice value {} is outside the judge's limit {} <= {} <= {} ({})",
                                        app::where(first.number, k + 1), dice[k], dice_value.minimum, dice_value.what,
                                        dice_value.maximum, judge));
}

}  // namespace boardsearch::yut
