#include "games/2048/rules.hpp"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "games/2048/move_set.hpp"

namespace boardsearch::game2048 {

Board::Board(int side) : side_(side), cells_(static_cast<std::size_t>(side) * static_cast<std::size_t>(side), 0) {
  assert(side >= kMinSide && side <= kMaxSide);
}

void Board::set(int row, int col, Exponent e) {
  assert(e <= kMaxExponent);
  Exponent& cell = cells_[static_cast<std::size_t>(row * side_ + col)];
  if (cell != 0) {
    --counts_.count[cell];
    --counts_.tiles;
  }
  cell = e;
  if (e != 0) {
    ++counts_.count[e];
    ++counts_.tiles;
  }
  counts_.max_exponent = 0;
  for (int x = kMaxExponent; x > 0; --x)
    if (counts_.count[static_cast<std::size_t>(x)] != 0) {
      counts_.max_exponent = x;
      break;
    }
}

bool slide_line(const Exponent* src, Exponent* dst, std::ptrdiff_t stride, int length, TileCounts& counts) {
  const std::ptrdiff_t end = stride * length;
  // Step 1. The untouched prefix: a tile with no empty cell before it, whose
  // next cell holds a different tile, stays where it is. (Step 2 would emit
  // it at its own cell, and resumes in the same state: nothing pending,
  // write == read.) The next cell must not be empty: in "2 0 2" the first 2
  // merges.
  std::ptrdiff_t read = 0;
  for (; read + stride != end && src[read] != 0 && src[read + stride] != 0 && src[read] != src[read + stride];
       read += stride)
    dst[read] = src[read];
  // Step 2. One pass from there outward. `pending` is the last tile read
  // that is not yet written (read at `pending_from`): it may still merge
  // with the next tile read. Writing it (merged or not) clears it, so a
  // merged tile never merges again.
  //   The line changed iff a merge happened or some tile is written at
  // another cell than its own: otherwise every tile stays put, so the tiles
  // already filled the cells from the wall on and the rest was empty, as it
  // is written. (Conversely a merge leaves fewer tiles, and a moved tile
  // leaves a different set of occupied cells.) No cell is compared.
  std::ptrdiff_t write = read;  // offset of the next cell to write
  bool changed = false;
  Exponent pending = 0;
  std::ptrdiff_t pending_from = 0;
  for (; read != end; read += stride) {
    const Exponent e = src[read];
    if (e == 0) continue;
    if (pending == 0) {
      pending = e;
      pending_from = read;
    } else if (pending == e) {
      // Merge: two 2^e become one 2^(e+1); the sum is unchanged, so e + 1
      // stays <= kMaxExponent on any board whose sum fits in 64 bits.
      const Exponent merged = static_cast<Exponent>(e + 1);
      counts.count[e] -= 2;
      ++counts.count[merged];
      --counts.tiles;
      counts.max_exponent = std::max<int>(counts.max_exponent, merged);
      dst[write] = merged;
      write += stride;
      changed = true;
      pending = 0;
    } else {
      changed |= pending_from != write;
      dst[write] = pending;
      write += stride;
      pending = e;
      pending_from = read;
    }
  }
  if (pending != 0) {
    changed |= pending_from != write;
    dst[write] = pending;
    write += stride;
  }
  // Step 3. The cells left over are empty.
  for (; write != end; write += stride) dst[write] = 0;
  return changed;
}

bool apply_lines(const Board& from, Direction direction, Board& to) {
  assert(&from != &to);
  const int n = from.side_;
  if (to.side_ != n || to.cells_.size() != from.cells_.size()) {
    to.side_ = n;
    to.cells_.assign(from.cells_.size(), 0);
  }
  to.counts_ = from.counts_;
  const Exponent* src = from.cells_.data();
  Exponent* dst = to.cells_.data();
  bool changed = false;
  // Where line i starts (at the wall) and the step along it.
  for (int i = 0; i < n; ++i) {
    std::ptrdiff_t start = 0;
    std::ptrdiff_t stride = 0;
    switch (direction) {
      case Direction::left:
        start = std::ptrdiff_t{i} * n, stride = 1;
        break;
      case Direction::right:
        start = std::ptrdiff_t{i} * n + (n - 1), stride = -1;
        break;
      case Direction::up:
        start = i, stride = n;
        break;
      case Direction::down:
        start = std::ptrdiff_t{n - 1} * n + i, stride = -std::ptrdiff_t{n};
        break;
    }
    changed |= slide_line(src + start, dst + start, stride, n, to.counts_);
  }
  return changed;
}

bool apply_move(const Board& from, Direction direction, Board& to) {
  MoveSet moves;
  moves.prepare(from);
  return moves.apply(direction, to);
}

}  // namespace boardsearch::game2048
