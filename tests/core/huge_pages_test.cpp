// core::map_huge_pages and core::HugePageAllocator: blocks aligned to 2 MiB,
// rounded up to whole huge pages, zeroed, writable to their last byte,
// given back; small blocks from std::allocator. (Whether the kernel backs a
// block with huge pages is its choice and not tested: the block works
// either way.)

#include "boardsearch/core/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace {

using boardsearch::core::huge_page_rounded;
using boardsearch::core::HugePageAllocator;
using boardsearch::core::kHugePageBytes;
using boardsearch::core::map_huge_pages;
using boardsearch::core::unmap_huge_pages;

bool aligned_to_huge_page(const void* block) { return reinterpret_cast<std::uintptr_t>(block) % kHugePageBytes == 0; }

TEST(HugePages, RoundingIsToWholeHugePages) {
  EXPECT_EQ(huge_page_rounded(1), kHugePageBytes);
  EXPECT_EQ(huge_page_rounded(kHugePageBytes), kHugePageBytes);
  EXPECT_EQ(huge_page_rounded(kHugePageBytes + 1), 2 * kHugePageBytes);
  EXPECT_EQ(huge_page_rounded(5 * kHugePageBytes - 7), 5 * kHugePageBytes);
}

TEST(HugePages, BlocksAreAlignedZeroedAndWritableToTheirRoundedEnd) {
  for (const std::size_t bytes : {std::size_t{1}, std::size_t{300} << 10, kHugePageBytes, 3 * kHugePageBytes + 5}) {
    auto* block = static_cast<unsigned char*>(map_huge_pages(bytes));
    ASSERT_NE(block, nullptr) << bytes;
    EXPECT_TRUE(aligned_to_huge_page(block)) << bytes;
    const std::size_t size = huge_page_rounded(bytes);
    for (std::size_t i = 0; i < size; i += 4096) ASSERT_EQ(block[i], 0) << bytes << " at " << i;
    EXPECT_EQ(block[size - 1], 0);
    for (std::size_t i = 0; i < size; i += 4096) block[i] = 0xA5;
    block[size - 1] = 0x5A;
    EXPECT_EQ(block[size - 1], 0x5A);
    unmap_huge_pages(block, bytes);
  }
  unmap_huge_pages(nullptr, 1);  // nothing to give back
}

TEST(HugePages, AddressSpaceTheSystemRefusesGivesNull) {
  // 2^62 bytes: more than any machine's address space.
  EXPECT_EQ(map_huge_pages(std::size_t{1} << 62), nullptr);
  EXPECT_THROW(HugePageAllocator<std::uint64_t>().allocate(std::size_t{1} << 59), std::bad_alloc);
  EXPECT_THROW(HugePageAllocator<std::uint64_t>().allocate(SIZE_MAX / 8), std::bad_alloc);
}

TEST(HugePages, TheAllocatorMapsFromItsThresholdOnly) {
  using Small = HugePageAllocator<std::uint32_t, 4096>;
  EXPECT_FALSE(Small::huge(1023));
  EXPECT_TRUE(Small::huge(1024));
  std::uint32_t* big = Small().allocate(1024);
  EXPECT_TRUE(aligned_to_huge_page(big));
  Small().deallocate(big, 1024);
  // Below it, std::allocator's block (not necessarily aligned; freed by it).
  std::uint32_t* small = Small().allocate(1023);
  small[1022] = 7;
  Small().deallocate(small, 1023);
}

TEST(HugePages, VectorsGrowAcrossTheThresholdAndKeepTheirElements) {
  std::vector<std::uint64_t, HugePageAllocator<std::uint64_t, std::size_t{64} << 10>> words;
  for (std::uint64_t i = 0; i < 1'000'000; ++i) words.push_back(i * 3);
  EXPECT_TRUE(aligned_to_huge_page(words.data()));
  for (std::uint64_t i = 0; i < words.size(); ++i) ASSERT_EQ(words[i], i * 3) << i;
  std::vector<std::uint64_t, HugePageAllocator<std::uint64_t, std::size_t{64} << 10>> copy = words;
  EXPECT_EQ(std::accumulate(copy.begin(), copy.end(), std::uint64_t{0}), 3 * (999'999ull * 1'000'000 / 2));
  words.clear();
  words.shrink_to_fit();
  EXPECT_EQ(copy.size(), 1'000'000u);
}

}  // namespace
