#include "games/sudoku/explain.hpp"

#include <algorithm>
#include <bit>
#include <optional>

#include "games/sudoku/format.hpp"

namespace boardsearch::sudoku {

namespace {

// The units in the order a person scans them: boxes, rows, columns.
struct Units {
  std::vector<std::vector<int>> cells;  // each unit's cells
  std::vector<text::UnitName> names;
};

Units units_of(const Grid& grid) {
  Units units;
  const int side = grid.side, box = grid.box;
  for (int b = 0; b < side; ++b) {
    std::vector<int> cells;
    for (int k = 0; k < side; ++k) cells.push_back(((b / box) * box + k / box) * side + (b % box) * box + k % box);
    units.cells.push_back(cells);
    units.names.push_back({text::UnitKind::box, b});
  }
  for (int r = 0; r < side; ++r) {
    std::vector<int> cells;
    for (int k = 0; k < side; ++k) cells.push_back(r * side + k);
    units.cells.push_back(cells);
    units.names.push_back({text::UnitKind::row, r});
  }
  for (int c = 0; c < side; ++c) {
    std::vector<int> cells;
    for (int k = 0; k < side; ++k) cells.push_back(k * side + c);
    units.cells.push_back(cells);
    units.names.push_back({text::UnitKind::column, c});
  }
  return units;
}

// The pencil marks of a grid being solved by hand.
class Marks {
 public:
  explicit Marks(const Grid& grid) : grid_(grid), cand_(static_cast<std::size_t>(grid.size()), all()) {
    for (int k = 0; k < grid.size(); ++k)
      if (grid_.cells[static_cast<std::size_t>(k)] != 0) place(k, grid_.cells[static_cast<std::size_t>(k)]);
  }

  std::uint32_t all() const { return (1U << grid_.side) - 1; }
  std::uint32_t at(int cell) const { return cand_[static_cast<std::size_t>(cell)]; }
  bool filled(int cell) const { return grid_.cells[static_cast<std::size_t>(cell)] != 0; }
  const Grid& grid() const { return grid_; }

  bool peers(int a, int b) const {
    const int s = grid_.side;
    return a != b && (a / s == b / s || a % s == b % s || grid_.box_of(a / s, a % s) == grid_.box_of(b / s, b % s));
  }

  // Fills `cell` with `number` and removes it from the peers' marks.
  void place(int cell, int number) {
    grid_.cells[static_cast<std::size_t>(cell)] = number;
    cand_[static_cast<std::size_t>(cell)] = 1U << (number - 1);
    for (int other = 0; other < grid_.size(); ++other)
      if (peers(cell, other)) cand_[static_cast<std::size_t>(other)] &= ~(1U << (number - 1));
  }

  // Removes `gone` from the marks of the empty cells of `cells` outside
  // `keep`; returns the cells that lost a mark.
  std::vector<int> remove(const std::vector<int>& cells, std::uint32_t gone, const std::vector<int>& keep) {
    std::vector<int> changed;
    for (const int cell : cells) {
      if (filled(cell) || std::find(keep.begin(), keep.end(), cell) != keep.end()) continue;
      if ((at(cell) & gone) == 0) continue;
      cand_[static_cast<std::size_t>(cell)] &= ~gone;
      changed.push_back(cell);
    }
    return changed;
  }

