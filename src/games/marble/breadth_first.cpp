// Breadth-first (Strategy::breadth_first): every tilt costs one, so the first
// layer in which a tilt drops the red marble alone is the fewest tilts. It
// ends at the first success, at the tilt limit, or when a layer brings no new
// pair (every reachable pair seen: impossible at any depth).
//
// Why it is fast: the visited set holds the pairs actually reached, not an
// N^2 M^2 array (a 1000 x 1000 board has 10^12 pairs, of which a search
// touches a tiny fraction): where it fits, one bit per pair of the cells
// where the marbles can rest (rest_cells.cpp, dense_set.hpp), written on
// demand; else a hash table. The optimal line is rebuilt from the layers
// after the search, so a stored pair costs 8 bytes plus its visited slot.
//
// Threads (limits.threads > 1): once the serial trial is over
// (SolveOptions::parallel_after) the layers are cut into chunks, one task
// each (parallel_breadth_first.cpp).

#include "games/marble/breadth_first.hpp"

#include <algorithm>

#include "boardsearch/core/parallel.hpp"
#include "games/marble/dense_set.hpp"

namespace boardsearch::marble::detail {

std::optional<RestCells> dense_rest_cells(const Context& context) {
  if (!context.dense_visited) return std::nullopt;
  const std::size_t kept = RestCells::bytes_for(context.board);
  context.budget.check(RestCells::bytes_for(context.board) + RestCells::build_bytes_for(context.board));
  std::optional<RestCells> rest(std::in_place, context.board, context.stops);
  if (!DensePairSet<Numbering::tilt_pairs>::fits(*rest)) return std::nullopt;
  context.budget.count(kept);
  context.budget.check(RestCells::numbering_bytes_for(context.board));
  rest->number_tilt_pairs(context.board);
  context.budget.count(RestCells::numbering_bytes_for(context.board));
  return rest;
}

namespace {

// Expands layer `depth` on the calling thread, counting on the control.
// Returns true with the answer and its line in context.solution when a tilt
// drops red alone; else false, the children offered to `layers`.
bool expand_serially(const Context& context, Layers& layers, std::size_t depth, const Pruning* pruning) {
  const std::size_t begin = layers.layer_begin(depth), end = layers.layer_end(depth);
  if (layers.dense())
    for (std::size_t i = begin; i < std::min(end, begin + kPrefetchAhead); ++i)
      layers.prefetch_children(context, layers.pair(i));
  for (std::size_t i = begin; i < end; ++i) {
    if (layers.dense() && i + kPrefetchAhead < end) layers.prefetch_children(context, layers.pair(i + kPrefetchAhead));
    context.control.visit();
    const PairKey pair = layers.pair(i);
    // Unrolled: each direction's delta and stops column become constants
    // (fewer instructions a pair, measured with callgrind).
#pragma GCC unroll 4
    for (const Direction direction : core::kDirections) {
      const Tilted tilted = context.tilt(pair, direction);
      if (tilted.verdict == Verdict::failure) continue;
      if (tilted.verdict == Verdict::success) {
        auto& search = context.solution.search;
        search.value = static_cast<int>(depth) + 1;
        search.line = rebuild_from_layers(context, layers, i, depth);
        search.line.push_back(direction);
        return true;
      }
      if (tilted.pair == pair || (pruning != nullptr && pruning->drops(depth + 1, tilted.pair))) continue;
      layers.offer(tilted.pair, direction);
    }
  }
  return false;
}

// The late beam's slice for the layer that ends after `expanded` pairs in
// all (LateBeam): up to its share of them; nothing when it has ended or has
// that many already.
std::optional<BeamSlice> late_slice(const LateBeam* late, std::uint64_t expanded) {
  if (late == nullptr || late->beam.ended()) return std::nullopt;
  const std::uint64_t until =
      std::min(late->max_expanded, expanded > late->after ? (expanded - late->after) * late->percent / 100 : 0);
  if (until <= late->beam.expanded()) return std::nullopt;
  return BeamSlice{late->beam, until};
}

}  // namespace

void breadth_first(const Context& context, PairKey start, const RestCells* rest, const Pruning* pruning,
                   const LateBeam* late) {
  // Step 1. The visited set: dense when the board allows it, else the hash
  // table on one thread.
  const bool dense = rest != nullptr;
  const std::size_t threads = dense ? std::clamp<std::size_t>(context.threads, 1, core::kMaxSearchThreads) : 1;
  Layers layers(context.budget, rest, threads);
  // Counted into `states` also when a limit stops the search.
  struct StatesOnExit {
    const Layers& layers;
    Solution& solution;
    ~StatesOnExit() { solution.states += layers.states(); }  // after A*'s, when it handed over
  } on_exit{layers, context.solution};
  // One per thread once the layers go parallel (destroyed before the
  // control finishes: they flush their nodes).
  Workers workers;
  // The late beam's pruning, once it has found a line.
  std::optional<Pruning> late_pruning;

  // Step 2. Layer by layer from the start, until a tilt drops red alone, the
  // limit, or a layer brings nothing new.
  layers.offer(start, Direction::up);
  layers.close_layer();
  for (std::size_t depth = 0; !context.max_tilts || depth < static_cast<std::size_t>(*context.max_tilts); ++depth) {
    const std::size_t end = layers.layer_end(depth);
    // Step 3. Start the threads once the solve has run context.parallel_after
    // nodes on one (the serial trial: a judge-size board ends long before)
    // and a layer has more than one chunk; from then on every layer is
    // expanded by the tasks (the Workers count, control.visit() no more).
    if (workers.empty() && threads > 1 && context.control.stats().nodes >= context.parallel_after &&
        end - layers.layer_begin(depth) > context.parallel_chunk) {
      for (std::size_t t = 0; t < threads; ++t)
        workers.push_back(std::make_unique<core::SearchControl::Worker>(context.control, t == 0));
      context.solution.threads = threads;
    }
    // Step 4. The late beam's slice, up to its share of the pairs expanded by
    // the end of this layer (layers 0 to depth): beside the layer's tasks
    // when it goes parallel, else before it. So it runs for every layer
    // begun, the last one (a success, or nothing new) included, on one
    // thread as on several, and the pairs it stores (counted in `states`) do
    // not depend on the threads; its line prunes from the next layer on
    // either way.
    std::optional<BeamSlice> slice = late_slice(late, end);
    // Step 5. Expand the layer: on the threads, or here.
    const bool parallel = !workers.empty();
    if (parallel) {
      if (expand_in_parallel(context, layers, depth, workers, pruning, slice ? &*slice : nullptr)) return;
    } else {
      if (slice) run_slice(*slice, nullptr);
      if (expand_serially(context, layers, depth, pruning)) return;
    }
    if (!layers.close_layer(parallel)) return;
    // Step 6. A line from the late beam prunes from the next layer on
    // (LateBeam: the earlier layers kept only extra pairs); once the beam has
    // ended, given up or run out of pairs, its storage goes back (its line
    // stays).
    if (slice) {
      if (slice->beam.ended() && slice->beam.line() && !late_pruning) {
        late_pruning.emplace(Pruning{late->bound, static_cast<std::uint32_t>(slice->beam.line()->size())});
        pruning = &*late_pruning;
      }
      if (slice->beam.ended() || slice->gave_up || slice->beam.expanded() >= late->max_expanded) slice->beam.release();
    }
  }
}

}  // namespace boardsearch::marble::detail
