#pragma once
// The searches' hash tables over pairs of resting cells (slide.hpp, PairKey):
// PairSet, the visited set of breadth-first where the dense bits do not fit
// (and of the beams); PairTable, A*'s closed set with the tilts and parent
// of every pair. Both are open addressing with linear probing, capacity a
// power of two, load at most 3/4, and count their slots on the solve's
// budget (memory.hpp).

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "boardsearch/core/grid.hpp"
#include "boardsearch/core/limits.hpp"
#include "games/marble/memory.hpp"
#include "games/marble/slide.hpp"

namespace boardsearch::marble::detail {

// Fibonacci hashing: the top bits of key * 2^64/phi depend on every bit of
// the key, so they pick the slot (shift = 64 - log2(capacity)).
inline constexpr std::uint64_t kFibonacci = 0x9E3779B97F4A7C15ull;
inline constexpr std::size_t kMinSlots = 1024;

// Breadth-first's visited set: 8-byte pair keys (8 to 21 bytes per pair).
// Key 0 (never a pair) marks an empty slot.
class PairSet {
 public:
  explicit PairSet(core::SharedMemoryBudget& budget) : budget_(budget) { budget_.count(bytes()); }
  // Gives its slots back to the budget: a set released mid-search (the late
  // beam's, up to 16 M slots) must leave that room to the search it ran
  // beside, and the peak must not count it after.
  ~PairSet() { budget_.release(bytes()); }
  PairSet(const PairSet&) = delete;
  PairSet& operator=(const PairSet&) = delete;

  // Inserts `key` (pair bits only); true if it was not there.
  bool insert(PairKey key) {
    if (4 * (size_ + 1) > 3 * slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = slot_of(key);; at = (at + 1) & mask) {
      if (slots_[at] == key) return false;
      if (slots_[at] == kEmpty) {
        slots_[at] = key;
        ++size_;
        return true;
      }
    }
  }
  std::size_t size() const { return size_; }

 private:
  static constexpr PairKey kEmpty = 0;

  std::size_t bytes() const { return slots_.size() * sizeof(PairKey); }
  std::size_t slot_of(PairKey key) const { return static_cast<std::size_t>((key * kFibonacci) >> shift_); }

  // Doubles the slots: the new ones counted and checked in one step (the
  // late beam grows its set while breadth-first's threads grow theirs), the
  // old ones given back once moved.
  void grow();

  core::SharedMemoryBudget& budget_;
  using Slots = std::vector<PairKey, HugePageAllocator<PairKey>>;
  Slots slots_ = Slots(kMinSlots, kEmpty);
  int shift_ = 64 - std::countr_zero(kMinSlots);
  std::size_t size_ = 0;
};

// A*'s table: one 16-byte slot per stored pair (21 to 43 bytes a pair). A
// slot holds the pair's word (slide.hpp: the pair, the tilt that reached it,
// its fewest tilts so far) and the pair of its parent:
//
//   word    bit 63        42 41 40 39                0
//              +-----------+-----+-------------------+
//              |   tilts   | dir |  red  |   blue    |     0: empty slot
//              +-----------+-----+-------------------+
//   parent  the parent's pair bits (unused for the start, tilts 0)
//
// Keeping the pair, the tilts and the parent in the slot itself means that
// offering a child reads one cache line, where an index of record numbers
// beside arrays of records read two, at random (perf: those two misses were
// most of the search's time). The line is rebuilt by looking the parents up.
class PairTable {
 public:
  struct Slot {
    PairKey word = 0;
    PairKey parent = 0;
  };
  enum class Offered { added, improved, kept };

  explicit PairTable(core::SharedMemoryBudget& budget) : budget_(budget) { budget_.count(bytes()); }
  ~PairTable() { budget_.release(bytes()); }
  PairTable(const PairTable&) = delete;
  PairTable& operator=(const PairTable&) = delete;

  // Asks the memory system for the line of `pair`'s home slot, ahead of an
  // offer or lookup (a hint: it changes nothing).
  void prefetch(PairKey pair) const { __builtin_prefetch(&slots_[home(pair)]); }

  // Stores `pair` reached from `parent` by `direction` after `tilts` tilts:
  // added if it was not stored, improved if it was with more tilts (then
  // its parent, tilt and tilts are replaced), kept otherwise (unchanged).
  Offered offer(PairKey pair, PairKey parent, Direction direction, std::uint32_t tilts) {
    if (4 * (size_ + 1) > 3 * slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = home(pair);; at = (at + 1) & mask) {
      Slot& slot = slots_[at];
      if (slot.word == 0) {
        slot = {word(pair, direction, tilts), parent};
        ++size_;
        return Offered::added;
      }
      if ((slot.word & kPairMask) != pair) continue;
      if (tilts >= tilts_of(slot.word)) return Offered::kept;
      slot = {word(pair, direction, tilts), parent};
      return Offered::improved;
    }
  }

  // The slot of `pair`, which must be stored.
  const Slot& find(PairKey pair) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t at = home(pair);
    while ((slots_[at].word & kPairMask) != pair) at = (at + 1) & mask;
    return slots_[at];
  }

  std::size_t size() const { return size_; }

  static PairKey word(PairKey pair, Direction direction, std::uint32_t tilts) {
    return pair | (PairKey{static_cast<std::uint8_t>(direction)} << kDirShift) | (PairKey{tilts} << kTiltsShift);
  }
  static std::uint32_t tilts_of(PairKey word) { return static_cast<std::uint32_t>(word >> kTiltsShift); }
  static Direction arrival_of(PairKey word) { return static_cast<Direction>((word >> kDirShift) & 3); }

 private:
  std::size_t bytes() const { return slots_.size() * sizeof(Slot); }
  std::size_t home(PairKey pair) const { return static_cast<std::size_t>((pair * kFibonacci) >> shift_); }

  // Doubles the slots: the new ones checked first (the old ones are still
  // held while they move), then held in place of the old.
  void grow();

  using Slots = std::vector<Slot, HugePageAllocator<Slot>>;
  core::SharedMemoryBudget& budget_;
  Slots slots_ = Slots(kMinSlots);
  int shift_ = 64 - std::countr_zero(kMinSlots);
  std::size_t size_ = 0;
};

// The line to `pair` (stored in `table`), from the parent links.
std::vector<Direction> rebuild_from_parents(const PairTable& table, PairKey pair);

}  // namespace boardsearch::marble::detail
