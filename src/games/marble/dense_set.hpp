#pragma once
// The dense visited set: one bit per pair of rest cells (rest_cells.hpp), for
// breadth-first and the late beam where it fits, and for A*'s closed set on
// boards up to about 109 x 109.

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/marble/rest_cells.hpp"
#include "games/marble/slide.hpp"
#include "games/marble/table.hpp"

namespace boardsearch::marble::detail {

// How a dense set numbers its pairs (RestCells): every pair of rest cells
// (A*'s closed bits, a few MB at most) or only the pairs a tilt can leave
// (breadth-first's visited set: after a tilt both marbles rest against a
// wall towards the same side, or one against the other; 6.4 times fewer
// bits on 300 x 300 boards with 15 % walls).
enum class Numbering { rest_pairs, tilt_pairs };

// One bit per pair numbered by RestCells,
//
//   bit  RestCells::tilt_pair_number(red, blue)   (or rest_pair_number)
//
// of one flat array, so that a visit is one bit test, with no probing, in an
// array 8 to 20 times smaller than the hash table's slots once a few percent
// of the possible pairs are reached. The array is reserved as address space
// (kDenseMaxBits at most) and the system gives it zeroed pages where they
// are first written; the budget counts it by blocks of kBlockBytes as the
// search first writes into each (a block is also a huge page when the
// system gives them).
template <Numbering kNumbering>
class DensePairSet {
 public:
  static constexpr std::uint64_t kDenseMaxBits = std::uint64_t{1} << 32;  // 512 MiB of address space
  static constexpr std::size_t kBlockBytes = std::size_t{2} << 20;

  // Whether the dense set of `rest` fits kDenseMaxBits.
  static bool fits(const RestCells& rest) { return count(rest) <= kDenseMaxBits; }

  // Reserves the array (fits(rest) must hold); throws
  // SearchAborted{memory_limit} if the system refuses the address space.
  DensePairSet(const RestCells& rest, core::SharedMemoryBudget& budget)
      : rest_(rest), budget_(budget), fallback_(budget) {
    const std::uint64_t bits = count(rest);
    bytes_ = static_cast<std::size_t>((bits + 63) / 64 * 8);
    bytes_ = std::max(kBlockBytes, (bytes_ + kBlockBytes - 1) / kBlockBytes * kBlockBytes);
    // Not aligned to 2 MiB (core::map_huge_pages would align it), on
    // purpose: a small solve's few hundred pairs would then fill one whole
    // huge page, which the host may have to back afresh (measured on
    // 100 x 100 boards, cold). Unaligned, only the aligned 2 MiB ranges
    // inside the array can be huge pages, and a small solve's first blocks
    // are 4 KiB pages.
    void* block = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (block == MAP_FAILED) throw core::SearchAborted{core::Outcome::memory_limit};
    madvise(block, bytes_, MADV_HUGEPAGE);
    words_ = static_cast<std::uint64_t*>(block);
    touched_.assign(bytes_ / kBlockBytes, 0);
    budget_.count(touched_.size());
  }
  ~DensePairSet() {
    munmap(words_, bytes_);
    budget_.release(touched_.size() + held_blocks_ * kBlockBytes);
  }
  DensePairSet(const DensePairSet&) = delete;
  DensePairSet& operator=(const DensePairSet&) = delete;

  // Inserts `key` (pair bits only); true if it was not there. A pair
  // without a number (the start pair may be one; no other is reached:
  // rest_cells.cpp proves it) goes to a small hash set instead.
  //
  // kShared: several threads insert at once (a parallel layer). The bit is
  // set by an atomic fetch_or, so of the threads offering one pair exactly
  // one sees the bit flip from 0 and gets true: each pair enters the next
  // layer once. Relaxed order is enough: the bit means only "claimed", and
  // the layer built from the claims is read after the threads are joined.
  // A block's first write and the fallback set go through a lock.
  template <bool kShared = false>
  bool insert(PairKey key) {
    const std::uint64_t bit = number(key);
    if (bit == RestCells::kNoNumber) [[unlikely]] {
      if constexpr (kShared) {
        const std::lock_guard lock(mutex_);
        return fallback_.insert(key);
      }
      return fallback_.insert(key);
    }
    const std::size_t word = static_cast<std::size_t>(bit / 64);
    const std::uint64_t mask = std::uint64_t{1} << (bit % 64);
    const std::size_t block = word * 8 / kBlockBytes;
    if constexpr (kShared) {
      std::atomic_ref<std::uint64_t> shared_word(words_[word]);
      if ((shared_word.load(std::memory_order_relaxed) & mask) != 0) return false;
      if (std::atomic_ref<std::uint8_t>(touched_[block]).load(std::memory_order_relaxed) == 0) claim_shared(block);
      return (shared_word.fetch_or(mask, std::memory_order_relaxed) & mask) == 0;
    } else {
      if ((words_[word] & mask) != 0) return false;
      if (touched_[block] == 0) claim(block);
      words_[word] |= mask;
      return true;
    }
  }

  // Whether `key` was inserted (false for a pair without a number, which
  // insert() keeps in the fallback set: the caller then inserts it).
  bool contains(PairKey key) const {
    const std::uint64_t bit = number(key);
    if (bit == RestCells::kNoNumber) return false;
    return (words_[bit / 64] >> (bit % 64) & 1) != 0;
  }
  // Asks the memory system for the word of `key`'s bit, ahead of an insert
  // (a hint: it changes nothing).
  void prefetch(PairKey key) const {
    const std::uint64_t bit = number(key);
    if (bit == RestCells::kNoNumber) return;
    __builtin_prefetch(&words_[bit / 64]);
  }

 private:
  static std::uint64_t count(const RestCells& rest) {
    return kNumbering == Numbering::tilt_pairs ? rest.tilt_pair_count() : rest.rest_pair_count();
  }
  std::uint64_t number(PairKey key) const {
    if constexpr (kNumbering == Numbering::tilt_pairs)
      return rest_.tilt_pair_number(red_of(key), blue_of(key));
    else
      return rest_.rest_pair_number(red_of(key), blue_of(key));
  }

  // Counts block `block` (not counted yet) against the budget: checked and
  // counted in one step (allocate), since the late beam's set claims its
  // blocks while breadth-first's threads grow their buffers.
  void claim(std::size_t block) {
    budget_.allocate(kBlockBytes);
    touched_[block] = 1;
    ++held_blocks_;
  }
  // claim() when several threads insert: the first to take the lock counts it.
  void claim_shared(std::size_t block) {
    const std::lock_guard lock(mutex_);
    std::atomic_ref<std::uint8_t> touched(touched_[block]);
    if (touched.load(std::memory_order_relaxed) != 0) return;
    budget_.allocate(kBlockBytes);
    touched.store(1, std::memory_order_relaxed);
    ++held_blocks_;
  }

  const RestCells& rest_;
  core::SharedMemoryBudget& budget_;
  PairSet fallback_;
  std::uint64_t* words_ = nullptr;
  std::size_t bytes_ = 0;
  std::vector<std::uint8_t> touched_;  // per block: written to (and counted) yet
  std::size_t held_blocks_ = 0;
  std::mutex mutex_;  // kShared inserts: a block's first write, the fallback set
};

}  // namespace boardsearch::marble::detail
