#pragma once
// The conformance check every puzzle's search state passes (after OpenSpiel's
// random-playout game test), usable from a puzzle's own check_states hook
// (app::Puzzle) as well as from tests: along random playouts, every generated
// move is legal (when the caller gives the rules) and can be applied, and
// undoing the moves in reverse restores every earlier state exactly (and its
// key, for states that have one).
//
// The state S must offer what the core searches use: S::Move, S::MoveBuffer,
// generate_moves(MoveBuffer&), apply(Move), undo(Move), and optionally key().

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"

namespace boardsearch::core {

template <class S>
concept HasStateKey = requires(const S& s) {
  s.key();
};

// Plays `playouts` random games of at most `max_depth` moves from `root`.
// `same(a, b)` compares two states; `legal(state, move)`, the rules written
// plainly by the caller, must hold for every move generate_moves offers.
// Returns the number of moves applied (callers check it is not zero: a check
// that played nothing checked nothing). Throws std::logic_error naming the
// first broken invariant and where.
template <class State, class Same, class Legal>
std::size_t check_apply_undo_restores(const State& root, int playouts, std::size_t max_depth, std::uint64_t seed,
                                      Same same, Legal legal) {
  SplitMix64 rng(seed);
  std::size_t applied = 0;
  for (int playout = 0; playout < playouts; ++playout) {
    State state = root;
    std::vector<State> before;
    std::vector<typename State::Move> moves_made;
    while (moves_made.size() < max_depth) {
      typename State::MoveBuffer moves;
      state.generate_moves(moves);
      if (moves.empty()) break;
      for (const auto& move : moves)
        if (!legal(state, move))
          throw std::logic_error("a generated move breaks the rules (playout " + std::to_string(playout) + ", depth " +
                                 std::to_string(moves_made.size()) + ")");
      const auto move = moves[static_cast<std::size_t>(rng.below(moves.size()))];
      before.push_back(state);
      state.apply(move);
      moves_made.push_back(move);
      ++applied;
    }
    while (!moves_made.empty()) {
      state.undo(moves_made.back());
      moves_made.pop_back();
      const std::string where =
          " (playout " + std::to_string(playout) + ", depth " + std::to_string(moves_made.size()) + ")";
      if (!same(state, before.back())) throw std::logic_error("undo did not restore the state" + where);
      if constexpr (HasStateKey<State>) {
        if (!(state.key() == before.back().key())) throw std::logic_error("undo did not restore the key" + where);
      }
      before.pop_back();
    }
  }
  return applied;
}

}  // namespace boardsearch::core
