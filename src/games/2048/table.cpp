#include "games/2048/table.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace boardsearch::game2048 {

namespace {

// Slots per stored board, so linear probes stay short (load factor <= 1/2).
constexpr std::size_t kSlotsPerBoard = 2;
// The table starts small (a short solve should not pay for clearing a large
// one) and doubles as boards arrive.
constexpr std::size_t kInitialSlots = 1024;

// Murmur3's 64-bit finalizer: spreads every input bit over the output.
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ULL;
  x ^= x >> 33;
  return x;
}

}  // namespace

std::uint64_t hash_board(const Board& board) {
  const auto& cells = board.cells();
  const std::size_t size = cells.size();
  // Four independent lanes over 32 bytes at a time (a 20 x 20 board is
  // twelve rounds of them), so the multiplications of one lane overlap the
  // others' instead of waiting for one another; then the tail 8 bytes at a
  // time and a last mix of the lanes together. Only the table's probing
  // depends on the hash (boards are compared whole).
  constexpr std::uint64_t kOdd = 0x9E3779B97F4A7C15ULL;
  std::uint64_t lanes[4] = {size, size + 1, size + 2, size + 3};
  std::size_t i = 0;
  for (; i + 32 <= size; i += 32)
    for (std::size_t lane = 0; lane < 4; ++lane) {
      std::uint64_t word = 0;
      std::memcpy(&word, cells.data() + i + 8 * lane, 8);
      const std::uint64_t x = (lanes[lane] ^ word) * kOdd;
      lanes[lane] = x ^ (x >> 32);
    }
  std::uint64_t hash = mix(lanes[0]) ^ mix(lanes[1] + 1) ^ mix(lanes[2] + 2) ^ mix(lanes[3] + 3);
  for (; i + 8 <= size; i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, cells.data() + i, 8);
    hash = mix(hash ^ word) + i;
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, cells.data() + i, size - i);
  return mix(hash ^ tail);
}

std::size_t SeenBoards::bytes_per_board(std::size_t cells) {
  return std::max<std::size_t>(cells, 1) + sizeof(std::int32_t) + kSlotsPerBoard * sizeof(Slot);
}

// The boards a budget allows, at most 2^31 - 1: the index + 1 fits a
// slot's 32 bits, and the slots (2 a board, a power of two) at most 2^32,
// so a slot's position is a function of the hash's low 32 bits, which the
// slot keeps.
std::size_t SeenBoards::capacity_for(std::size_t budget_bytes) const {
  return std::min<std::size_t>(budget_bytes / bytes_per_board(cells_), INT32_MAX);
}

SeenBoards::SeenBoards(std::size_t cells, std::size_t budget_bytes) : cells_(std::max<std::size_t>(cells, 1)) {
  capacity_ = capacity_for(budget_bytes);
  slots_.resize(kInitialSlots);
  boards_.reserve(std::min(capacity_ * cells_, kFirstArenaBytes));  // the first block (see the header)
}

void SeenBoards::grow() {
  decltype(slots_) old(slots_.size() * 2);
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.board == 0) continue;
    std::size_t i = slot.hash_low & mask;
    while (slots_[i].board != 0) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

std::size_t SeenBoards::find(const Board& board, std::uint64_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  const auto low = static_cast<std::uint32_t>(hash);
  for (std::size_t i = low & mask;; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (slot.board == 0) return i;
    if (slot.hash_low == low &&
        std::memcmp(boards_.data() + std::size_t{slot.board - 1} * cells_, board.cells().data(), cells_) == 0)
      return i;
  }
}

long long SeenBoards::moves_left(const Board& board, std::uint64_t hash) const {
  if (capacity_ == 0) return -1;
  const Slot& slot = slots_[find(board, hash)];
  return slot.board != 0 ? moves_[slot.board - 1] : -1;
}

void SeenBoards::forget(const Board& board, std::uint64_t hash) {
  if (capacity_ == 0) return;
  const Slot& slot = slots_[find(board, hash)];
  if (slot.board != 0) moves_[slot.board - 1] = -1;
}

bool SeenBoards::rebudget(std::size_t budget_bytes) {
  const std::size_t capacity = capacity_for(budget_bytes);
  if (moves_.size() > capacity) return false;
  capacity_ = capacity;
  return true;
}

void SeenBoards::record(const Board& board, std::uint64_t hash, long long moves_left) {
  if (capacity_ == 0) return;
  const auto count = static_cast<std::int32_t>(std::clamp<long long>(moves_left, INT32_MIN, INT32_MAX));
  Slot& slot = slots_[find(board, hash)];
  if (slot.board != 0) {
    std::int32_t& recorded = moves_[slot.board - 1];
    recorded = std::max(recorded, count);
    return;
  }
  if (moves_.size() >= capacity_) return;
  // Keep the load factor <= 1/2 so the probe loop in find() always meets an
  // empty slot and stays short.
  Slot* target = &slot;
  if (kSlotsPerBoard * (moves_.size() + 1) > slots_.size()) {
    grow();
    target = &slots_[find(board, hash)];
  }
  // What may throw (std::bad_alloc) comes first, so that a throw leaves
  // the boards as they were: the arena's whole reservation once the first
  // block is full (fewer than capacity_ boards are stored, so it holds
  // every board the budget allows), then the count. The board's copy into
  // reserved room and the slot's writes cannot throw.
  if (boards_.size() + cells_ > boards_.capacity()) boards_.reserve(capacity_ * cells_);
  moves_.push_back(count);
  boards_.insert(boards_.end(), board.cells().begin(), board.cells().end());
  target->hash_low = static_cast<std::uint32_t>(hash);
  target->board = static_cast<std::uint32_t>(moves_.size());  // index + 1
}

}  // namespace boardsearch::game2048
