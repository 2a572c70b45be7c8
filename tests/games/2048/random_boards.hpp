#pragma once
// Random small 2048 boards for the property tests, in both forms: the
// engine's Board and the plain reference's Grid.

#include <cstdint>
#include <cstdlib>

#include "boardsearch/core/splitmix64.hpp"
#include "games/2048/plain_search.hpp"
#include "games/2048/rules.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::testing {

// A side x side board where each cell is a tile with probability
// density_percent / 100, its exponent uniform in 1..max_exponent. Ensures at
// least one tile (the rules require it).
inline game2048::Board random_small_board(core::SplitMix64& rng, int side, int density_percent, int max_exponent) {
  game2048::Board board(side);
  for (int row = 0; row < side; ++row)
    for (int col = 0; col < side; ++col)
      if (static_cast<int>(rng.below(100)) < density_percent)
        board.set(row, col, static_cast<game2048::Exponent>(1 + rng.below(static_cast<std::uint64_t>(max_exponent))));
  if (board.counts().tiles == 0) board.set(0, 0, 1);
  return board;
}

inline plain2048::Grid to_grid(const game2048::Board& board) {
  plain2048::Grid grid(static_cast<std::size_t>(board.side()), plain2048::Row(static_cast<std::size_t>(board.side())));
  for (int row = 0; row < board.side(); ++row)
    for (int col = 0; col < board.side(); ++col) {
      const int e = board.at(row, col);
      grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = e == 0 ? 0 : std::uint64_t{1} << e;
    }
  return grid;
}

}  // namespace boardsearch::testing
