#pragma once
// The conformance check every puzzle's search state passes (after OpenSpiel's
// random-playout game test): along random playouts, every generated move is
// legal (when the caller gives the rules) and can be applied, and undoing the
// moves in reverse restores every earlier state exactly (and its key, for
// games that have one).

#include <gtest/gtest.h>

#include <concepts>
#include <vector>

#include "boardsearch/core/zobrist.hpp"

namespace boardsearch::testing {

template <class S>
concept HasKey = requires(const S& s) {
  s.key();
};

// Plays `playouts` random games of at most `max_depth` moves from `root`,
// checking apply/undo symmetry. `same(a, b)` compares two states (defaults to
// operator==); `legal(state, move)`, the rules written plainly by the
// caller, must hold for every move generate_moves offers (defaults to no
// check). Returns the number of moves applied, so callers can assert the
// check did real work.
template <class State, class Same, class Legal>
std::size_t check_apply_undo_restores(const State& root, int playouts, std::size_t max_depth, std::uint64_t seed,
                                      Same same, Legal legal) {
  core::SplitMix64 rng(seed);
  std::size_t applied = 0;
  for (int playout = 0; playout < playouts; ++playout) {
    State state = root;
    std::vector<State> before;
    std::vector<typename State::Move> moves_made;
    while (moves_made.size() < max_depth) {
      typename State::MoveBuffer moves;
      state.generate_moves(moves);
      if (moves.empty()) break;
      for (const auto& move : moves) EXPECT_TRUE(legal(state, move)) << "a generated move breaks the rules";
      const auto move = moves[static_cast<std::size_t>(rng.below(moves.size()))];
      before.push_back(state);
      state.apply(move);
      moves_made.push_back(move);
      ++applied;
    }
    while (!moves_made.empty()) {
      state.undo(moves_made.back());
      moves_made.pop_back();
      EXPECT_TRUE(same(state, before.back()))
          << "undo did not restore the state (playout " << playout << ", depth " << moves_made.size() << ")";
      if constexpr (HasKey<State>) {
        EXPECT_EQ(state.key(), before.back().key());
      }
      before.pop_back();
    }
  }
  return applied;
}

template <class State, class Same>
std::size_t check_apply_undo_restores(const State& root, int playouts, std::size_t max_depth, std::uint64_t seed,
                                      Same same) {
  return check_apply_undo_restores(root, playouts, max_depth, seed, same,
                                   [](const State&, const typename State::Move&) { return true; });
}

template <class State>
std::size_t check_apply_undo_restores(const State& root, int playouts, std::size_t max_depth, std::uint64_t seed) {
  return check_apply_undo_restores(root, playouts, max_depth, seed,
                                   [](const State& a, const State& b) { return a == b; });
}

}  // namespace boardsearch::testing
