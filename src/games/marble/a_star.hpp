#pragma once
// A* over the pairs of resting cells with the red marble's bound (bound.hpp,
// RedBound): Strategy::a_star, until it hands over to breadth-first.

#include <cstdint>

#include "games/marble/context.hpp"
#include "games/marble/slide.hpp"

namespace boardsearch::marble::detail {

// The A* search from `start`. Returns false, with nothing found, if it
// expanded more than `hand_over_after` pairs (`bits_hand_over_after` on the
// closed bits) without an answer on a board where breadth-first keeps a
// dense visited set (the caller then searches breadth-first); otherwise
// true, with the answer (if any) in context.solution. Everything it held
// goes back to the budget when it returns.
bool a_star(const Context& context, PairKey start, std::uint64_t hand_over_after, std::uint64_t bits_hand_over_after);

}  // namespace boardsearch::marble::detail
