#include "games/queens/rules.hpp"

#include <cstdlib>

namespace boardsearch::queens {

bool Board::plain() const {
  for (const std::string& row : rows)
    if (row.find_first_not_of(kFree) != std::string::npos) return false;
  return true;
}

Board empty_board(int n) {
  return Board{
      n, std::vector<std::string>(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(n), kFree)), false};
}

bool attack(int r1, int c1, int r2, int c2) { return r1 == r2 || c1 == c2 || std::abs(r1 - r2) == std::abs(c1 - c2); }

bool placed_queens_attack(const Board& board) {
  std::vector<std::pair<int, int>> queens;
  for (int r = 0; r < board.n; ++r)
    for (int c = 0; c < board.n; ++c)
      if (board.at(r, c) == kQueen) queens.emplace_back(r, c);
  for (std::size_t i = 0; i < queens.size(); ++i)
    for (std::size_t j = i + 1; j < queens.size(); ++j)
      if (attack(queens[i].first, queens[i].second, queens[j].first, queens[j].second)) return true;
  return false;
}

bool completes(const Board& board, std::span<const int> columns) {
  if (static_cast<int>(columns.size()) != board.n) return false;
  for (int r = 0; r < board.n; ++r) {
    const int c = columns[static_cast<std::size_t>(r)];
    if (c < 0 || c >= board.n || board.at(r, c) == kBlocked) return false;
    // A placed queen of row r is the queen of row r.
    for (int other = 0; other < board.n; ++other)
      if (other != c && board.at(r, other) == kQueen) return false;
    for (int earlier = 0; earlier < r; ++earlier)
      if (attack(earlier, columns[static_cast<std::size_t>(earlier)], r, c)) return false;
  }
  return true;
}

}  // namespace boardsearch::queens
