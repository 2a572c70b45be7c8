// The known-dice layers on threads (parallel_layers.hpp).

#include "games/yut/parallel_layers.hpp"

#include "boardsearch/core/parallel.hpp"

namespace boardsearch::yut::known_dice {

template <int kPieces>
void ParallelLayers::expand(const LayerContext& context, Layer& current, std::size_t turn, LayerCounter& counter,
                            BestEnd& best, Layer& next) {
  if (unfilled_ != &current) fill_next();  // (only ever `current` in practice)
  const bool fill_current = unfilled_ == &current;
  core::MemoryBudget& budget = *budget_;
  const std::size_t chunks = (current.size() + chunk_positions_ - 1) / chunk_positions_;
  const std::size_t region = chunk_positions_ * static_cast<std::size_t>(pieces_);
  widest_layer_ = std::max(widest_layer_, current.size());
  // Sizes of phase A's output, counted before it runs.
  counter.start_workers(threads_);
  if (made_.empty()) made_.resize(threads_);
  for (ChildBuffer& made : made_) resize_discarding(made, region, budget);
  if (chunks > children_.capacity()) reserve_counted(children_, grown_capacity(children_.capacity(), chunks), budget);
  while (children_.size() < chunks) {
    ChildBuffer block;
    reserve_counted(block, region, budget);
    block.resize(region);
    children_.push_back(std::move(block));
  }
  resize_discarding(shard_begin_, chunks * (kShards + 1), budget);
  resize_discarding(chunk_best_, chunks, budget);

  make_children<kPieces>(context, current, turn, counter, best, chunks, fill_current);
  merge_shards(chunks);

  // Phase C comes later (fill_next, or the next expand's phase A); the next
  // layer is sized now.
  for (std::size_t s = 0; s < kShards; ++s) unfilled_offset_[s + 1] = unfilled_offset_[s] + shards_[s].entries.size();
  resize_counted(next, unfilled_offset_[kShards], budget);
  unfilled_ = &next;
}

template <int kPieces>
void ParallelLayers::make_children(const LayerContext& context, Layer& current, std::size_t turn, LayerCounter& counter,
                                   BestEnd& best, std::size_t chunks, bool fill_current) {
  core::for_each_task(threads_, chunks, [&](std::size_t thread, std::size_t chunk) {
    ChildBuffer& made = made_[thread];
    std::array<std::uint32_t, kShards> in_shard{};
    std::size_t made_count = 0;
    BestEnd chunk_best;
    Children children;
    const std::size_t end = std::min(current.size(), (chunk + 1) * chunk_positions_);
    if (fill_current) {
      // Phase C of the layer before, for this chunk's positions.
      std::size_t s = 0;
      for (std::size_t at = chunk * chunk_positions_; at < end;) {
        while (unfilled_offset_[s + 1] <= at) ++s;
        const std::size_t stop = std::min(end, unfilled_offset_[s + 1]);
        const auto from = shards_[s].entries.begin() + static_cast<std::ptrdiff_t>(at - unfilled_offset_[s]);
        std::copy(from, from + static_cast<std::ptrdiff_t>(stop - at),
                  current.begin() + static_cast<std::ptrdiff_t>(at));
        at = stop;
      }
    }
    for (auto at = static_cast<std::uint32_t>(chunk * chunk_positions_); at < end; ++at) {
      // Step 1. One node per position expanded.
      counter.visit(thread);
      const LayerEntry& position = current[at];
      // Steps 2 and 3. Its legal moves and the children that can still reach lower_bound.
      children_of<kPieces>(context, position, unpack(position.key, kPieces), children, [](PositionKey) {});
      for (int c = 0; c < children.count; ++c) {
        const Child& child = children.list[c];
        const std::uint8_t shard = shard_of(child.key);
        ++in_shard[shard];
        made[made_count++] = PendingChild{child.key, child.score, at, child.from, child.to, shard};
      }
      if (!children.any_move) chunk_best.offer(position.score, turn, at);
    }
    // The chunk's children grouped by shard, in the order made within each.
    std::uint32_t* begin = &shard_begin_[chunk * (kShards + 1)];
    std::array<std::uint32_t, kShards> fill{};
    std::uint32_t sum = 0;
    for (std::size_t s = 0; s < kShards; ++s) begin[s] = fill[s] = sum, sum += in_shard[s];
    begin[kShards] = sum;
    PendingChild* out = children_[chunk].data();
    for (std::size_t i = 0; i < made_count; ++i) out[fill[made[i].shard]++] = made[i];
    chunk_best_[chunk] = chunk_best;
  });
  unfilled_ = nullptr;
  for (std::size_t chunk = 0; chunk < chunks; ++chunk)
    if (chunk_best_[chunk].found) best.offer(chunk_best_[chunk].score, turn, chunk_best_[chunk].entry);
}

void ParallelLayers::merge_shards(std::size_t chunks) {
  core::MemoryBudget& budget = *budget_;
  // Phase B. A shard's entries and index grow to fit this layer and never
  // shrink (once the layers stop growing no block is made again). What they
  // hold does not matter between layers, so a block too small is released
  // and freed before the bigger one is counted and made: the budget holds
  // what the heap holds, and a refused block leaves nothing uncounted. The
  // entries are made here, on the solve's thread; an index is counted here
  // and made in its task (reset_within).
  std::array<std::size_t, kShards> shard_children{};
  for (std::size_t chunk = 0; chunk < chunks; ++chunk)
    for (std::size_t s = 0; s < kShards; ++s)
      shard_children[s] += shard_begin_[chunk * (kShards + 1) + s + 1] - shard_begin_[chunk * (kShards + 1) + s];
  for (std::size_t s = 0; s < kShards; ++s) {
    Shard& shard = shards_[s];
    shard.entries.clear();
    if (shard_children[s] > shard.entries.capacity()) {
      const std::size_t capacity = grown_capacity(shard.entries.capacity(), shard_children[s]);
      budget.release(bytes_of(shard.entries));
      shard.entries = Layer();
      reserve_counted(shard.entries, capacity, budget);
    }
    shard.most_children = std::max(shard.most_children, shard_children[s]);
    if (const std::size_t slots = LayerIndex::capacity_for(shard.most_children); slots != shard.slots) {
      budget.release(shard.slots * sizeof(std::uint64_t));
      shard.index.free_slots();
      shard.slots = 0;
      budget.allocate(slots * sizeof(std::uint64_t));
      shard.slots = slots;
    }
  }
  core::for_each_task(threads_, kShards, [&](std::size_t s) {
    Shard& shard = shards_[s];
    Layer& entries = shard.entries;
    shard.index.reset_within(shard_children[s], shard.slots);
    for (std::size_t chunk = 0; chunk < chunks; ++chunk) {
      const std::uint32_t* begin = &shard_begin_[chunk * (kShards + 1) + s];
      const PendingChild* first = children_[chunk].data() + begin[0];
      const std::size_t count = begin[1] - begin[0];
      // Step 4. Merge into the shard, keeping the best score per position, as in the serial
      // loop (its slots prefetched a few children ahead).
      constexpr std::size_t kAhead = 4;
      for (std::size_t i = 0; i < count && i < kAhead; ++i) shard.index.prefetch(first[i].key);
      for (std::size_t i = 0; i < count; ++i) {
        if (i + kAhead < count) shard.index.prefetch(first[i + kAhead].key);
        const PendingChild& child = first[i];
        const auto fresh = static_cast<std::uint32_t>(entries.size());
        const std::uint32_t found = shard.index.find_or_insert(child.key, fresh, entries);
        if (found == LayerIndex::kNotFound)
          entries.push_back(LayerEntry{child.key, child.score, child.parent, child.from, child.to});
        else if (child.score > entries[found].score)
          entries[found] = LayerEntry{child.key, child.score, child.parent, child.from, child.to};
      }
    }
  });
}

// The expansions run_layers_for<P> calls, P = 1 .. kMaxPieces.
static_assert(kMaxPieces == 8);
template void ParallelLayers::expand<1>(const LayerContext&, Layer&, std::size_t, LayerCounter&, BestEnd&, Layer&);
template void ParallelLayers::expand<2>(const LayerContext&, Layer&, std::size_t, LayerCounter&, BestEnd&, Layer&);
template void ParallelLayers::expand<3>(const LayerContext&, Layer&, std::size_t, LayerCounter&, BestEnd&, Layer&);
template void ParallelLayers::expand<4>(const LayerContext&, Layer&, std::size_t, LayerCounter&, BestEnd&, Layer&);
template void ParallelLayers::expand<5>(const LayerContext&, Layer&, std::size_t, LayerCounter&, BestEnd&, Layer&);
template void ParallelLayers::expand<6>(const LayerContext&, Layer&, std::size_t, LayerCounter&, BestEnd&, Layer&);
template void ParallelLayers::expand<7>(const LayerContext&, Layer&, std::size_t, LayerCounter&, BestEnd&, Layer&);
template void ParallelLayers::expand<8>(const LayerContext&, Layer&, std::size_t, LayerCounter&, BestEnd&, Layer&);

}  // namespace boardsearch::yut::known_dice
