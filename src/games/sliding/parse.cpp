#include "games/sliding/parse.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::sliding {

namespace {

// One row's numbers as integers in 0 .. 99 (checked against the board's
// size once the shape is known).
constexpr long long kLargestField = 99;

std::vector<int> read_numbers(const app::InputLine& line) {
  std::vector<int> numbers;
  const std::vector<std::string_view> fields = app::split_fields(line.text);
  for (std::size_t f = 0; f < fields.size(); ++f)
    numbers.push_back(static_cast<int>(
        app::parse_integer(fields[f], line.number, f + 1, "a tile number (0 for the blank)", 0, kLargestField)));
  return numbers;
}

// Places `numbers` (the cells row by row, read from `lines`) on an R x C
// board, checking each is below R*C and given once.
struct ReadCell {
  int value;
  std::size_t line;
  std::size_t field;
};

Board place(int rows, int cols, const std::vector<ReadCell>& read) {
  Board board{.rows = rows, .cols = cols};
  const int cells = rows * cols;
  std::array<bool, kMaxCells> seen{};
  for (std::size_t i = 0; i < read.size(); ++i) {
    const ReadCell& cell = read[i];
    if (cell.value >= cells)
      throw app::InputError(fmt::format("{}: expected a tile number 0 .. {} on a {} x {} board, found {}",
                                        app::where(cell.line, cell.field), cells - 1, rows, cols, cell.value));
    if (seen[static_cast<std::size_t>(cell.value)])
      throw app::InputError(
          fmt::format("{}: {} appears twice (each of 0 .. {} once)", app::where(cell.line, cell.field),
                      cell.value == 0 ? std::string("the blank 0") : fmt::format("tile {}", cell.value), cells - 1));
    seen[static_cast<std::size_t>(cell.value)] = true;
    board.cells[i] = static_cast<std::uint8_t>(cell.value);
    if (cell.value == kBlank) board.blank = static_cast<int>(i);
  }
  return board;
}

}  // namespace

Shape shape_of_count(int cells) {
  for (int rows = kMaxSide; rows >= kMinSide; --rows)
    if (cells % rows == 0 && cells / rows >= rows && cells / rows <= kMaxSide) return {rows, cells / rows};
  return {};
}

Board parse_board(std::string_view text) {
  app::TextInput input(text);
  // Step 1. The first row gives the width.
  const std::optional<app::InputLine> first = input.next_nonblank_line();
  if (!first)
    throw app::InputError("line 1: expected a board (R lines of C tile numbers, 0 for the blank), found none");
  std::vector<ReadCell> read;
  const std::vector<int> top = read_numbers(*first);
  const int cols = static_cast<int>(top.size());
  if (cols < kMinSide || cols > kMaxSide)
    throw app::InputError(fmt::format("{}: expected a row of {} to {} tile numbers, found {}",
                                      app::where(first->number), kMinSide, kMaxSide, cols));
  for (std::size_t f = 0; f < top.size(); ++f) read.push_back({top[f], first->number, f + 1});

  // Step 2. Rows of the same width until a blank line or the end.
  int rows = 1;
  std::size_t last_line = first->number;
  for (std::optional<app::InputLine> line = input.next_line(); line; line = input.next_line()) {
    if (app::split_fields(line->text).empty()) break;
    const std::vector<int> row = read_numbers(*line);
    if (static_cast<int>(row.size()) != cols)
      throw app::InputError(fmt::format("{}: expected a row of {} tile numbers like line {}, found {}",
                                        app::where(line->number), cols, first->number, row.size()));
    if (++rows > kMaxSide)
      throw app::InputError(
          fmt::format("{}: more than {} rows (boards are 2 x 2 to 5 x 5)", app::where(line->number), kMaxSide));
    for (std::size_t f = 0; f < row.size(); ++f) read.push_back({row[f], line->number, f + 1});
    last_line = line->number;
  }
  if (rows < kMinSide)
    throw app::InputError(fmt::format("{}: expected at least {} rows, found 1 (boards are 2 x 2 to 5 x 5)",
                                      app::where(last_line + 1), kMinSide));
  input.expect_end();
  return place(rows, cols, read);
}

std::vector<Board> parse_bulk(std::string_view text) {
  app::TextInput input(text);
  std::vector<Board> boards;
  for (std::optional<app::InputLine> line = input.next_nonblank_line(); line; line = input.next_nonblank_line()) {
    const std::vector<int> numbers = read_numbers(*line);
    const Shape shape = shape_of_count(static_cast<int>(numbers.size()));
    if (shape.rows == 0)
      throw app::InputError(
          fmt::format("{}: expected the cells of one board (4, 6, 8, 9, 10, 12, 15, 16, 20 or 25 numbers), found {}",
                      app::where(line->number), numbers.size()));
    std::vector<ReadCell> read;
    for (std::size_t f = 0; f < numbers.size(); ++f) read.push_back({numbers[f], line->number, f + 1});
    boards.push_back(place(shape.rows, shape.cols, read));
  }
  if (boards.empty()) throw app::InputError("line 1: expected one board a line (--bulk), found none");
  return boards;
}

}  // namespace boardsearch::sliding
