#pragma once
// The solve's memory budget and the vectors the searches grow through it.
//
// Every growth is checked first against the budget, counting the old and the
// new storage that both live while a vector or table moves; past it the
// search stops with Outcome::memory_limit. The budget is a
// core::SharedMemoryBudget: the parallel breadth-first layers grow their
// buffers and the dense set's blocks through it from several threads, and the
// late beam grows its own storage beside them. What the threads grow goes
// through allocate() (the check and the count in one step), so that two
// threads growing at once cannot both pass the check.

#include <algorithm>
#include <cstddef>
#include <vector>

#include "boardsearch/core/huge_pages.hpp"
#include "boardsearch/core/limits.hpp"

namespace boardsearch::marble::detail {

// Doubles the capacity of `items` (full) through the budget. Out of line, so
// that push_within's common case inlines into the search loops.
template <class T, class Allocator>
[[gnu::noinline]] void grow_within(std::vector<T, Allocator>& items, core::SharedMemoryBudget& budget) {
  constexpr std::size_t kMinCapacity = 1024 / sizeof(T);
  const std::size_t old_capacity = items.capacity();
  const std::size_t capacity = std::max(kMinCapacity, 2 * old_capacity);
  budget.allocate(capacity * sizeof(T));  // the old storage is still held while it moves
  items.reserve(capacity);
  budget.release(old_capacity * sizeof(T));
  budget.count((items.capacity() - capacity) * sizeof(T));  // anything beyond what was asked
}

// Appends to `items`, growing it by doubling through the budget.
template <class T, class Allocator>
inline void push_within(std::vector<T, Allocator>& items, T item, core::SharedMemoryBudget& budget) {
  if (items.size() == items.capacity()) grow_within(items, budget);
  items.push_back(item);
}

// Resizes `items` to `size` elements when it has fewer, through the budget
// (the new storage checked and counted before it is made, the old given back
// once moved).
template <class T>
void resize_within(std::vector<T>& items, std::size_t size, core::SharedMemoryBudget& budget) {
  if (items.size() >= size) return;
  const std::size_t old_capacity = items.capacity();
  if (size > old_capacity) {
    budget.allocate(size * sizeof(T));
    items.reserve(size);
    budget.release(old_capacity * sizeof(T));
    budget.count((items.capacity() - size) * sizeof(T));
  }
  items.resize(size);
}

// Releases the storage of `items` and tells the budget.
template <class T>
void release_within(std::vector<T>& items, core::SharedMemoryBudget& budget) {
  budget.release(items.capacity() * sizeof(T));
  std::vector<T>().swap(items);
}

// The big tables probed at random live on huge pages from 2 MiB
// (core/huge_pages.hpp): each probe of a table of hundreds of MB otherwise
// also misses the TLB, and with 4 KiB pages that page walk costs about as
// much as the cache miss itself.
template <class T>
using HugePageAllocator = core::HugePageAllocator<T>;

}  // namespace boardsearch::marble::detail
