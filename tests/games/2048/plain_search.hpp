#pragma once
// The reference the optimized 2048 solver is checked against: plain 4^K
// search, as simple as possible, with its own slide written from the rules
// (values, not exponents; vectors, no tricks; shares no code with src/).

#include <algorithm>
#include <cstdint>
#include <vector>

namespace boardsearch::testing::plain2048 {

using Row = std::vector<std::uint64_t>;
using Grid = std::vector<Row>;  // grid[row][col], 0 = empty

enum PlainDirection { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };

// One line pushed toward its first cell: drop the empties, then walk the
// tiles from the wall, merging a tile with the next one when they are equal
// (the merged tile is passed over, so it cannot merge again), then pad.
inline Row slide_toward_start(const Row& line) {
  Row tiles;
  for (std::uint64_t v : line)
    if (v != 0) tiles.push_back(v);
  Row out;
  std::size_t i = 0;
  while (i < tiles.size()) {
    if (i + 1 < tiles.size() && tiles[i] == tiles[i + 1]) {
      out.push_back(tiles[i] * 2);
      i += 2;
    } else {
      out.push_back(tiles[i]);
      i += 1;
    }
  }
  out.resize(line.size(), 0);
  return out;
}

// The grid after one move, line by line.
inline Grid move(const Grid& grid, int direction) {
  const std::size_t n = grid.size();
  Grid out(n, Row(n, 0));
  for (std::size_t k = 0; k < n; ++k) {
    Row line(n);
    for (std::size_t i = 0; i < n; ++i) {
      // i-th cell of line k counted from the wall we slide toward.
      switch (direction) {
        case kLeft:
          line[i] = grid[k][i];
          break;
        case kRight:
          line[i] = grid[k][n - 1 - i];
          break;
        case kUp:
          line[i] = grid[i][k];
          break;
        default:
          line[i] = grid[n - 1 - i][k];
          break;
      }
    }
    const Row slid = slide_toward_start(line);
    for (std::size_t i = 0; i < n; ++i) {
      switch (direction) {
        case kLeft:
          out[k][i] = slid[i];
          break;
        case kRight:
          out[k][n - 1 - i] = slid[i];
          break;
        case kUp:
          out[i][k] = slid[i];
          break;
        default:
          out[n - 1 - i][k] = slid[i];
          break;
      }
    }
  }
  return out;
}

inline std::uint64_t largest(const Grid& grid) {
  std::uint64_t best = 0;
  for (const Row& row : grid)
    for (std::uint64_t v : row) best = std::max(best, v);
  return best;
}

// Largest tile after exactly `moves` moves, over all 4^moves sequences. (The
// largest tile never shrinks, so this is also "after at most K moves".)
inline std::uint64_t max_tile(const Grid& grid, int moves) {
  if (moves == 0) return largest(grid);
  std::uint64_t best = 0;
  for (int direction = 0; direction < 4; ++direction) best = std::max(best, max_tile(move(grid, direction), moves - 1));
  return best;
}

}  // namespace boardsearch::testing::plain2048
