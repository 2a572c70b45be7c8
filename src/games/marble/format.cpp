#include "games/marble/format.hpp"

#include <fmt/format.h>

#include <iterator>
#include <vector>

#include "boardsearch/app/text_input.hpp"

namespace boardsearch::marble {

namespace {
using core::Direction;
}  // namespace

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

std::string format_rows(const Board& board, Marbles marbles) {
  // The empty board's rows first, one plain loop over the walls (this text
  // is built once per tilt of an --explain or --json line, so no test per
  // cell for the hole and the marbles), then those written over it.
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

std::string judge_answer(Judge judge, const Solution& solution) {
  const std::optional<int>& value = solution.search.value;
  switch (judge) {
    case Judge::escape:
      return value ? "1\n" : "0\n";
    case Judge::escape_3:
      if (!value) return "-1\n";
      return fmt::format("{}\n{}\n", *value, letters(solution.search.line));
    case Judge::escape_2:
    case Judge::escape_4:
      break;
  }
  return fmt::format("{}\n", value.value_or(-1));
}

std::string explain_line(const Board& board, const Solution& solution, std::optional<int> max_tilts, app::Lang lang) {
  const app::Message limit =
      max_tilts ? app::msg("marble.explain.within", {{"tilts", *max_tilts}}) : app::msg("marble.explain.any_number");
  // The boards go into the text as they are made (room for all of them
  // reserved), not through a temporary copied in.
  const std::size_t board_bytes = static_cast<std::size_t>(board.rows) * static_cast<std::size_t>(board.cols + 1);
  std::string text;
  text.reserve((solution.search.line.size() + 1) * (board_bytes + 32) + 128);
  text += app::text(lang, app::msg("marble.step.start"));
  text += '\n';
  text += format_rows(board, start_of(board));
  if (!solution.search.value) {
    text += '\n';
    text += app::text(lang, app::msg("marble.explain.no_line", {{"limit", limit}}));
    return text + ".\n";
  }
  Marbles marbles = start_of(board);
  int tilt_number = 0;
  for (const core::Direction direction : solution.search.line) {
    marbles = tilt(board, marbles, direction);
    text += '\n';
    text += app::text(lang, app::msg("marble.explain.tilt", {{"number", ++tilt_number},
                                                             {"direction", app::direction_message(direction)},
                                                             {"letter", std::string(1, letter(direction))}}));
    text += '\n';
    text += format_rows(board, marbles);
  }
  text += '\n';
  text += app::text(lang, app::msg(tilt_number == 1 ? "marble.explain.done_one" : "marble.explain.done_many",
                                   {{"tilts", tilt_number}, {"letters", letters(solution.search.line)}}));
  return text + ".\n";
}

std::optional<std::string> reject_15644(const Board& board, std::optional<int> fewest, std::string_view output) {
  std::vector<std::string_view> lines;
  app::TextInput input(output);
  while (const auto line = input.next_nonblank_line()) lines.push_back(line->text);
  const auto fields = lines.empty() ? std::vector<std::string_view>{} : app::split_fields(lines[0]);
  const std::string expected = fmt::format("{}", fewest.value_or(-1));
  if (fields.size() != 1 || fields[0] != expected)
    return fmt::format("expected {} on the first line, found '{}'", expected,
                       lines.empty() ? std::string() : app::printable(lines[0]));
  if (!fewest) {
    if (lines.size() != 1) return std::string("expected nothing after -1");
    return std::nullopt;
  }
  if (lines.size() != 2) return fmt::format("expected 2 lines (the tilts, then the line), found {}", lines.size());
  const auto line_fields = app::split_fields(lines[1]);
  if (line_fields.size() != 1) return fmt::format("expected one word of letters L R U D on line 2");
  const std::string_view word = line_fields[0];
  if (static_cast<int>(word.size()) != *fewest)
    return fmt::format("expected {} letters on line 2, found {}", *fewest, word.size());
  Marbles marbles = start_of(board);
  for (std::size_t i = 0; i < word.size(); ++i) {
    const auto direction = direction_of_letter(word[i]);
    if (!direction)
      return fmt::format("letter {} of line 2 is '{}', not one of L R U D", i + 1, app::printable(word.substr(i, 1)));
    marbles = tilt(board, marbles, *direction);
    const Verdict now = verdict(marbles);
    if (now == Verdict::failure) return fmt::format("the blue marble falls in at tilt {}", i + 1);
    if (now == Verdict::success && i + 1 < word.size())
      return fmt::format("the red marble falls in at tilt {}, before the line ends", i + 1);
  }
  if (verdict(marbles) != Verdict::success) return std::string("the red marble is still on the board after the line");
  return std::nullopt;
}

}  // namespace boardsearch::marble
