#pragma once
// The apply/undo conformance check (include/boardsearch/core/conformance.hpp)
// for GoogleTest: a broken invariant is a test failure with its message.

#include <gtest/gtest.h>

#include <stdexcept>

#include "boardsearch/core/conformance.hpp"

namespace boardsearch::testing {

// core::check_apply_undo_restores, reporting a broken invariant as a
// failure (and returning the moves applied before it, 0 if none).
template <class State, class Same, class Legal>
std::size_t check_apply_undo_restores(const State& root, int playouts, std::size_t max_depth, std::uint64_t seed,
                                      Same same, Legal legal) {
  try {
    return core::check_apply_undo_restores(root, playouts, max_depth, seed, same, legal);
  } catch (const std::logic_error& e) {
    ADD_FAILURE() << e.what();
    return 0;
  }
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
