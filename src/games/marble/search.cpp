// The driver: what a search state is, and which search solves a board.
//
// A search state is the pair of cells where the marbles rest between tilts.
// The future of a line depends only on that pair, never on how the marbles
// got there, so each pair is expanded once; pairs where the blue marble fell
// are dead ends and never stored, and a tilt that moves nothing is skipped (a
// line with it has a shorter twin). A tilt is two table reads and one fix-up
// (slide.hpp), not a cell-by-cell roll.
//
// Strategy::breadth_first runs breadth_first.cpp alone. Strategy::a_star
// runs a_star.cpp; when A* hands over (its bound has proven weak on the
// board), solve_after_hand_over runs a beam (beam.cpp) for a line and
// breadth-first pruned by it.
//
// Memory: every growth is checked first against the budget
// (core::SharedMemoryBudget, memory.hpp); past it the search stops with
// Outcome::memory_limit.

#include "games/marble/search.hpp"

#include <optional>
#include <utility>
#include <vector>

#include "games/marble/a_star.hpp"
#include "games/marble/beam.hpp"
#include "games/marble/bound.hpp"
#include "games/marble/breadth_first.hpp"
#include "games/marble/context.hpp"
#include "games/marble/rest_cells.hpp"
#include "games/marble/slide.hpp"

namespace boardsearch::marble {

namespace {

using detail::Context;
using detail::PairKey;

// The budget: the caller's, else core::SearchLimits::max_memory_bytes, else
// kDefaultMemoryBudgetBytes.
std::size_t memory_budget(const core::SearchLimits& limits, std::size_t requested) {
  if (requested != 0) return requested;
  if (limits.max_memory_bytes != 0) return static_cast<std::size_t>(limits.max_memory_bytes);
  return kDefaultMemoryBudgetBytes;
}

// After A*'s hand-over (its bound has shown itself weak on this board).
// Step 1. The pair bound (bound.cpp: tighter than A*'s, dearer to build).
// Step 2. A beam (context.beam_width, at most context.beam_max_expanded
// pairs) for a line of U tilts.
// Step 3. Breadth-first, pruned by U when the beam found a line (Pruning:
// only the pairs with g + bound < U are kept, a fraction of those
// breadth-first would visit when U is near the answer); else with a wider
// beam interleaved (LateBeam: context.late_beam_width), whose line, once
// found, prunes the layers still to come.
// Step 4. When breadth-first finds no line shorter than the beam's, the
// beam's is optimal.
void solve_after_hand_over(const Context& context, PairKey start) {
  const std::optional<RestCells> rest = detail::dense_rest_cells(context);
  const RestCells* const dense_rest = rest ? &*rest : nullptr;
  if (context.beam_width == 0) return detail::breadth_first(context, start, dense_rest);
  const detail::HeldBound<PairBound> held(context);
  const PairBound& bound = held.bound();
  std::optional<std::vector<core::Direction>> line;
  {
    detail::Beam beam(context, start, bound, context.beam_width);
    beam.advance(context.beam_max_expanded, nullptr);
    line = std::move(beam.line());
  }
  if (line) {
    const detail::Pruning pruning{bound, static_cast<std::uint32_t>(line->size())};
    detail::breadth_first(context, start, dense_rest, &pruning);
  } else if (context.late_beam_width == 0) {
    detail::breadth_first(context, start, dense_rest);
  } else {
    detail::Beam late(context, start, bound, context.late_beam_width, dense_rest);
    const detail::LateBeam late_beam{late, bound, context.late_beam_after, context.late_beam_percent,
                                     context.late_beam_max_expanded};
    detail::breadth_first(context, start, dense_rest, nullptr, &late_beam);
    line = std::move(late.line());
  }
  auto& search = context.solution.search;
  if (!line || (search.value && static_cast<std::size_t>(*search.value) <= line->size())) return;
  search.value = static_cast<int>(line->size());
  search.line = std::move(*line);
}

}  // namespace

Solution solve(const Board& board, const SolveOptions& options, const core::SearchLimits& limits) {
  core::SearchControl control(limits);
  Solution solution;
  core::SharedMemoryBudget budget(memory_budget(limits, options.memory_budget_bytes));
  try {
    // Step 1. The slide stops, held for the whole solve.
    budget.check(detail::SlideStops::bytes_for(board));
    const detail::SlideStops stops(board);
    budget.count(detail::SlideStops::bytes_for(board));
    // Step 2. What every search shares.
    Context context{board,
                    stops,
                    options.max_tilts,
                    options.dense_visited,
                    limits.threads,
                    options.parallel_after,
                    options.parallel_chunk,
                    options.a_star_closed,
                    options.beam_width,
                    options.beam_max_expanded,
                    options.late_beam_width,
                    options.late_beam_after,
                    options.late_beam_percent,
                    options.late_beam_max_expanded,
                    control,
                    budget,
                    {},
                    solution};
    for (const core::Direction direction : core::kDirections)
      context.delta[detail::index_of(direction)] = board.step(0, direction);
    const PairKey start =
        detail::pair_key(static_cast<std::uint32_t>(board.red), static_cast<std::uint32_t>(board.blue));
    // Step 3. The search the strategy asks for; after A*'s hand-over, the
    // beam and breadth-first.
    if (options.strategy == Strategy::breadth_first) {
      const std::optional<RestCells> rest = detail::dense_rest_cells(context);
      detail::breadth_first(context, start, rest ? &*rest : nullptr);
    } else if (!detail::a_star(context, start, options.hand_over_after, options.bits_hand_over_after)) {
      solve_after_hand_over(context, start);
    }
  } catch (const core::SearchAborted& aborted) {
    solution.search.outcome = aborted.outcome;
    solution.search.value.reset();
    solution.search.line.clear();
  }
  solution.memory_bytes = budget.peak();
  solution.search.stats = control.finish();
  solution.search.stats.memory_bytes = solution.memory_bytes;
  solution.search.stats.threads = solution.threads;
  return solution;
}

}  // namespace boardsearch::marble
