// 2048 inputs for the hunter.
//
// Generation, by case index:
//   random boards     N drawn from 1 .. cap, where cap grows by one every
//                     kCasesPerSizeStep cases up to the judge's 20; the tile
//                     density and the value spread vary per case, so boards
//                     with many equal neighbours (merge chains) and sparse
//                     or full boards all appear.
//   edge cases        fixed boards from the puzzle page (sample, traps) and
//                     the judge's extremes, each placed where the random
//                     boards reach its size (small inputs come first).
// Shrinking (each step lowers N, the tile count or the tile sum):
//   drop one row and one column (the board must stay square),
//   remove one tile (at least one stays), halve one tile (down to 2).

#include "hunt/game_2048.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace boardsearch::hunt {

namespace {

// The largest random board side grows by one every this many cases.
constexpr std::uint64_t kCasesPerSizeStep = 24;
constexpr int kSmallestCap = 2;
// Densities (percent of cells holding a tile) drawn from.
constexpr std::array<int, 6> kDensities = {15, 35, 55, 75, 90, 100};

Board2048 board_from_rows(const std::vector<std::vector<std::uint32_t>>& rows) {
  Board2048 board;
  board.size = static_cast<int>(rows.size());
  for (const auto& row : rows) board.cells.insert(board.cells.end(), row.begin(), row.end());
  return board;
}

// A board of side n filled with `value`.
Board2048 full_board(int n, std::uint32_t value) {
  Board2048 board;
  board.size = n;
  board.cells.assign(static_cast<std::size_t>(n * n), value);
  return board;
}

// The fixed boards: the puzzle page's sample and traps, and the extremes of
// the judge's limits. Each is tried when random boards reach its size.
std::vector<EdgeCase<Board2048>> edge_cases() {
  const std::vector<Board2048> boards = {
      board_from_rows({{2}}),                              // one cell, one tile
      board_from_rows({{2, 2, 2}, {4, 4, 4}, {8, 8, 8}}),  // the sample (16)
      board_from_rows({{2, 2, 4}, {0, 0, 0}, {0, 0, 0}}),  // same direction twice (8)
      board_from_rows({{2, 2, 2}, {0, 0, 0}, {0, 0, 0}}),  // 2 2 2 -> 4 2, not 2 4
      board_from_rows({{2, 2, 2, 2}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}),
      board_from_rows({{0, 0}, {0, 1024}}),  // one large tile
      board_from_rows({{4, 2, 2, 4}, {2, 0, 0, 2}, {2, 0, 0, 2}, {4, 2, 2, 4}}),
      full_board(4, 2),
      full_board(kMax2048Size, kMax2048Tile),  // largest values: 2^15 after 5 moves
  };
  std::vector<EdgeCase<Board2048>> edges;
  for (const Board2048& board : boards)
    edges.push_back({first_index_with_cap(board.size, kSmallestCap, kCasesPerSizeStep), board});
  return edges;
}

// Tile value 2^e with e drawn from 1 .. max_exponent.
std::uint32_t random_tile(core::SplitMix64& rng, int max_exponent) {
  return std::uint32_t{1} << (1 + rng.below(static_cast<std::uint64_t>(max_exponent)));
}

Board2048 random_board(std::uint64_t index, core::SplitMix64& rng) {
  const int cap = static_cast<int>(std::min<std::uint64_t>(kMax2048Size, kSmallestCap + index / kCasesPerSizeStep));
  Board2048 board;
  board.size = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap)));
  const int density = kDensities[rng.below(kDensities.size())];
  // Value spread: few distinct values make long merge chains, many make
  // merges rare; exponent 10 is the judge's 1024.
  const int max_exponent = std::array<int, 4>{1, 2, 4, 10}[rng.below(4)];
  board.cells.assign(static_cast<std::size_t>(board.size * board.size), 0);
  for (auto& cell : board.cells)
    if (static_cast<int>(rng.below(100)) < density) cell = random_tile(rng, max_exponent);
  if (board.tile_count() == 0) board.cells[rng.below(board.cells.size())] = random_tile(rng, max_exponent);
  return board;
}

std::string format_board(const Board2048& board) {
  std::string text = fmt::format("{}\n", board.size);
  for (int row = 0; row < board.size; ++row)
    for (int col = 0; col < board.size; ++col)
      text += fmt::format("{}{}", board.at(row, col), col + 1 == board.size ? "\n" : " ");
  return text;
}

// The board without row `dropped_row` and column `dropped_col`.
Board2048 without_row_and_column(const Board2048& board, int dropped_row, int dropped_col) {
  Board2048 smaller;
  smaller.size = board.size - 1;
  for (int row = 0; row < board.size; ++row)
    for (int col = 0; col < board.size; ++col)
      if (row != dropped_row && col != dropped_col) smaller.cells.push_back(board.at(row, col));
  return smaller;
}

std::vector<Board2048> shrink_candidates(const Board2048& board) {
  std::vector<Board2048> candidates;
  // 1. A smaller board: every (row, column) pair to drop, last ones first
  //    (the failure is often near the top left, where boards are written).
  if (board.size > 1)
    for (int row = board.size - 1; row >= 0; --row)
      for (int col = board.size - 1; col >= 0; --col) {
        Board2048 smaller = without_row_and_column(board, row, col);
        if (smaller.tile_count() > 0) candidates.push_back(std::move(smaller));
      }
  // 2. One tile fewer (the judge wants at least one).
  if (board.tile_count() > 1)
    for (std::size_t cell = 0; cell < board.cells.size(); ++cell)
      if (board.cells[cell] != 0) {
        Board2048 fewer = board;
        fewer.cells[cell] = 0;
        candidates.push_back(std::move(fewer));
      }
  // 3. A smaller value: first straight down to 2, then halved.
  for (std::size_t cell = 0; cell < board.cells.size(); ++cell)
    if (board.cells[cell] > 2) {
      Board2048 lower = board;
      lower.cells[cell] = 2;
      candidates.push_back(lower);
      if (board.cells[cell] > 4) {
        lower.cells[cell] = board.cells[cell] / 2;
        candidates.push_back(std::move(lower));
      }
    }
  return candidates;
}

std::string summary(const Board2048& board) {
  const std::uint32_t largest = *std::max_element(board.cells.begin(), board.cells.end());
  return fmt::format("board {}x{} with {} tile{}, largest {}", board.size, board.size, board.tile_count(),
                     board.tile_count() == 1 ? "" : "s", largest);
}

}  // namespace

int Board2048::tile_count() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](std::uint32_t v) { return v != 0; }));
}

CaseModel<Board2048> case_model_2048(const app::PuzzleOptions&) {
  CaseModel<Board2048> model;
  model.generate = with_edge_cases<Board2048>(edge_cases(), random_board);
  model.format = format_board;
  model.shrink_candidates = shrink_candidates;
  model.summary = summary;
  return model;
}

}  // namespace boardsearch::hunt
