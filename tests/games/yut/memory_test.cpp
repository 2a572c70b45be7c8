// Dice yut within SearchLimits::max_memory_bytes (issue 20): the heap this
// test binary holds during a solve is counted by a replaced global operator
// new, and must stay within the budget plus the fixed bookkeeping, whatever
// the input. Counted, not timed.
//
// Its own executable: the replaced operator new would otherwise count every
// other test too.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"
#include "games/yut/expected.hpp"
#include "games/yut/parse.hpp"
#include "games/yut/rules.hpp"
#include "games/yut/search.hpp"

namespace {

std::atomic<long long> live_bytes{0};
std::atomic<long long> peak_bytes{0};

void* counted_allocation(std::size_t size) {
  void* block = std::malloc(size == 0 ? 1 : size);
  if (block == nullptr) throw std::bad_alloc();
  const long long now = live_bytes += static_cast<long long>(malloc_usable_size(block));
  long long peak = peak_bytes.load();
  while (now > peak && !peak_bytes.compare_exchange_weak(peak, now)) {
  }
  return block;
}

void counted_free(void* block) {
  if (block == nullptr) return;
  live_bytes -= static_cast<long long>(malloc_usable_size(block));
  std::free(block);
}

}  // namespace

void* operator new(std::size_t size) { return counted_allocation(size); }
void* operator new[](std::size_t size) { return counted_allocation(size); }
void operator delete(void* block) noexcept { counted_free(block); }
void operator delete[](void* block) noexcept { counted_free(block); }
void operator delete(void* block, std::size_t) noexcept { counted_free(block); }
void operator delete[](void* block, std::size_t) noexcept { counted_free(block); }
// The nothrow forms too (std::stable_sort's buffer uses them): every form
// must come from the same malloc as the delete that frees it.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_allocation(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* block, const std::nothrow_t&) noexcept { counted_free(block); }
void operator delete[](void* block, const std::nothrow_t&) noexcept { counted_free(block); }

