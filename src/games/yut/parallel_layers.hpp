#pragma once
// The known-dice exact pass on several threads (search.cpp): one wide layer
// expanded by chunks of positions, its children merged by shards of keys,
// with the same next layer as one thread makes (up to its order).

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/parallel.hpp"
#include "games/yut/layer_expand.hpp"
#include "games/yut/search.hpp"
#include "games/yut/table.hpp"

namespace boardsearch::yut::known_dice {

// Phase A (one task per chunk of the layer's positions): every position is
// counted and expanded as in the serial loop, and its children are written
// to the chunk's own block (its region), grouped by shard (a hash of the
// child's key), each shard's children in the order the serial loop makes
// them.
// Phase B (one task per shard): the children of the shard, chunk by chunk,
// are merged as the serial loop merges them (best score per position, the
// first one on ties) into the shard's own entries and hash index. A
// position's children all fall in the shard of its key, so the shards are
// disjoint and no two tasks write the same memory; the shard sees its
// children in the serial order, so it keeps the same best score and the
// same first parent among equals as the serial merge would over the same
// layer.
// Phase C (one task per chunk of the next layer, in that layer's phase A,
// or one per shard when the next layer is not expanded on the threads): the
// shards' entries are copied, shard after shard, into the next layer. (A
// chunk copies its own positions just before it expands them: one call of
// the threads fewer per layer, and the positions are in cache when read.)
// So the next layer holds exactly the positions, scores and moves of the
// serial loop, in an order that depends on the shards only (not on the
// threads or the chunk size).
//
// Each phase is one core::for_each_task; a task never waits for another.
// Only the solve's thread touches the memory budget: everything a phase
// writes is sized and counted before the phase starts.
struct PendingChild {
  PositionKey key;
  long long score;
  std::uint32_t parent;  // index in the layer expanded
  std::uint8_t from, to;
  std::uint8_t shard;
};

// The sizes the memory bound of search.hpp is stated in.
static_assert(sizeof(PendingChild) == 24 && sizeof(LayerEntry) == 24);

inline constexpr int kShardBits = 6;
inline constexpr std::size_t kShards = std::size_t{1} << kShardBits;
// Not LayerIndex's multiplier: the index picks its slot from the top bits of
// key * 2^64/phi, and a shard taken from the same bits would crowd each
// shard's keys into one part of its index.
inline constexpr std::uint64_t kShardMultiplier = 0xD6E8FEB86659FD93ull;

inline std::uint8_t shard_of(PositionKey key) {
  return static_cast<std::uint8_t>((key * kShardMultiplier) >> (64 - kShardBits));
}

// The capacity a buffer of the parallel layers grows to when it must hold
// `needed` elements and has room for `capacity` < needed: at least half as
// much again. Layers grow for many turns in a row, and a buffer grown to the
// exact size each time was made again (and every page faulted in again) on
// nearly every layer; growing by half bounds the blocks made by a logarithm
// of the growth, for at most half as much again counted.
inline std::size_t grown_capacity(std::size_t capacity, std::size_t needed) {
  return std::max(needed, capacity + capacity / 2);
}

// Makes `storage` hold `size` elements whose values do not matter (they are
// all written before they are read): a block too small is freed before the
// new one is made (grown_capacity), so nothing is copied (and no page of the
// old block is touched again).
// The block is freed by move-assigning an empty vector. `storage = {}` would
// not free it: it picks operator=(initializer_list), an assign that keeps
// the capacity, so the old block was released here and again by
// reserve_counted, and the budget's held count wrapped below zero (every
// later allocation then passed any --max-memory: issue #17, "memory limit"
// at 2 threads on 40 dice).
template <class T, class A>
void resize_discarding(std::vector<T, A>& storage, std::size_t size, core::MemoryBudget& budget) {
  if (size > storage.capacity()) {
    const std::size_t capacity = grown_capacity(storage.capacity(), size);
    budget.release(bytes_of(storage));
    storage = std::vector<T, A>();
    reserve_counted(storage, capacity, budget);
  }
  storage.resize(size);
}

// The storage of the parallel layers, kept from layer to layer and counted
// on the budget until it is destroyed.
class ParallelLayers {
 public:
  // Counts the shards' first (smallest) indexes on `budget` before they are
  // made.
  ParallelLayers(std::size_t threads, std::size_t chunk_positions, int pieces, core::MemoryBudget& budget)
      : threads_(threads),
        chunk_positions_(std::max<std::size_t>(1, chunk_positions)),
        pieces_(pieces),
        budget_((budget.allocate(kShards * kFirstSlots * sizeof(std::uint64_t)), &budget)) {}
  ParallelLayers(const ParallelLayers&) = delete;
  ParallelLayers& operator=(const ParallelLayers&) = delete;
  // Gives the storage's bytes back to the budget.
  ~ParallelLayers() {
    for (const ChildBuffer& region : children_) budget_->release(bytes_of(region));
    budget_->release(bytes_of(children_) + bytes_of(shard_begin_) + bytes_of(chunk_best_));
    for (const ChildBuffer& made : made_) budget_->release(bytes_of(made));
    for (std::size_t s = 0; s < kShards; ++s)
      budget_->release(bytes_of(shards_[s].entries) + shards_[s].slots * sizeof(std::uint64_t));
  }

