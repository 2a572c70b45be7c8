// Judge text in (parse.hpp): the text form and the Programmers form.
#include "games/footholds/parse.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <optional>
#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::footholds {

namespace {

using app::InputError;
using app::msg;
using nlohmann::json;

// Reads "row column" of player `name` from the next line; checks it is on the
// board and on a foothold. Board rows and columns count from 0 in messages,
// as in the judge's aloc/bloc and the explanation's "(row,column)"; input
// lines and fields count from 1.
int parse_player(app::TextInput& input, const Board& board, char name) {
  const std::string player(1, name);
  const app::Message what = msg("footholds.what.player_cell", {{"player", player}});
  const app::InputLine line = input.expect_line(what);
  const auto fields = app::split_fields(line.text);
  if (fields.size() != 2)
    throw InputError(
        msg("input.value_count_many",
            {{"where", app::where_message(line.number)}, {"count", 2}, {"what", what}, {"found", fields.size()}}));
  const auto row = app::parse_integer(fields[0], line.number, 1, msg("footholds.what.player_row", {{"player", player}}),
                                      0, board.rows - 1);
  const auto col = app::parse_integer(fields[1], line.number, 2,
                                      msg("footholds.what.player_column", {{"player", player}}), 0, board.cols - 1);
  const int cell = board.cell_at(static_cast<int>(row), static_cast<int>(col));
  if (board.footholds[static_cast<std::size_t>(cell)] == 0)
    throw InputError(
        msg("footholds.error.no_foothold",
            {{"where", app::where_message(line.number)}, {"player", player}, {"row", row}, {"column", col}}));
  return cell;
}

// The Programmers form: the three literals of solution(board, aloc, bloc) as
// the site shows a test case, e.g.
//   [[1, 1, 1], [1, 1, 1], [1, 1, 1]]<TAB>[1, 0]<TAB>[1, 2]
// or with the names, `board = [[...]]`, `aloc = [1, 0]`, `bloc = [1, 2]`,
// in this order. The literals are separated by blanks, newlines or commas;
// inside them blanks and newlines may stand anywhere between tokens. Also
// read, where the meaning is clear: a whole row of the site's test-case
// table, whose last column is the expected result (`...<TAB>[1, 2]<TAB>5`:
// the result is dropped), and C++/Java brace literals (`{{1,1},{1,1}}
// {1,0} {1,2}`: braces for brackets, each list closed by its own kind).
class ProgrammersReader {
 public:
  explicit ProgrammersReader(std::string_view text) : text_(text) {}

  // Step 1. The board, a non-empty list of equally long non-empty lists of 0/1.
  // Step 2. aloc and bloc, two integers each, on the board and on a foothold.
  // Step 3. Nothing but blanks after them.
  Board read() {
    Board board;
    start_literal("board");
    open_list("board", msg("footholds.expect.open_board"));
    std::size_t row = 0;
    do {
      read_row(board, row++);
    } while (comma_or_close("board", msg("footholds.expect.after_row")));
    board.rows = static_cast<int>(row);
    board.a = read_player(board, "aloc", 'A');
    board.b = read_player(board, "bloc", 'B');
    skip_result_column();
    skip_blanks();
    if (pos_ < text_.size()) throw InputError(after_bloc_message());
    return board;
  }

