#pragma once
// Searching a child position: apply a move, look, undo it, also when the
// look throws (a SearchAborted unwinding the search must leave every game
// back where it was).

#include <type_traits>
#include <utility>

namespace boardsearch::core {

// Applies `move` to `game`, returns what `look()` returns for the position
// after it (nothing, a value or a reference, as look does), and undoes the
// move, also when `look` throws. G: apply(move) and undo(move), as in the
// game contracts.
template <class G, class Move, class Look>
decltype(auto) after_move(G& game, const Move& move, Look&& look) {
  game.apply(move);
  try {
    if constexpr (std::is_void_v<std::invoke_result_t<Look&&>>) {
      std::forward<Look>(look)();
      game.undo(move);
    } else {
      decltype(auto) result = std::forward<Look>(look)();
      game.undo(move);
      return result;
    }
  } catch (...) {
    game.undo(move);
    throw;
  }
}

}  // namespace boardsearch::core
