// core::UnwrittenAllocator: new elements default-initialized, elements given
// a value constructed from it, memory from the base allocator.

#include "boardsearch/core/unwritten_allocator.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace {

using boardsearch::core::UnwrittenAllocator;

// A base allocator that fills every block it hands out with 0xAB and counts
// the blocks, so that a test can see what resize() wrote and whose memory it
// is.
int blocks_given = 0;
template <class T>
struct PatternAllocator {
  using value_type = T;
  PatternAllocator() = default;
  template <class U>
  PatternAllocator(const PatternAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    ++blocks_given;
    auto* bytes = static_cast<unsigned char*>(::operator new(n * sizeof(T)));
    for (std::size_t i = 0; i < n * sizeof(T); ++i) bytes[i] = 0xAB;
    return reinterpret_cast<T*>(bytes);
  }
  void deallocate(T* block, std::size_t) { ::operator delete(block); }
  friend bool operator==(const PatternAllocator&, const PatternAllocator&) { return true; }
};

struct Seven {
  int value = 7;
};

TEST(UnwrittenAllocator, ResizeLeavesTrivialElementsUnwritten) {
  // std::vector's own resize() would zero the new bytes; this one leaves the
  // base's 0xAB (unsigned char: reading what is there is allowed).
  std::vector<unsigned char, UnwrittenAllocator<unsigned char, PatternAllocator>> bytes;
  const int before = blocks_given;
  bytes.reserve(64);
  bytes.push_back(1);
  bytes.resize(64);
  EXPECT_EQ(blocks_given, before + 1);  // the base's memory, one block
  EXPECT_EQ(bytes[0], 1);
  for (std::size_t i = 1; i < bytes.size(); ++i) ASSERT_EQ(bytes[i], 0xAB) << i;
}

TEST(UnwrittenAllocator, ElementsWithAConstructorOrAValueAreConstructed) {
  std::vector<Seven, UnwrittenAllocator<Seven>> sevens(3);
  sevens.resize(5);
  for (const Seven& seven : sevens) EXPECT_EQ(seven.value, 7);
  std::vector<std::uint64_t, UnwrittenAllocator<std::uint64_t>> words;
  words.push_back(42);
  words.emplace_back(43);
  words.resize(4, 9);  // a value given: every new element is that value
  EXPECT_EQ(words, (std::vector<std::uint64_t, UnwrittenAllocator<std::uint64_t>>{42, 43, 9, 9}));
}

TEST(UnwrittenAllocator, RebindsToTheSameKindOfAllocator) {
  using Rebound = std::allocator_traits<UnwrittenAllocator<int, PatternAllocator>>::rebind_alloc<double>;
  static_assert(std::is_same_v<Rebound, UnwrittenAllocator<double, PatternAllocator>>);
  SUCCEED();
}

}  // namespace