 private:
  // "line L, column C" of the next character (both from 1).
  app::Message here() const {
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i)
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    return msg("footholds.where.character", {{"line", line}, {"column", pos_ - line_start + 1}});
  }
  std::string_view rest() const { return text_.substr(pos_, app::kShownChars); }
  app::Message found() const {
    return pos_ >= text_.size() ? msg("footholds.found.end_of_input")
                                : app::verbatim(fmt::format("'{}'", app::printable(rest())));
  }
  static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }
  void skip_blanks() {
    while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
  }
  bool at(char c) {
    skip_blanks();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  void expect(char c, std::string_view literal, const app::Message& what) {
    if (!at(c))
      throw InputError(msg("footholds.error.expected",
                           {{"literal", literal}, {"where", here()}, {"what", what}, {"found", found()}}));
    ++pos_;
  }
  // A list opens with '[' or, as in C++ and Java, '{'; it must close with
  // the matching ']' or '}' (close_list).
  void open_list(std::string_view literal, const app::Message& what) {
    if (at('{')) {
      closers_.push_back('}');
      ++pos_;
      return;
    }
    expect('[', literal, what);
    closers_.push_back(']');
  }
  // `what` names the closer expected; close_list sets its {closer}: ']' or,
  // in a brace literal, '}'.
  void close_list(std::string_view literal, app::Message what) {
    const char closer = closers_.back();
    const char other = closer == ']' ? '}' : ']';
    if (at(other))
      throw InputError(msg("footholds.error.wrong_closer", {{"literal", literal},
                                                            {"where", here()},
                                                            {"other", std::string(1, other)},
                                                            {"opener", std::string(1, closer == ']' ? '[' : '{')}}));
    what.params["closer"] = std::string(1, closer);
    expect(closer, literal, what);
    closers_.pop_back();
  }
  // After an element: true on ',' (another follows), false on ']' (the list ends).
  bool comma_or_close(std::string_view where_in, const app::Message& what) {
    if (at(',')) {
      ++pos_;
      return true;
    }
    close_list(where_in, what);
    return false;
  }

  // A row of the site's test-case table ends with the result column: one
  // integer after bloc (after blanks or a ','), then nothing. It is dropped:
  // the answer is boardsearch's to find.
  void skip_result_column() {
    const std::size_t before = pos_;
    if (at(',')) ++pos_;
    skip_blanks();
    std::size_t end = pos_;
    if (end < text_.size() && text_[end] == '-') ++end;
    const std::size_t digits = end;
    while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end])) != 0) ++end;
    std::size_t after = end;
    while (after < text_.size() && is_blank(text_[after])) ++after;
    if (end > digits && after == text_.size())
      pos_ = end;
    else
      pos_ = before;
  }
  // What is wrong with text after bloc that is no result column.
  app::Message after_bloc_message() {
    skip_blanks();
    const std::size_t position = pos_;
    if (at(',')) ++pos_;
    const bool another_case = at('[') || at('{');
    pos_ = position;
    const json params = {{"where", here()}, {"text", app::printable(rest())}};
    if (another_case) return msg("footholds.error.after_bloc_another_case", params);
    return msg("footholds.error.after_bloc", params);
  }

  // Before a literal: a separating ',' after the previous one (optional),
  // then `name =` (optional; another name is an error).
  void start_literal(std::string_view name) {
    if (name != "board" && at(',')) ++pos_;
    skip_blanks();
    std::size_t end = pos_;
    while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) != 0 || text_[end] == '_'))
      ++end;
    if (end == pos_) return;
    const std::string_view word = text_.substr(pos_, end - pos_);
    if (word != name)
      throw InputError(
          msg("footholds.error.wrong_literal", {{"where", here()}, {"name", name}, {"word", app::printable(word)}}));
    pos_ = end;
    expect('=', name, msg("footholds.expect.equals", {{"name", name}}));
  }

  // An integer token; `literal` names it in messages ("board[1][2]").
  long long integer(const std::string& literal) {
    skip_blanks();
    const std::size_t begin = pos_;
    std::size_t end = pos_;
    if (end < text_.size() && (text_[end] == '-' || text_[end] == '+')) ++end;
    while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end])) != 0) ++end;
    long long value = 0;
    const char* first = text_.data() + begin + (begin < text_.size() && text_[begin] == '+' ? 1 : 0);
    const auto [ptr, ec] = std::from_chars(first, text_.data() + end, value);
    if (ec != std::errc{} || ptr != text_.data() + end || end == begin)
      throw InputError(
          msg("footholds.error.not_an_integer", {{"literal", literal}, {"where", here()}, {"found", found()}}));
    pos_ = end;
    return value;
  }

  void read_row(Board& board, std::size_t row) {
    open_list(fmt::format("board[{}]", row), msg("footholds.expect.open_row"));
    std::size_t col = 0;
    do {
      const std::string literal = fmt::format("board[{}][{}]", row, col);
      const std::size_t before = pos_;
      const long long value = integer(literal);
      if (value != 0 && value != 1) {
        pos_ = before;
        skip_blanks();
        throw InputError(
            msg("footholds.error.not_0_or_1", {{"literal", literal}, {"where", here()}, {"value", value}}));
      }
      board.footholds.push_back(static_cast<std::uint8_t>(value));
      ++col;
      if (board.footholds.size() > static_cast<std::size_t>(kMaxCells))
        throw InputError(
            msg("footholds.error.cells_in_list", {{"literal", literal}, {"where", here()}, {"max", kMaxCells}}));
    } while (comma_or_close(fmt::format("board[{}]", row), msg("footholds.expect.after_value")));
    if (row == 0) board.cols = static_cast<int>(col);
    if (col != static_cast<std::size_t>(board.cols)) {
      const json params = {{"row", row}, {"where", here()}, {"count", col}, {"cols", board.cols}};
      throw InputError(msg(col == 1 ? "footholds.error.row_length_one" : "footholds.error.row_length_many", params));
    }
  }

  int read_player(const Board& board, std::string_view literal, char name) {
    start_literal(literal);
    const std::string player(1, name);
    open_list(literal, msg("footholds.expect.open_literal", {{"literal", literal}}));
    const long long row = integer(fmt::format("{}[0]", literal));
    expect(',', literal, msg("footholds.expect.comma_row_column"));
    const long long col = integer(fmt::format("{}[1]", literal));
    close_list(literal, msg("footholds.expect.close_literal", {{"literal", literal}}));
    if (row < 0 || row >= board.rows)
      throw InputError(msg("footholds.error.row_off_board",
                           {{"literal", literal}, {"row", row}, {"player", player}, {"last", board.rows - 1}}));
    if (col < 0 || col >= board.cols)
      throw InputError(msg("footholds.error.column_off_board",
                           {{"literal", literal}, {"column", col}, {"player", player}, {"last", board.cols - 1}}));
    const int cell = board.cell_at(static_cast<int>(row), static_cast<int>(col));
    if (board.footholds[static_cast<std::size_t>(cell)] == 0)
      throw InputError(
          msg("footholds.error.no_foothold", {{"where", literal}, {"player", player}, {"row", row}, {"column", col}}));
    return cell;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<char> closers_;  // the closer of each open list, innermost last
};

}  // namespace