namespace boardsearch::yut {
namespace {

// Heap bytes beyond the budget that a solve may hold: its fixed bookkeeping
// (the move table of at most 255 x 101 bytes, a few per-square vectors, the
// guide game, the result's plan).
constexpr long long kFixedBytes = 512 * 1024;

// The hostile request of issue 20: a 255-square chain with shortcuts, faces
// 1..100, random points.
Board huge_board() {
  core::SplitMix64 rng(20);
  Board board;
  board.name = "huge";
  constexpr int kSquares = kMaxSquares;
  for (int i = 0; i < kSquares; ++i) {
    Square square;
    square.id = fmt::format("s{}", i);
    square.points = static_cast<long long>(rng.below(101));
    if (i + 1 < kSquares) {
      square.red = i + 1;
      if (i > 0 && i + 3 < kSquares && rng.below(3) == 0)
        square.blue = std::min(kSquares - 1, i + 2 + static_cast<int>(rng.below(4)));
    }
    board.squares.push_back(square);
  }
  board.start = 0;
  board.finish = kSquares - 1;
  for (int face = 1; face <= kMaxFace; ++face) board.faces.push_back(face);
  return board;
}

// Runs `solve` and returns the most heap bytes it held beyond what was held
// before.
template <class Solve>
long long heap_peak_of(Solve&& solve) {
  const long long before = live_bytes.load();
  peak_bytes = before;
  solve();
  return peak_bytes.load() - before;
}

TEST(YutMemory, KnownDiceSolveStaysWithinTheBudget) {
  const Board board = huge_board();
  core::SplitMix64 rng(7);
  std::vector<int> dice(1000);
  for (int& die : dice) die = 1 + static_cast<int>(rng.below(100));
  for (const std::uint64_t budget : {std::uint64_t{2} << 20, std::uint64_t{16} << 20}) {
    core::SearchLimits limits;
    limits.max_memory_bytes = budget;
    limits.max_nodes = 20'000'000;
    core::SearchResult<Move, long long> result;
    const long long peak = heap_peak_of([&] { result = solve_schedule(board, dice, 8, limits); });
    EXPECT_LE(peak, static_cast<long long>(budget) + kFixedBytes) << "budget " << budget;
    EXPECT_LE(result.stats.memory_bytes, budget);
    EXPECT_TRUE(result.outcome == core::Outcome::memory_limit || result.outcome == core::Outcome::proven ||
                result.outcome == core::Outcome::node_limit)
        << core::to_string(result.outcome);
  }
}

TEST(YutMemory, ExpectedSolveStaysWithinTheBudget) {
  const Board board = huge_board();
  for (const std::uint64_t budget : {std::uint64_t{1} << 20, std::uint64_t{64} << 20}) {
    core::SearchLimits limits;
    limits.max_memory_bytes = budget;
    ExpectedRequest request;
    request.turns = 1000;
    request.pieces = 8;
    request.weights.assign(board.faces.size(), 1);
    ExpectedResult result;
    const long long peak = heap_peak_of([&] { result = solve_expected(board, request, limits); });
    EXPECT_LE(peak, static_cast<long long>(budget) + kFixedBytes) << "budget " << budget;
    EXPECT_EQ(result.outcome, core::Outcome::memory_limit);
    EXPECT_LE(result.stats.memory_bytes, budget);
  }
}

// On threads (the parallel layers and the second value buffer are counted
// before they are made, on the solve's thread): the same bound.
TEST(YutMemory, SolvesOnThreadsStayWithinTheBudget) {
  core::SplitMix64 rng(17);
  std::vector<int> dice(28);
  for (int& die : dice) die = 1 + static_cast<int>(rng.below(5));
  for (const std::uint64_t budget : {std::uint64_t{2} << 20, std::uint64_t{16} << 20, std::uint64_t{256} << 20}) {
    core::SearchLimits limits;
    limits.max_memory_bytes = budget;
    limits.threads = 2;
    core::SearchResult<Move, long long> result;
    const long long peak = heap_peak_of([&] { result = solve_schedule(standard_board(), dice, 8, limits); });
    EXPECT_LE(peak, static_cast<long long>(budget) + kFixedBytes) << "budget " << budget;
    // The count is not below what the heap held: every block was counted.
    EXPECT_LE(peak, static_cast<long long>(result.stats.memory_bytes) + kFixedBytes) << "budget " << budget;
    EXPECT_LE(result.stats.memory_bytes, budget);
    EXPECT_TRUE(result.outcome == core::Outcome::memory_limit || result.outcome == core::Outcome::proven)
        << core::to_string(result.outcome);
    if (budget == (std::uint64_t{256} << 20)) {
      EXPECT_TRUE(result.proven());
      EXPECT_EQ(result.stats.threads, 2u) << "its layers are wide enough to split";
    }
  }
  // The 40 dice of cli_threads_test.sh, 6 pieces, on a budget far above
  // what they need (issue #17: a block released twice made the count wrap
  // and refused this solve at any budget): solved on both threads, the heap
  // within the count.
  const std::vector<int> forty = {3, 2, 4, 1, 1, 5, 1, 3, 5, 1, 5, 2, 1, 1, 4, 4, 1, 2, 1, 5,
                                  4, 1, 5, 1, 2, 5, 1, 5, 5, 4, 1, 2, 1, 5, 2, 3, 4, 2, 5, 1};
  core::SearchLimits generous;
  generous.max_memory_bytes = std::uint64_t{1} << 40;
  generous.threads = 2;
  core::SearchResult<Move, long long> forty_result;
  const long long forty_peak =
      heap_peak_of([&] { forty_result = solve_schedule(standard_board(), forty, 6, generous); });
  ASSERT_TRUE(forty_result.proven()) << core::to_string(forty_result.outcome);
  EXPECT_EQ(forty_result.value, 990);
  EXPECT_EQ(forty_result.stats.threads, 2u);
  EXPECT_LE(forty_peak, static_cast<long long>(forty_result.stats.memory_bytes) + kFixedBytes);
  for (const std::uint64_t budget : {std::uint64_t{4} << 20, std::uint64_t{64} << 20}) {
    core::SearchLimits limits;
    limits.max_memory_bytes = budget;
    limits.threads = 2;
    ExpectedRequest request;
    request.turns = 12;
    request.pieces = 5;
    request.weights.assign(5, 1);
    request.parallel_pairs = 0;
    ExpectedResult result;
    const long long peak = heap_peak_of([&] { result = solve_expected(standard_board(), request, limits); });
    EXPECT_LE(peak, static_cast<long long>(budget) + kFixedBytes) << "budget " << budget;
    EXPECT_LE(result.stats.memory_bytes, budget);
    EXPECT_TRUE(result.outcome == core::Outcome::memory_limit || result.outcome == core::Outcome::proven)
        << core::to_string(result.outcome);
  }
}

}  // namespace
}  // namespace boardsearch::yut
