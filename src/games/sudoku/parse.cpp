#include "games/sudoku/parse.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::sudoku {

namespace {

constexpr std::size_t kLineCells = 81;

// The box size n of a side n², or 0 when `side` is no n² with n = 2..5.
int box_of_side(std::size_t side) {
  for (int box = kMinBox; box <= kMaxBox; ++box)
    if (side == static_cast<std::size_t>(box * box)) return box;
  return 0;
}

// The value of a compact or line cell: '0' or '.' empty, '1'..'9'; -1 for
// anything else.
int cell_digit(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  return -1;
}

// Reads the characters of a compact row or the line form into `grid` from
// cell `first`; throws naming the column.
void read_characters(std::string_view text, const app::InputLine& line, Grid& grid, int first) {
  for (std::size_t k = 0; k < text.size(); ++k) {
    const int value = cell_digit(text[k]);
    if (value < 0 || value > grid.side)
      throw app::InputError(fmt::format("line {}, column {}: expected a digit 0..{} or '.' (empty), found '{}'",
                                        line.number, k + 1, grid.side, app::printable(text.substr(k, 1))));
    grid.cells[static_cast<std::size_t>(first) + k] = value;
  }
}

// Reads a spaced row (side numbers 0..side) into row `row` of `grid`.
void read_spaced_row(const app::InputLine& line, Grid& grid, int row) {
  const std::vector<long long> values = app::parse_integer_line(
      line, static_cast<std::size_t>(grid.side), fmt::format("a number 0..{} (0 empty)", grid.side), 0, grid.side);
  for (int c = 0; c < grid.side; ++c) grid.at(row, c) = static_cast<int>(values[static_cast<std::size_t>(c)]);
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  return text;
}

}  // namespace

ParsedGrid parse_grid(std::string_view text) {
  app::TextInput input(text);
  // Step 1. The first row decides the form and the side.
  const app::InputLine first = input.expect_line("the first row of the grid");
  const std::vector<std::string_view> fields = app::split_fields(first.text);
  ParsedGrid parsed;
  const std::size_t side = fields.size() > 1 ? fields.size() : trimmed(first.text).size();
  app::TextInput rest = input;
  const bool line_form = fields.size() == 1 && side == kLineCells && !rest.next_nonblank_line();
  const int box = line_form ? kJudgeBox : box_of_side(side);
  if (box == 0 || (fields.size() == 1 && !line_form && side > 9))
    throw app::InputError(fmt::format(
        "{}: expected a row of 4, 9, 16 or 25 numbers separated by blanks, a row of 4 or 9 digits, or one line of "
        "81 characters; found {} field{} '{}'",
        app::where(first.number), fields.size(), fields.size() == 1 ? "" : "s", app::printable(first.text)));
  parsed.grid = empty_grid(box);
  parsed.form = line_form ? Form::line : fields.size() > 1 ? Form::spaced : Form::compact;

  // Step 2. The rows.
  for (int r = 0; r < parsed.grid.side && !line_form; ++r) {
    const app::InputLine line =
        r == 0
            ? first
            : input.expect_line(fmt::format("row {} of the {} x {} grid", r + 1, parsed.grid.side, parsed.grid.side));
    parsed.row_lines.push_back(line.number);
    if (parsed.form == Form::spaced) {
      read_spaced_row(line, parsed.grid, r);
      continue;
    }
    const std::string_view row = trimmed(line.text);
    if (row.size() != static_cast<std::size_t>(parsed.grid.side))
      throw app::InputError(fmt::format("{}: expected a row of {} digits, found '{}'", app::where(line.number),
                                        parsed.grid.side, app::printable(row)));
    read_characters(row, line, parsed.grid, r * parsed.grid.side);
  }
  if (line_form) {
    read_characters(trimmed(first.text), first, parsed.grid, 0);
    parsed.row_lines.assign(9, first.number);
  }
  input.expect_end();

  // Step 3. Clues that already break the rules are bad input.
  if (const std::optional<Clash> clash = first_clash(parsed.grid)) throw app::InputError(clash_message(parsed, *clash));
  return parsed;
}

std::string clash_message(const ParsedGrid& parsed, const Clash& clash) {
  const Grid& grid = parsed.grid;
  const std::size_t line = parsed.row_lines[static_cast<std::size_t>(clash.second_row)];
  const std::string cells = fmt::format("row {}, column {} and row {}, column {}", clash.first_row + 1,
                                        clash.first_col + 1, clash.second_row + 1, clash.second_col + 1);
  switch (clash.unit) {
    case Unit::row:
      return fmt::format("{}: the clues break the rules: row {} holds {} twice (columns {} and {}; counted from 1)",
                         app::where(line), clash.index + 1, clash.number, clash.first_col + 1, clash.second_col + 1);
    case Unit::column:
      return fmt::format("{}: the clues break the rules: column {} holds {} twice (rows {} and {}; counted from 1)",
                         app::where(line), clash.index + 1, clash.number, clash.first_row + 1, clash.second_row + 1);
    case Unit::box:
      break;
  }
  const int top = (clash.index / grid.box) * grid.box, left = (clash.index % grid.box) * grid.box;
  return fmt::format(
      "{}: the clues break the rules: box {} (rows {}-{}, columns {}-{}) holds {} twice ({}; counted from 1)",
      app::where(line), clash.index + 1, top + 1, top + grid.box, left + 1, left + grid.box, clash.number, cells);
}

std::vector<BulkGrid> parse_bulk(std::string_view text) {
  app::TextInput input(text);
  std::vector<BulkGrid> grids;
  while (const std::optional<app::InputLine> line = input.next_nonblank_line()) {
    const std::string_view row = trimmed(line->text);
    if (row.front() == '#') continue;
    const std::size_t end = row.find_first_of(" \t");
    const std::string_view cells = row.substr(0, end);
    if (cells.size() != kLineCells)
      throw app::InputError(fmt::format("{}: expected 81 characters ('1'..'9', '.' or '0' empty), found {}: '{}'",
                                        app::where(line->number), cells.size(), app::printable(cells)));
    BulkGrid grid;
    grid.line = line->number;
    // Each clue against the rows, columns and boxes seen so far: masks of
    // the numbers each holds.
    std::array<std::uint16_t, 27> seen{};
    for (std::size_t k = 0; k < kLineCells; ++k) {
      const int value = cell_digit(cells[k]);
      if (value < 0)
        throw app::InputError(fmt::format("line {}, column {}: expected '1'..'9', '.' or '0', found '{}'", line->number,
                                          k + 1, app::printable(cells.substr(k, 1))));
      grid.cells[k] = static_cast<char>('0' + value);
      if (value == 0) continue;
      const std::size_t r = k / 9, c = k % 9, b = (r / 3) * 3 + c / 3;
      const auto bit = static_cast<std::uint16_t>(1U << value);
      for (const std::size_t unit : {r, 9 + c, 18 + b}) {
        if ((seen[unit] & bit) != 0) {
          static constexpr std::array<std::string_view, 3> kUnitNames = {"row", "column", "box"};
          throw app::InputError(fmt::format("line {}, column {}: the clues break the rules: {} {} holds {} twice",
                                            line->number, k + 1, kUnitNames[unit / 9], unit % 9 + 1, value));
        }
        seen[unit] = static_cast<std::uint16_t>(seen[unit] | bit);
      }
    }
    grids.push_back(grid);
  }
  // One answer a line: a file with no grid would have no answer to print.
  if (grids.empty()) throw app::InputError("the bulk file holds no grid (one 81-character grid a line)");
  return grids;
}

}  // namespace boardsearch::sudoku
