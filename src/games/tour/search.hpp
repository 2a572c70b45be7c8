#pragma once
// The fewest-steps tour search: the driver that tries every useful start cell
// (board_analysis.hpp, symmetry.hpp) with the incremental problem
// (problem.hpp) and one incumbent and one node budget shared across them.

#include <optional>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/tour/problem.hpp"
#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// The best tour of a board: search.value is its steps (nullopt: no tour),
// search.line its moves from `start`; search.outcome and search.stats as
// every search reports them.
struct TourResult {
  core::SearchResult<Move, int> search;
  Cell start;
};

// What a running search of one board has established, for progress lines
// (read by the progress callback, which runs on the searching thread).
struct TourProgress {
  std::optional<int> best;   // the fewest steps of a tour found so far (not proven the fewest)
  std::optional<int> bound;  // no tour has fewer steps: the smallest root bound of the starts
};

// Finds the fewest steps over every start cell and tour, exactly, unless a
// limit of `control` stops it first (search.outcome then says which;
// search.value is only the best found so far and must not be shown as the
// answer). Every start
// draws on the control's one node budget; stats are the control's after this
// board (cumulative when the caller solves several boards with it).
// `progress`, when given, is kept up to date as the search goes.
TourResult solve_tour(const Board& board, core::SearchControl& control, PruningOptions pruning = {},
                      TourProgress* progress = nullptr);

// The same with a control of its own: one board, its own limits.
TourResult solve_tour(const Board& board, const core::SearchLimits& limits = {}, PruningOptions pruning = {});

}  // namespace boardsearch::tour
