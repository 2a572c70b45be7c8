// The footholds search state's own checks (Puzzle::check_states, run by the
// conformance suite): along random playouts of FootholdsGame, the state the
// negamax walks, every generated step is legal by the Board's own rule (the
// mover stands on a foothold and steps onto a neighbouring foothold), and
// undo restores each earlier state, its key and its foothold count.

#include "boardsearch/core/conformance.hpp"
#include "boardsearch/core/zobrist.hpp"
#include "games/footholds/geometry.hpp"
#include "games/footholds/longest_path.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/puzzle.hpp"
#include "games/footholds/rules.hpp"

namespace boardsearch::footholds {

namespace {

// The checks on one board in the representation BB.
template <class BB>
std::size_t check_board(const Board& board, std::uint64_t seed) {
  constexpr int kPlayouts = 10;
  constexpr std::size_t kMaxDepth = 60;
  constexpr std::size_t kPathCacheEntries = 64;
  const Geometry<BB> geometry(board.rows, board.cols);
  core::SearchControl control{core::SearchLimits{}};
  LongestPaths<BB> paths(geometry, kPathCacheEntries, control);
  const FootholdsGame<BB> root(geometry, paths, foothold_bits<BB>(board), board.a, board.b);
  auto legal = [&board](const FootholdsGame<BB>& game, Direction direction) {
    const int next = board.step(game.mover(), direction);
    return game.footholds().test(game.mover()) && next >= 0 && game.footholds().test(next);
  };
  auto same = [](const FootholdsGame<BB>& a, const FootholdsGame<BB>& b) {
    return a == b && a.foothold_count() == b.foothold_count();
  };
  return core::check_apply_undo_restores(root, kPlayouts, kMaxDepth, seed, same, legal);
}

}  // namespace

std::size_t check_states(std::uint64_t seed) {
  constexpr std::uint64_t kBoards = 60;
  const app::Puzzle& self = puzzle();
  const app::OptionValues options = app::with_defaults(self.options, {});
  core::SplitMix64 rng(seed);
  std::size_t applied = 0;
  for (std::uint64_t index = 0; index < kBoards; ++index) {
    const Board board = parse_board(self.hunt.generate(index, rng, options));
    applied += board.cells() <= Bits64::kCapacity ? check_board<Bits64>(board, rng.next())
                                                  : check_board<Bits128>(board, rng.next());
  }
  return applied;
}

}  // namespace boardsearch::footholds
