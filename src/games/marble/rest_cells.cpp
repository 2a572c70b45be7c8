// The cells where each marble can ever rest: the least sets closed under a
// relaxation of the tilt that forgets where exactly the other marble is.
//
// A run is the row or column segment a marble rolls along towards d until a
// wall stops it at s = stop(d, c); write k(c) for the number of steps from c
// to s (0 when c = s). The relaxation: sets R (red) and B (blue), each
// holding its marble's start, and closed under
//   (1) x in R, stop(d, x) = s does not fall            =>  s in R;
//   (2) x in R with k(x) >= 2 and y in B in the run of s =>  s - delta(d) in R;
// and the same two rules with the colours swapped. (Rule 2 forgets where in
// the run the other marble is: once any of its cells is in the run, s is
// too, by rule 1, at distance 0, so "ahead of x" adds nothing; and k(x) = 1
// means x is s - delta(d) already.)
//
// Claim: in every pair of resting cells that a line of tilts reaches from
// the start, red rests on a cell of R and blue on a cell of B. Proof, by
// induction on the tilts: the start pair is in R x B. A tilt towards d of a
// pair (r, b) in R x B that leaves both marbles on the board has, by the
// cases of tilt_pair (slide.hpp), neither stop falling, and either
//   - r and b rest on their own stops s_r and s_b: in R and B by (1); or
//   - both stops are one cell s, the marble in front rests on s (by (1)) and
//     the one behind on s - delta(d). Behind is the one further from s, at
//     k >= 1; if k = 1 it rests where it was, else (2) (or its swap) puts
//     s - delta(d) in its marble's set.
// So the pair after the tilt is in R x B too.
//
// The least such sets come from one work list: when a cell joins a set, for
// each direction its stop joins the same set by (1), and the run of that
// stop records the farthest distance of each marble's cells seen in it.
// Rule (2) for a run holds once its farthest red is >= 2 and it has a blue
// cell (or the swap); both only grow, so checking after every update of a
// run finds every cell (2) adds. Each cell joins each set once: O(cells).
//
// Numbering the pairs (RestCells::tilt_pair_number, breadth-first's dense
// visited set): after a tilt towards d each marble rests because the next
// cell towards d is a wall or the other marble (a marble rolls on over free
// cells and falls into the hole, so nothing else stops it). So in a pair a
// tilt leaves, either the marbles are one step apart, or both have a wall
// next towards the same d. Write W_d for the cells with a wall next towards
// d, and number
//   - a pair (r, b) with r in R, b in B, and some d with r, b in W_d: in
//     block d for the first such d (in the order of core::kDirections), as
//     rank of r among R & W_d, times |B & W_d|, plus rank of b among B & W_d;
//   - else a pair with r in R, b in B, b = r + delta(e): in the adjacent
//     block, as 4 * index of r in R + e;
//   - else none.
// Distinct pairs get distinct numbers: the block is a function of the pair,
// the blocks occupy disjoint ranges, within a block d the two ranks (each
// below its count) give the pair back, and within the adjacent block r and e
// give it back. Every pair a tilt leaves from a reached pair has a number:
// it is in R x B (the claim above) and one of the two cases holds. Only the
// start pair may have none. The point: the blocks hold sum_d |R & W_d|
// |B & W_d| + 4 |R| numbers against |R| |B| for R x B, 6.4 times fewer on
// random 300 x 300 boards with 15 % walls (43 MB of bits against 275 MB),
// 2.8 times at 30 % and 12 times at 5 %.
//
// How loose it is: on random 100 x 100 boards the sets hold about 5,200 of
// 8,100 free cells where the marbles really rest on about 2,900 (and a red
// bound restricted to them is no tighter than RedBound, so A* does not use
// them); breadth-first's dense visited set does.

#include "games/marble/rest_cells.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace boardsearch::marble {

namespace {

using detail::SlideStops;

// The farthest distance to a run's stop of one marble's cells seen in that
// run (kNone while none is).
constexpr std::int16_t kNone = -1;
static_assert(kMaxSide <= std::numeric_limits<std::int16_t>::max(), "a run's length must fit in 16 bits");

constexpr int kRed = 0;
constexpr int kBlue = 1;

}  // namespace

