// The known-dice search (search.hpp): dynamic programming over the turns
// of a dice yut schedule.
//
// Why not a core template: branch_and_bound and NegamaxSolver search depth
// first, one move sequence at a time, so they would meet the same position
// (the same multiset of squares after the same turn) many times: P^K
// sequences for P pieces and K dice. Here every position of a turn is kept
// once, with the best score that reaches it, and expanded once; a layer never
// holds more positions than there are multisets of squares, whatever K is.
// The search still counts nodes with core::SearchControl (one node per
// position expanded) and returns a core::SearchResult.
//
// Why it is exact: the future of a game depends only on the turn number and on
// which squares the pieces occupy, never on how they got there or on which
// piece is which (the rules do not tell pieces apart). Hence the best total
// from a position is (score so far) + (best future), and among the sequences
// that reach the same position after the same turn only the highest score so
// far can be part of an optimal game. Keeping that one per position loses
// nothing.

#include "games/yut/search.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "boardsearch/core/parallel.hpp"
#include "games/yut/bound.hpp"
#include "games/yut/layer_expand.hpp"
#include "games/yut/parallel_layers.hpp"
#include "games/yut/rules.hpp"
#include "games/yut/table.hpp"

namespace boardsearch::yut {

namespace known_dice {

namespace {

// Rebuilds the plan from the parent links and numbers the pieces: a move from
// a square takes the lowest-numbered piece standing there (only start can
// hold several movable pieces, and those are interchangeable).
std::vector<Move> rebuild_plan(const std::vector<Layer>& layers, const BestEnd& best, const Board& board, int pieces) {
  std::vector<Move> plan(best.layer);
  std::uint32_t entry = best.entry;
  for (std::size_t layer = best.layer; layer > 0; --layer) {
    const LayerEntry& e = layers[layer][entry];
    plan[layer - 1] = Move{0, e.from, e.to};
    entry = e.parent;
  }
  std::vector<int> square_of_piece(pieces, board.start);
  for (Move& move : plan) {
    const auto piece = std::find(square_of_piece.begin(), square_of_piece.end(), move.from);
    move.piece = static_cast<int>(piece - square_of_piece.begin()) + 1;
    *piece = move.to;
  }
  return plan;
}

// The layers of one run, counted on the solve's budget. Their bytes go back
// to it when the run is freed or destroyed, also when a limit stops the
// search in the middle of a layer (the layer being built is already one of
// `layers`), so that every byte a solve counts is released by its end.
struct LayerRun {
  explicit LayerRun(core::MemoryBudget& counted_on) : budget(&counted_on) {}
  // The source is left without layers (a moved-from vector is empty).
  LayerRun(LayerRun&& other) noexcept = default;
  LayerRun& operator=(LayerRun&&) = delete;
  ~LayerRun() { free(); }

  // Frees the layers and releases their bytes.
  void free() {
    for (const Layer& layer : layers) budget->release(bytes_of(layer));
    budget->release(bytes_of(layers));
    layers = std::vector<Layer>();  // frees the block (`= {}` would keep it: see resize_discarding)
  }