 private:
  Grid grid_;
  std::vector<std::uint32_t> cand_;
};

int lowest_number(std::uint32_t mask) { return std::countr_zero(mask) + 1; }

// Each deduction: the step it makes, or nothing when it does not apply.
std::optional<ExplainStep> naked_single(Marks& marks) {
  for (int cell = 0; cell < marks.grid().size(); ++cell)
    if (!marks.filled(cell) && std::popcount(marks.at(cell)) == 1) {
      const int number = lowest_number(marks.at(cell));
      marks.place(cell, number);
      return ExplainStep{text::naked_single(marks.grid().side, cell, number), cell, number};
    }
  return std::nullopt;
}

std::optional<ExplainStep> hidden_single(Marks& marks, const Units& units) {
  for (std::size_t u = 0; u < units.cells.size(); ++u)
    for (int number = 1; number <= marks.grid().side; ++number) {
      int place = -1, places = 0;
      for (const int cell : units.cells[u])
        if (!marks.filled(cell) && (marks.at(cell) >> (number - 1) & 1U) != 0) {
          place = cell;
          ++places;
        }
      if (places != 1) continue;
      marks.place(place, number);
      return ExplainStep{text::hidden_single(marks.grid().side, units.names[u], place, number), place, number};
    }
  return std::nullopt;
}

// Pointing (a box's number in one line of it leaves the rest of the line)
// and claiming (a line's number in one box leaves the rest of the box).
std::optional<ExplainStep> locked_candidates(Marks& marks, const Units& units) {
  const int side = marks.grid().side;
  for (std::size_t a = 0; a < units.cells.size(); ++a)
    for (std::size_t b = 0; b < units.cells.size(); ++b) {
      const bool box_line = units.names[a].kind == text::UnitKind::box && units.names[b].kind != text::UnitKind::box;
      const bool line_box = units.names[a].kind != text::UnitKind::box && units.names[b].kind == text::UnitKind::box;
      if (!box_line && !line_box) continue;
      // Only a box and a line that cross it.
      const text::UnitName box = box_line ? units.names[a] : units.names[b];
      const text::UnitName line = box_line ? units.names[b] : units.names[a];
      const int grid_box = marks.grid().box;
      const bool crosses = line.kind == text::UnitKind::row ? line.index / grid_box == box.index / grid_box
                                                            : line.index / grid_box == box.index % grid_box;
      if (!crosses) continue;
      for (int number = 1; number <= side; ++number) {
        const std::uint32_t bit = 1U << (number - 1);
        bool any = false, all_in_b = true;
        for (const int cell : units.cells[a]) {
          if (marks.filled(cell) || (marks.at(cell) & bit) == 0) continue;
          any = true;
          all_in_b = all_in_b && std::find(units.cells[b].begin(), units.cells[b].end(), cell) != units.cells[b].end();
        }
        if (!any || !all_in_b) continue;
        const std::vector<int> changed = marks.remove(units.cells[b], bit, units.cells[a]);
        if (changed.empty()) continue;
        return ExplainStep{text::locked_candidates(side, units.names[a], units.names[b], number, changed)};
      }
    }
  return std::nullopt;
}

std::optional<ExplainStep> naked_pair(Marks& marks, const Units& units) {
  const int side = marks.grid().side;
  for (std::size_t u = 0; u < units.cells.size(); ++u) {
    const std::vector<int>& cells = units.cells[u];
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (std::size_t j = i + 1; j < cells.size(); ++j) {
        const int x = cells[i], y = cells[j];
        if (marks.filled(x) || marks.filled(y) || marks.at(x) != marks.at(y) || std::popcount(marks.at(x)) != 2)
          continue;
        const std::vector<int> changed = marks.remove(cells, marks.at(x), {x, y});
        if (changed.empty()) continue;
        return ExplainStep{text::naked_pair(side, units.names[u], x, y, lowest_number(marks.at(x)),
                                            lowest_number(marks.at(x) & (marks.at(x) - 1)), changed)};
      }
  }
  return std::nullopt;
}

std::optional<ExplainStep> hidden_pair(Marks& marks, const Units& units) {
  const int side = marks.grid().side;
  for (std::size_t u = 0; u < units.cells.size(); ++u) {
    // Where each number can go in the unit.
    std::vector<std::vector<int>> places(static_cast<std::size_t>(side) + 1);
    for (const int cell : units.cells[u])
      for (int number = 1; number <= side; ++number)
        if (!marks.filled(cell) && (marks.at(cell) >> (number - 1) & 1U) != 0)
          places[static_cast<std::size_t>(number)].push_back(cell);
    for (int p = 1; p <= side; ++p)
      for (int q = p + 1; q <= side; ++q) {
        const auto& at_p = places[static_cast<std::size_t>(p)];
        if (at_p.size() != 2 || at_p != places[static_cast<std::size_t>(q)]) continue;
        const std::uint32_t pair = 1U << (p - 1) | 1U << (q - 1);
        if (marks.at(at_p[0]) == pair && marks.at(at_p[1]) == pair) continue;
        const std::vector<int> both = {at_p[0], at_p[1]};
        marks.remove(both, marks.all() & ~pair, {});
        return ExplainStep{text::hidden_pair(side, units.names[u], both[0], both[1], p, q)};
      }
  }
  return std::nullopt;
}

// Where deduction stops: a cell with the fewest marks, the completion's
// number there, and whether the others lead to no completion.
ExplainStep guess(Marks& marks, const Grid& completion) {
  const Grid& now = marks.grid();
  int best = -1;
  for (int cell = 0; cell < now.size(); ++cell)
    if (!marks.filled(cell) && (best < 0 || std::popcount(marks.at(cell)) < std::popcount(marks.at(best)))) best = cell;
  const int number = completion.cells[static_cast<std::size_t>(best)];
  std::vector<int> others;
  for (int v = 1; v <= now.side; ++v)
    if (v != number && (marks.at(best) >> (v - 1) & 1U) != 0) others.push_back(v);
  // The others tried by the search (up to 9 x 9: a few searches of microseconds).
  std::optional<bool> others_fail;
  if (now.side <= 9) {
    others_fail = true;
    for (const int v : others) {
      Grid trial = now;
      trial.cells[static_cast<std::size_t>(best)] = v;
      if (!first_clash(trial) && !search(trial, Goal::any, 0, {}).completion.empty()) others_fail = false;
    }
  }
  const std::string why = text::guess(now.side, best, marks.at(best), number, others, others_fail);
  marks.place(best, number);
  return ExplainStep{why, best, number};
}

}  // namespace

std::vector<ExplainStep> explain_steps(const Grid& grid, const Grid& completion) {
  Marks marks(grid);
  const Units units = units_of(grid);
  std::vector<ExplainStep> steps;
  while (marks.grid().clues() < grid.size()) {
    std::optional<ExplainStep> step = naked_single(marks);
    if (!step) step = hidden_single(marks, units);
    if (!step) step = locked_candidates(marks, units);
    if (!step) step = naked_pair(marks, units);
    if (!step) step = hidden_pair(marks, units);
    if (!step) step = guess(marks, completion);
    steps.push_back(std::move(*step));
  }
  return steps;
}

std::string explain(const Grid& grid, const Grid& completion, Goal goal, std::uint64_t nodes) {
  std::string out = text::solved_summary(grid.clues(), grid.side, nodes, goal == Goal::smallest);
  int number = 0;
  for (const ExplainStep& step : explain_steps(grid, completion)) out += text::numbered(++number, step.text);
  return out;
}

}  // namespace boardsearch::sudoku
