#pragma once
// An allocator for vectors whose new elements are written before they are
// read: resize() default-initializes them (for a trivial type: leaves them
// unwritten) instead of zeroing them. A vector sized on one thread and then
// filled by others, or filled right after it grows, is then written once,
// and its fresh pages are first touched by what fills them (yut's layers
// built on threads, marble's breadth-first records).

#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace boardsearch::core {

// Base<T>'s memory (std::allocator by default; any allocator template of
// one type), with construct() default-initializing an element given no
// value, and constructing it from its arguments otherwise.
template <class T, template <class> class Base = std::allocator>
struct UnwrittenAllocator : Base<T> {
  template <class U>
  struct rebind {
    using other = UnwrittenAllocator<U, Base>;
  };
  UnwrittenAllocator() = default;
  template <class U>
  UnwrittenAllocator(const UnwrittenAllocator<U, Base>&) noexcept {}

  template <class U>
  void construct(U* at) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(at)) U;
  }
  template <class U, class... Args>
  void construct(U* at, Args&&... args) {
    ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
  }
};

}  // namespace boardsearch::core
