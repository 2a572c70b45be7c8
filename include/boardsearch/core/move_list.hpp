#pragma once
// A fixed-capacity list of moves that lives on the stack: generating moves in
// a hot loop must not allocate.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>

namespace boardsearch::core {

template <class Move, std::size_t Capacity>
class MoveList {
 public:
  static constexpr std::size_t capacity = Capacity;

  // Appends a move. Precondition: size() < Capacity.
  void push_back(const Move& move) {
    assert(size_ < Capacity);
    moves_[size_++] = move;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }

  // Moves `move` to the front if present, keeping the others' order (used to
  // try a transposition-table move first). Returns whether it was found.
  bool bring_to_front(const Move& move) {
    auto it = std::find(begin(), end(), move);
    if (it == end()) return false;
    std::rotate(begin(), it, it + 1);
    return true;
  }

 private:
  std::array<Move, Capacity> moves_{};
  std::size_t size_ = 0;
};

}  // namespace boardsearch::core
