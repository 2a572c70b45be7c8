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

std::string unit(UnitName name) {
  switch (name.kind) {
    case UnitKind::row:
      return fmt::format("row {}", name.index + 1);
    case UnitKind::column:
      return fmt::format("column {}", name.index + 1);
    case UnitKind::box:
      break;
  }
  return fmt::format("box {}", name.index + 1);
}

std::string cell(int side, int cell) { return fmt::format("r{}c{}", cell / side + 1, cell % side + 1); }

namespace {

std::string cells(int side, const std::vector<int>& list) {
  std::string out;
  for (const int k : list) out += (out.empty() ? "" : ", ") + cell(side, k);
  return out;
}

std::string numbers(const std::vector<int>& list) {
  std::string out;
  for (const int v : list) out += (out.empty() ? "" : ", ") + std::to_string(v);
  return "{" + out + "}";
}

}  // namespace

std::string naked_single(int side, int at, int number) {
  return fmt::format("naked single: {} = {} ({} is the only number left for {})", cell(side, at), number, number,
                     cell(side, at));
}

std::string hidden_single(int side, UnitName where, int at, int number) {
  return fmt::format("hidden single in {}: {} = {} ({} is the only place for {} in {})", unit(where), cell(side, at),
                     number, cell(side, at), number, unit(where));
}

std::string locked_candidates(int side, UnitName within, UnitName line, int number, const std::vector<int>& cleared) {
  const bool pointing = within.kind == UnitKind::box;
  return fmt::format("locked candidates ({}): in {}, {} can only go in {}, so {} leaves {}",
                     pointing ? "pointing" : "claiming", unit(within), number, unit(line), number,
                     cells(side, cleared));
}

std::string naked_pair(int side, UnitName where, int a, int b, int p, int q, const std::vector<int>& cleared) {
  return fmt::format("naked pair in {}: {} and {} hold only {}, so {} and {} leave {}", unit(where), cell(side, a),
                     cell(side, b), numbers({p, q}), p, q, cells(side, cleared));
}

std::string hidden_pair(int side, UnitName where, int a, int b, int p, int q) {
  return fmt::format("hidden pair in {}: {} can only go in {} and {}, so the other numbers leave those cells",
                     unit(where), numbers({p, q}), cell(side, a), cell(side, b));
}

std::string guess(int side, int at, std::uint32_t marks, int number, const std::vector<int>& others,
                  std::optional<bool> others_fail) {
  std::vector<int> all;
  for (int v = 1; v <= side; ++v)
    if ((marks >> (v - 1) & 1U) != 0) all.push_back(v);
  std::string why;
  if (!others_fail) {
    why = "the search's completion holds it";
  } else if (*others_fail) {
    why =
        fmt::format("{} lead{} to no completion, as the search shows", numbers(others), others.size() == 1 ? "s" : "");
  } else {
    why = fmt::format("a free choice: other completions hold a number of {} there", numbers(others));
  }
  return fmt::format("no deduction applies; guess: {} can hold {}, take {} ({})", cell(side, at), numbers(all), number,
                     why);
}

std::string numbered(int number, const std::string& step) { return fmt::format("{}. {}\n", number, step); }

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
