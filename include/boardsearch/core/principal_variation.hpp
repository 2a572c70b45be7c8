#pragma once
// The line of perfect play from a position whose exact negamax score is
// known, recovered with null-window searches. One walk for NegamaxSolver and
// for puzzle-specific searches that keep tables of their own.

#include <optional>
#include <utility>
#include <vector>

namespace boardsearch::core {

// The line of play from `game`'s current position, whose exact score (the
// mover's view, negamax convention) is `score`, until `at_end(game)` holds.
//
// At each position the move `first_move()` suggests (typically the
// transposition table's), if any, is tried first, then the others in the
// game's order. A move is taken when `search(alpha, beta)`, a fail-soft
// alpha-beta search of the position after it, proves its child scores
// exactly -score: every child scores >= -score (the parent's best is
// score = max over children of -child), so the null window (-score,
// -score + 1) answering <= -score is proof enough, and the table entries
// this walk leaves make the next position's search cheap.
//
// Restores the game's position, also when `search` throws (for example
// SearchAborted), and rethrows.
template <class G, class Search, class FirstMove, class AtEnd>
std::vector<typename G::Move> principal_variation(G& game, int score, Search&& search, FirstMove&& first_move,
                                                  AtEnd&& at_end) {
  using Move = typename G::Move;
  std::vector<Move> line;
  auto unwind = [&] {
    for (auto it = line.rbegin(); it != line.rend(); ++it) game.undo(*it);
  };
  try {
    while (!at_end(std::as_const(game))) {
      typename G::MoveBuffer moves;
      game.generate_moves(moves);
      if (const std::optional<Move> suggested = first_move()) moves.bring_to_front(*suggested);
      bool found = false;
      for (const Move& move : moves) {
        // The move is pushed before searching so `unwind` undoes it too.
        game.apply(move);
        line.push_back(move);
        if (search(-score, -score + 1) <= -score) {
          score = -score;
          found = true;
          break;
        }
        line.pop_back();
        game.undo(move);
      }
      if (!found) break;  // cannot happen when score is exact
    }
  } catch (...) {
    unwind();
    throw;
  }
  unwind();
  return line;
}

}  // namespace boardsearch::core