  // Expands `current` (layer `turn`) into `next` (empty), on the threads
  // (see above). Offers the finished games of `current` to `best`. `next`
  // is sized but its positions stay in the shards until the next expand
  // (with next as current) or fill_next() copies them.
  template <int kPieces>
  void expand(const LayerContext& context, Layer& current, std::size_t turn, LayerCounter& counter, BestEnd& best,
              Layer& next);

  // Copies the positions of the last layer made into it (phase C on its
  // own), if they are not there yet: before that layer is read other than
  // by expand.
  void fill_next() {
    if (unfilled_ == nullptr) return;
    Layer& layer = *unfilled_;
    core::for_each_task(threads_, kShards, [&](std::size_t s) {
      const Layer& entries = shards_[s].entries;
      std::copy(entries.begin(), entries.end(), layer.begin() + static_cast<std::ptrdiff_t>(unfilled_offset_[s]));
    });
    unfilled_ = nullptr;
  }

  // Adds what this run's layers on threads needed to `footprint`
  // (ParallelFootprint, search.hpp).
  void report(ParallelFootprint& footprint) const {
    footprint.widest_layer = std::max(footprint.widest_layer, widest_layer_);
    std::size_t shard_children = 0;
    for (std::size_t s = 0; s < kShards; ++s) shard_children += shards_[s].most_children;
    footprint.shard_children = std::max(footprint.shard_children, shard_children);
  }

 private:
  using ChildBuffer = std::vector<PendingChild, UnwrittenAllocator<PendingChild>>;
  static constexpr std::size_t kFirstSlots = LayerIndex::capacity_for(0);
  std::size_t threads_;
  std::size_t chunk_positions_;
  int pieces_;
  core::MemoryBudget* budget_;
  // Per chunk c: its region, chunk_positions x pieces children (a block per
  // chunk, kept from layer to layer: a wider layer adds blocks and never
  // makes the old ones again, so their pages are faulted in once).
  std::vector<ChildBuffer> children_;
  std::vector<std::uint32_t> shard_begin_;  // [c * (kShards + 1) + s]: shard s's children in the region
  std::vector<BestEnd> chunk_best_;         // per chunk: its best finished game
  std::vector<ChildBuffer> made_;           // per thread: one chunk's children as made
  // One shard of the merge: its entries and index (the index's slots are
  // counted on the solve's budget by expand, hence its own unlimited one).
  struct Shard {
    core::MemoryBudget counted_by_the_solve{0};
    LayerIndex index{counted_by_the_solve};
    std::size_t slots = kFirstSlots;  // the index's capacity, as counted on the solve's budget
    std::size_t most_children = 0;    // the most children of one layer so far (the index is sized for it)
    Layer entries;
  };
  std::unique_ptr<Shard[]> shards_ = std::make_unique<Shard[]>(kShards);
  std::size_t widest_layer_ = 0;  // the most positions of a layer expanded
  // The last layer made while its positions are still in the shards only
  // (shard s's go to [unfilled_offset_[s], unfilled_offset_[s + 1])).
  Layer* unfilled_ = nullptr;
  std::array<std::size_t, kShards + 1> unfilled_offset_{};

  // Phase A of expand: the chunks of `current` expanded on the threads
  // (the layer before copied into them first when fill_current), their
  // children grouped by shard; the chunks' finished games offered to `best`.
  template <int kPieces>
  void make_children(const LayerContext& context, Layer& current, std::size_t turn, LayerCounter& counter,
                     BestEnd& best, std::size_t chunks, bool fill_current);
  // Phase B of expand: the children of the `chunks` chunks merged into the
  // shards' entries and indexes, one task per shard.
  void merge_shards(std::size_t chunks);
};
static_assert((kShards + 1) * sizeof(std::uint32_t) + sizeof(BestEnd) + sizeof(std::vector<PendingChild>) == 308);

}  // namespace boardsearch::yut::known_dice
