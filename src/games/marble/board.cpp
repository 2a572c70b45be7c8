#include "games/marble/board.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::marble {

namespace {

using app::InputError;
using app::where;
using core::Direction;

// Rolls one marble from `from` towards `direction`: it moves while the next
// cell is neither a wall nor `blocker` (the other marble's cell, or kInHole
// for none), and falls in when it reaches the hole. A marble already in the
// hole stays there.
int roll(const Board& board, int from, Direction direction, int blocker) {
  if (from == kInHole) return kInHole;
  int at = from;
  while (true) {
    const int next = board.step(at, direction);
    if (board.is_wall(next) || next == blocker) return at;
    at = next;
    if (at == board.hole) return kInHole;
  }
}

// True if both marbles are on the board, in the same row (for a left or right
// tilt) or column (up or down), and `a` is further along `direction` than `b`.
bool is_in_front(const Board& board, int a, int b, Direction direction) {
  if (a == kInHole || b == kInHole) return false;
  const core::GridCell ca = board.cell(a), cb = board.cell(b);
  switch (direction) {
    case Direction::up:
      return ca.col == cb.col && ca.row < cb.row;
    case Direction::down:
      return ca.col == cb.col && ca.row > cb.row;
    case Direction::left:
      return ca.row == cb.row && ca.col < cb.col;
    case Direction::right:
      return ca.row == cb.row && ca.col > cb.col;
  }
  return false;
}

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

int Board::step(int index, Direction direction) const {
  switch (direction) {
    case Direction::up:
      return index - cols;
    case Direction::down:
      return index + cols;
    case Direction::left:
      return index - 1;
    case Direction::right:
      return index + 1;
  }
  return index;
}

Marbles tilt(const Board& board, Marbles marbles, Direction direction) {
  if (is_in_front(board, marbles.blue, marbles.red, direction)) {
    marbles.blue = roll(board, marbles.blue, direction, marbles.red);
    marbles.red = roll(board, marbles.red, direction, marbles.blue);
  } else {
    marbles.red = roll(board, marbles.red, direction, marbles.blue);
    marbles.blue = roll(board, marbles.blue, direction, marbles.red);
  }
  return marbles;
}

Verdict verdict(Marbles marbles) {
  if (marbles.blue == kInHole) return Verdict::failure;
  if (marbles.red == kInHole) return Verdict::success;
  return Verdict::playing;
}

char letter(Direction direction) {
  switch (direction) {
    case Direction::up:
      return 'U';
    case Direction::down:
      return 'D';
    case Direction::left:
      return 'L';
    case Direction::right:
      return 'R';
  }
  return '?';
}

std::optional<Direction> direction_of_letter(char letter) {
  switch (letter) {
    case 'U':
      return Direction::up;
    case 'D':
      return Direction::down;
    case 'L':
      return Direction::left;
    case 'R':
      return Direction::right;
    default:
      return std::nullopt;
  }
}

std::string letters(const std::vector<Direction>& line) {
  std::string text;
  text.reserve(line.size());
  for (const Direction direction : line) text += letter(direction);
  return text;
}

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

std::string format_rows(const Board& board, Marbles marbles) {
  // The empty board's rows first, one plain loop over the walls (this text
  // is built once per tilt of an --explain or --json line: on a 100 x 100
  // board a character test per cell for the hole and each marble cost 36
  // instructions a cell), then the hole and the marbles written over it.
  const auto width = static_cast<std::size_t>(board.cols) + 1;
  std::string text(static_cast<std::size_t>(board.rows) * width, '.');
  const std::uint8_t* wall = board.wall.data();
  for (std::size_t r = 0; r < static_cast<std::size_t>(board.rows); ++r) {
    char* row = text.data() + r * width;
    for (std::size_t c = 0; c + 1 < width; ++c) row[c] = wall[c] != 0 ? '#' : '.';
    row[width - 1] = '\n';
    wall += width - 1;
  }
  const auto put = [&](int index, char ch) {
    if (index < 0) return;  // kInHole: a marble that fell in is not drawn
    const auto cell = static_cast<std::size_t>(index);
    const auto cols = static_cast<std::size_t>(board.cols);
    text[cell / cols * width + cell % cols] = ch;
  };
  put(board.hole, 'O');
  put(marbles.red, 'R');
  put(marbles.blue, 'B');
  return text;
}

std::string judge_text(const Board& board) {
  return fmt::format("{} {}\n", board.rows, board.cols) + format_rows(board, start_of(board));
}

}  // namespace boardsearch::marble
