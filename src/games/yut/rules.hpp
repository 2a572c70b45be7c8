#pragma once
// The movement rule of dice yut, in one place, and a precomputed table of it.
//
// A move of a piece on square s with die value f:
//   - the first step goes to s's blue successor if s has one (the blue path
//     is taken only when the move *starts* on a blue square), else to its red
//     successor; every later step follows red successors;
//   - reaching finish ends the move there, whatever is left of f.
// Legality and scoring (not ending on an occupied square except finish, the
// points of the landing square) depend on the other pieces and live in the
// solver, stated again there.

#include <cstdint>
#include <vector>

#include "games/yut/board.hpp"

namespace boardsearch::yut {

// The square where a move from `square` with die value `face` ends.
// Preconditions: board valid (parse_board invariants), square != finish,
// face >= 1.
inline int landing_square(const Board& board, int square, int face) {
  const Square& from = board.squares[square];
  int at = from.blue != kNoSquare ? from.blue : from.red;
  for (int step = 1; step < face && at != board.finish; ++step) at = board.squares[at].red;
  return at;
}

// landing_square for every (square, face) pair, looked up in O(1).
//
//   destinations_: row per square, column per face value 0..max_face
//     index = square * stride + face,  stride = max_face + 1
//   entries for finish (it never moves) and for values that are not faces
//   hold kNoSquare.
class MoveTable {
 public:
  explicit MoveTable(const Board& board)
      : stride_(board.faces.back() + 1),
        destinations_(board.squares.size() * static_cast<std::size_t>(stride_), static_cast<std::uint8_t>(kNoSquare)) {
    for (std::size_t square = 0; square < board.squares.size(); ++square) {
      if (static_cast<int>(square) == board.finish) continue;
      for (int face : board.faces)
        destinations_[square * stride_ + face] =
            static_cast<std::uint8_t>(landing_square(board, static_cast<int>(square), face));
    }
  }

  // Precondition: square != finish and face is one of the board's faces.
  int destination(int square, int face) const { return destinations_[square * stride_ + face]; }

 private:
  int stride_;
  std::vector<std::uint8_t> destinations_;
};

}  // namespace boardsearch::yut
