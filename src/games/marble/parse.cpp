#include "games/marble/parse.hpp"

#include <fmt/format.h>

#include <string>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::marble {

namespace {

using app::InputError;
using app::where;

std::string_view without_trailing_space(std::string_view text) {
  const auto last = text.find_last_not_of(" \t\v\f");
  return last == std::string_view::npos ? std::string_view{} : text.substr(0, last + 1);
}

// The character of `c` in a message: itself, or an escape for control bytes.
std::string shown(char c) { return app::printable(std::string_view(&c, 1)); }

// Where a marble or the hole was first seen, to name it in "a second ..." errors.
struct Seen {
  std::size_t line = 0;
  std::size_t column = 0;
  int index = -1;
};

}  // namespace

Board parse_board(std::string_view text) {
  app::TextInput input(text);
  const app::InputLine header = input.expect_line(app::msg("marble.what.size"));
  const auto fields = app::split_fields(header.text);
  if (fields.size() != 2)
    throw InputError(app::msg(fields.size() == 1 ? "marble.error.size_count_one" : "marble.error.size_count_many",
                              {{"where", app::where_message(header.number)}, {"found", fields.size()}}));
  Board board;
  board.rows = static_cast<int>(
      app::parse_integer(fields[0], header.number, 1, app::msg("marble.what.rows"), kMinSide, kMaxSide));
  board.cols = static_cast<int>(
      app::parse_integer(fields[1], header.number, 2, app::msg("marble.what.columns"), kMinSide, kMaxSide));
  board.wall.assign(static_cast<std::size_t>(board.cell_count()), 0);

  Seen hole, red, blue;
  std::size_t last_row_line = header.number;
  for (int r = 0; r < board.rows; ++r) {
    const auto line = input.next_line();
    if (!line)
      throw InputError(app::msg(
          "input.missing_line",
          {{"where", app::where_message(input.next_line_number())},
           {"what", app::msg("marble.what.row", {{"row", r + 1}, {"rows", board.rows}, {"cols", board.cols}})}}));
    last_row_line = line->number;
    const std::string_view row = without_trailing_space(line->text);
    const auto at = [&](std::size_t column) {
      return app::msg("marble.where.character", {{"line", line->number}, {"column", column}});
    };
    const std::size_t width = static_cast<std::size_t>(board.cols);
    if (row.size() < width)
      throw InputError(
          app::msg("marble.error.row_short",
                   {{"where", at(row.size() + 1)}, {"row", r + 1}, {"found", row.size()}, {"cols", board.cols}}));
    if (row.size() > width)
      throw InputError(
          app::msg("marble.error.row_long", {{"where", at(width + 1)}, {"row", r + 1}, {"cols", board.cols}}));
    for (std::size_t c = 0; c < row.size(); ++c) {
      const char ch = row[c];
      const std::size_t column = c + 1;
      if (std::string_view(".#ORB").find(ch) == std::string_view::npos)
        throw InputError(app::msg("marble.error.not_a_cell", {{"where", at(column)}, {"text", shown(ch)}}));
      const bool border = r == 0 || r == board.rows - 1 || c == 0 || c + 1 == width;
      if (border && ch != '#')
        throw InputError(app::msg("marble.error.border", {{"where", at(column)}, {"text", std::string(1, ch)}}));
      const int index = board.index(r, static_cast<int>(c));
      const auto place = [&](Seen& seen, const app::Message& what) {
        if (seen.index >= 0)
          throw InputError(app::msg("marble.error.second", {{"where", at(column)},
                                                            {"what", what},
                                                            {"text", std::string(1, ch)},
                                                            {"line", seen.line},
                                                            {"column", seen.column}}));
        seen = Seen{line->number, column, index};
      };
      if (ch == '#') board.wall[static_cast<std::size_t>(index)] = 1;
      if (ch == 'O') place(hole, app::msg("marble.what.hole"));
      if (ch == 'R') place(red, app::msg("marble.what.red"));
      if (ch == 'B') place(blue, app::msg("marble.what.blue"));
    }
  }
  const auto require = [&](const Seen& seen, const app::Message& what) {
    if (seen.index < 0)
      throw InputError(app::msg("marble.error.missing", {{"where", app::where_message(last_row_line)},
                                                         {"first", header.number + 1},
                                                         {"last", last_row_line},
                                                         {"what", what}}));
  };
  require(hole, app::msg("marble.what.hole_letter"));
  require(red, app::msg("marble.what.red_letter"));
  require(blue, app::msg("marble.what.blue_letter"));
  board.hole = hole.index;
  board.red = red.index;
  board.blue = blue.index;
  input.expect_end();
  return board;
}

}  // namespace boardsearch::marble
