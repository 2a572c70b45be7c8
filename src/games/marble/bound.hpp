#pragma once
// Lower bounds on the tilts still needed (bound.cpp proves them), and for
// dropping pairs from which the red marble can never reach the hole:
// RedBound from the red marble's cell and whether the blue one can help it
// at the next tilt, for A*; PairBound from both cells, tighter but dearer
// to build, for the beam and the pruned breadth-first after A*'s hand-over
// (a_star.cpp, beam.cpp, breadth_first.hpp).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/marble/rules.hpp"
#include "games/marble/slide.hpp"

namespace boardsearch::marble {

// The red marble's bound (bound.cpp): its distance to the hole in the graph
// G2 of its moves, where a tilt that leaves it one cell short of its stop
// behind the blue marble ("helped") is never followed at once by another:
// states (cell, free) and (cell, blocked), blocked right after a helped
// tilt. A pair's state is blocked when no tilt from it is helped.
//
//   packed_[cell], one word a cell:
//   bit 31                                  1     0
//      +-------------------------------------+-----+
//      | tilts from (cell, free)             | +1  |
//      +-------------------------------------+-----+
//   bit 0: from (cell, blocked) it is one tilt more (else the same; never
//   more than one: a tilt that leaves red where it is frees it). All ones:
//   red never reaches the hole from the cell.
class RedBound {
 public:
  static constexpr std::uint32_t kUnreachable = ~std::uint32_t{0};

  // `stops` are the board's, and must outlive the bound.
  RedBound(const Board& board, const detail::SlideStops& stops);

  // At least this many tilts are needed before the red marble falls in when
  // it rests on `cell`, whatever the blue marble does and wherever it rests;
  // kUnreachable: never.
  std::uint32_t at(std::uint32_t cell) const {
    const std::uint32_t packed = packed_[cell];
    return packed == kUnreachable ? kUnreachable : packed >> 1;
  }
  // At least this many tilts are needed before the red marble falls in when
  // the marbles rest on `red` and `blue` (distinct free cells, not the
  // hole); kUnreachable: never. Consistent: at most one more than after any
  // tilt from the pair.
  std::uint32_t at(std::uint32_t red, std::uint32_t blue) const {
    const std::uint32_t packed = packed_[red];
    if (packed == kUnreachable) return kUnreachable;
    return (packed >> 1) + ((packed & 1) != 0 && !has_helped_tilt(red, blue) ? 1 : 0);
  }
  // The distance from (cell, blocked), for the tests and PairBound;
  // kUnreachable: never.
  std::uint32_t blocked(std::uint32_t cell) const {
    const std::uint32_t packed = packed_[cell];
    return packed == kUnreachable ? kUnreachable : (packed >> 1) + (packed & 1);
  }
  // Whether some tilt from (red, blue) leaves red one cell short of its stop
  // behind blue, having moved: blue is in red's run in front of it. Then the
  // pair is free, else blocked.
  bool has_helped_tilt(std::uint32_t red, std::uint32_t blue) const {
    const detail::SlideStops& stops = *stops_;
#pragma GCC unroll 4
    for (std::size_t d = 0; d < 4; ++d) {
      const auto direction = static_cast<core::Direction>(d);
      const std::uint32_t red_stop = stops.stop(direction, red);
      if (red_stop == detail::SlideStops::kFalls || red_stop != stops.stop(direction, blue)) continue;
      const int delta = deltas_[d];
      const bool red_behind = delta > 0 ? red < blue : red > blue;
      if (red_behind && red_stop - static_cast<std::uint32_t>(delta) != red) return true;
    }
    return false;
  }

  // What the bound keeps (4 bytes a cell), and at most what building it
  // holds at once besides (the search's two lists, 8 bytes a cell).
  static std::size_t bytes_for(const Board& board) { return 4 * static_cast<std::size_t>(board.cell_count()); }
  static std::size_t build_bytes_for(const Board& board) { return 8 * static_cast<std::size_t>(board.cell_count()); }

 private:
  const detail::SlideStops* stops_;
  std::vector<std::uint32_t> packed_;
  std::array<int, 4> deltas_{};  // Board::step of each direction
};

// The pair's bound (bound.cpp): a line where the red marble never rests one
// cell short of its stop behind the blue one takes at least `alone` tilts
// (red's distance rolling alone); a line where it does takes at least
// RedBound's and at least `help`, the fewest tilts for the blue marble to
// come in front of red in a run, one for that tilt and RedBound's distance
// from where red then rests, blocked. Admissible and consistent, and never
// below RedBound.
class PairBound {
 public:
  static constexpr std::uint32_t kUnreachable = RedBound::kUnreachable;

  // `stops` are the board's, and must outlive the bound.
  PairBound(const Board& board, const detail::SlideStops& stops);

  // At least this many tilts are needed before the red marble falls in when
  // the marbles rest on `red` and `blue`; kUnreachable: never.
  std::uint32_t at(std::uint32_t red, std::uint32_t blue) const {
    return std::min(alone_[red], std::max(red_.at(red, blue), help_[blue]));
  }
  // The parts, for the tests: red's distance rolling alone, RedBound, and
  // the blue marble's `help`.
  std::uint32_t alone(std::uint32_t red) const { return alone_[red]; }
  const RedBound& helped() const { return red_; }
  std::uint32_t help(std::uint32_t blue) const { return help_[blue]; }

  // What the bound keeps (12 bytes a cell), and at most what building it
  // holds at once besides (RedBound's building, 8 bytes a cell, or the
  // alone distances' queue and the help search's queue, counts, sources and
  // marks, at most 13 bytes a cell).
  static std::size_t bytes_for(const Board& board) { return 12 * static_cast<std::size_t>(board.cell_count()); }
  static std::size_t build_bytes_for(const Board& board) { return 13 * static_cast<std::size_t>(board.cell_count()); }

 private:
  RedBound red_;
  std::vector<std::uint32_t> alone_;  // red's distance to the hole rolling alone
  std::vector<std::uint32_t> help_;
};

}  // namespace boardsearch::marble
