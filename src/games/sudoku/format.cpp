#include "games/sudoku/format.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace boardsearch::sudoku {

std::string grid_text(const Grid& grid, Style style) {
  const bool blanks = style == Style::spaced || grid.side > 9;
  std::string text;
  text.reserve(static_cast<std::size_t>(grid.size() * 3));
  for (int r = 0; r < grid.side; ++r) {
    for (int c = 0; c < grid.side; ++c) {
      if (blanks && c > 0) text += ' ';
      text += std::to_string(grid.at(r, c));
    }
    text += '\n';
  }
  return text;
}

std::string decimal(Count count) {
  if (count == 0) return "0";
  std::string digits;
  for (; count != 0; count /= 10) digits += static_cast<char>('0' + static_cast<int>(count % 10));
  std::reverse(digits.begin(), digits.end());
  return digits;
}

std::vector<std::vector<int>> rows_of(const Grid& grid) {
  std::vector<std::vector<int>> rows;
  for (int r = 0; r < grid.side; ++r)
    rows.emplace_back(grid.cells.begin() + r * grid.side, grid.cells.begin() + (r + 1) * grid.side);
  return rows;
}

namespace text {

// Cells are named r<row>c<column>, counted from 1, as sudoku books do.
std::string placed_by_search(int row, int col, int number) {
  return fmt::format("r{}c{} = {}", row + 1, col + 1, number);
}

std::string start(int clues, int side) { return fmt::format("the grid: {} x {}, {} clues", side, side, clues); }

std::string solved_summary(int clues, int side, std::uint64_t nodes, bool smallest) {
  return fmt::format(
      "{} x {} with {} clues: {} completion found in {} search node{} (rows and columns counted "
      "from 1)\n",
      side, side, clues, smallest ? "the smallest" : "a", nodes, nodes == 1 ? "" : "s");
}

std::string no_completion(int clues, int side, std::uint64_t nodes) {
  return fmt::format("{} x {} with {} clues: no completion ({} search node{})\n", side, side, clues, nodes,
                     nodes == 1 ? "" : "s");
}

std::string counted(const std::string& count, bool at_least, std::uint64_t nodes) {
  return fmt::format("{}{} completion{} ({} search nodes{})\n", at_least ? "at least " : "", count,
                     count == "1" && !at_least ? "" : "s", nodes, at_least ? "; stopped at --max-count" : "");
}

std::string bulk_summary(std::size_t grids, std::size_t solved, double solve_ms, double max_us, std::uint64_t nodes) {
  const double per_grid_us = grids == 0 ? 0.0 : solve_ms * 1000.0 / static_cast<double>(grids);
  return fmt::format(
      "{} grids, {} completed, {} without completion; solve time {:.1f} ms, {:.2f} us per grid "
      "({:.0f} grids/s), slowest {:.1f} us; {} search nodes\n",
      grids, solved, grids - solved, solve_ms, per_grid_us,
      solve_ms > 0 ? static_cast<double>(grids) * 1000.0 / solve_ms : 0.0, max_us, nodes);
}

}  // namespace text

}  // namespace boardsearch::sudoku
