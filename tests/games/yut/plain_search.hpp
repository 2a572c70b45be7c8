#pragma once
// The reference for dice yut: a plain search over every sequence of piece
// choices (at most P^K games for P pieces and K dice), with its own move code
// written straight from the puzzle page. It shares only the board data with
// the library (squares, points, red and blue successors), not the rules.

#include <algorithm>
#include <climits>
#include <span>
#include <vector>

#include "games/yut/rules.hpp"

namespace boardsearch::yut::testing {

// Walks `die` steps from `from`: the first step takes the blue arrow if the
// square has one, every other step the red arrow; finish stops the walk.
inline int walk(const Board& board, int from, int die) {
  int at = from;
  for (int step = 0; step < die; ++step) {
    const Square& here = board.squares[at];
    const bool first_step_from_blue_square = step == 0 && here.blue != kNoSquare;
    at = first_step_from_blue_square ? here.blue : here.red;
    if (at == board.finish) break;
  }
  return at;
}

// True if piece `piece` with die `die` may move: it is not on finish, and it
// lands on finish or on a square no other piece occupies.
inline bool can_move(const Board& board, const std::vector<int>& square_of_piece, int piece, int die) {
  if (square_of_piece[piece] == board.finish) return false;
  const int to = walk(board, square_of_piece[piece], die);
  if (to == board.finish) return true;
  for (int other = 0; other < static_cast<int>(square_of_piece.size()); ++other)
    if (other != piece && square_of_piece[other] == to) return false;
  return true;
}

class PlainSearch {
 public:
  // `skip_twins_on_start`: try only the first of several pieces still on
  // start (they are interchangeable). Off, the search is fully plain.
  PlainSearch(const Board& board, std::span<const int> dice, int pieces, bool skip_twins_on_start = false)
      : board_(board), dice_(dice), square_of_piece_(pieces, board.start), skip_twins_on_start_(skip_twins_on_start) {}

  // The maximum total score over all legal games.
  long long best() { return best_from(0); }
  long long games() const { return games_; }

 private:
  long long best_from(std::size_t turn) {
    if (turn == dice_.size()) {
      ++games_;
      return 0;
    }
    long long best = LLONG_MIN;
    const int pieces = static_cast<int>(square_of_piece_.size());
    for (int piece = 0; piece < pieces; ++piece) {
      const int from = square_of_piece_[piece];
      if (skip_twins_on_start_ && from == board_.start &&
          std::find(square_of_piece_.begin(), square_of_piece_.begin() + piece, board_.start) !=
              square_of_piece_.begin() + piece)
        continue;
      if (!can_move(board_, square_of_piece_, piece, dice_[turn])) continue;
      const int to = walk(board_, from, dice_[turn]);
      square_of_piece_[piece] = to;
      best = std::max(best, board_.squares[to].points + best_from(turn + 1));
      square_of_piece_[piece] = from;
    }
    if (best == LLONG_MIN) {  // no piece can move: the game ends here
      ++games_;
      return 0;
    }
    return best;
  }

  const Board& board_;
  std::span<const int> dice_;
  std::vector<int> square_of_piece_;
  bool skip_twins_on_start_;
  long long games_ = 0;
};

inline long long plain_best(const Board& board, std::span<const int> dice, int pieces, bool skip_twins = false) {
  return PlainSearch(board, dice, pieces, skip_twins).best();
}

}  // namespace boardsearch::yut::testing