RestCells::RestCells(const Board& board, const detail::SlideStops& stops) {
  const auto cells = static_cast<std::size_t>(board.cell_count());
  red_index_.assign(cells, kNever);
  blue_index_.assign(cells, kNever);
  const std::array<std::uint32_t*, 2> member{red_index_.data(), blue_index_.data()};
  // farthest[(stop cell * 4 + direction) * 2 + marble]: a run's two
  // distances side by side (16 bytes a cell, as build_bytes_for counts).
  std::vector<std::int16_t> farthest(8 * cells, kNone);
  // cell * 2 + marble, each joined cell once: at most 2 * cells entries, so
  // no growth (and no call in the loop that could move memory).
  std::vector<std::uint32_t> work(2 * cells);
  std::size_t tail = 0;
  const auto join = [&](int marble, std::uint32_t cell) {
    std::uint32_t& slot = member[static_cast<std::size_t>(marble)][cell];
    if (slot != kNever) return;
    slot = 0;  // a member; numbered at the end
    work[tail++] = cell * 2 + static_cast<std::uint32_t>(marble);
  };
  join(kRed, static_cast<std::uint32_t>(board.red));
  join(kBlue, static_cast<std::uint32_t>(board.blue));

  // The index step per direction (looked up once, not per cell).
  std::array<int, 4> deltas{};
  for (const core::Direction direction : core::kDirections)
    deltas[static_cast<std::size_t>(detail::index_of(direction))] = board.step(0, direction);

  // Step 1: the work list. A joined cell's stops join its set (rule 1), and
  // each stop's run learns its distance; rule 2 is checked on that run.
  for (std::size_t next = 0; next < tail; ++next) {
    const std::uint32_t cell = work[next] / 2;
    const int marble = static_cast<int>(work[next] % 2);
    for (const core::Direction direction : core::kDirections) {
      const std::uint32_t stop = stops.stop(direction, cell);
      if (stop == SlideStops::kFalls) continue;
      const int d = detail::index_of(direction);
      const int delta = deltas[static_cast<std::size_t>(d)];
      const auto steps = static_cast<std::int16_t>((static_cast<int>(stop) - static_cast<int>(cell)) / delta);
      std::int16_t* const run = &farthest[(std::size_t{stop} * 4 + static_cast<std::size_t>(d)) * 2];
      std::int16_t& own = run[marble];
      own = std::max(own, steps);
      join(marble, stop);
      const std::int16_t red = run[kRed];
      const std::int16_t blue = run[kBlue];
      const auto short_of_stop = static_cast<std::uint32_t>(static_cast<int>(stop) - delta);
      if (red >= 2 && blue != kNone) join(kRed, short_of_stop);
      if (blue >= 2 && red != kNone) join(kBlue, short_of_stop);
    }
  }

  // Step 2: number each set's cells in row-major order.
  for (std::uint32_t cell = 0; cell < cells; ++cell) {
    if (red_index_[cell] != kNever) red_index_[cell] = red_count_++;
    if (blue_index_[cell] != kNever) blue_index_[cell] = blue_count_++;
  }

  // Step 3: the sizes of the blocks of the pair numbers (the comment at the
  // top); number_tilt_pairs() ranks the cells in them.
  std::array<std::uint32_t, 4> red_block{};
  for (std::uint32_t cell = 0; cell < cells; ++cell) {
    if (red_index_[cell] == kNever && blue_index_[cell] == kNever) continue;
    for (std::size_t d = 0; d < 4; ++d) {
      if (!board.is_wall(static_cast<int>(cell) + deltas[d])) continue;
      if (red_index_[cell] != kNever) ++red_block[d];
      if (blue_index_[cell] != kNever) ++blue_block_[d];
    }
  }
  for (std::size_t d = 0; d < 4; ++d) {
    block_first_[d] = tilt_pair_count_;
    tilt_pair_count_ += std::uint64_t{red_block[d]} * blue_block_[d];
    deltas_[d] = deltas[d];
  }
  adjacent_first_ = tilt_pair_count_;
  tilt_pair_count_ += 4 * std::uint64_t{red_count_};
}

void RestCells::number_tilt_pairs(const Board& board) {
  const auto cells = static_cast<std::size_t>(board.cell_count());
  red_walls_.assign(cells, 0);
  blue_walls_.assign(cells, 0);
  red_rank_.assign(4 * cells, kNever);
  blue_rank_.assign(4 * cells, kNever);
  std::array<std::uint32_t, 4> red_rank{}, blue_rank{};
  for (std::size_t cell = 0; cell < cells; ++cell) {
    if (red_index_[cell] == kNever && blue_index_[cell] == kNever) continue;
    for (std::size_t d = 0; d < 4; ++d) {
      if (!board.is_wall(static_cast<int>(cell) + static_cast<int>(deltas_[d]))) continue;
      if (red_index_[cell] != kNever) {
        red_walls_[cell] = static_cast<std::uint8_t>(red_walls_[cell] | 1u << d);
        red_rank_[4 * cell + d] = red_rank[d]++;
      }
      if (blue_index_[cell] != kNever) {
        blue_walls_[cell] = static_cast<std::uint8_t>(blue_walls_[cell] | 1u << d);
        blue_rank_[4 * cell + d] = blue_rank[d]++;
      }
    }
  }
}

}  // namespace boardsearch::marble