bool is_programmers_form(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n\v\f");
  if (first == std::string_view::npos) return false;
  const auto c = static_cast<unsigned char>(text[first]);
  return c == '[' || c == '{' || std::isalpha(c) != 0;
}

Board parse_board(std::string_view text) {
  text = app::without_bom(text);
  if (is_programmers_form(text)) return ProgrammersReader(text).read();
  app::TextInput input(text);
  Board board;

  // Step 1. "R C", each at least 1, at most kMaxCells cells in all.
  const app::InputLine size_line = input.expect_line(msg("footholds.what.size_line"));
  const auto size = app::parse_integer_line(size_line, 2, msg("footholds.what.size"), 1, kMaxCells);
  board.rows = static_cast<int>(size[0]);
  board.cols = static_cast<int>(size[1]);
  if (board.cells() > kMaxCells)
    throw InputError(msg("footholds.error.too_many_cells", {{"where", app::where_message(size_line.number)},
                                                            {"rows", board.rows},
                                                            {"cols", board.cols},
                                                            {"cells", board.cells()},
                                                            {"max", kMaxCells}}));

  // Step 2. R rows of C values, each 0 or 1.
  board.footholds.reserve(static_cast<std::size_t>(board.cells()));
  for (int row = 0; row < board.rows; ++row) {
    const app::InputLine line =
        input.expect_line(msg("footholds.what.board_row", {{"row", row}, {"cols", board.cols}}));
    for (long long value :
         app::parse_integer_line(line, static_cast<std::size_t>(board.cols), msg("footholds.what.foothold"), 0, 1))
      board.footholds.push_back(static_cast<std::uint8_t>(value));
  }

  // Step 3. The two players, then nothing else.
  board.a = parse_player(input, board, 'A');
  board.b = parse_player(input, board, 'B');
  input.expect_end();
  return board;
}

}  // namespace boardsearch::footholds
