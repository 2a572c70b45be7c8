#pragma once
// A dice yut position as the solver stores it (a 64-bit key of sorted
// squares) and its transitions: the legal moves of a die and the key after
// one. The solver's successor function, in one place, so the tests can check
// it against the rules written plainly.

#include <algorithm>
#include <array>
#include <cstdint>

#include "games/yut/rules.hpp"
#include "games/yut/solver.hpp"

namespace boardsearch::yut {

// A position: the squares of the P pieces, sorted ascending, one byte each.
//
//   bit 63       56 55       48        15        8 7         0
//      +-----------+-----------+ ... +-----------+-----------+
//      | square[7] | square[6] |     | square[1] | square[0] |
//      +-----------+-----------+ ... +-----------+-----------+
//   square[0] <= square[1] <= ... <= square[P-1]; bytes P..7 are zero.
//
// Sorting makes the key canonical: two positions that differ only by which
// piece stands where get the same key.
using PositionKey = std::uint64_t;
constexpr int kBitsPerSquare = 8;
constexpr PositionKey kSquareMask = 0xFF;

using Squares = std::array<std::uint8_t, kMaxPieces>;

inline Squares unpack(PositionKey key, int pieces) {
  Squares squares{};
  for (int i = 0; i < pieces; ++i) squares[i] = static_cast<std::uint8_t>((key >> (kBitsPerSquare * i)) & kSquareMask);
  return squares;
}

inline PositionKey pack(const Squares& squares, int pieces) {
  PositionKey key = 0;
  for (int i = 0; i < pieces; ++i) key |= PositionKey{squares[i]} << (kBitsPerSquare * i);
  return key;
}

// The key of `key`'s position after its piece i (squares[i], squares sorted
// as in the key) moves to `to`: byte i is cut out, and `to` is inserted where
// it keeps the bytes sorted.
inline PositionKey moved_key(PositionKey key, const Squares& squares, int pieces, int i, std::uint8_t to) {
  const auto low_bytes = [](int count) {
    return count >= kMaxPieces ? ~PositionKey{0} : (PositionKey{1} << (kBitsPerSquare * count)) - 1;
  };
  const PositionKey above = i + 1 < kMaxPieces ? key >> (kBitsPerSquare * (i + 1)) : 0;
  const PositionKey rest = (key & low_bytes(i)) | (above << (kBitsPerSquare * i));  // pieces - 1 sorted bytes
  int slot = 0;
  for (int k = 0; k < pieces; ++k) slot += k != i && squares[k] < to;
  const PositionKey moved_up =
      slot + 1 < kMaxPieces ? (rest >> (kBitsPerSquare * slot)) << (kBitsPerSquare * (slot + 1)) : 0;
  return (rest & low_bytes(slot)) | (PositionKey{to} << (kBitsPerSquare * slot)) | moved_up;
}

// The legal moves of the position `squares` (sorted ascending, the first
// kPieces entries) with die `face`: any piece not on finish, one per distinct
// square (pieces sharing start are interchangeable: the first of them moves),
// whose landing square is finish or free (start is never a landing square).
// Calls on_move(i, from, to) for each, piece i moving from squares[i] = from
// to `to`; returns whether there was any.
template <int kPieces, class OnMove>
bool for_each_legal_move(const MoveTable& moves, std::uint8_t finish, const Squares& squares, int face,
                         OnMove&& on_move) {
  bool any_move = false;
  for (int i = 0; i < kPieces; ++i) {
    const std::uint8_t from = squares[i];
    if (from == finish || (i > 0 && squares[i - 1] == from)) continue;
    const auto to = static_cast<std::uint8_t>(moves.destination(from, face));
    if (to != finish && std::find(squares.begin(), squares.begin() + kPieces, to) != squares.begin() + kPieces)
      continue;
    any_move = true;
    on_move(i, from, to);
  }
  return any_move;
}

}  // namespace boardsearch::yut
