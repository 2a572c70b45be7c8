#pragma once
// Ranks of random-dice yut positions (games/yut/expected_search.cpp): a position is
// the multiset of its pieces' squares, written as sorted square codes, and
// its rank is its index in one array of values.
//
// Codes: 0 start, 1..m the other squares in an order where every move goes
// to a later code, m + 1 finish. A position holds `pieces` codes, sorted
// ascending: k pieces on start (code 0), then the distinct middle codes,
// then j pieces on finish (code m + 1):
//
//   codes:  [ 0 .. 0 | c_k < c_k+1 < ... < c_h-1 | m+1 .. m+1 ]    h = pieces - j
//              k of them   the middle set, positions 1 .. h - k     j of them
//
// Rank (combinatorial number system): the group (k, j) has an offset, groups
// ordered by j ascending, then k descending; within a group the middle set
// has its colex rank, the sum over middle codes of C(c_i - 1, q_i) with q_i
// its position (1-based) in the set. A move never lowers the rank: leaving
// start lowers k, reaching finish raises j, and replacing a code by a later
// one raises the colex rank.

#include <array>
#include <cstdint>
#include <vector>

#include "games/yut/rules.hpp"

namespace boardsearch::yut {

// A position's codes, one byte each, sorted ascending; bytes past the
// pieces are 0.
using Codes = std::array<std::uint8_t, kMaxPieces>;
inline constexpr std::uint8_t kStartCode = 0;

// The codes packed into one word, byte i = codes[i].
inline std::uint64_t pack_codes(const Codes& codes) {
  std::uint64_t key = 0;
  for (int i = 0; i < kMaxPieces; ++i) key |= std::uint64_t{codes[i]} << (8 * i);
  return key;
}

inline Codes unpack_codes(std::uint64_t key) {
  Codes codes{};
  for (int i = 0; i < kMaxPieces; ++i) codes[i] = static_cast<std::uint8_t>(key >> (8 * i));
  return codes;
}

// Whether packed codes `key` hold `code`. Precondition: code != 0 (the bytes
// past the pieces are 0, so they never match). One word at a time: x has a
// zero byte exactly where key holds code, and (x - 0x01..) & ~x & 0x80.. is
// nonzero exactly when x has a zero byte (the lowest zero byte borrows into
// its own top bit; bytes below it do not borrow).
inline bool holds_code(std::uint64_t key, std::uint8_t code) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kTops = 0x8080808080808080ULL;
  const std::uint64_t x = key ^ (kOnes * code);
  return ((x - kOnes) & ~x & kTops) != 0;
}

// The codes after piece i (an index into codes) moves to `to` (still sorted).
inline Codes moved(const Codes& codes, int pieces, int i, std::uint8_t to) {
  Codes child{};
  int out = 0;
  bool placed = false;
  for (int k = 0; k < pieces; ++k) {
    if (k == i) continue;
    if (!placed && to <= codes[k]) child[out++] = to, placed = true;
    child[out++] = codes[k];
  }
  if (!placed) child[out++] = to;
  return child;
}

// A position's codes with what child_rank needs of it.
struct RankedCodes {
  Codes codes{};
  std::uint64_t key = 0;    // pack_codes(codes)
  int on_start = 0;         // k
  int on_finish = 0;        // j
  std::uint64_t colex = 0;  // the middle set's colex rank
};

class PositionRanks {
 public:
  // Ranks of `pieces` pieces (1..kMaxPieces) on `middle` middle codes.
  PositionRanks(int middle, int pieces) : middle_(middle), pieces_(pieces) {
    binomial_.assign(static_cast<std::size_t>(middle + 1) * kRow, 0);
    for (int n = 0; n <= middle; ++n) {
      binomial(n, 0) = 1;
      for (int k = 1; k <= kMaxPieces && k <= n; ++k)
        binomial(n, k) = saturating_add(n > 0 ? binomial(n - 1, k - 1) : 0, n > 0 ? binomial(n - 1, k) : 0);
    }
    total_ = 0;
    for (int j = 0; j <= pieces; ++j)
      for (int k = pieces - j; k >= 0; --k) {
        group_offset_[k][j] = total_;
        const int rest = pieces - k - j;
        total_ = saturating_add(total_, rest <= middle ? binomial(middle, rest) : 0);
      }
  }

  // Positions in all (saturated at 2^63: far beyond any memory budget).
  std::uint64_t total() const { return total_; }

  // `codes` with its group and colex rank.
  RankedCodes parts(const Codes& codes) const {
    RankedCodes ranked;
    ranked.codes = codes;
    ranked.key = pack_codes(codes);
    int k = 0, j = 0;
    while (k < pieces_ && codes[k] == kStartCode) ++k;
    while (j < pieces_ - k && codes[pieces_ - 1 - j] == middle_ + 1) ++j;
    for (int i = k; i < pieces_ - j; ++i) ranked.colex += binomial(codes[i] - 1, i - k + 1);
    ranked.on_start = k;
    ranked.on_finish = j;
    return ranked;
  }

