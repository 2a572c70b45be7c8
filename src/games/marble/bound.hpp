#pragma once
// Lower bounds on the tilts still needed (bound.cpp proves them), and for
// dropping pairs from which the red marble can never reach the hole:
// RedBound from the red marble's cell alone, for A*; PairBound from both
// cells, tighter but about five times dearer to build, for the beam and the
// pruned breadth-first after A*'s hand-over (solver.cpp).

#include <algorithm>
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

// The pair's bound (bound.cpp): a line where the red marble never rests one
// cell short of its stop behind the blue one takes at least `alone` tilts
// (red's distance rolling alone); a line where it does takes at least
// RedBound's distance and at least `help`, the fewest tilts for the blue
// marble to come in front of red in a run, one for that tilt and red's
// distance from where it then rests. Admissible and consistent, and never
// below RedBound.
class PairBound {
 public:
  static constexpr std::uint32_t kUnreachable = RedBound::kUnreachable;

  PairBound(const Board& board, const detail::SlideStops& stops);

  // At least this many tilts are needed before the red marble falls in when
  // the marbles rest on `red` and `blue`; kUnreachable: never.
  std::uint32_t at(std::uint32_t red, std::uint32_t blue) const {
    const RedCell& cell = red_[red];
    return std::min(cell.alone, std::max(cell.helped, help_[blue]));
  }
  // The parts, for the tests: red's distance rolling alone, RedBound's
  // distance, and the blue marble's `help`.
  std::uint32_t alone(std::uint32_t red) const { return red_[red].alone; }
  std::uint32_t helped(std::uint32_t red) const { return red_[red].helped; }
  std::uint32_t help(std::uint32_t blue) const { return help_[blue]; }

  // What the bound keeps (12 bytes a cell), and at most what building it
  // holds at once besides (RedBound and its queue, the search's queue and
  // its sources: 16 bytes a cell).
  static std::size_t bytes_for(const Board& board) { return 12 * static_cast<std::size_t>(board.cell_count()); }
  static std::size_t build_bytes_for(const Board& board) { return 16 * static_cast<std::size_t>(board.cell_count()); }

 private:
  struct RedCell {
    std::uint32_t alone = kUnreachable;   // red's distance to the hole rolling alone
    std::uint32_t helped = kUnreachable;  // RedBound: with blue stopping it anywhere
  };
  std::vector<RedCell> red_;
  std::vector<std::uint32_t> help_;
};

}  // namespace boardsearch::marble
