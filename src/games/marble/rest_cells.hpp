#pragma once
// The cells where each marble can ever come to rest, a superset computed
// from the cells alone (rest_cells.cpp proves it), and a dense index over
// them: breadth-first's visited set is then one bit per (red cell, blue
// cell) of these, instead of a hash slot per pair (solver.cpp).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/marble/board.hpp"
#include "games/marble/slide.hpp"

namespace boardsearch::marble {

class RestCells {
 public:
  static constexpr std::uint32_t kNever = ~std::uint32_t{0};

  RestCells(const Board& board, const detail::SlideStops& stops);

  // The index of `cell` among the cells where the red (blue) marble can
  // rest, 0 .. red_count() - 1 in row-major order; kNever if it never rests
  // there. Every pair a line of tilts reaches from the start has both
  // indices (the claim of rest_cells.cpp).
  std::uint32_t red_index(std::uint32_t cell) const { return red_index_[cell]; }
  std::uint32_t blue_index(std::uint32_t cell) const { return blue_index_[cell]; }
  std::uint32_t red_count() const { return red_count_; }
  std::uint32_t blue_count() const { return blue_count_; }

  // What it keeps (8 bytes a cell), and at most what building it holds at
  // once besides (the runs' farthest cells, 16 bytes a cell, and the work
  // list, 8).
  static std::size_t bytes_for(const Board& board) { return 8 * static_cast<std::size_t>(board.cell_count()); }
  static std::size_t build_bytes_for(const Board& board) { return 24 * static_cast<std::size_t>(board.cell_count()); }

 private:
  std::vector<std::uint32_t> red_index_;
  std::vector<std::uint32_t> blue_index_;
  std::uint32_t red_count_ = 0;
  std::uint32_t blue_count_ = 0;
};

}  // namespace boardsearch::marble