  core::MemoryBudget* budget;
  std::vector<Layer> layers;
  BestEnd best;
  bool truncated = false;  // a beam dropped positions (else the run was exact)
};

// What a run keeps of each layer.
struct Pruning {
  // 0: every position (exact); else the most promising ones only: those with
  // the highest score so far plus bound on the future.
  std::size_t beam_width = 0;
  // Beam: the bound to rank by, asked for only when a layer is first too
  // wide (small inputs never pay for tuning it).
  std::function<const FutureBound&()> ranking_bound;
  // Exact run: drop children whose score plus bound cannot reach lower_bound.
  const FutureBound* bound = nullptr;
  long long lower_bound = 0;
};

// the highest score plus bound.
void keep_most_promising(Layer& layer, std::size_t width, const FutureBound& bound, int pieces, std::size_t turn,
                         core::MemoryBudget& budget) {
  using Promise = std::pair<long long, std::uint32_t>;
  const std::uint64_t work_bytes = layer.size() * sizeof(Promise) + width * sizeof(LayerEntry);
  budget.allocate(work_bytes);
  std::vector<Promise> promise(layer.size());
  const FutureBound::AtTurn bound_now = bound.at(turn);
  for (std::uint32_t at = 0; at < layer.size(); ++at) {
    const BoundSums sums = bound_sums(bound_now, unpack(layer[at].key, pieces), pieces);
    promise[at] = {layer[at].score + bound_now.future(sums.lone_piece, sums.budget), at};
  }
  std::nth_element(promise.begin(), promise.begin() + static_cast<std::ptrdiff_t>(width), promise.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  Layer kept(width);
  for (std::size_t i = 0; i < width; ++i) kept[i] = layer[promise[i].second];
  budget.release(bytes_of(layer) + layer.size() * sizeof(Promise));  // kept stays held
  layer = std::move(kept);
}

//
// With a beam width the run is a heuristic (its best game is a real game, so
// its score is a lower bound on the optimum). With a bound and the score of a
// real game as lower_bound it stays exact: a child whose score plus the bound
// on its future is below lower_bound cannot end in a game that good, and every
// position of a game scoring lower_bound or more is kept, so the best game
// found is optimal.
//
// Steps per position of layer t:
//   1. count the position as a node (limits may stop the search here);
//   2. generate its legal moves with die t; none: the game ends, offer its score;
//   3. build each child, dropping those that cannot reach lower_bound;
//   4. merge each child into layer t+1, keeping the best score per position.
// After the last die every surviving position is a finished game.
//
// The exact run (no beam) with threads > 1 expands a layer of at least
// tuning.parallel_layer positions on the threads instead (ParallelLayers:
// the same steps, the same next layer up to its order).
//
// The number of pieces is a template parameter so that the loops over pieces
// (unpacking, the occupancy check, the bound's sums, the child's key) are
// unrolled (1,040 -> 810 instructions per position expanded, 6 pieces).
template <int kPieces>
LayerRun run_layers_for(const Board& board, const MoveTable& moves, std::span<const int> dice, LayerCounter& counter,
                        core::MemoryBudget& budget, const Pruning& pruning, std::size_t threads,
                        const ScheduleTuning& tuning) {
  constexpr int pieces = kPieces;
  const auto finish = static_cast<std::uint8_t>(board.finish);
  // Only the exact run prunes with the bound; a beam ranks with it.
  const FutureBound* bound = pruning.beam_width == 0 ? pruning.bound : nullptr;
  const FutureBound* ranking_bound = nullptr;
  // Only the exact run expands layers in parallel (a beam's layers are narrow).
  const bool may_go_parallel = threads > 1 && pruning.beam_width == 0;
  LayerRun run(budget);
  auto& layers = run.layers;
  Squares all_on_start{};
  std::fill_n(all_on_start.begin(), pieces, static_cast<std::uint8_t>(board.start));
  reserve_counted(layers, dice.size() + 1, budget);
  Layer first;
  reserve_counted(first, 1, budget);
  first.push_back(LayerEntry{pack(all_on_start, pieces), 0, 0, 0, 0});
  layers.push_back(std::move(first));
  LayerIndex index(budget);
  std::optional<ParallelLayers> parallel;

  for (std::size_t turn = 0; turn < dice.size() && !layers.back().empty(); ++turn) {
    Layer& current = layers[turn];
    const LayerContext context{board,
                               moves,
                               finish,
                               dice[turn],
                               bound,
                               bound != nullptr ? bound->at(turn + 1) : FutureBound::AtTurn{},
                               pruning.lower_bound};
    // The next layer is built in place (room for every layer was reserved,
    // so `current` stays where it is).
    Layer& next = layers.emplace_back();
    if (may_go_parallel && current.size() >= tuning.parallel_layer) {
      if (!parallel) parallel.emplace(threads, tuning.chunk_positions, pieces, budget);
      parallel->expand<kPieces>(context, current, turn, counter, run.best, next);
      continue;
    }
    if (parallel) parallel->fill_next();  // `current` is read here
    reserve_counted(next, current.size() + current.size() / 2, budget);
    index.reset(current.size() + current.size() / 2);

    Children children;
    for (std::uint32_t at = 0; at < current.size(); ++at) {
      // Step 1. One node per position expanded.
      counter.visit();
      const LayerEntry& position = current[at];
      // Steps 2 and 3. Its legal moves with die t and the children that can still reach lower_bound
      // (children_of).
      children_of<kPieces>(context, position, unpack(position.key, pieces), children,
                           [&](PositionKey key) { index.prefetch(key); });

      // Step 4. Merge into the next layer, keeping the best score per
      // position (the slots were prefetched above, while keys were built).
      for (int c = 0; c < children.count; ++c) {
        const Child& child = children.list[c];
        const auto fresh = static_cast<std::uint32_t>(next.size());
        const std::uint32_t found = index.find_or_insert(child.key, fresh, next);
        if (found == LayerIndex::kNotFound) {
          if (next.size() == next.capacity()) reserve_counted(next, 2 * next.capacity(), budget);
          next.push_back(LayerEntry{child.key, child.score, at, child.from, child.to});
        } else if (child.score > next[found].score) {
          next[found] = LayerEntry{child.key, child.score, at, child.from, child.to};
        }
      }
      if (!children.any_move) run.best.offer(position.score, turn, at);
    }
    if (pruning.beam_width != 0 && next.size() > pruning.beam_width) {
      if (ranking_bound == nullptr) ranking_bound = &pruning.ranking_bound();
      keep_most_promising(next, pruning.beam_width, *ranking_bound, pieces, turn + 1, budget);
      run.truncated = true;
    }
  }
  if (parallel) parallel->fill_next();
  if (parallel && tuning.footprint != nullptr) parallel->report(*tuning.footprint);
  parallel.reset();  // its buffers back before the last layer is read
  // Every position after the last die is a finished game (no-op if the last
  // layer is empty because all games ended earlier).
  const std::size_t last = layers.size() - 1;
  if (last == dice.size()) {
    for (std::uint32_t at = 0; at < layers[last].size(); ++at) {
      counter.visit();
      run.best.offer(layers[last][at].score, last, at);
    }
  }
  return run;
}

// run_layers_for<pieces>, for 1 <= pieces <= kMaxPieces.
LayerRun run_layers(const Board& board, const MoveTable& moves, std::span<const int> dice, int pieces,
                    LayerCounter& counter, core::MemoryBudget& budget, const Pruning& pruning, std::size_t threads,
                    const ScheduleTuning& tuning) {
  using Run = LayerRun (*)(const Board&, const MoveTable&, std::span<const int>, LayerCounter&, core::MemoryBudget&,
                           const Pruning&, std::size_t, const ScheduleTuning&);
  constexpr auto runs = []<std::size_t... P>(std::index_sequence<P...>) {
    return std::array<Run, sizeof...(P)>{&run_layers_for<static_cast<int>(P) + 1>...};
  }
  (std::make_index_sequence<kMaxPieces>{});
  return runs[static_cast<std::size_t>(pieces - 1)](board, moves, dice, counter, budget, pruning, threads, tuning);
}

}  // namespace

}  // namespace known_dice

// Steps: 1. the future bound (bound.hpp), its costs tuned for the start (made
// only once a beam layer is too wide: small inputs never need it);
// 2. a narrow beam search, ranking positions by score plus bound, finds a real
// game (its score is a lower bound on the optimum; if the beam never dropped a
// position it was exact and we are done); 3. the bound is tuned again along
// that game; 4. the exact layer search, dropping only positions that cannot
// reach the beam's score (its wide layers on limits.threads threads).
core::SearchResult<Move, long long> solve_schedule(const Board& board, std::span<const int> dice, int pieces,
                                                   const core::SearchLimits& limits, const ScheduleTuning& tuning) {
  core::SearchControl control(limits);
  core::MemoryBudget own_budget(limits.max_memory_bytes);
  core::MemoryBudget& budget = tuning.budget != nullptr ? *tuning.budget : own_budget;
  core::SearchResult<Move, long long> result;
  const MoveTable moves(board);
  const std::size_t threads = std::clamp<std::size_t>(limits.threads, 1, core::kMaxSearchThreads);
  // Destroyed before control.finish(), so that its Workers' nodes are counted.
  std::optional<known_dice::LayerCounter> counting(std::in_place, control);
  known_dice::LayerCounter& counter = *counting;
  try {
    // Step 1. The future bound, made when first needed.
    std::optional<FutureBound> bound;
    const auto tuned_bound = [&]() -> FutureBound& {
      if (!bound) bound.emplace(board, moves, dice, pieces, &budget);
      return *bound;
    };
    // Step 2. A beam that never had to drop a position was the exact search.
    known_dice::LayerRun beam = known_dice::run_layers(
        board, moves, dice, pieces, counter, budget,
        known_dice::Pruning{std::max<std::size_t>(1, tuning.beam_width), tuned_bound, nullptr, 0}, threads, tuning);
    if (!beam.truncated) {
      result.value = beam.best.score;
      result.line = known_dice::rebuild_plan(beam.layers, beam.best, board, pieces);
    } else {
      // Step 3. The positions of the beam's game, turn by turn.
      const std::vector<Move> guide_plan = known_dice::rebuild_plan(beam.layers, beam.best, board, pieces);
      std::vector<std::vector<int>> guide(1, std::vector<int>(pieces, board.start));
      for (const Move& move : guide_plan) {
        guide.push_back(guide.back());
        guide.back()[move.piece - 1] = move.to;
      }
      tuned_bound().tune_along(guide);
      // Step 4. Every position of the beam's game is kept, so the exact run
      // ends on a game at least that good (best.found holds).
      beam.free();  // memory back before the exact run
      const known_dice::LayerRun exact =
          known_dice::run_layers(board, moves, dice, pieces, counter, budget,
                                 known_dice::Pruning{0, {}, &*bound, beam.best.score}, threads, tuning);
      result.value = exact.best.score;
      result.line = known_dice::rebuild_plan(exact.layers, exact.best, board, pieces);
    }
  } catch (const core::SearchAborted& aborted) {
    result.outcome = aborted.outcome;
  }
  const std::size_t threads_used = counter.threads();
  counting.reset();
  result.stats = control.finish();
  result.stats.memory_bytes = budget.peak();
  result.stats.threads = threads_used;
  // Threads see the node budget only when they flush (SearchControl::Worker),
  // so a solve may end up to a flush per thread past it: then it did not fit
  // the budget, as one thread would have said.
  if (result.proven() && limits.max_nodes != 0 && result.stats.nodes > limits.max_nodes) {
    result.outcome = core::Outcome::node_limit;
    result.value.reset();
    result.line.clear();
  }
  return result;
}

}  // namespace boardsearch::yut
