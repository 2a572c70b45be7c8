#include "games/marble/judge.hpp"

#include <fmt/format.h>

#include <iterator>
#include <vector>

#include "boardsearch/app/text_input.hpp"

namespace boardsearch::marble {

std::optional<Judge> judge_of(std::string_view number) {
  for (int i = 0; i < 4; ++i)
    if (kJudgeNumbers[i] == number) return static_cast<Judge>(i);
  return std::nullopt;
}

std::string_view number_of(Judge judge) { return kJudgeNumbers[static_cast<int>(judge)]; }

std::optional<int> judge_tilt_limit(Judge judge) {
  if (judge == Judge::escape_4) return std::nullopt;
  return kJudgeMaxTilts;
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

std::string explain_line(const Board& board, const Solution& solution, std::optional<int> max_tilts) {
  const std::string limit =
      max_tilts ? fmt::format("within {} tilts", *max_tilts) : std::string("with any number of tilts");
  // The boards go into the text as they are made (room for all of them
  // reserved): formatting them into a temporary and copying that was a
  // tenth of the cost on big boards.
  const std::size_t board_bytes = static_cast<std::size_t>(board.rows) * static_cast<std::size_t>(board.cols + 1);
  std::string text;
  text.reserve((solution.search.line.size() + 1) * (board_bytes + 32) + 128);
  text += "start\n";
  text += format_rows(board, start_of(board));
  if (!solution.search.value) return text + fmt::format("\nno line drops the red marble alone {}.\n", limit);
  Marbles marbles = start_of(board);
  int tilt_number = 0;
  for (const core::Direction direction : solution.search.line) {
    marbles = tilt(board, marbles, direction);
    fmt::format_to(std::back_inserter(text), "\ntilt {}: {} ({})\n", ++tilt_number, to_string(direction),
                   letter(direction));
    text += format_rows(board, marbles);
  }
  return text + fmt::format("\nthe red marble falls in after {} tilt{} ({}); the blue one stays on the board.\n",
                            tilt_number, tilt_number == 1 ? "" : "s", letters(solution.search.line));
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
