#include "games/footholds/solver.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "boardsearch/core/negamax.hpp"
#include "games/footholds/game.hpp"

namespace boardsearch::footholds {

namespace {

// Table sizes, as powers of two. The number of positions a solve visits grows
// roughly like 2^(cells / 2) on open boards (players cut the board into
// regions quickly), so tables scale with the board and stop at a cap: a 3 x 3
// board gets a few kilobytes, 8 x 8 and larger about 100 MB.
constexpr int kMinTableBits = 10;
constexpr int kMaxTableBits = 22;
constexpr int kMinPathCacheBits = 8;
constexpr int kMaxPathCacheBits = 18;

std::size_t table_entries(int cells) {
  return std::size_t{1} << std::clamp(cells / 2 + 2, kMinTableBits, kMaxTableBits);
}
std::size_t path_cache_entries(int cells) {
  return std::size_t{1} << std::clamp(cells / 2, kMinPathCacheBits, kMaxPathCacheBits);
}

// The whole perfectly played game from the current position, whose exact
// score is `score`: at each position, the first generated move whose child
// provably scores -score (a null-window search), down to the end of the game.
// Unlike NegamaxSolver::principal_variation it does not stop at positions
// whose score is known in closed form (separated players, an immediate win):
// it plays those out too, so the line has exactly as many moves as the game.
// Restores the game. May throw core::SearchAborted.
template <class BB>
std::vector<Direction> whole_game(FootholdsGame<BB>& game, core::NegamaxSolver<FootholdsGame<BB>>& solver,
                                  int score) {
  std::vector<Direction> line;
  auto unwind = [&] {
    for (auto it = line.rbegin(); it != line.rend(); ++it) game.undo(*it);
  };
  try {
    while (!game.over()) {
      typename FootholdsGame<BB>::MoveBuffer moves;
      game.generate_moves(moves);
      bool found = false;
      for (const Direction move : moves) {
        game.apply(move);
        line.push_back(move);
        // The child scores >= -score (score is the maximum of -child); a
        // result <= -score proves it equal.
        if (solver.search(-score, -score + 1) <= -score) {
          score = -score;
          found = true;
          break;
        }
        line.pop_back();
        game.undo(move);
      }
      if (!found) throw std::logic_error("footholds: no move keeps the proven score");
    }
  } catch (...) {
    unwind();
    throw;
  }
  unwind();
  return line;
}

template <class BB>
core::SearchResult<Direction, int> solve_with(const Board& board, const core::SearchLimits& limits) {
  const core::Clock::time_point start = core::Clock::now();
  const Geometry<BB> geometry(board.rows, board.cols);
  BB footholds;
  for (int cell = 0; cell < board.cells(); ++cell)
    if (board.footholds[static_cast<std::size_t>(cell)] != 0) footholds |= BB::cell(cell);

  LongestPaths<BB> paths(geometry, path_cache_entries(board.cells()), limits);
  FootholdsGame<BB> game(geometry, paths, footholds, board.a, board.b);
  core::NegamaxSolver<FootholdsGame<BB>> solver(game, table_entries(board.cells()), limits);

  core::SearchResult<Direction, int> result;
  try {
    // The core probes 0 first (who wins), then bisects to the exact score.
    const int score = solver.solve_score();
    result.line = whole_game(game, solver, score);
    result.value = footholds.count() - std::abs(score);
  } catch (const core::SearchAborted& aborted) {
    result.outcome = aborted.outcome;
    result.line.clear();
  }
  result.stats.nodes = solver.stats().nodes + paths.stats().nodes;
  result.stats.tt_hits = solver.stats().tt_hits;
  result.stats.elapsed = core::Clock::now() - start;
  return result;
}

}  // namespace

core::SearchResult<Direction, int> solve_board(const Board& board, const core::SearchLimits& limits) {
  // Boards of at most 64 cells use one word per set: no cost for the wide type.
  if (board.cells() <= Bits64::kCapacity) return solve_with<Bits64>(board, limits);
  return solve_with<Bits128>(board, limits);
}

}  // namespace boardsearch::footholds
