#pragma once
// Breadth-first over the pairs of resting cells (Strategy::breadth_first, and
// after A*'s hand-over), on one thread or with its layers split over several
// (parallel_breadth_first.cpp).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/marble/beam.hpp"
#include "games/marble/bound.hpp"
#include "games/marble/context.hpp"
#include "games/marble/layers.hpp"
#include "games/marble/rest_cells.hpp"
#include "games/marble/slide.hpp"

namespace boardsearch::marble::detail {

// Breadth-first's pruning by a known line of `below` tilts (after A*'s
// hand-over, from a beam's line): a child reached after g tilts is dropped
// when g + bound >= below, the bound being admissible (bound.cpp). Every pair
// of a line shorter than `below` is kept: at its first visit it has its
// fewest tilts g, and g + bound <= the line's length < below. So
// breadth-first still finds the fewest tilts when they are below `below`, and
// else ends with no success (the known line is then optimal). Read-only:
// safe from threads.
struct Pruning {
  const PairBound& bound;
  std::uint32_t below;

  bool drops(std::size_t tilts, PairKey pair) const {
    const std::uint32_t h = bound.at(red_of(pair), blue_of(pair));
    return h == PairBound::kUnreachable || tilts + h >= below;
  }
};

// A wider beam interleaved with breadth-first (after A*'s hand-over, when the
// first beam found nothing). Once breadth-first has expanded `after` pairs,
// each layer lets the beam expand until its pairs reach `percent` % of
// breadth-first's past `after` (at most `max_expanded` in all): beside the
// layer's tasks when it goes parallel, before it on one thread. So a board
// with no line, where breadth-first must visit every reachable pair, pays
// nothing below `after` pairs and at most that share above. Once the beam
// finds a line of U tilts, the layers still to come are pruned by U
// (Pruning). That keeps the answer although the earlier layers were not
// pruned: a pair p_k of a line shorter than U (k its fewest tilts, so it can
// enter no layer before k) is offered at layer k by p_(k-1), and kept
// whichever bound holds then: with no bound, or with U' >= U, k + bound(p_k)
// <= the line's length < U <= U'. So breadth-first still meets that line's
// success, and the first success it meets has the fewest tilts (every
// shorter layer had none); the pairs kept before U was known are only extra
// work. When it finds none below U, U is the answer (search.cpp,
// solve_after_hand_over).
struct LateBeam {
  Beam& beam;
  const PairBound& bound;
  std::uint64_t after;
  std::uint64_t percent;
  std::uint64_t max_expanded;
};

// The rest cells, numbered for a dense visited set (RestCells::
// number_tilt_pairs), when breadth-first keeps its visited set dense on this
// board (context.dense_visited and the bits fit); else nothing. Breadth-first
// and the late beam share them; their memory stays held while the solve runs
// (it is counted once).
std::optional<RestCells> dense_rest_cells(const Context& context);

// Breadth-first from `start`, with the dense visited set over `rest`
// (dense_rest_cells) or, when it is null, the hash table on one thread; with
// `pruning`, children that cannot lie on a line shorter than pruning->below
// are dropped (Pruning); with `late`, that beam runs between the layers and
// its line, once found, prunes the layers after it (LateBeam). The answer,
// if any, goes into context.solution (value and line); the pairs stored are
// added to its `states` also when a limit stops the search.
void breadth_first(const Context& context, PairKey start, const RestCells* rest, const Pruning* pruning = nullptr,
                   const LateBeam* late = nullptr);

// One counter per thread of a parallel layer.
using Workers = std::vector<std::unique_ptr<core::SearchControl::Worker>>;

// Expands layer `depth` on `workers.size()` threads (parallel_breadth_first.cpp),
// with the late beam's `slice` beside it when given. Returns true with the
// answer and a line set in context.solution when a tilt of this layer drops
// red alone; else false, the layer's children offered to `layers`.
bool expand_in_parallel(const Context& context, Layers& layers, std::size_t depth, Workers& workers,
                        const Pruning* pruning, BeamSlice* slice);

}  // namespace boardsearch::marble::detail
