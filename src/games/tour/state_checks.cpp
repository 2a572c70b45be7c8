// The tour search state's own checks (Puzzle::check_states, run by the
// conformance suite): from every start cell of random boards, along random
// playouts of TourProblem, every generated step is legal by the rules walked
// cell by cell, and undo restores each earlier state exactly.

#include "boardsearch/core/conformance.hpp"
#include "boardsearch/core/zobrist.hpp"
#include "games/tour/parse.hpp"
#include "games/tour/puzzle.hpp"
#include "games/tour/search.hpp"

namespace boardsearch::tour {

std::size_t check_states(std::uint64_t seed) {
  constexpr std::uint64_t kInputs = 40;
  constexpr int kPlayouts = 2;
  constexpr std::size_t kMaxDepth = 64;
  const app::Puzzle& self = puzzle();
  const app::OptionValues options = app::with_defaults(self.options, {});
  core::SplitMix64 rng(seed);
  std::size_t applied = 0;
  // The rules of a step, walked cell by cell: the ball rolls over unvisited
  // cells until the next one is not, and a step moves at least one cell.
  auto legal = [](const TourProblem& state, const Move& move) {
    const Position& position = state.position();
    int length = 0;
    while (position.is_unvisited(shifted(position.ball(), move.direction, length + 1))) ++length;
    return length > 0 && length == move.length;
  };
  for (std::uint64_t index = 0; index < kInputs; ++index)
    for (const Board& board : parse_boards(self.hunt.generate(index, rng, options)))
      for (int r = 0; r < board.rows; ++r)
        for (int c = 0; c < board.cols; ++c) {
          if (!board.is_empty(r, c)) continue;
          const TourProblem root(board, {r, c});
          applied += core::check_apply_undo_restores(
              root, kPlayouts, kMaxDepth, rng.next(), [](const TourProblem& x, const TourProblem& y) { return x == y; },
              legal);
        }
  return applied;
}

}  // namespace boardsearch::tour
