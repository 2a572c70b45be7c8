#pragma once
// The result every search returns: value, optimal line, statistics, and
// whether the value is proven or was cut short by a limit.

#include <optional>
#include <vector>

#include "boardsearch/core/limits.hpp"

namespace boardsearch::core {

template <class Move, class Value>
struct SearchResult {
  // Proven: the exact optimum (nullopt when no solution exists at all, e.g. a
  // board with no tour). Not proven: the best found before the limit, if any.
  std::optional<Value> value;
  std::vector<Move> line;  // moves from the root that achieve `value`
  SearchStats stats;
  Outcome outcome = Outcome::proven;

  bool proven() const { return outcome == Outcome::proven; }
};

}  // namespace boardsearch::core
