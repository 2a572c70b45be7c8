#pragma once
// Negamax with alpha-beta pruning and a transposition table, for two-player
// zero-sum games solved exactly (no depth limit), after Pons' Connect 4 solver:
// scores are integers from the side to move's point of view, the window is
// clamped by the scores still reachable, and the root is solved with
// null-window searches that first decide the sign (who wins) and then narrow
// down the exact score.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "boardsearch/core/after_move.hpp"
#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/principal_variation.hpp"
#include "boardsearch/core/result.hpp"
#include "boardsearch/core/transposition_table.hpp"

namespace boardsearch::core {

// The game contract. A game is a mutable position plus:
//   Move, Key, KeyHash  move type; an exact, equality-comparable position key
//                       (everything the future depends on) and its hash
//   MoveBuffer          e.g. MoveList<Move, 4>
//   key()               the position's key
//   known_score()       the exact score if known without search: game over,
//                       or solvable in closed form; else nullopt
//   score_bounds()      {lo, hi}: every continuation scores within [lo, hi]
//   generate_moves(b)   legal moves, best-first (only affects speed); called
//                       only when known_score() is nullopt, must be non-empty
//   apply(m)/undo(m)    undo restores exactly the state before apply
// Scores must be path-independent (a function of the position alone) for the
// table to be sound: e.g. "win with k footholds left" rather than "win in d
// plies from the root".
template <class G>
concept NegamaxGame = requires(G& g, const G& cg, const typename G::Move& m, typename G::MoveBuffer& moves) {
  typename G::Move;
  typename G::Key;
  typename G::KeyHash;
  { cg.key() } -> std::convertible_to<typename G::Key>;
  { cg.known_score() } -> std::same_as<std::optional<int>>;
  { cg.score_bounds() } -> std::same_as<std::pair<int, int>>;
  { g.generate_moves(moves) } -> std::same_as<void>;
  { g.apply(m) } -> std::same_as<void>;
  { g.undo(m) } -> std::same_as<void>;
};

template <NegamaxGame G>
class NegamaxSolver {
 public:
  using Move = typename G::Move;
  using Key = typename G::Key;
  using Table = TranspositionTable<Key, Move, typename G::KeyHash, int>;

  // tt_entries: table slots wanted (rounded up to a power of two); size it to
  // the game (about the number of distinct positions worth remembering).
  NegamaxSolver(G& game, std::size_t tt_entries, const SearchLimits& limits = {})
      : game_(game), table_(tt_entries), control_(limits) {}

  // Fail-soft alpha-beta: returns v with
  //   v <= alpha  => true score <= v,
  //   v >= beta   => true score >= v,
  //   otherwise      true score == v.
  // May throw SearchAborted (a limit); the game is then back at this node.
  int search(int alpha, int beta) {
    // Step 1. Count the node (may abort on a limit).
    control_.visit();

    // Step 2. Positions whose score is known without search.
    if (auto known = game_.known_score()) return *known;

    // Step 3. Clamp the window to the scores still reachable: if the window
    // lies outside [lo, hi] the answer is already decided relative to it.
    const auto [lo, hi] = game_.score_bounds();
    if (hi <= alpha) return hi;
    if (lo >= beta) return lo;
    alpha = std::max(alpha, lo);
    beta = std::min(beta, hi);

    // Step 4. Transposition table: an exact value answers; a bound narrows
    // the window; the stored move is tried first.
    const Key key = game_.key();
    std::optional<Move> table_move;
    if (const auto* entry = table_.probe(key)) {
      table_move = entry->move;
      if (entry->bound == Bound::exact) {
        control_.count_tt_hit();
        return entry->value;
      }
      if (entry->bound == Bound::lower) alpha = std::max(alpha, entry->value);
      if (entry->bound == Bound::upper) beta = std::min(beta, entry->value);
      if (alpha >= beta) {
        control_.count_tt_hit();
        return entry->value;
      }
    }

    // Step 5. Generate moves, table move first.
    typename G::MoveBuffer moves;
    game_.generate_moves(moves);
    if (table_move) moves.bring_to_front(*table_move);

    // Step 6. Search the children; cut off as soon as one reaches beta.
    const int alpha_searched = alpha;
    int best = lo - 1;  // below every reachable score; replaced by the first child
    Move best_move = moves[0];
    for (const Move& move : moves) {
      const int score = -after_move(game_, move, [&] { return search(-beta, -alpha); });
      if (score > best) {
        best = score;
        best_move = move;
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      }
    }

    // Step 7. Store what the search proved about this position.
    const Bound bound = best <= alpha_searched ? Bound::upper : best >= beta ? Bound::lower : Bound::exact;
    table_.store(key, best, bound, best_move);
    return best;
  }

  // The exact score of the current position by null-window searches: the
  // first probe asks "score >= 1?", so it only decides who wins (or whether
  // the mover can at least draw); then plain bisection narrows the remaining
  // interval. May throw SearchAborted.
  int solve_score() {
    if (auto known = game_.known_score()) return *known;
    auto [lo, hi] = game_.score_bounds();
    bool first_probe = true;
    while (lo < hi) {
      int med = lo + (hi - lo) / 2;  // lo <= med < hi
      if (first_probe && lo <= 0 && 0 < hi) med = 0;
      first_probe = false;
      const int r = search(med, med + 1);
      if (r <= med)
        hi = r;  // true <= r (fail low or exact)
      else
        lo = r;  // true >= r
    }
    return lo;
  }

  // The line of play from the current position, whose exact score is
  // `score`, until `at_end(game)` holds (by default: until a position whose
  // score is known without search), the table's best move tried first at
  // each position (see core::principal_variation). Restores the position.
  // May throw SearchAborted.
  template <class AtEnd>
  std::vector<Move> principal_variation(int score, AtEnd at_end) {
    auto table_move = [this]() -> std::optional<Move> {
      if (const auto* entry = table_.probe(game_.key())) return entry->move;
      return std::nullopt;
    };
    return core::principal_variation(
        game_, score, [this](int alpha, int beta) { return search(alpha, beta); }, table_move, at_end);
  }

  std::vector<Move> principal_variation(int score) {
    return principal_variation(score, [](const G& game) { return game.known_score().has_value(); });
  }

  // Solves the current position: exact score and a principal variation.
  SearchResult<Move, int> solve() {
    SearchResult<Move, int> result;
    try {
      const int score = solve_score();
      result.line = principal_variation(score);
      result.value = score;
    } catch (const SearchAborted& aborted) {
      result.outcome = aborted.outcome;
      result.line.clear();
    }
    result.stats = control_.finish();
    return result;
  }

  const SearchStats& stats() const { return control_.stats(); }

 private:
  G& game_;
  Table table_;
  SearchControl control_;
};

}  // namespace boardsearch::core
