#pragma once
// The known-dice search's tables (search.cpp): the entries of a layer
// (the positions after one turn, each with its best score and how it was
// reached), the hash index that merges a layer's children, and the memory
// budget's accounting of both.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/unwritten_allocator.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut::known_dice {

// One position of one layer: its key, the best score that reaches it, and how
// (the position of the previous layer and the squares of the move).
// (No default member values: the entries of a layer built on threads are
// left unwritten by the allocation and written once, by the threads; see
// UnwrittenAllocator.)
struct LayerEntry {
  PositionKey key;
  long long score;
  std::uint32_t parent;  // index in the previous layer
  std::uint8_t from;
  std::uint8_t to;
};

// The layers' allocator leaves new elements unwritten (resize() does not
// zero them): a layer built on threads is sized on the solve's thread and
// then filled by the threads, so its pages are first touched (and faulted
// in) by the threads that fill them, not all by one thread before they
// start.
template <class T>
using UnwrittenAllocator = core::UnwrittenAllocator<T>;

// The positions of one layer.
using Layer = std::vector<LayerEntry, UnwrittenAllocator<LayerEntry>>;

// The layers and their index are counted on a core::MemoryBudget (the
// solve's SearchLimits::max_memory_bytes) before every allocation that grows
// them. How many positions a layer keeps is not known in advance (it depends
// on how many sequences meet on one position), so the check is made as they
// grow: a solve that would pass the budget stops with Outcome::memory_limit
// instead of allocating.
template <class T, class A>
std::uint64_t bytes_of(const std::vector<T, A>& storage) {
  return storage.capacity() * sizeof(T);
}

// Makes room for `capacity` elements in `storage`, counting the new block
// on `budget` before allocating it and releasing the old one after.
template <class T, class A>
void reserve_counted(std::vector<T, A>& storage, std::size_t capacity, core::MemoryBudget& budget) {
  if (capacity <= storage.capacity()) return;
  const std::uint64_t old_bytes = bytes_of(storage);
  budget.allocate(capacity * sizeof(T));
  storage.reserve(capacity);
  budget.release(old_bytes);
}

// Makes `storage` hold `size` elements, counting any new block on `budget`
// first (reserve_counted); shrinking keeps the block.
template <class T, class A>
void resize_counted(std::vector<T, A>& storage, std::size_t size, core::MemoryBudget& budget) {
  reserve_counted(storage, size, budget);
  storage.resize(size);
}

// Open-addressing hash index from key to entry index in the layer being built.
// Linear probing, capacity a power of two, load kept at or below one half.
// A slot is 8 bytes, so that the table of a 200,000-position layer fits in a
// few MB of cache:
//
//   bit 63          32 31           0
//      +--------------+--------------+
//      |  tag (hash)  |  entry index |     empty slot: index = kEmptyIndex
//      +--------------+--------------+
//
// The tag (low 32 bits of the hash) filters probes; a tag match is confirmed
// against the full key stored in the layer entry.
class LayerIndex {
 public:
  static constexpr std::uint32_t kNotFound = ~std::uint32_t{0};

  // Its slots are counted on `budget`, which must outlive the index.
  explicit LayerIndex(core::MemoryBudget& budget) : budget_(&budget) { resize(kMinCapacity); }
  LayerIndex(const LayerIndex&) = delete;
  LayerIndex& operator=(const LayerIndex&) = delete;
  ~LayerIndex() { budget_->release(bytes_of(slots_)); }

  // The slots of an index made for `expected` keys (load at most one half).
  static constexpr std::size_t capacity_for(std::size_t expected) {
    std::size_t capacity = kMinCapacity;
    while (capacity < 2 * expected) capacity *= 2;
    return capacity;
  }

  // Empties the index and makes room for about `expected` keys.
  void reset(std::size_t expected) {
    const std::size_t capacity = capacity_for(expected);
    if (slots_.size() != capacity)
      resize(capacity);
    else
      std::fill(slots_.begin(), slots_.end(), kEmptySlot);
    use_first(capacity);
  }

