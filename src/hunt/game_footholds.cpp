// Vanishing footholds inputs for the hunter.
//
// Generation, by case index:
//   random games      R and C drawn from 1 .. cap (cap grows to the judge's
//                     5), foothold density 30 .. 100 %, the players on
//                     random footholds, on the same one about one case in six
//   edge cases        the four samples and the page's traps (stepping onto
//                     the other player, a shared start cell), a player
//                     stuck at once, non-square boards (index row * C),
//                     each placed where random games reach its size.
// Shrinking (each step lowers (cells, footholds) lexicographically):
//   drop a row or a column (coordinates follow; a player standing on it
//   steps to a neighbouring line), remove a foothold no player stands on.

#include "hunt/game_footholds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace boardsearch::hunt {

namespace {

constexpr std::uint64_t kCasesPerSizeStep = 20;
constexpr int kSmallestCap = 2;
constexpr std::array<int, 5> kFootholdPercents = {30, 50, 70, 85, 100};
// One case in this many puts both players on the same cell.
constexpr std::uint64_t kSameCellOneIn = 6;

FootholdsGame game(const std::vector<std::vector<std::uint8_t>>& rows, Cell a, Cell b) {
  FootholdsGame g;
  g.rows = static_cast<int>(rows.size());
  g.cols = static_cast<int>(rows.front().size());
  for (const auto& row : rows) g.footholds.insert(g.footholds.end(), row.begin(), row.end());
  g.a = a;
  g.b = b;
  return g;
}

std::vector<EdgeCase<FootholdsGame>> edge_cases() {
  const std::vector<FootholdsGame> games = {
      game({{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, {1, 0}, {1, 2}),  // samples: 5
      game({{1, 1, 1}, {1, 0, 1}, {1, 1, 1}}, {1, 0}, {1, 2}),  // 4
      game({{1, 1, 1, 1, 1}}, {0, 0}, {0, 4}),                  // 4
      game({{1}}, {0, 0}, {0, 0}),                              // 0
      game({{1, 1}}, {0, 1}, {0, 0}),                           // step onto the other player: 1
      game({{1, 1, 1}}, {0, 1}, {0, 1}),                        // same start cell: 1
      game({{1, 0}, {0, 1}}, {0, 0}, {1, 1}),                   // A cannot move: 0
      game({{1, 1, 1}, {1, 1, 1}}, {0, 0}, {1, 2}),             // non-square: row * C + column
      game({{1, 1}, {1, 1}, {1, 1}}, {0, 0}, {2, 1}),
      game(std::vector<std::vector<std::uint8_t>>(5, std::vector<std::uint8_t>(5, 1)), {0, 0}, {4, 4}),
  };
  std::vector<EdgeCase<FootholdsGame>> edges;
  for (const FootholdsGame& g : games)
    edges.push_back({first_index_with_cap(std::max(g.rows, g.cols), kSmallestCap, kCasesPerSizeStep), g});
  return edges;
}

FootholdsGame random_game(std::uint64_t index, core::SplitMix64& rng) {
  const int cap =
      static_cast<int>(std::min<std::uint64_t>(kMaxFootholdsSide, kSmallestCap + index / kCasesPerSizeStep));
  FootholdsGame g;
  g.rows = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap)));
  g.cols = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap)));
  const int percent = kFootholdPercents[rng.below(kFootholdPercents.size())];
  g.footholds.assign(static_cast<std::size_t>(g.rows * g.cols), 0);
  for (auto& cell : g.footholds) cell = static_cast<int>(rng.below(100)) < percent ? 1 : 0;
  auto random_cell = [&] {
    return Cell{static_cast<int>(rng.below(static_cast<std::uint64_t>(g.rows))),
                static_cast<int>(rng.below(static_cast<std::uint64_t>(g.cols)))};
  };
  g.a = random_cell();
  g.b = rng.below(kSameCellOneIn) == 0 ? g.a : random_cell();
  // Players stand on footholds (the judge guarantees it).
  g.footholds[static_cast<std::size_t>(g.a.row * g.cols + g.a.col)] = 1;
  g.footholds[static_cast<std::size_t>(g.b.row * g.cols + g.b.col)] = 1;
  return g;
}

std::string format_game(const FootholdsGame& g) {
  std::string text = fmt::format("{} {}\n", g.rows, g.cols);
  for (int row = 0; row < g.rows; ++row)
    for (int col = 0; col < g.cols; ++col)
      text += fmt::format("{}{}", g.foothold(row, col) ? 1 : 0, col + 1 == g.cols ? "\n" : " ");
  text += fmt::format("{} {}\n{} {}\n", g.a.row, g.a.col, g.b.row, g.b.col);
  return text;
}

