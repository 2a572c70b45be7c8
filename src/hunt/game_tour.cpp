// Board tour inputs for the hunter.
//
// Generation, by case index:
//   random files      1 .. 3 cases; each side drawn from 1 .. cap
//                     independently (so most boards are not square), cap
//                     growing by one every kCasesPerSizeStep files up to 30;
//                     obstacle density from 0 % (open boards) through the
//                     6-20 % "scattered" range the puzzle page warns about
//                     to 50 %.
//   edge cases        the sample file, one-cell and one-line boards, tall and
//                     wide (non-square) boards, boards split in two (-1),
//                     each placed where random boards reach its size.
// Shrinking:
//   a file of several cases: first each case alone (the failing case is
//   usually one of them), then the file without one case; a single case:
//   drop a row or a column, then turn one obstacle into an empty cell.
//   Each step lowers (cases, cells, obstacles) lexicographically.
//   Every board keeps at least one empty cell.

#include "hunt/game_tour.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace boardsearch::hunt {

namespace {

constexpr std::uint64_t kCasesPerSizeStep = 30;
constexpr int kSmallestCap = 3;
// Obstacle densities in percent; 6-20 % is where plain searches blow up.
constexpr std::array<int, 7> kObstaclePercents = {0, 5, 8, 12, 20, 35, 50};

TourBoard board_from_rows(const std::vector<std::string>& rows) {
  TourBoard board;
  board.rows = static_cast<int>(rows.size());
  board.cols = static_cast<int>(rows.front().size());
  for (const std::string& row : rows) board.cells += row;
  return board;
}

TourBoard open_board(int rows, int cols) {
  TourBoard board;
  board.rows = rows;
  board.cols = cols;
  board.cells.assign(static_cast<std::size_t>(rows * cols), '.');
  return board;
}

std::vector<EdgeCase<TourFile>> edge_cases() {
  auto file = [](std::vector<TourBoard> boards) { return TourFile{std::move(boards)}; };
  const std::vector<TourFile> files = {
      // The sample file: two cases (10 and 3).
      file({board_from_rows({"**...", ".....", "....*", "..*..", "....."}), board_from_rows({"****", "*...", "*..*"})}),
      file({board_from_rows({"."})}),         // one empty cell: 0 steps
      file({board_from_rows({"*.", "**"})}),  // one empty cell among obstacles
      file({open_board(1, 2)}),               // one step
      file({open_board(2, 1)}),
      file({open_board(2, 3), open_board(3, 2)}),      // non-square: loop over M, not N
      file({board_from_rows({".*.", "***", "..."})}),  // two regions: -1
      file({open_board(1, kMaxTourSide)}),
      file({open_board(kMaxTourSide, 1)}),
      file({board_from_rows({"...", ".*.", "..."})}),
      file({open_board(kMaxTourSide, kMaxTourSide)}),  // open boards are easy
  };
  std::vector<EdgeCase<TourFile>> edges;
  for (const TourFile& f : files) {
    int side = 1;
    for (const TourBoard& board : f.cases) side = std::max({side, board.rows, board.cols});
    edges.push_back({first_index_with_cap(side, kSmallestCap, kCasesPerSizeStep), f});
  }
  return edges;
}

TourBoard random_board(std::uint64_t index, core::SplitMix64& rng) {
  const int cap = static_cast<int>(std::min<std::uint64_t>(kMaxTourSide, kSmallestCap + index / kCasesPerSizeStep));
  TourBoard board = open_board(1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap))),
                               1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap))));
  const int percent = kObstaclePercents[rng.below(kObstaclePercents.size())];
  for (char& cell : board.cells)
    if (static_cast<int>(rng.below(100)) < percent) cell = '*';
  if (board.empty_count() == 0) board.cells[rng.below(board.cells.size())] = '.';
  return board;
}

TourFile random_file(std::uint64_t index, core::SplitMix64& rng) {
  TourFile file;
  const std::size_t count = 1 + rng.below(kMaxTourCasesPerFile);
  for (std::size_t k = 0; k < count; ++k) file.cases.push_back(random_board(index, rng));
  return file;
}

std::string format_file(const TourFile& file) {
  std::string text;
  for (const TourBoard& board : file.cases) {
    text += fmt::format("{} {}\n", board.rows, board.cols);
    for (int row = 0; row < board.rows; ++row)
      text +=
          board.cells.substr(static_cast<std::size_t>(row * board.cols), static_cast<std::size_t>(board.cols)) + '\n';
  }
  return text;
}

TourBoard without_row(const TourBoard& board, int dropped) {
  TourBoard smaller = board;
  smaller.rows = board.rows - 1;
  smaller.cells.erase(static_cast<std::size_t>(dropped * board.cols), static_cast<std::size_t>(board.cols));
  return smaller;
}

TourBoard without_column(const TourBoard& board, int dropped) {
  TourBoard smaller;
  smaller.rows = board.rows;
  smaller.cols = board.cols - 1;
  for (int row = 0; row < board.rows; ++row)
    for (int col = 0; col < board.cols; ++col)
      if (col != dropped) smaller.cells += board.at(row, col);
  return smaller;
}

std::vector<TourBoard> shrink_board(const TourBoard& board) {
  std::vector<TourBoard> candidates;
  auto keep = [&](TourBoard smaller) {
    if (smaller.empty_count() > 0) candidates.push_back(std::move(smaller));
  };
  // 1. Fewer rows or columns.
  if (board.rows > 1)
    for (int row = board.rows - 1; row >= 0; --row) keep(without_row(board, row));
  if (board.cols > 1)
    for (int col = board.cols - 1; col >= 0; --col) keep(without_column(board, col));
  // 2. One obstacle fewer.
  for (std::size_t cell = 0; cell < board.cells.size(); ++cell)
    if (board.cells[cell] == '*') {
      TourBoard opened = board;
      opened.cells[cell] = '.';
      candidates.push_back(std::move(opened));
    }
  return candidates;
}

std::vector<TourFile> shrink_candidates(const TourFile& file) {
  std::vector<TourFile> candidates;
  if (file.cases.size() > 1) {
    // 1. Each case alone, then the file minus one case.
    for (const TourBoard& board : file.cases) candidates.push_back(TourFile{{board}});
    for (std::size_t dropped = 0; dropped < file.cases.size(); ++dropped) {
      TourFile fewer = file;
      fewer.cases.erase(fewer.cases.begin() + static_cast<std::ptrdiff_t>(dropped));
      candidates.push_back(std::move(fewer));
    }
    return candidates;
  }
  // 2. A single case: a smaller board.
  for (TourBoard& board : shrink_board(file.cases.front())) candidates.push_back(TourFile{{std::move(board)}});
  return candidates;
}

std::string summary(const TourFile& file) {
  std::string text;
  for (const TourBoard& board : file.cases)
    text += fmt::format("{}{}x{} ({} empty)", text.empty() ? "" : ", ", board.rows, board.cols, board.empty_count());
  return fmt::format("{} case{}: {}", file.cases.size(), file.cases.size() == 1 ? "" : "s", text);
}

}  // namespace

int TourBoard::empty_count() const { return static_cast<int>(std::count(cells.begin(), cells.end(), '.')); }

CaseModel<TourFile> case_model_tour(const app::PuzzleOptions&) {
  CaseModel<TourFile> model;
  model.generate = with_edge_cases<TourFile>(edge_cases(), random_file);
  model.format = format_file;
  model.shrink_candidates = shrink_candidates;
  model.summary = summary;
  return model;
}

}  // namespace boardsearch::hunt
