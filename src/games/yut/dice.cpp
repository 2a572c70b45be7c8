#include "games/yut/dice.hpp"

#include <fmt/format.h>

#include <limits>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::yut {

std::vector<int> parse_dice(std::string_view input, const Board& board) {
  app::TextInput text(input);
  std::vector<int> dice;
  while (const auto line = text.next_line()) {
    const auto fields = app::split_fields(line->text);
    for (std::size_t field = 0; field < fields.size(); ++field) {
      // Any integer parses, so that the message can name the faces.
      const long long value =
          app::parse_integer(fields[field], line->number, field + 1, "a dice value",
                             std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max());
      if (value < 1 || value > kMaxFace || !board.has_face(static_cast<int>(value)))
        throw app::InputError(fmt::format("{}: dice value {} is not a face of board '{}' (faces {})",
                                          app::where(line->number, field + 1), value, board.name, board.faces_text()));
      dice.push_back(static_cast<int>(value));
    }
  }
  if (dice.empty())
    throw app::InputError(
        fmt::format("{}: expected at least one dice value, found end of input", app::where(text.next_line_number())));
  return dice;
}

std::string format_dice(std::span<const int> dice) {
  std::string text;
  for (std::size_t k = 0; k < dice.size(); ++k) text += fmt::format("{}{}", k == 0 ? "" : " ", dice[k]);
  return text + '\n';
}

}  // namespace boardsearch::yut
