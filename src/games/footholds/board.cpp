#include "games/footholds/board.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::footholds {

namespace {

using app::InputError;
using app::where;

// Reads "row column" of player `name` from the next line; checks it is on the
// board and on a foothold.
int parse_player(app::TextInput& input, const Board& board, char name) {
  const std::string what = fmt::format("the cell of {} (row and column)", name);
  const app::InputLine line = input.expect_line(what);
  const auto fields = app::split_fields(line.text);
  if (fields.size() != 2)
    throw InputError(fmt::format("{}: expected 2 values ({}), found {}", where(line.number), what, fields.size()));
  const auto row = app::parse_integer(fields[0], line.number, 1, fmt::format("row of {}", name), 0, board.rows - 1);
  const auto col = app::parse_integer(fields[1], line.number, 2, fmt::format("column of {}", name), 0, board.cols - 1);
  const int cell = board.cell_at(static_cast<int>(row), static_cast<int>(col));
  if (board.footholds[static_cast<std::size_t>(cell)] == 0)
    throw InputError(
        fmt::format("{}: {} stands at ({}, {}), which has no foothold", where(line.number), name, row, col));
  return cell;
}

}  // namespace

int Board::step(int cell, Direction direction) const {
  const core::GridCell next = core::shifted({row_of(cell), col_of(cell)}, direction);
  if (next.row < 0 || next.row >= rows || next.col < 0 || next.col >= cols) return -1;
  return cell_at(next.row, next.col);
}

Board parse_board(std::string_view text) {
  app::TextInput input(text);
  Board board;

  // Step 1. "R C", each at least 1, at most kMaxCells cells in all.
  const app::InputLine size_line = input.expect_line("the board size (R C)");
  const auto size = app::parse_integer_line(size_line, 2, "board size R C", 1, kMaxCells);
  board.rows = static_cast<int>(size[0]);
  board.cols = static_cast<int>(size[1]);
  if (board.cells() > kMaxCells)
    throw InputError(fmt::format("{}: a {} x {} board has {} cells; at most {} are supported", where(size_line.number),
                                 board.rows, board.cols, board.cells(), kMaxCells));

  // Step 2. R rows of C values, each 0 or 1.
  board.footholds.reserve(static_cast<std::size_t>(board.cells()));
  for (int row = 0; row < board.rows; ++row) {
    const app::InputLine line = input.expect_line(fmt::format("row {} of the board ({} values 0/1)", row, board.cols));
    for (long long value : app::parse_integer_line(line, static_cast<std::size_t>(board.cols), "foothold 0 or 1", 0, 1))
      board.footholds.push_back(static_cast<std::uint8_t>(value));
  }

  // Step 3. The two players, then nothing else.
  board.a = parse_player(input, board, 'A');
  board.b = parse_player(input, board, 'B');
  input.expect_end();
  return board;
}

std::string to_text(const Board& board) {
  std::string text = fmt::format("{} {}\n", board.rows, board.cols);
  for (int row = 0; row < board.rows; ++row) {
    for (int col = 0; col < board.cols; ++col) {
      if (col > 0) text += ' ';
      text += board.footholds[static_cast<std::size_t>(board.cell_at(row, col))] != 0 ? '1' : '0';
    }
    text += '\n';
  }
  text += fmt::format("{} {}\n{} {}\n", board.row_of(board.a), board.col_of(board.a), board.row_of(board.b),
                      board.col_of(board.b));
  return text;
}

}  // namespace boardsearch::footholds
