#include "games/marble/rules.hpp"

namespace boardsearch::marble {

namespace {

using core::Direction;

// Rolls one marble from `from` towards `direction`: it moves while the next
// cell is neither a wall nor `blocker` (the other marble's cell, or kInHole
// for none), and falls in when it reaches the hole. A marble already in the
// hole stays there.
int roll(const Board& board, int from, Direction direction, int blocker) {
  if (from == kInHole) return kInHole;
  int at = from;
  while (true) {
    const int next = board.step(at, direction);
    if (board.is_wall(next) || next == blocker) return at;
    at = next;
    if (at == board.hole) return kInHole;
  }
}

// True if both marbles are on the board, in the same row (for a left or right
// tilt) or column (up or down), and `a` is further along `direction` than `b`.
bool is_in_front(const Board& board, int a, int b, Direction direction) {
  if (a == kInHole || b == kInHole) return false;
  const core::GridCell ca = board.cell(a), cb = board.cell(b);
  switch (direction) {
    case Direction::up:
      return ca.col == cb.col && ca.row < cb.row;
    case Direction::down:
      return ca.col == cb.col && ca.row > cb.row;
    case Direction::left:
      return ca.row == cb.row && ca.col < cb.col;
    case Direction::right:
      return ca.row == cb.row && ca.col > cb.col;
  }
  return false;
}

}  // namespace

int Board::step(int index, Direction direction) const {
  switch (direction) {
    case Direction::up:
      return index - cols;
    case Direction::down:
      return index + cols;
    case Direction::left:
      return index - 1;
    case Direction::right:
      return index + 1;
  }
  return index;
}

Marbles tilt(const Board& board, Marbles marbles, Direction direction) {
  if (is_in_front(board, marbles.blue, marbles.red, direction)) {
    marbles.blue = roll(board, marbles.blue, direction, marbles.red);
    marbles.red = roll(board, marbles.red, direction, marbles.blue);
  } else {
    marbles.red = roll(board, marbles.red, direction, marbles.blue);
    marbles.blue = roll(board, marbles.blue, direction, marbles.red);
  }
  return marbles;
}

Verdict verdict(Marbles marbles) {
  if (marbles.blue == kInHole) return Verdict::failure;
  if (marbles.red == kInHole) return Verdict::success;
  return Verdict::playing;
}

std::optional<Judge> judge_of(std::string_view number) {
  for (int i = 0; i < 4; ++i)
    if (kJudgeNumbers[i] == number) return static_cast<Judge>(i);
  return std::nullopt;
}

std::string_view number_of(Judge judge) { return kJudgeNumbers[static_cast<int>(judge)]; }

std::optional<int> judge_tilt_limit(Judge judge) {
  if (judge == Judge::escape_4) return std::nullopt;
  return kJudgeMaxTilts;
}

}  // namespace boardsearch::marble
