#pragma once
// Searching a child position: apply a move, look, undo it, also when the
// look throws (a SearchAborted unwinding the search must leave every game
// back where it was).

#include <utility>

namespace boardsearch::core {

// Applies `move` to `game`, returns what `look()` returns for the position
// after it, and undoes the move; if `look` throws, undoes the move and
// rethrows. G: apply(move) and undo(move), as in the game contracts.
template <class G, class Move, class Look>
auto after_move(G& game, const Move& move, Look&& look) -> decltype(look()) {
  game.apply(move);
  try {
    auto result = std::forward<Look>(look)();
    game.undo(move);
    return result;
  } catch (...) {
    game.undo(move);
    throw;
  }
}

}  // namespace boardsearch::core
