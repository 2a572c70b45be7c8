#include "games/sliding/format.hpp"

#include <fmt/format.h>

namespace boardsearch::sliding {

std::string judge_text(const Board& board) {
  std::string text;
  for (int r = 0; r < board.rows; ++r)
    for (int c = 0; c < board.cols; ++c) text += fmt::format("{}{}", board.at(r, c), c + 1 == board.cols ? "\n" : " ");
  return text;
}

std::string bulk_line(const Board& board) {
  std::string text;
  for (int i = 0; i < board.size(); ++i)
    text += fmt::format("{}{}", board.cells[static_cast<std::size_t>(i)], i + 1 == board.size() ? "\n" : " ");
  return text;
}

std::vector<std::string> drawn_rows(const Board& board) {
  const int width = board.size() > 10 ? 2 : 1;
  std::vector<std::string> rows;
  for (int r = 0; r < board.rows; ++r) {
    std::string row;
    for (int c = 0; c < board.cols; ++c) {
      const int tile = board.at(r, c);
      row +=
          fmt::format("{}{:>{}}", c == 0 ? "" : " ", tile == kBlank ? std::string(".") : std::to_string(tile), width);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string slide_words(const Board& board, Slide slide) {
  const int cell = *sliding_tile_cell(board, slide);
  return fmt::format("tile {} slides {}", board.cells[static_cast<std::size_t>(cell)], core::to_string(slide));
}

char slide_letter(Slide slide) {
  switch (slide) {
    case Slide::up:
      return 'U';
    case Slide::down:
      return 'D';
    case Slide::left:
      return 'L';
    case Slide::right:
      return 'R';
  }
  return '?';
}

}  // namespace boardsearch::sliding
