#pragma once
// The cases of one input, solved and reported in order: a serial trial
// first, then the cases left on several threads at once; each case's line
// streamed as soon as it is proven, or kept for the report (--explain,
// --json, the viewer's line) and charged against the memory budget.

#include "boardsearch/app/puzzle.hpp"
#include "games/tour/search.hpp"

namespace boardsearch::tour {

// What puzzle().solve does, with the threads given here instead of from
// request.limits.threads (tests force the parallel path with a trial of 0).
// Throws app::InputError for a bad case anywhere in the input (before any
// case is solved or streamed), app::LimitError naming the case a limit
// stopped.
app::SolveReport solve_cases(const app::SolveRequest& request, const TourThreads& threads);

}  // namespace boardsearch::tour
