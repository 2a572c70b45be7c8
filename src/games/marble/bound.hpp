#pragma once
// A lower bound on the tilts still needed, from the red marble's cell alone
// (bound.cpp proves it), for the A* search and for dropping pairs from which
// the red marble can never reach the hole.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/marble/board.hpp"
#include "games/marble/slide.hpp"

namespace boardsearch::marble {

class RedBound {
 public:
  static constexpr std::uint32_t kUnreachable = ~std::uint32_t{0};

  RedBound(const Board& board, const detail::SlideStops& stops);

  // At least this many tilts are needed before the red marble falls in when
  // it rests on `cell`, whatever the blue marble does; kUnreachable: never.
  std::uint32_t at(std::uint32_t cell) const { return tilts_[cell]; }

  // What the bound keeps (4 bytes a cell), and at most what building it
  // holds at once besides (the search's queue, 4 bytes a cell).
  static std::size_t bytes_for(const Board& board) { return 4 * static_cast<std::size_t>(board.cell_count()); }
  static std::size_t build_bytes_for(const Board& board) { return 4 * static_cast<std::size_t>(board.cell_count()); }

 private:
  std::vector<std::uint32_t> tilts_;
};

}  // namespace boardsearch::marble
