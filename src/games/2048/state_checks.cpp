// The 2048 search state's own checks (Puzzle::check_states, run by the
// conformance suite): along random playouts of MaxTileProblem, the state the
// core branch and bound walks, every generated move is legal by the plain
// rules and undo restores each earlier state exactly.

#include "boardsearch/core/conformance.hpp"
#include "boardsearch/core/zobrist.hpp"
#include "games/2048/parse.hpp"
#include "games/2048/problem.hpp"
#include "games/2048/puzzle.hpp"
#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

std::size_t check_states(std::uint64_t seed) {
  constexpr std::uint64_t kBoards = 60;
  constexpr int kPlayouts = 3;
  constexpr std::size_t kTableBytes = std::size_t{1} << 16;  // the state is copied at every step: keep it small
  const app::Puzzle& self = puzzle();
  const app::OptionValues options = app::with_defaults(self.options, {});
  core::SplitMix64 rng(seed);
  std::size_t applied = 0;
  // Legal: the move changes the board, and apply leads to the board the
  // rules give (apply selects a child generate_moves computed).
  auto legal = [](const MaxTileProblem& state, core::Direction direction) {
    Board expected;
    if (!apply_move(state.board(), direction, expected)) return false;
    MaxTileProblem child = state;
    child.apply(direction);
    return child.board() == expected;
  };
  for (std::uint64_t index = 0; index < kBoards; ++index) {
    const Board board = parse_board(self.hunt.generate(index, rng, options));
    const long long moves = 1 + static_cast<long long>(rng.below(8));
    for (const bool use_seen_boards : {true, false}) {
      SearchOptions search;
      search.use_seen_boards = use_seen_boards;
      search.table_bytes = kTableBytes;
      const MaxTileProblem root(board, moves, search);
      applied += core::check_apply_undo_restores(
          root, kPlayouts, static_cast<std::size_t>(moves), rng.next(),
          [](const MaxTileProblem& x, const MaxTileProblem& y) { return x == y; }, legal);
    }
  }
  return applied;
}

}  // namespace boardsearch::game2048
