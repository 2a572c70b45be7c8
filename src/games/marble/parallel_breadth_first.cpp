// Breadth-first's layers on several threads (limits.threads > 1, the dense
// visited set): a layer's pairs are cut into chunks, one task each; the dense
// bits are claimed by atomic fetch_or, so each new pair enters one thread's
// buffer once, and the buffers are joined when the layer closes
// (Layers::close_layer). A* stays on one thread (docs/marble.md, "Threads").

#include <algorithm>
#include <atomic>

#include "boardsearch/core/parallel.hpp"
#include "games/marble/breadth_first.hpp"

namespace boardsearch::marble::detail {

// The layer's pairs in chunks of context.parallel_chunk, one oneTBB task each
// (core::for_each_task), every thread counting on its own Worker and offering
// children into its own buffer through the shared dense set
// (Layers::offer_shared). A task that meets a success records the least
// (index, tilt) seen and every task stops at its next pair. Every success of
// this layer is depth + 1 tilts, the fewest (all shorter layers had none), and
// the line to any pair of the layer replays, so the answer never depends on
// the threads (the line may). A limit met in one task (SearchAborted from its
// Worker or the budget) asks every other task to stop too
// (control.request_stop: the budget's throw reaches no Worker otherwise) and
// ends the solve, unless a task has met a success already: that answer is
// proven, and it is returned.
bool expand_in_parallel(const Context& context, Layers& layers, std::size_t depth, Workers& workers,
                        const Pruning* pruning, BeamSlice* slice) {
  constexpr std::uint64_t kNone = ~std::uint64_t{0};
  const std::size_t begin = layers.layer_begin(depth), end = layers.layer_end(depth);
  const std::size_t chunk = std::max<std::size_t>(context.parallel_chunk, 1);
  const std::size_t first = slice != nullptr ? 1 : 0;  // task 0: the late beam's slice, when there is one
  const std::size_t tasks = first + (end - begin + chunk - 1) / chunk;
  std::atomic<std::uint64_t> success{kNone};  // 4 * (index - begin) + tilt, the least found
  const auto expand_chunk = [&](std::size_t thread, std::size_t task) {
    core::SearchControl::Worker& worker = *workers[thread];
    if (task < first) {
      // The beam reads only its own state, the stops and the bound, and
      // grows through the budget (thread-safe): it runs beside the chunks,
      // started first (for_each_task starts the tasks in order) so that they
      // fill the other threads while it runs. Its line prunes from the next
      // layer.
      run_slice(*slice, &worker);
      return;
    }
    const std::size_t from = begin + (task - first) * chunk, to = std::min(end, from + chunk);
    for (std::size_t i = from; i < std::min(to, from + kPrefetchAhead); ++i)
      layers.prefetch_children(context, layers.pair(i));
    for (std::size_t i = from; i < to; ++i) {
      if (success.load(std::memory_order_relaxed) != kNone) return;
      if (i + kPrefetchAhead < to) layers.prefetch_children(context, layers.pair(i + kPrefetchAhead));
      worker.visit();
      const PairKey pair = layers.pair(i);
#pragma GCC unroll 4
      for (const Direction direction : core::kDirections) {
        const Tilted tilted = context.tilt(pair, direction);
        if (tilted.verdict == Verdict::failure) continue;
        if (tilted.verdict == Verdict::success) {
          const std::uint64_t code = 4 * std::uint64_t{i - begin} + static_cast<std::uint64_t>(direction);
          std::uint64_t seen = success.load(std::memory_order_relaxed);
          while (code < seen && !success.compare_exchange_weak(seen, code, std::memory_order_relaxed)) {
          }
          return;
        }
        if (tilted.pair == pair || (pruning != nullptr && pruning->drops(depth + 1, tilted.pair))) continue;
        layers.offer_shared(thread, tilted.pair, direction);
      }
    }
  };
  try {
    core::for_each_task(workers.size(), tasks, [&](std::size_t thread, std::size_t task) {
      try {
        expand_chunk(thread, task);
      } catch (const core::SearchAborted& aborted) {
        context.control.request_stop(aborted.outcome);
        throw;
      }
    });
  } catch (const core::SearchAborted&) {
    if (success.load(std::memory_order_relaxed) == kNone) throw;
  }
  const std::uint64_t code = success.load(std::memory_order_relaxed);
  if (code == kNone) return false;
  auto& search = context.solution.search;
  search.value = static_cast<int>(depth) + 1;
  search.line = rebuild_from_layers(context, layers, begin + static_cast<std::size_t>(code / 4), depth);
  search.line.push_back(static_cast<Direction>(code % 4));
  return true;
}

}  // namespace boardsearch::marble::detail
