#pragma once
// A transposition table for exact game solving, in the style of Stockfish's
// `tt` and Pons' TranspositionTable: one entry per slot, always-replace,
// indexed by a hash of the key, storing the value with a bound flag.
//
// The full key is stored and compared, so a lookup never returns another
// position's entry: with an exact key (e.g. a bitboard plus the player cells)
// the table can never corrupt a proof; with a hashed key only a full 64-bit
// collision could.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace boardsearch::core {

// What a stored value means about the true value v of the position.
enum class Bound : std::uint8_t {
  none = 0,   // empty slot
  exact = 1,  // v == value
  lower = 2,  // v >= value (the search failed high: value >= beta)
  upper = 3,  // v <= value (the search failed low: value <= alpha)
};

template <class Key, class Move, class Value = int>
struct TTEntry {
  Key key{};
  Value value{};
  Move move{};
  Bound bound = Bound::none;
};

// Key: regular, equality-comparable. Hash: callable Key -> uint64_t, well mixed.
template <class Key, class Move, class Hash, class Value = int>
class TranspositionTable {
 public:
  using Entry = TTEntry<Key, Move, Value>;

  // Allocates the smallest power of two >= min_entries (at least 1) slots.
  // Callers size it to the problem: a 3x3 board must not take megabytes.
  explicit TranspositionTable(std::size_t min_entries, Hash hash = Hash{})
      : table_(std::bit_ceil(min_entries == 0 ? std::size_t{1} : min_entries)), mask_(table_.size() - 1), hash_(hash) {}

  // The entry stored for `key`, or nullptr.
  const Entry* probe(const Key& key) const {
    const Entry& e = table_[hash_(key) & mask_];
    return (e.bound != Bound::none && e.key == key) ? &e : nullptr;
  }

  // Stores (always replaces the slot's previous content).
  void store(const Key& key, Value value, Bound bound, Move move) {
    Entry& e = table_[hash_(key) & mask_];
    e.key = key;
    e.value = value;
    e.bound = bound;
    e.move = move;
  }

  void clear() { std::fill(table_.begin(), table_.end(), Entry{}); }
  std::size_t size() const { return table_.size(); }

 private:
  std::vector<Entry> table_;
  std::size_t mask_;
  Hash hash_;
};

}  // namespace boardsearch::core
