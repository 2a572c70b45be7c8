// Judge text in: the case reader and its messages (what and where).
#include "games/tour/parse.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::tour {

namespace {

using app::InputError;

bool is_board_row(std::string_view text) {
  return !text.empty() && text.find_first_not_of(".*") == std::string_view::npos;
}

std::string_view trimmed(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\v\f";
  const auto first = text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

// Reads row `r` (0-based) of a board with `cols` columns into `board`.
void read_row(app::TextInput& input, Board& board, int r) {
  const nlohmann::json row_params = {{"row", r + 1}, {"rows", board.rows}, {"cols", board.cols}};
  const app::Message what =
      board.cols == 1 ? app::msg("tour.what.row_one", row_params) : app::msg("tour.what.row_many", row_params);
  const auto line = input.next_line();
  if (!line)
    throw InputError(
        app::msg("input.missing_line", {{"where", app::where_message(input.next_line_number())}, {"what", what}}));
  const std::string_view text = trimmed(line->text);
  if (text.empty())
    throw InputError(app::msg("tour.error.empty_row", {{"where", app::where_message(line->number)}, {"what", what}}));
  const auto fields = app::split_fields(text);
  if (fields.size() != 1)
    throw InputError(app::msg("tour.error.row_fields",
                              {{"where", app::where_message(line->number)}, {"what", what}, {"found", fields.size()}}));
  for (std::size_t c = 0; c < text.size() && c < static_cast<std::size_t>(board.cols); ++c)
    if (text[c] != '.' && text[c] != '*')
      throw InputError(app::msg("tour.error.not_a_cell", {{"where", app::where_message(line->number, 1)},
                                                          {"column", c + 1},
                                                          {"text", app::printable(text.substr(c, 1))}}));
  if (text.size() != static_cast<std::size_t>(board.cols))
    throw InputError(app::msg("tour.error.row_length", {{"where", app::where_message(line->number, 1)},
                                                        {"row", r + 1},
                                                        {"found", text.size()},
                                                        {"cols", board.cols}}));
  LineMask row = 0;
  for (int c = 0; c < board.cols; ++c)
    if (text[static_cast<std::size_t>(c)] == '.') row |= LineMask{1} << c;
  board.empty[static_cast<std::size_t>(r)] = row;
}

}  // namespace

CaseReader::CaseReader(std::string_view text) : input_(text) {}

std::optional<Board> CaseReader::next() {
  const auto header = input_.next_nonblank_line();
  if (!header) {
    if (cases_ == 0)
      throw InputError(app::msg("tour.error.no_cases", {{"where", app::where_message(input_.next_line_number())}}));
    return std::nullopt;
  }
  const auto fields = app::split_fields(header->text);
  if (fields.size() == 1 && is_board_row(fields.front()))
    throw InputError(app::msg("tour.error.row_for_header", {{"where", app::where_message(header->number)}}));
  Board board;
  // The first field is read before the count is checked, so a stray word
  // after the last case reads "expected the number of rows N".
  board.rows =
      static_cast<int>(app::parse_integer(fields[0], header->number, 1, app::msg("tour.what.rows"), 1, kMaxSide));
  if (fields.size() != 2)
    throw InputError(app::msg(fields.size() == 1 ? "tour.error.header_count_one" : "tour.error.header_count_many",
                              {{"where", app::where_message(header->number)}, {"found", fields.size()}}));
  board.cols =
      static_cast<int>(app::parse_integer(fields[1], header->number, 2, app::msg("tour.what.columns"), 1, kMaxSide));
  for (int r = 0; r < board.rows; ++r) read_row(input_, board, r);
  ++cases_;
  header_line_ = header->number;
  return board;
}

std::size_t count_cases(std::string_view text) {
  CaseReader reader(text);
  while (reader.next()) {
  }
  return reader.cases_read();
}

std::vector<Board> parse_boards(std::string_view text) {
  CaseReader reader(text);
  std::vector<Board> boards;
  while (auto board = reader.next()) boards.push_back(*board);
  return boards;
}

}  // namespace boardsearch::tour
