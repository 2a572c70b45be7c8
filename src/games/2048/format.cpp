#include "games/2048/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace boardsearch::game2048 {

std::string format_board(const Board& board) {
  std::string text = fmt::format("{}\n", board.side());
  for (int row = 0; row < board.side(); ++row)
    for (int col = 0; col < board.side(); ++col)
      text += fmt::format("{}{}", tile_value(board.at(row, col)), col + 1 == board.side() ? "\n" : " ");
  return text;
}

std::uint64_t tile_value(int exponent) { return exponent == 0 ? 0 : std::uint64_t{1} << exponent; }

std::string tile_text(int exponent) { return fmt::format("{}", tile_value(exponent)); }

std::string board_text(const Board& board, int indent) {
  std::size_t width = 1;
  for (const Exponent e : board.cells()) width = std::max(width, tile_text(e).size());
  std::string text;
  for (int row = 0; row < board.side(); ++row) {
    text.append(static_cast<std::size_t>(indent), ' ');
    for (int col = 0; col < board.side(); ++col)
      text += fmt::format("{}{:>{}}", col == 0 ? "" : " ", tile_value(board.at(row, col)), width);
    text += '\n';
  }
  return text;
}

nlohmann::json board_json(const Board& board) {
  return nlohmann::json{{"cells", cells_json(board)}, {"exponents", exponents_json(board)}};
}

nlohmann::json cells_json(const Board& board) {
  nlohmann::json rows = nlohmann::json::array();
  for (int row = 0; row < board.side(); ++row) {
    nlohmann::json cells = nlohmann::json::array();
    for (int col = 0; col < board.side(); ++col) cells.push_back(tile_value(board.at(row, col)));
    rows.push_back(std::move(cells));
  }
  return rows;
}

nlohmann::json exponents_json(const Board& board) {
  nlohmann::json rows = nlohmann::json::array();
  for (int row = 0; row < board.side(); ++row) {
    nlohmann::json cells = nlohmann::json::array();
    for (int col = 0; col < board.side(); ++col) cells.push_back(int{board.at(row, col)});
    rows.push_back(std::move(cells));
  }
  return rows;
}

}  // namespace boardsearch::game2048
