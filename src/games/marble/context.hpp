#pragma once
// What every search of one solve shares (search.cpp makes it): the board,
// its slide stops, the options, the node counter, the memory budget and the
// solution being filled in; and HeldBound, a bound counted on that budget.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "boardsearch/core/grid.hpp"
#include "boardsearch/core/limits.hpp"
#include "games/marble/rules.hpp"
#include "games/marble/search.hpp"
#include "games/marble/slide.hpp"

namespace boardsearch::marble::detail {

struct Context {
  const Board& board;
  const SlideStops& stops;
  std::optional<int> max_tilts;
  bool dense_visited;                    // SolveOptions::dense_visited
  std::size_t threads;                   // SearchLimits::threads (breadth-first's dense layers)
  std::uint64_t parallel_after;          // SolveOptions::parallel_after
  std::size_t parallel_chunk;            // SolveOptions::parallel_chunk
  ClosedSet a_star_closed;               // SolveOptions::a_star_closed
  std::size_t beam_width;                // SolveOptions::beam_width
  std::uint64_t beam_max_expanded;       // SolveOptions::beam_max_expanded
  std::size_t late_beam_width;           // SolveOptions::late_beam_width
  std::uint64_t late_beam_after;         // SolveOptions::late_beam_after
  std::uint64_t late_beam_percent;       // SolveOptions::late_beam_percent
  std::uint64_t late_beam_max_expanded;  // SolveOptions::late_beam_max_expanded
  core::SearchControl& control;
  core::SharedMemoryBudget& budget;
  std::array<int, 4> delta{};  // index step per direction
  Solution& solution;

  Tilted tilt(PairKey pair, Direction direction) const {
    return tilt_pair(stops, pair, direction, delta[index_of(direction)]);
  }
};

// A bound (RedBound or PairBound, bound.hpp) made for the board and held on
// the budget for as long as it lives: the room to build it is checked first
// (its table and what building it takes), its table is held once made and
// given back by the destructor.
template <class Bound>
class HeldBound {
 public:
  explicit HeldBound(const Context& context) : context_(context), bound_(make(context)) {
    context_.budget.count(Bound::bytes_for(context_.board));
  }
  HeldBound(const HeldBound&) = delete;
  HeldBound& operator=(const HeldBound&) = delete;
  ~HeldBound() { context_.budget.release(Bound::bytes_for(context_.board)); }
  const Bound& bound() const { return bound_; }

 private:
  static Bound make(const Context& context) {
    context.budget.check(Bound::bytes_for(context.board) + Bound::build_bytes_for(context.board));
    return Bound(context.board, context.stops);
  }
  const Context& context_;
  const Bound bound_;
};

}  // namespace boardsearch::marble::detail
