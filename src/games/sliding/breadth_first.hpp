#pragma once
// Breadth-first search for boards of 12 cells or fewer (2 x 2 .. 3 x 4):
// from both ends at once, a layer at a time, always the smaller frontier.
// Exact: it finds the fewest moves (proof in breadth_first.cpp).

#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/sliding/rules.hpp"

namespace boardsearch::sliding {

inline constexpr int kBreadthFirstMaxCells = 12;

struct SearchLine {
  bool found = false;       // the line is proven optimal
  std::vector<Slide> line;  // the slides from the start to the goal
  int lower_bound = 0;      // the fewest moves are at least this (found: the line's length)
};

// The fewest moves from `start` to the goal by bidirectional breadth-first
// search. Precondition: start.size() <= kBreadthFirstMaxCells and
// solvable(start, layout). Each state expanded is one node of `control`;
// the seen sets' storage is counted in `memory`. Throws core::SearchAborted
// at a limit, after storing the bound proven so far in `bound`.
SearchLine breadth_first(const Board& start, GoalLayout layout, core::SearchControl& control,
                         core::MemoryBudget& memory, int& bound);

}  // namespace boardsearch::sliding
