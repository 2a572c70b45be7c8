#pragma once
// Breadth-first's layers: every pair it stored, with the tilt that reached
// it, layer after layer in one record array, and its visited set (the dense
// bits over the rest cells, or the hash table).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "boardsearch/core/grid.hpp"
#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/unwritten_allocator.hpp"
#include "games/marble/context.hpp"
#include "games/marble/dense_set.hpp"
#include "games/marble/memory.hpp"
#include "games/marble/rest_cells.hpp"
#include "games/marble/slide.hpp"
#include "games/marble/table.hpp"

namespace boardsearch::marble::detail {

// The record chunks' allocator: HugePageAllocator's blocks (a whole chunk,
// 2 MiB, is one huge page: one fault instead of 512 when the join first
// writes it), and new elements left unwritten (resize() does not zero them):
// RecordChunks::grow_by's slots are all written by the join right after, and
// zeroing them cost a pass over every record.
template <class T>
using RecordAllocator = core::UnwrittenAllocator<T, HugePageAllocator>;

// Breadth-first's records, pair and arrival tilt in one word each, in chunks
// of kChunkEntries words: the first grows by doubling (small searches stay
// small), later ones are made whole, so that growing never copies what is
// stored nor holds it twice (a doubling vector of 80 million words would
// hold 1.5 GB while it moves).
class RecordChunks {
 public:
  static constexpr std::size_t kChunkEntries = std::size_t{1} << 18;  // 2 MiB

  explicit RecordChunks(core::SharedMemoryBudget& budget) : budget_(budget) {}

  void push(PairKey record) {
    if (!chunks_.empty() && chunks_.back().size() < chunks_.back().capacity()) {
      chunks_.back().push_back(record);  // the common case: room in the last chunk
      return;
    }
    if (chunks_.empty() || chunks_.back().size() == kChunkEntries) {
      chunks_.emplace_back();
      if (chunks_.size() > 1) {
        budget_.check(kChunkEntries * sizeof(PairKey));
        chunks_.back().reserve(kChunkEntries);
        budget_.count(kChunkEntries * sizeof(PairKey));
      }
    }
    push_within(chunks_.back(), record, budget_);
  }
  // Appends `count` records, not initialized: each is to be written by set().
  void grow_by(std::size_t count) {
    while (count > 0) {
      auto* last = chunks_.empty() ? nullptr : &chunks_.back();
      if (last == nullptr || last->size() == last->capacity()) {
        push(0);  // a new chunk, or the first one doubled
        --count;
        continue;
      }
      const std::size_t room = std::min(count, last->capacity() - last->size());
      last->resize(last->size() + room);  // within the capacity: nothing moves
      count -= room;
    }
  }
  void set(std::size_t i, PairKey record) { chunks_[i / kChunkEntries][i % kChunkEntries] = record; }
  PairKey operator[](std::size_t i) const { return chunks_[i / kChunkEntries][i % kChunkEntries]; }
  std::size_t size() const {
    return chunks_.empty() ? 0 : (chunks_.size() - 1) * kChunkEntries + chunks_.back().size();
  }

 private:
  core::SharedMemoryBudget& budget_;
  std::vector<std::vector<PairKey, RecordAllocator<PairKey>>> chunks_;
};

// The records of the layer being built that one thread found (a cache line
// of its own: each thread appends to its own at every new pair).
struct alignas(64) ThreadRecords {
  std::vector<PairKey> records;
};

// Pairs ahead whose children's bits the expansion loops fetch: the bitmap of
// a 300 x 300 board is hundreds of MB, so almost every child's test is a
// miss to memory; fetched this far ahead, the misses of several pairs
// overlap instead of following one another.
inline constexpr std::size_t kPrefetchAhead = 8;

// The layers in one record array (layer k is order[layer_start[k] ..
// layer_start[k + 1])), each entry a pair and the tilt that reached it. The
// visited set is the dense one when `rest` is given, else the hash table.
//
// With the dense set, a layer is built in per-thread buffers (one when the
// layer is expanded on one thread) and joined into the array when it is
// closed, grouped by the red marble's rest index (a counting sort, stable)
// once it has kSortFrom pairs: the children of pairs with one red cell r by
// a tilt d have red cell stop(d, r) but in the rare case of a shared run, so
// they land in one row of the bitmap (red index major) instead of at random,
// and red cells of one row run share their left and right stops.
class Layers {
 public:
  static constexpr std::size_t kSortFrom = 4096;