  // The parts of the position of rank `rank`, whose codes are packed in
  // `key` (its colex rank is the rank less its group's offset).
  RankedCodes parts_of(std::uint64_t key, std::uint64_t rank) const {
    RankedCodes ranked;
    ranked.codes = unpack_codes(key);
    ranked.key = key;
    int k = 0, j = 0;
    while (k < pieces_ && ranked.codes[k] == kStartCode) ++k;
    while (j < pieces_ - k && ranked.codes[pieces_ - 1 - j] == middle_ + 1) ++j;
    ranked.on_start = k;
    ranked.on_finish = j;
    ranked.colex = rank - group_offset_[k][j];
    return ranked;
  }

  // The rank of sorted codes.
  std::uint64_t rank(const Codes& codes) const { return rank(parts(codes)); }
  std::uint64_t rank(const RankedCodes& ranked) const {
    return group_offset_[ranked.on_start][ranked.on_finish] + ranked.colex;
  }

  // rank(moved(parent.codes, pieces, i, to)), from the parent's parts
  // without building the child. Preconditions: piece i is not on finish,
  // `to` is finish or a middle code no piece holds, and `to` comes after
  // the piece's code (every move does). Arithmetic is modulo 2^64, where
  // the differences of binomials below are exact: the result is the rank.
  //
  // Why it is the child's colex rank. Leaving start (k -> k - 1): `to`
  // joins the middle set at position q = 1 + (middle codes below it); the
  // codes above it move up one position, from q_e to q_e + 1; reaching
  // finish instead leaves the set alone. A middle piece on a at position
  // q_a leaves the set: its term C(a - 1, q_a) goes; the codes after it
  // move down one position; if `to` is a middle code, the codes between a
  // and `to` move down one and `to` enters just after them, at position
  // q_a + (codes between), while the codes above `to` keep theirs.
  std::uint64_t child_rank(const RankedCodes& parent, int i, std::uint8_t to) const {
    const Codes& codes = parent.codes;
    const int k = parent.on_start, j = parent.on_finish;
    const int high = pieces_ - j;  // the middle codes are codes[k .. high)
    const int finish = middle_ + 1;
    std::uint64_t colex = parent.colex;
    if (codes[i] == kStartCode) {
      if (to == finish) return group_offset_[k - 1][j + 1] + colex;
      int e = k;
      while (e < high && codes[e] < to) ++e;
      colex += binomial(to - 1, e - k + 1);
      for (; e < high; ++e) colex += up_one(codes[e], e - k + 1);
      return group_offset_[k - 1][j] + colex;
    }
    colex -= binomial(codes[i] - 1, i - k + 1);
    int e = i + 1;
    if (to == finish) {
      for (; e < high; ++e) colex += down_one(codes[e], e - k + 1);
      return group_offset_[k][j + 1] + colex;
    }
    for (; e < high && codes[e] < to; ++e) colex += down_one(codes[e], e - k + 1);
    colex += binomial(to - 1, e - k);
    return group_offset_[k][j] + colex;
  }

  // Calls visit(rank, codes) for every position in increasing rank.
  template <class Visit>
  void for_each(Visit&& visit) const {
    std::uint64_t rank = 0;
    for (int j = 0; j <= pieces_; ++j)
      for (int k = pieces_ - j; k >= 0; --k) {
        const int rest = pieces_ - k - j;
        if (rest > middle_) continue;
        std::array<int, kMaxPieces> chosen{};  // colex: c_0 < c_1 < ..., middle indices
        for (int i = 0; i < rest; ++i) chosen[i] = i;
        while (true) {
          Codes codes{};
          for (int i = 0; i < k; ++i) codes[i] = kStartCode;
          for (int i = 0; i < rest; ++i) codes[k + i] = static_cast<std::uint8_t>(chosen[i] + 1);
          for (int i = 0; i < j; ++i) codes[k + rest + i] = static_cast<std::uint8_t>(middle_ + 1);
          visit(rank++, codes);
          // The next combination in colex order.
          int i = 0;
          while (i < rest && chosen[i] + 1 == (i + 1 < rest ? chosen[i + 1] : middle_)) ++i;
          if (i == rest) break;
          ++chosen[i];
          for (int low = 0; low < i; ++low) chosen[low] = low;
        }
      }
  }

 private:
  static constexpr std::size_t kRow = kMaxPieces + 1;  // binomials per n: k = 0 .. kMaxPieces

  static std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
    constexpr std::uint64_t kCap = std::uint64_t{1} << 63;
    return a >= kCap || b >= kCap - a ? kCap : a + b;
  }
  std::uint64_t& binomial(int n, int k) { return binomial_[static_cast<std::size_t>(n) * kRow + k]; }
  std::uint64_t binomial(int n, int k) const { return binomial_[static_cast<std::size_t>(n) * kRow + k]; }
  // The change of a middle code's term when its position q moves up one
  // (C(c - 1, q + 1) - C(c - 1, q)) or down one (C(c - 1, q - 1) - C(c - 1, q)).
  std::uint64_t up_one(std::uint8_t code, int q) const { return binomial(code - 1, q + 1) - binomial(code - 1, q); }
  std::uint64_t down_one(std::uint8_t code, int q) const { return binomial(code - 1, q - 1) - binomial(code - 1, q); }

  int middle_;
  int pieces_;
  std::vector<std::uint64_t> binomial_;  // C(n, k) for n <= middle, k <= kMaxPieces (0 where k > n)
  std::array<std::array<std::uint64_t, kMaxPieces + 1>, kMaxPieces + 1> group_offset_{};
  std::uint64_t total_ = 0;
};

}  // namespace boardsearch::yut