// Where a player goes when the row (or column) it stands in is dropped: to
// the neighbouring row above (kToLower, index - 1) or below (kToHigher, the
// row that takes the dropped one's index).
enum class Shift { kToLower, kToHigher };

// One coordinate after dropping line `dropped`: indices past it move down by
// one; a player on it moves to a neighbour as `shift` says.
int after_drop(int coordinate, int dropped, Shift shift) {
  if (coordinate > dropped) return coordinate - 1;
  if (coordinate == dropped && shift == Shift::kToLower) return coordinate - 1;
  return coordinate;
}

// A player stands on a foothold: the cell under it keeps (or gets) one.
void ensure_footholds_under_players(FootholdsGame& g) {
  for (const Cell& p : {g.a, g.b}) g.footholds[static_cast<std::size_t>(p.row * g.cols + p.col)] = 1;
}

// The game without row `dropped`; players on it move as `shift` says.
// Precondition: rows > 1 and the shift stays on the board.
FootholdsGame without_row(const FootholdsGame& g, int dropped, Shift shift) {
  FootholdsGame smaller = g;
  smaller.rows = g.rows - 1;
  smaller.footholds.erase(smaller.footholds.begin() + dropped * g.cols,
                          smaller.footholds.begin() + (dropped + 1) * g.cols);
  smaller.a.row = after_drop(g.a.row, dropped, shift);
  smaller.b.row = after_drop(g.b.row, dropped, shift);
  ensure_footholds_under_players(smaller);
  return smaller;
}

// The game without column `dropped`; players on it move as `shift` says.
FootholdsGame without_column(const FootholdsGame& g, int dropped, Shift shift) {
  FootholdsGame smaller = g;
  smaller.cols = g.cols - 1;
  smaller.footholds.clear();
  for (int row = 0; row < g.rows; ++row)
    for (int col = 0; col < g.cols; ++col)
      if (col != dropped) smaller.footholds.push_back(g.foothold(row, col) ? 1 : 0);
  smaller.a.col = after_drop(g.a.col, dropped, shift);
  smaller.b.col = after_drop(g.b.col, dropped, shift);
  ensure_footholds_under_players(smaller);
  return smaller;
}

std::vector<FootholdsGame> shrink_candidates(const FootholdsGame& g) {
  std::vector<FootholdsGame> candidates;
  // 1. A row or a column fewer. A line without players just goes; players
  //    on a dropped line step to the line above/left or below/right (both
  //    are tried), keeping a foothold under them. Either way the cell count
  //    drops, so this terminates even though a foothold may be added.
  auto drop_lines = [&](int count, auto holds_player, auto drop) {
    if (count <= 1) return;
    for (int line = count - 1; line >= 0; --line) {
      if (!holds_player(line)) {
        candidates.push_back(drop(line, Shift::kToHigher));
        continue;
      }
      if (line > 0) candidates.push_back(drop(line, Shift::kToLower));
      if (line + 1 < count) candidates.push_back(drop(line, Shift::kToHigher));
    }
  };
  drop_lines(
      g.rows, [&](int row) { return g.a.row == row || g.b.row == row; },
      [&](int row, Shift shift) { return without_row(g, row, shift); });
  drop_lines(
      g.cols, [&](int col) { return g.a.col == col || g.b.col == col; },
      [&](int col, Shift shift) { return without_column(g, col, shift); });
  // 2. A foothold fewer, never one a player stands on.
  for (int row = 0; row < g.rows; ++row)
    for (int col = 0; col < g.cols; ++col) {
      const Cell cell{row, col};
      if (!g.foothold(row, col) || cell == g.a || cell == g.b) continue;
      FootholdsGame fewer = g;
      fewer.footholds[static_cast<std::size_t>(row * g.cols + col)] = 0;
      candidates.push_back(std::move(fewer));
    }
  return candidates;
}

std::string summary(const FootholdsGame& g) {
  return fmt::format("board {}x{} with {} foothold{}, A ({},{}), B ({},{})", g.rows, g.cols, g.foothold_count(),
                     g.foothold_count() == 1 ? "" : "s", g.a.row, g.a.col, g.b.row, g.b.col);
}

}  // namespace

int FootholdsGame::foothold_count() const {
  return static_cast<int>(std::count(footholds.begin(), footholds.end(), std::uint8_t{1}));
}

CaseModel<FootholdsGame> case_model_footholds(const app::PuzzleOptions&) {
  CaseModel<FootholdsGame> model;
  model.generate = with_edge_cases<FootholdsGame>(edge_cases(), random_game);
  model.format = format_game;
  model.shrink_candidates = shrink_candidates;
  model.summary = summary;
  return model;
}

}  // namespace boardsearch::hunt
