#include "games/queens/format.hpp"

#include <algorithm>

namespace boardsearch::queens {

std::string decimal(Count count) {
  if (count == 0) return "0";
  std::string digits;
  for (; count != 0; count /= 10) digits += static_cast<char>('0' + static_cast<int>(count % 10));
  std::reverse(digits.begin(), digits.end());
  return digits;
}

std::vector<std::string> drawn_rows(const Board& board, std::span<const int> columns) {
  std::vector<std::string> rows = board.rows;
  for (std::size_t r = 0; r < columns.size() && r < rows.size(); ++r)
    if (columns[r] >= 0) rows[r][static_cast<std::size_t>(columns[r])] = kQueen;
  return rows;
}

std::string judge_text(const Board& board) {
  std::string text = std::to_string(board.n) + "\n";
  if (!board.written_as_board) return text;
  for (const std::string& row : board.rows) text += row + "\n";
  return text;
}

}  // namespace boardsearch::queens
