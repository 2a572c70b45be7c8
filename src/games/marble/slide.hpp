#pragma once
// The fast tilt shared by the marble searches (search.cpp): a pair of resting
// cells packed in one integer, the slide stops of a marble alone per cell and
// direction, and the tilt of a pair from them with its fix-up when the two
// marbles meet. The plain rule is tilt() in rules.hpp; the tests check that
// both agree through the searches.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "boardsearch/core/grid.hpp"
#include "games/marble/rules.hpp"

namespace boardsearch::marble::detail {

using core::Direction;

// A pair of resting cells, and in the searches' records the tilt that
// reached it and (A* only) the tilts from the start:
//
//   bit 63               42 41   40 39              20 19               0
//      +-------------------+-------+------------------+------------------+
//      | tilts (A* only)   |  dir  |  red cell index  | blue cell index  |
//      +-------------------+-------+------------------+------------------+
//
// Cell indices are row-major (Board::index) and below 2^20 since
// kMaxSide^2 = 10^6 < 2^20. The visited sets compare the pair bits only.
// Key 0 is never a pair: it would put both marbles on cell 0, a border
// wall, so 0 can mark an empty slot.
using PairKey = std::uint64_t;
constexpr int kCellBits = 20;
constexpr int kDirShift = 2 * kCellBits;
constexpr PairKey kCellMask = (PairKey{1} << kCellBits) - 1;
constexpr PairKey kPairMask = (PairKey{1} << kDirShift) - 1;
constexpr int kTiltsShift = kDirShift + 2;
constexpr std::uint32_t kMaxRecordedTilts = (std::uint32_t{1} << (64 - kTiltsShift)) - 1;
static_assert(kMaxSide * kMaxSide <= (1 << kCellBits), "a cell index must fit in kCellBits");

constexpr PairKey pair_key(std::uint32_t red, std::uint32_t blue) { return (PairKey{red} << kCellBits) | blue; }
constexpr std::uint32_t red_of(PairKey key) { return static_cast<std::uint32_t>((key >> kCellBits) & kCellMask); }
constexpr std::uint32_t blue_of(PairKey key) { return static_cast<std::uint32_t>(key & kCellMask); }
constexpr int index_of(Direction direction) { return static_cast<int>(direction); }

// Where a marble alone comes to rest from each cell in each direction.
// stop(d, c) = c when the next cell towards d is a wall; kFalls when the
// hole is on the way (the hole itself included); otherwise the stop of the
// next cell. Entries of wall cells are unused.
class SlideStops {
 public:
  static constexpr std::uint32_t kFalls = ~std::uint32_t{0};

  explicit SlideStops(const Board& board) {
    const int cells = board.cell_count();
    stops_.assign(4 * static_cast<std::size_t>(cells), kFalls);
    for (const Direction direction : core::kDirections) {
      const auto at = [&](int cell) -> std::uint32_t& {
        return stops_[4 * static_cast<std::size_t>(cell) + static_cast<std::size_t>(index_of(direction))];
      };
      const int delta = board.step(0, direction);
      // A cell's stop is its next cell's, so the next cell goes first: sweep
      // from the far end of the board (the border is wall, so every non-wall
      // cell has a next cell on the board).
      const bool forward = delta > 0;
      for (int k = 0; k < cells; ++k) {
        const int cell = forward ? cells - 1 - k : k;
        if (board.is_wall(cell) || cell == board.hole) continue;
        const int next = cell + delta;
        at(cell) = board.is_wall(next) ? static_cast<std::uint32_t>(cell) : at(next);
      }
    }
  }

  std::uint32_t stop(Direction direction, std::uint32_t cell) const {
    return stops_[4 * std::size_t{cell} + static_cast<std::size_t>(index_of(direction))];
  }

  static std::size_t bytes_for(const Board& board) {
    return 4 * static_cast<std::size_t>(board.cell_count()) * sizeof(std::uint32_t);
  }

 private:
  // stops_[4 * cell + direction]: a cell's four stops share 16 bytes, so
  // that the four tilts of a pair read two cache lines.
  std::vector<std::uint32_t> stops_;
};

struct Tilted {
  Verdict verdict = Verdict::playing;
  PairKey pair = 0;  // the new resting pair when verdict is playing
};

// One tilt of the pair `key` from the slide stops. Correctness of the fix-up:
// let r, b be the stops of each marble alone.
//   - b falls: the blue marble falls whatever the red one does (if red is in
//     front and falls, blue rolls on over the same cells into the hole; if
//     red is not on blue's way it changes nothing): failure.
//   - else r falls: red reaches the hole alone; blue cannot be on red's way
//     (then blue would share the rest of red's way and fall too): success.
//   - else r != b: neither marble starts on the other's way (a marble on the
//     other's way shares the rest of it and comes to the same stop), so they
//     roll independently and rest at r and b.
//   - else r == b: both roll along the same row or column run to the same
//     cell; the one in front takes it and the one behind rests one cell
//     short. "Behind" is the marble that starts further from the stop: the
//     smaller index when the tilt goes to larger indices (down, right).
inline Tilted tilt_pair(const SlideStops& stops, PairKey key, Direction direction, int delta) {
  const std::uint32_t red = red_of(key), blue = blue_of(key);
  std::uint32_t red_stop = stops.stop(direction, red);
  std::uint32_t blue_stop = stops.stop(direction, blue);
  if (blue_stop == SlideStops::kFalls) return {Verdict::failure, 0};
  if (red_stop == SlideStops::kFalls) return {Verdict::success, 0};
  if (red_stop == blue_stop) {
    const bool red_behind = delta > 0 ? red < blue : red > blue;
    (red_behind ? red_stop : blue_stop) -= static_cast<std::uint32_t>(delta);
  }
  return {Verdict::playing, pair_key(red_stop, blue_stop)};
}

}  // namespace boardsearch::marble::detail
