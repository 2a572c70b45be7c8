#include "games/queens/parse.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::queens {

Board parse_board(std::string_view text) {
  app::TextInput input(text);
  // Step 1. N, alone on its line.
  const app::InputLine header = input.expect_line(app::verbatim("N"));
  const std::vector<long long> n = app::parse_integer_line(header, 1, app::verbatim("N"), kMinSide, kMaxSide);
  Board board = empty_board(static_cast<int>(n[0]));

  // Step 2. The rows of a partial board, if any follow.
  const std::optional<app::InputLine> first = input.next_nonblank_line();
  if (!first) return board;
  board.written_as_board = true;
  for (int r = 0; r < board.n; ++r) {
    const app::InputLine line =
        r == 0 ? *first : input.expect_line(app::msg("queens.what.row", {{"row", r + 1}, {"n", board.n}}));
    std::string_view row = line.text;
    while (!row.empty() && (row.back() == ' ' || row.back() == '\t')) row.remove_suffix(1);
    if (static_cast<int>(row.size()) != board.n)
      throw app::InputError(
          app::msg("queens.error.row_length",
                   {{"where", app::where_message(line.number)}, {"n", board.n}, {"text", app::printable(row)}}));
    for (int c = 0; c < board.n; ++c) {
      const char cell = row[static_cast<std::size_t>(c)];
      if (cell != kFree && cell != kQueen && cell != kBlocked)
        throw app::InputError(app::msg("queens.error.not_a_cell",
                                       {{"line", line.number},
                                        {"column", c + 1},
                                        {"text", app::printable(row.substr(static_cast<std::size_t>(c), 1))}}));
    }
    board.rows[static_cast<std::size_t>(r)] = std::string(row);
  }
  input.expect_end();
  return board;
}

}  // namespace boardsearch::queens
