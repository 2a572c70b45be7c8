#pragma once
// The cells where each marble can ever come to rest, a superset computed
// from the cells alone (rest_cells.cpp proves it), and a dense numbering of
// the pairs of them that a tilt can leave: breadth-first's visited set is
// then one bit per such pair, instead of a hash slot per pair (dense_set.hpp).

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/marble/rules.hpp"
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

  // The number of the pair "red rests on `red`, blue on `blue`" among all
  // pairs of rest cells, red_index * blue_count + blue_index, below
  // rest_pair_count(); kNoNumber outside the sets. A*'s closed bits use it
  // (on boards up to about 109 x 109, where the bits are a few MB and fewer
  // instructions a lookup pay more than fewer bits, measured on the 100 x 100
  // bench boards).
  static constexpr std::uint64_t kNoNumber = ~std::uint64_t{0};
  std::uint64_t rest_pair_number(std::uint32_t red, std::uint32_t blue) const {
    const std::uint32_t r = red_index_[red], b = blue_index_[blue];
    if (r == kNever || b == kNever) return kNoNumber;
    return std::uint64_t{r} * blue_count_ + b;
  }
  std::uint64_t rest_pair_count() const { return std::uint64_t{red_count_} * blue_count_; }

  // Ranks the cells for tilt_pair_number() (34 bytes a cell: numbering_bytes_for);
  // `board` is the one the sets were made for. Only the dense visited sets
  // call it, once they know their bits fit.
  void number_tilt_pairs(const Board& board);

  // The number of the pair "red rests on `red`, blue on `blue`" among the
  // pairs a tilt can leave (rest_cells.cpp, "Numbering the pairs"): below
  // tilt_pair_count(), distinct for distinct pairs, and defined for every pair a
  // tilt leaves from a pair reached from the start. kNoNumber otherwise (the
  // start pair may be one: no tilt need leave it). number_tilt_pairs() first.
  //
  //   number  = block_first[d] + rank_d(red) * blue_block[d] + rank_d(blue)
  //             with d the first direction where both cells have a wall next
  //             (and are members of their sets);
  //   else    = adjacent_first + red_index(red) * 4 + e
  //             when blue is one step from red towards e.
  std::uint64_t tilt_pair_number(std::uint32_t red, std::uint32_t blue) const {
    const unsigned common = unsigned{red_walls_[red]} & blue_walls_[blue];
    if (common != 0) [[likely]] {
      const auto d = static_cast<unsigned>(std::countr_zero(common));
      return block_first_[d] + std::uint64_t{red_rank_[4 * std::size_t{red} + d]} * blue_block_[d] +
             blue_rank_[4 * std::size_t{blue} + d];
    }
    return adjacent_number(red, blue);
  }

  // The number of pairs tilt_pair_number() numbers (known before number_tilt_pairs()).
  std::uint64_t tilt_pair_count() const { return tilt_pair_count_; }

  // What it keeps (8 bytes a cell, the two indices), at most what building
  // it holds at once besides (the runs' farthest cells, 16 bytes a cell, and
  // the work list, 8), and what number_tilt_pairs() adds (the two wall masks and
  // the two marbles' ranks per direction, 34 bytes a cell).
  static std::size_t bytes_for(const Board& board) { return 8 * static_cast<std::size_t>(board.cell_count()); }
  static std::size_t build_bytes_for(const Board& board) { return 24 * static_cast<std::size_t>(board.cell_count()); }
  static std::size_t numbering_bytes_for(const Board& board) {
    return 34 * static_cast<std::size_t>(board.cell_count());
  }

 private:
  // tilt_pair_number() of two cells with no wall next to both in one direction.
  std::uint64_t adjacent_number(std::uint32_t red, std::uint32_t blue) const {
    const std::uint32_t index = red_index_[red];
    if (index == kNever || blue_index_[blue] == kNever) return kNoNumber;
    const auto step = static_cast<std::int64_t>(blue) - static_cast<std::int64_t>(red);
    for (unsigned e = 0; e < 4; ++e)
      if (step == deltas_[e]) return adjacent_first_ + 4 * std::uint64_t{index} + e;
    return kNoNumber;
  }

  std::vector<std::uint32_t> red_index_;
  std::vector<std::uint32_t> blue_index_;
  std::uint32_t red_count_ = 0;
  std::uint32_t blue_count_ = 0;
  // Per cell: bit d set when the cell is in its marble's set and the next
  // cell towards d is a wall (0 outside the set).
  std::vector<std::uint8_t> red_walls_;
  std::vector<std::uint8_t> blue_walls_;
  // [4 * cell + d]: the cell's rank, in row-major order, among its marble's
  // cells with bit d (unused where the bit is clear).
  std::vector<std::uint32_t> red_rank_;
  std::vector<std::uint32_t> blue_rank_;
  std::array<std::uint64_t, 4> block_first_{};  // the first number of block d
  std::array<std::uint32_t, 4> blue_block_{};   // blue's cells with bit d
  std::array<std::int64_t, 4> deltas_{};        // the index step towards each direction
  std::uint64_t adjacent_first_ = 0;
  std::uint64_t tilt_pair_count_ = 0;
};

}  // namespace boardsearch::marble
