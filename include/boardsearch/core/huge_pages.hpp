#pragma once
// Memory on transparent huge pages (2 MiB) for the solvers' big arrays.
//
// Why: every 4 KiB page a process touches for the first time costs a page
// fault, and on the virtual machines this project is measured on (shadow
// page tables) a fault costs about 10 microseconds: 2.7 ms a MB. A huge page
// is one fault for 512 small ones, and one TLB entry where the tables are
// read at random. Its cost depends on the host: 0.07 ms for 2 MiB where the
// guest reuses memory it freed moments before, about 3.5 ms where the host
// must back it afresh (memory the guest freed and reported seconds before).
// So a huge page pays for itself only on a block that is mostly touched and
// at least about 1.3 MB; blocks of 2 MiB or more are the default threshold
// (a 256 KiB threshold for yut's arrays made a small solve 15-31 ms from run
// to run against 20-21 ms). Linux's default THP mode ("madvise") gives huge
// pages only to ranges marked MADV_HUGEPAGE, and only to whole 2 MiB-aligned
// 2 MiB ranges, so a block is mapped aligned and rounded up to whole huge
// pages.
//
// The mark is a hint: where the kernel has no huge page free (or THP is off)
// the block is backed by 4 KiB pages as before, so nothing depends on it but
// the time. The rounding is resident once touched: a block of 3 MiB takes
// 4 MiB. So the allocator maps blocks of `kFrom` bytes or more only (a
// template parameter, 2 MiB unless a use has measured otherwise), and
// smaller ones come from std::allocator.

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace boardsearch::core {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// `bytes` rounded up to whole huge pages.
constexpr std::size_t huge_page_rounded(std::size_t bytes) {
  return (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
}

// A fresh zeroed block of huge_page_rounded(bytes) bytes (bytes > 0),
// aligned to 2 MiB and marked MADV_HUGEPAGE, or nullptr when the system
// refuses the address space. Nothing is touched: the pages are made when
// first written. `no_reserve`: map with MAP_NORESERVE (for sparse tables
// of address space far larger than what they will hold).
inline void* map_huge_pages(std::size_t bytes, bool no_reserve = false) {
  const std::size_t size = huge_page_rounded(bytes);
  // Map one huge page more than asked, then unmap the unaligned head and
  // the tail beyond the block (mmap aligns only to 4 KiB).
  const std::size_t span = size + kHugePageBytes;
  const int flags = MAP_PRIVATE | MAP_ANONYMOUS | (no_reserve ? MAP_NORESERVE : 0);
  void* mapped = mmap(nullptr, span, PROT_READ | PROT_WRITE, flags, -1, 0);
  if (mapped == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<std::uintptr_t>(mapped);
  const std::uintptr_t aligned = (start + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
  if (aligned > start) munmap(mapped, aligned - start);
  const std::uintptr_t end = aligned + size;
  if (start + span > end) munmap(reinterpret_cast<void*>(end), start + span - end);
  void* block = reinterpret_cast<void*>(aligned);
  madvise(block, size, MADV_HUGEPAGE);  // a hint; see the top of the file
  return block;
}

// Gives back a block of map_huge_pages(bytes).
inline void unmap_huge_pages(void* block, std::size_t bytes) {
  if (block != nullptr) munmap(block, huge_page_rounded(bytes));
}

// A standard allocator: blocks of kFrom bytes or more on huge pages (see
// the top of the file; kFrom >= 1), smaller ones from std::allocator.
// Throws std::bad_alloc when the system refuses.
template <class T, std::size_t kFrom = kHugePageBytes>
struct HugePageAllocator {
  static_assert(kFrom > 0);
  using value_type = T;
  template <class U>
  struct rebind {
    using other = HugePageAllocator<U, kFrom>;
  };

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U, kFrom>&) noexcept {}

  // Whether a block of `n` objects goes on huge pages.
  static constexpr bool huge(std::size_t n) { return n * sizeof(T) >= kFrom; }

  T* allocate(std::size_t n) {
    if (!huge(n)) return std::allocator<T>().allocate(n);
    if (n > SIZE_MAX / sizeof(T) - kHugePageBytes) throw std::bad_alloc();
    void* block = map_huge_pages(n * sizeof(T));
    if (block == nullptr) throw std::bad_alloc();
    return static_cast<T*>(block);
  }
  void deallocate(T* block, std::size_t n) noexcept {
    if (!huge(n))
      std::allocator<T>().deallocate(block, n);
    else
      unmap_huge_pages(block, n * sizeof(T));
  }
  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
};

}  // namespace boardsearch::core
