#pragma once
// The footholds game search: negamax with alpha-beta over FootholdsGame, with
// the bucketed two-bound table of table.hpp.
//
// Why hand-rolled rather than core::NegamaxSolver: on full 8 x 8 boards the
// search is bound by table-probe cache misses, and the table barely finds
// transpositions inside one probe (a position recurs only when both players'
// walks cover the same cells with the same ends: on the hardest 8 x 8 start,
// with the table at every ply, 45 thousand table cutoffs in 10.6 million
// nodes, game search and longest paths together). What it is needed for is
// carrying the proofs of one root probe over to the next. So, beyond what the
// generic solver does:
//   - only positions near the root (at most table_plies plies below it) use
//     the table: they hold the big subtrees worth remembering, while the
//     millions of deep positions skip a cache miss that would find nothing
//     (measured on the hardest 8 x 8 start: 10% more nodes, half the time);
//   - the table keeps a lower and an upper bound per position, in cache-line
//     buckets with work-preferred replacement (table.hpp), so the bounds that
//     successive null-window probes prove about a position add up;
//   - the position's bucket is prefetched on entry, before the closed-form
//     checks, so the memory latency overlaps that work;
//   - the table move is searched before any other move is generated: when it
//     cuts off, the territory ordering of the other moves is never computed.
// It counts nodes on the solve's core::SearchControl (shared with the
// longest-path searches) for node, time and cancel limits, like the core
// solvers, and reports through core::SearchStats.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "boardsearch/core/after_move.hpp"
#include "boardsearch/core/limits.hpp"
#include "games/footholds/game.hpp"
#include "games/footholds/table.hpp"

namespace boardsearch::footholds {

template <class BB>
class GameSearch {
 public:
  using Game = FootholdsGame<BB>;
  using Table = BucketTable<BB>;

  // table_entries: table entries wanted (rounded up to whole buckets, a power
  // of two of them). table_plies: only positions at most this many plies below
  // the game's position at construction (the root) use the table (see Step 1
  // of search); later searches from deeper positions, such as the line walk's,
  // keep that root. The game must outlive the search.
  // `control` is the solve's (the longest-path searches count on it too);
  // it must outlive the search.
  GameSearch(Game& game, std::size_t table_entries, int table_plies, core::SearchControl& control)
      : game_(game),
        table_(table_entries),
        control_(control),
        min_table_footholds_(game.foothold_count() - table_plies) {}

  // Fail-soft alpha-beta on the game's current position: returns v with
  //   v <= alpha  => true score <= v,
  //   v >= beta   => true score >= v,
  //   otherwise      true score == v.
  // May throw core::SearchAborted (a limit); the game is then back at this node.
  int search(int alpha, int beta) { return search(alpha, beta, Game::kNoVacatedCell); }

  // The best move stored for the current position, if any.
  std::optional<Direction> table_move() const {
    const std::uint64_t hash = typename Game::KeyHash{}(game_.key());
    const auto* entry = table_.probe(hash, game_.footholds(), game_.mover(), game_.other());
    if (entry == nullptr || entry->move == Table::kNoMove) return std::nullopt;
    return static_cast<Direction>(entry->move);
  }

 private:
  // search() at a position reached by a move from a position whose players
  // were connected, `vacated` being the cell that move left (or
  // Game::kNoVacatedCell): see FootholdsGame::known_score.
  int search(int alpha, int beta, int vacated) {
    // Step 1. Count the node (may abort on a limit). Near the root, start
    // loading the position's bucket while the closed-form checks run; deeper
    // positions skip the table (never unsound: a table only saves work).
    control_.visit();
    const std::uint64_t nodes_before = control_.stats().nodes;
    const BB footholds = game_.footholds();
    const int mover = game_.mover();
    const int other = game_.other();
    const bool use_table = game_.foothold_count() >= min_table_footholds_;
    const std::uint64_t hash = use_table ? typename Game::KeyHash{}(game_.key()) : 0;
    if (use_table) table_.prefetch(hash);

    // Step 2. Positions whose score is known without search.
    if (auto known = game_.known_score(vacated)) return *known;

    // Step 3. Clamp the window to the scores still reachable: if the window
    // lies outside [lo, hi] the answer is already decided relative to it.
    const auto [lo, hi] = game_.score_bounds();
    if (hi <= alpha) return hi;
    if (lo >= beta) return lo;
    alpha = std::max(alpha, lo);
    beta = std::min(beta, hi);

    // Step 4. The table: proven bounds narrow the window (and may decide it);
    // the stored move is tried first. Fail-soft stays sound with a narrowed
    // window: a result at or below a raised alpha is at least the stored
    // lower bound, so it is then exact (symmetrically for beta).
    std::uint8_t table_move = Table::kNoMove;
    if (const auto* entry = use_table ? table_.probe(hash, footholds, mover, other) : nullptr) {
      table_move = entry->move;
      if (entry->lower >= beta || entry->lower == entry->upper) {
        control_.count_tt_hit();
        return entry->lower;
      }
      if (entry->upper <= alpha) {
        control_.count_tt_hit();
        return entry->upper;
      }
      alpha = std::max<int>(alpha, entry->lower);
      beta = std::min<int>(beta, entry->upper);
    }
    const int alpha_searched = alpha;
    int best = lo - 1;  // below every reachable score; replaced by the first child
    std::uint8_t best_move = Table::kNoMove;

    // Searches one child; returns whether it cut off (alpha >= beta). The
    // players are connected here (known_score said so), and every move
    // vacates the mover's cell.
    auto try_move = [&](Direction move) {
      const int score = -core::after_move(game_, move, [&] { return search(-beta, -alpha, mover); });
      if (score > best) {
        best = score;
        best_move = static_cast<std::uint8_t>(move);
        alpha = std::max(alpha, score);
      }
      return alpha >= beta;
    };

    // Step 5. The table move first, before generating (and ordering) the
    // others: when it cuts off, that work is saved.
    bool cut = table_move != Table::kNoMove && try_move(static_cast<Direction>(table_move));

    // Step 6. The other moves, best first by the game's ordering.
    if (!cut) {
      typename Game::MoveBuffer moves;
      game_.generate_moves(moves);
      for (const Direction move : moves) {
        if (static_cast<std::uint8_t>(move) == table_move) continue;
        if (try_move(move)) break;
      }
    }

    // Step 7. Store what the search proved about this position.
    if (!use_table) return best;
    const std::uint64_t nodes = control_.stats().nodes - nodes_before + 1;
    if (best <= alpha_searched) {
      // Failed low: every move scored <= best; the best move is only a guess.
      table_.store(hash, footholds, mover, other, Table::kNoLower, best, Table::kNoMove, nodes);
    } else if (best >= beta) {
      table_.store(hash, footholds, mover, other, best, Table::kNoUpper, best_move, nodes);
    } else {
      table_.store(hash, footholds, mover, other, best, best, best_move, nodes);
    }
    return best;
  }

  Game& game_;
  Table table_;
  core::SearchControl& control_;
  // Positions with fewer footholds than this (more than table_plies plies
  // below the root: every ply removes one foothold) skip the table.
  int min_table_footholds_;
};

}  // namespace boardsearch::footholds