  Layers(core::SharedMemoryBudget& budget, const RestCells* rest, std::size_t threads)
      : budget_(budget), rest_(rest), hashed_(budget), order_(budget), next_(std::max<std::size_t>(threads, 1)) {
    if (rest != nullptr) dense_.emplace(*rest, budget);
  }
  ~Layers() {
    for (ThreadRecords& buffer : next_) release_within(buffer.records, budget_);
    release_within(red_starts_, budget_);
    release_within(thread_starts_, budget_);
  }
  Layers(const Layers&) = delete;
  Layers& operator=(const Layers&) = delete;

  // Adds `pair`, reached by `direction`, to the layer being built unless it
  // was visited (one thread).
  void offer(PairKey pair, Direction direction) {
    if (dense_) {
      if (dense_->insert(pair)) push_within(next_[0].records, record(pair, direction), budget_);
    } else if (hashed_.insert(pair)) {
      order_.push(record(pair, direction));
    }
  }
  // offer() from thread `thread` of a parallel layer (dense set only; each
  // thread its own index): the thread whose insert set the bit keeps it.
  void offer_shared(std::size_t thread, PairKey pair, Direction direction) {
    if (dense_->insert<true>(pair)) push_within(next_[thread].records, record(pair, direction), budget_);
  }
  // Closes the layer being built (joining the threads' buffers, on the
  // threads when `parallel`); false if it is empty. Called by one thread,
  // after the layer's threads have returned.
  bool close_layer(bool parallel = false) {
    if (dense_) join_next(parallel);
    layer_start_.push_back(order_.size());
    return layer_start_[layer_start_.size() - 2] != order_.size();
  }
  bool dense() const { return dense_.has_value(); }
  // Fetches ahead the visited bits of the pair's children (dense set only).
  void prefetch_children(const Context& context, PairKey pair) const {
#pragma GCC unroll 4
    for (const Direction direction : core::kDirections) {
      const Tilted tilted = context.tilt(pair, direction);
      if (tilted.verdict == Verdict::playing) dense_->prefetch(tilted.pair);
    }
  }
  std::size_t layer_begin(std::size_t depth) const { return layer_start_[depth]; }
  std::size_t layer_end(std::size_t depth) const { return layer_start_[depth + 1]; }
  PairKey pair(std::size_t i) const { return order_[i] & kPairMask; }
  Direction arrival(std::size_t i) const { return static_cast<Direction>((order_[i] >> kDirShift) & 3); }
  // Pairs stored: each pair the visited set took has one record.
  std::size_t states() const {
    if (!dense_) return hashed_.size();
    std::size_t states = order_.size();
    for (const ThreadRecords& buffer : next_) states += buffer.records.size();
    return states;
  }

 private:
  static PairKey record(PairKey pair, Direction direction) {
    return pair | (PairKey{static_cast<std::uint8_t>(direction)} << kDirShift);
  }
  // The counting sort's key: the red rest index, red_count() for a pair
  // outside the rest cells (never reached: rest_cells.cpp).
  std::size_t bucket_of(PairKey record) const {
    return std::min<std::size_t>(rest_->red_index(red_of(record)), rest_->red_count());
  }

  // Appends the buffers to the array, grouped by red when there are enough
  // (on the threads when `parallel`: join_in_parallel).
  void join_next(bool parallel);
  // join_next's counting sort with each buffer counted and placed by a task
  // of its own, in the same order as on one thread.
  void join_in_parallel(std::size_t base, std::size_t buckets);

  core::SharedMemoryBudget& budget_;
  const RestCells* rest_;
  PairSet hashed_;
  std::optional<DensePairSet<Numbering::tilt_pairs>> dense_;
  RecordChunks order_;
  std::vector<std::size_t> layer_start_{0};
  std::vector<ThreadRecords> next_;           // the layer being built, per thread (dense set only)
  std::vector<std::uint32_t> red_starts_;     // the counting sort's group starts
  std::vector<std::uint32_t> thread_starts_;  // join_in_parallel's, buffer major (buffers x buckets)
};

// The line to entry `last` of layer `depth`, walked back layer by layer: the
// parent of a pair reached by tilt d is the first pair of the layer before
// whose tilt d gives it (the pair that first reached it is one, so there is
// always one; the order within a layer does not matter). One tilt per pair
// scanned: at most one more pass over the states, and only on success.
std::vector<Direction> rebuild_from_layers(const Context& context, const Layers& layers, std::size_t last,
                                           std::size_t depth);

}  // namespace boardsearch::marble::detail