  // Empties the index for about `expected` keys within a block of `block`
  // slots (made if the index has fewer; precondition: block is a power of
  // two >= capacity_for(expected)). Only the first capacity_for(expected)
  // slots are used, and only they are cleared: a shard's index keeps the
  // block of its widest layer, and a narrower layer clears what it needs.
  void reset_within(std::size_t expected, std::size_t block) {
    const std::size_t capacity = capacity_for(expected);
    if (slots_.size() < block)
      resize(block);
    else
      std::fill_n(slots_.begin(), capacity, kEmptySlot);
    use_first(capacity);
  }

  // Frees the slots (released on the index's budget). The index must be
  // reset before it is used again.
  void free_slots() {
    budget_->release(bytes_of(slots_));
    slots_ = std::vector<std::uint64_t>();
    capacity_ = 0;
    size_ = 0;
  }

  // Starts loading the slot where a probe for `key` begins.
  void prefetch(PositionKey key) const { __builtin_prefetch(&slots_[(key * kFibonacci) >> shift_]); }

  // The entry of `entries` holding `key`; if none, records that `key` will be
  // stored at entries[index_if_new] and returns kNotFound.
  std::uint32_t find_or_insert(PositionKey key, std::uint32_t index_if_new, const Layer& entries) {
    if (2 * (size_ + 1) > capacity_) grow(entries);
    const std::uint64_t hashed = key * kFibonacci;
    const auto tag = static_cast<std::uint32_t>(hashed);
    const std::size_t mask = capacity_ - 1;
    for (std::size_t at = hashed >> shift_;; at = (at + 1) & mask) {
      const std::uint64_t slot = slots_[at];
      const auto index = static_cast<std::uint32_t>(slot);
      if (index == kEmptyIndex) {
        slots_[at] = (std::uint64_t{tag} << 32) | index_if_new;
        ++size_;
        return kNotFound;
      }
      if (static_cast<std::uint32_t>(slot >> 32) == tag && entries[index].key == key) return index;
    }
  }

 private:
  static constexpr std::size_t kMinCapacity = 64;
  static constexpr std::uint32_t kEmptyIndex = ~std::uint32_t{0};
  static constexpr std::uint64_t kEmptySlot = kEmptyIndex;
  // Fibonacci hashing: the top bits of key * 2^64/phi depend on every bit of
  // the key, so they pick the slot (shift_ = 64 - log2(capacity)).
  static constexpr std::uint64_t kFibonacci = 0x9E3779B97F4A7C15ull;

  // Replaces the slots by `capacity` empty ones (counted on the budget), all
  // in use.
  void resize(std::size_t capacity) {
    budget_->allocate(capacity * sizeof(std::uint64_t));
    budget_->release(bytes_of(slots_));
    slots_ = std::vector<std::uint64_t>(capacity, kEmptySlot);
    use_first(capacity);
  }

  // Probes use the first `capacity` slots (a power of two), none filled.
  void use_first(std::size_t capacity) {
    capacity_ = capacity;
    shift_ = 64 - std::countr_zero(capacity);
    size_ = 0;
  }

  void grow(const Layer& entries) {
    const std::size_t old_capacity = capacity_;
    budget_->allocate(2 * old_capacity * sizeof(std::uint64_t));
    const std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(2 * old_capacity, kEmptySlot);
    budget_->release(bytes_of(old));
    use_first(2 * old_capacity);
    for (std::size_t at = 0; at < old_capacity; ++at) {
      const auto index = static_cast<std::uint32_t>(old[at]);
      if (index != kEmptyIndex) find_or_insert(entries[index].key, index, entries);
    }
  }

  core::MemoryBudget* budget_;
  std::vector<std::uint64_t> slots_;
  std::size_t capacity_ = 0;  // the slots in use: the first capacity_ of slots_
  int shift_ = 0;
  std::size_t size_ = 0;
};

}  // namespace boardsearch::yut::known_dice
