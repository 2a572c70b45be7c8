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
  const app::InputLine header = input.expect_line("the board size 'N M'");
  const auto fields = app::split_fields(header.text);
  if (fields.size() != 2)
    throw InputError(fmt::format("{}: expected the board size 'N M' (2 values), found {} value{}", where(header.number),
                                 fields.size(), fields.size() == 1 ? "" : "s"));
  Board board;
  board.rows =
      static_cast<int>(app::parse_integer(fields[0], header.number, 1, "the number of rows N", kMinSide, kMaxSide));
  board.cols =
      static_cast<int>(app::parse_integer(fields[1], header.number, 2, "the number of columns M", kMinSide, kMaxSide));
  board.wall.assign(static_cast<std::size_t>(board.cell_count()), 0);

  Seen hole, red, blue;
  std::size_t last_row_line = header.number;
  for (int r = 0; r < board.rows; ++r) {
    const auto line = input.next_line();
    if (!line)
      throw InputError(fmt::format("{}: expected row {} of {} ({} characters), found end of input",
                                   where(input.next_line_number()), r + 1, board.rows, board.cols));
    last_row_line = line->number;
    const std::string_view row = without_trailing_space(line->text);
    const auto at = [&](std::size_t column) { return fmt::format("line {}, column {}", line->number, column); };
    const std::size_t width = static_cast<std::size_t>(board.cols);
    if (row.size() < width)
      throw InputError(fmt::format("{}: row {} ends after {} characters, expected M = {}", at(row.size() + 1), r + 1,
                                   row.size(), board.cols));
    if (row.size() > width)
      throw InputError(fmt::format("{}: row {} is longer than M = {} characters", at(width + 1), r + 1, board.cols));
    for (std::size_t c = 0; c < row.size(); ++c) {
      const char ch = row[c];
      const std::size_t column = c + 1;
      if (std::string_view(".#ORB").find(ch) == std::string_view::npos)
        throw InputError(fmt::format("{}: expected one of . # O R B, found '{}'", at(column), shown(ch)));
      const bool border = r == 0 || r == board.rows - 1 || c == 0 || c + 1 == width;
      if (border && ch != '#')
        throw InputError(fmt::format("{}: the border must be wall '#', found '{}'", at(column), ch));
      const int index = board.index(r, static_cast<int>(c));
      const auto place = [&](Seen& seen, std::string_view what) {
        if (seen.index >= 0)
          throw InputError(fmt::format("{}: a second {} '{}' (the first is at line {}, column {})", at(column), what,
                                       ch, seen.line, seen.column));
        seen = Seen{line->number, column, index};
      };
      if (ch == '#') board.wall[static_cast<std::size_t>(index)] = 1;
      if (ch == 'O') place(hole, "hole");
      if (ch == 'R') place(red, "red marble");
      if (ch == 'B') place(blue, "blue marble");
    }
  }
  const auto require = [&](const Seen& seen, std::string_view what) {
    if (seen.index < 0)
      throw InputError(fmt::format("{}: the board (lines {} to {}) has no {}", where(last_row_line), header.number + 1,
                                   last_row_line, what));
  };
  require(hole, "hole 'O'");
  require(red, "red marble 'R'");
  require(blue, "blue marble 'B'");
  board.hole = hole.index;
  board.red = red.index;
  board.blue = blue.index;
  input.expect_end();
  return board;
}

}  // namespace boardsearch::marble
