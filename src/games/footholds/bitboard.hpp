#pragma once
// Bitboards for the footholds board: one bit per cell, cell = row * cols + column.
//
//   a 3 x 4 board            bit index of each cell
//   +---+---+---+---+        +----+----+----+----+
//   | . | . | . | . |  r=0   |  0 |  1 |  2 |  3 |
//   | . | . | . | . |  r=1   |  4 |  5 |  6 |  7 |
//   | . | . | . | . |  r=2   |  8 |  9 | 10 | 11 |
//   +---+---+---+---+        +----+----+----+----+
//
// Moving one column right is a shift left by 1 (masking out column 0, where
// bits from the previous row's last column would land); one row down is a shift
// left by `cols`. Bits at or above rows * cols are never set: every operation
// that could create them masks with the board.
//
// Two representations with the same interface, so the game is a template over
// them: Bits64 (one word, boards of at most 64 cells) and Bits128 (two words,
// boards of 65..128 cells). Small boards never pay for the second word.

#include <bit>
#include <cstdint>

namespace boardsearch::footholds {

// A set of at most 64 cells in one word.
struct Bits64 {
  static constexpr int kCapacity = 64;
  std::uint64_t word = 0;

  static constexpr Bits64 cell(int index) { return {std::uint64_t{1} << index}; }
  // Cells 0 .. count-1 (count in [0, 64]).
  static constexpr Bits64 first(int count) {
    return {count >= kCapacity ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1};
  }
  constexpr bool test(int index) const { return (word >> index) & 1u; }
  constexpr bool any() const { return word != 0; }
  constexpr bool none() const { return word == 0; }
  constexpr int count() const { return std::popcount(word); }
  // Index of the lowest set cell. Precondition: any().
  constexpr int lowest() const { return std::countr_zero(word); }
  // Shifts toward higher / lower indices by k in [0, 64) (bits that leave are lost).
  constexpr Bits64 shifted_up(int k) const { return {word << k}; }
  constexpr Bits64 shifted_down(int k) const { return {word >> k}; }
  // A well-mixed 64-bit hash of the set.
  constexpr std::uint64_t hash() const { return word; }

  friend constexpr Bits64 operator&(Bits64 a, Bits64 b) { return {a.word & b.word}; }
  friend constexpr Bits64 operator|(Bits64 a, Bits64 b) { return {a.word | b.word}; }
  friend constexpr Bits64 operator^(Bits64 a, Bits64 b) { return {a.word ^ b.word}; }
  friend constexpr Bits64 operator~(Bits64 a) { return {~a.word}; }
  friend constexpr bool operator==(Bits64 a, Bits64 b) = default;
  constexpr Bits64& operator&=(Bits64 b) {
    word &= b.word;
    return *this;
  }
  constexpr Bits64& operator|=(Bits64 b) {
    word |= b.word;
    return *this;
  }
  constexpr Bits64& operator^=(Bits64 b) {
    word ^= b.word;
    return *this;
  }
};

// A set of at most 128 cells in two words: cells 0..63 in `low`, 64..127 in `high`.
struct Bits128 {
  static constexpr int kCapacity = 128;
  std::uint64_t low = 0;
  std::uint64_t high = 0;

  static constexpr Bits128 cell(int index) {
    return index < 64 ? Bits128{std::uint64_t{1} << index, 0} : Bits128{0, std::uint64_t{1} << (index - 64)};
  }
  static constexpr Bits128 first(int count) {
    constexpr std::uint64_t all = ~std::uint64_t{0};
    if (count >= 128) return {all, all};
    if (count >= 64) return {all, count == 64 ? 0 : (std::uint64_t{1} << (count - 64)) - 1};
    return {(std::uint64_t{1} << count) - 1, 0};
  }
  constexpr bool test(int index) const { return index < 64 ? (low >> index) & 1u : (high >> (index - 64)) & 1u; }
  constexpr bool any() const { return (low | high) != 0; }
  constexpr bool none() const { return (low | high) == 0; }
  constexpr int count() const { return std::popcount(low) + std::popcount(high); }
  constexpr int lowest() const { return low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(high); }
  // Shifts by k in [0, 128).
  constexpr Bits128 shifted_up(int k) const {
    if (k == 0) return *this;
    if (k >= 64) return {0, low << (k - 64)};
    return {low << k, (high << k) | (low >> (64 - k))};
  }
  constexpr Bits128 shifted_down(int k) const {
    if (k == 0) return *this;
    if (k >= 64) return {high >> (k - 64), 0};
    return {(low >> k) | (high << (64 - k)), high >> k};
  }
  constexpr std::uint64_t hash() const { return low ^ (high * 0x9E3779B97F4A7C15ULL); }

  friend constexpr Bits128 operator&(Bits128 a, Bits128 b) { return {a.low & b.low, a.high & b.high}; }
  friend constexpr Bits128 operator|(Bits128 a, Bits128 b) { return {a.low | b.low, a.high | b.high}; }
  friend constexpr Bits128 operator^(Bits128 a, Bits128 b) { return {a.low ^ b.low, a.high ^ b.high}; }
  friend constexpr Bits128 operator~(Bits128 a) { return {~a.low, ~a.high}; }
  friend constexpr bool operator==(Bits128 a, Bits128 b) = default;
  constexpr Bits128& operator&=(Bits128 b) {
    low &= b.low;
    high &= b.high;
    return *this;
  }
  constexpr Bits128& operator|=(Bits128 b) {
    low |= b.low;
    high |= b.high;
    return *this;
  }
  constexpr Bits128& operator^=(Bits128 b) {
    low ^= b.low;
    high ^= b.high;
    return *this;
  }
};

// Finalizer of SplitMix64: spreads every input bit over the whole word, so a
// table index taken from the low bits is well distributed.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace boardsearch::footholds
