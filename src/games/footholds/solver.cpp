#include "games/footholds/solver.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <vector>

#include "boardsearch/core/principal_variation.hpp"
#include "games/footholds/game.hpp"
#include "games/footholds/search.hpp"

namespace boardsearch::footholds {

namespace {

// Table sizes, as powers of two, from the number f of footholds the players
// can reach: a 3 x 3 board gets 1,024 entries (16 KB), 7 x 7 2^17, 8 x 8 and
// up the cap, 2^18 (4 MB with 64-bit keys). Only positions within
// kTablePlies of the root use the table, so on full 8 x 8 boards larger
// tables no longer change the node counts (docs/footholds.md,
// "Measurements"): the cap only leaves room for larger boards.
constexpr int kTableBitsBase = 5;
constexpr int kMinTableBits = 10;
constexpr int kMaxTableBits = 18;
// Positions more than this many plies below the root skip the table (see
// search.hpp): fewer plies cost nodes, more cost cache misses; 18 was the
// fastest on the hardest full 8 x 8 start (docs/footholds.md, "Measurements").
constexpr int kTablePlies = 18;
constexpr int kPathCacheBitsBase = 3;
constexpr int kMinPathCacheBits = 8;
constexpr int kMaxPathCacheBits = 18;

int table_bits(int footholds) { return std::clamp(footholds / 4 + kTableBitsBase, kMinTableBits, kMaxTableBits); }
int path_cache_bits(int footholds) {
  return std::clamp(footholds / 4 + kPathCacheBitsBase, kMinPathCacheBits, kMaxPathCacheBits);
}

// The sizes of a solve's two tables, and the bytes they take together.
struct TableSizes {
  std::size_t game_entries = 0;
  std::size_t path_entries = 0;
  std::uint64_t bytes = 0;
};

// The table sizes for `reachable` footholds within `max_bytes` (0: no
// budget): the sizes above, or, when they do not fit, the larger table halved
// (the game table on a tie: the path memo is the smaller and the hotter)
// until they fit, each down to its minimum at most. nullopt if even the
// minimums do not fit. A table_entries tuning fixes the game table's size.
template <class BB>
std::optional<TableSizes> table_sizes(int reachable, std::uint64_t max_bytes, const SearchTuning& tuning) {
  int game_bits = table_bits(reachable);
  int path_bits = path_cache_bits(reachable);
  const auto sizes = [&] {
    TableSizes result;
    result.game_entries = tuning.table_entries != 0 ? tuning.table_entries : std::size_t{1} << game_bits;
    result.path_entries = std::size_t{1} << path_bits;
    result.bytes = BucketTable<BB>::bytes_for(result.game_entries) + LongestPaths<BB>::bytes_for(result.path_entries);
    return result;
  };
  TableSizes result = sizes();
  while (max_bytes != 0 && result.bytes > max_bytes) {
    const bool game_can_shrink = tuning.table_entries == 0 && game_bits > kMinTableBits;
    const bool path_can_shrink = path_bits > kMinPathCacheBits;
    if (!game_can_shrink && !path_can_shrink) return std::nullopt;
    const bool game_is_larger =
        BucketTable<BB>::bytes_for(result.game_entries) >= LongestPaths<BB>::bytes_for(result.path_entries);
    if (game_can_shrink && (game_is_larger || !path_can_shrink))
      --game_bits;
    else
      --path_bits;
    result = sizes();
  }
  return result;
}

// Probes that step one score away from the bound the sign probe proved,
// before bisecting what is left (see exact_score). Stepping reuses the
// proofs already in the table, so it beats bisection when the answer is near
// that bound (most starts); an answer far from it (a short game) would take
// one probe per score, so after this many the rest is bisected. The sweep
// measurements behind 8 are in docs/footholds.md, "Measurements".
constexpr int kSteppingProbes = 8;

// The exact score of the current position by null-window searches (plain
// bisection over every score would ignore both facts below):
//   1. one null-window search at 0 decides who wins (scores are never 0);
//   2. the exact score among the scores of that sign with the right parity
//      only: the mover wins after an odd number d of plies and loses after an
//      even one, and the score is +-(f - d), so a win has the parity of f - 1
//      and a loss that of f. Each probe "score >= c" is a null-window search
//      (c - 1, c). The sign probe's fail-soft value is a proven bound (an
//      upper one for a loss, a lower one for a win): the first probes step
//      from it one score at a time ("is the bound the score?"), because a
//      proof next to an earlier one is mostly in the table already; after
//      kSteppingProbes the rest is bisected.
// May throw core::SearchAborted.
//
// `report(mover_wins, lo, hi)` is told each proven range of the score once
// the winner is known (for progress lines).
template <class BB, class Report>
int exact_score(FootholdsGame<BB>& game, GameSearch<BB>& solver, const Report& report) {
  if (auto known = game.known_score()) return *known;
  auto [lo, hi] = game.score_bounds();

  // Step 1. Who wins.
  const int sign_probe = solver.search(0, 1);
  const bool mover_wins = sign_probe >= 1;
  if (mover_wins)
    lo = std::max({lo, sign_probe, 1});
  else
    hi = std::min({hi, sign_probe, -1});
  const int parity = (mover_wins ? game.foothold_count() - 1 : game.foothold_count()) & 1;
  // (x - parity) & 1 is the parity mismatch, also for negative x (two's complement).
  auto align_up = [parity](int x) { return x + ((x - parity) & 1); };
  auto align_down = [parity](int x) { return x - ((x - parity) & 1); };
  lo = align_up(lo);
  hi = align_down(hi);
  report(mover_wins, lo, hi);

  // Step 2. Stepping, then bisection; the true score stays in [lo, hi], both
  // of its parity.
  for (int probes = 0; lo < hi; ++probes) {
    int candidate;
    if (probes < kSteppingProbes) {
      // Next to the proven end: a loss's upper end hi, a win's lower end lo.
      candidate = mover_wins ? lo + 2 : hi;
    } else {
      // The lower middle candidate (at least one step up): probes above the
      // true score proved costlier than those below it on full 8 x 8 boards.
      const int steps = (hi - lo) / 2;
      candidate = lo + 2 * std::max(1, steps / 2);
    }
    const int r = solver.search(candidate - 1, candidate);
    if (r >= candidate)
      lo = align_up(r);  // true >= r
    else
      hi = align_down(r);  // true <= r < candidate
    report(mover_wins, lo, hi);
  }
  return lo;
}

// The whole perfectly played game from the current position, whose exact
// score is `score` (core::principal_variation, the table move first). It
// does not stop at positions whose score is known in closed form (separated
// players, an immediate win): it plays those out too, so the line has
// exactly as many moves as the game. Restores the game. May throw
// core::SearchAborted.
template <class BB>
std::vector<Direction> whole_game(FootholdsGame<BB>& game, GameSearch<BB>& solver, int score) {
  return core::principal_variation(
      game, score, [&solver](int alpha, int beta) { return solver.search(alpha, beta); },
      [&solver] { return solver.table_move(); }, [](const FootholdsGame<BB>& position) { return position.over(); });
}

template <class BB>
core::SearchResult<Direction, int> solve_with(const Board& board, const core::SearchLimits& limits,
                                              const SearchTuning& tuning, SolveProgress* progress) {
  // One control for the whole solve: the game search and the longest-path
  // searches share its node budget, clock and statistics.
  core::SearchControl control(limits);
  const Geometry<BB> geometry(board.rows, board.cols);
  const BB footholds = foothold_bits<BB>(board);

  // Only the footholds the players can ever reach matter for the table sizes.
  const BB reachable = geometry.component(board.a, footholds) | geometry.component(board.b, footholds);
  core::SearchResult<Direction, int> result;
  const std::optional<TableSizes> sizes = table_sizes<BB>(reachable.count(), limits.max_memory_bytes, tuning);
  if (!sizes) {
    result.outcome = core::Outcome::memory_limit;
    result.stats = control.finish();
    return result;
  }
  LongestPaths<BB> paths(geometry, sizes->path_entries, control);
  FootholdsGame<BB> game(geometry, paths, footholds, board.a, board.b);
  BucketTable<BB> table(sizes->game_entries);
  const int table_plies = tuning.table_plies.value_or(kTablePlies);
  GameSearch<BB> solver(game, table, control, NearRoot<BB>{game.foothold_count() - table_plies});

  // A score s of the root (A to move) is a game of footholds - |s| moves;
  // A wins when s > 0. A proven range [lo, hi] of s is a range of moves.
  const int all_footholds = footholds.count();
  const auto report = [progress, all_footholds](bool mover_wins, int lo, int hi) {
    if (progress == nullptr) return;
    progress->winner = mover_wins ? 'A' : 'B';
    progress->fewest = std::max(0, all_footholds - std::max(std::abs(lo), std::abs(hi)));
    progress->most = all_footholds - std::min(std::abs(lo), std::abs(hi));
  };
  try {
    const int score = exact_score(game, solver, report);
    report(score > 0, score, score);
    result.line = whole_game(game, solver, score);
    result.value = footholds.count() - std::abs(score);
  } catch (const core::SearchAborted& aborted) {
    result.outcome = aborted.outcome;
    result.line.clear();
  }
  result.stats = control.finish();
  result.stats.memory_bytes = sizes->bytes;
  return result;
}

}  // namespace

core::SearchResult<Direction, int> solve_board(const Board& board, const core::SearchLimits& limits,
                                               const SearchTuning& tuning, SolveProgress* progress) {
  // Boards of at most 64 cells use one word per set: no cost for the wide type.
  if (board.cells() <= Bits64::kCapacity) return solve_with<Bits64>(board, limits, tuning, progress);
  return solve_with<Bits128>(board, limits, tuning, progress);
}

}  // namespace boardsearch::footholds
