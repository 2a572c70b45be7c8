#pragma once
// Negamax with alpha-beta pruning and a transposition table, for two-player
// zero-sum games solved exactly (no depth limit), after Pons' Connect 4 solver:
// scores are integers from the side to move's point of view, the window is
// clamped by the scores still reachable, and the table keeps a proven lower
// and upper bound per position. The root driver (which null windows to probe)
// and the line walk (core::principal_variation) are the caller's: they depend
// on what the game knows about its scores.
//
// The hooks the footholds search showed a game-sized solver needs:
//   - a table filter: only positions it accepts use the table (footholds: the
//     ones near the root, where the big subtrees are; deep positions skip a
//     cache miss that would find nothing);
//   - the table is the caller's (footholds: cache-line buckets of several
//     entries with work-preferred replacement), probed through NegamaxTable;
//     its bucket is prefetched on entry, before the closed-form checks;
//   - the table move is searched before the other moves are generated: when it
//     cuts off, their generation (and ordering) is never paid for;
//   - a context a child gets from its searched parent (footholds: the cell
//     the move vacated, which makes its "are the players still connected"
//     test local).

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <optional>
#include <utility>

#include "boardsearch/core/after_move.hpp"
#include "boardsearch/core/limits.hpp"

namespace boardsearch::core {

// The game contract. A game is a mutable position plus:
//   Move, MoveBuffer     move type; e.g. MoveList<Move, 4>
//   Context              what a position learns from its parent having been
//                        searched; kRootContext when nothing is known
//   hash()               a well-mixed hash of the position (the table's index)
//   known_score(c)       the exact score if known without search: game over,
//                        or solvable in closed form; else nullopt
//   child_context()      the context of every child, once known_score said nullopt
//   score_bounds()       {lo, hi}: every continuation scores within [lo, hi]
//   generate_moves(b)    legal moves, best-first (only affects speed); called
//                        only when known_score() is nullopt, must be non-empty
//   apply(m)/undo(m)     undo restores exactly the state before apply
// Scores must be path-independent (a function of the position alone) for the
// table to be sound: e.g. "win with k footholds left" rather than "win in d
// plies from the root".
template <class G>
concept NegamaxGame = requires(G& g, const G& cg, const typename G::Move& m, typename G::MoveBuffer& moves,
                               const typename G::Context& context) {
  typename G::Move;
  typename G::MoveBuffer;
  typename G::Context;
  { G::kRootContext } -> std::convertible_to<typename G::Context>;
  { cg.hash() } -> std::same_as<std::uint64_t>;
  { cg.known_score(context) } -> std::same_as<std::optional<int>>;
  { cg.child_context() } -> std::convertible_to<typename G::Context>;
  { cg.score_bounds() } -> std::same_as<std::pair<int, int>>;
  { cg.generate_moves(moves) } -> std::same_as<void>;
  { g.apply(m) } -> std::same_as<void>;
  { g.undo(m) } -> std::same_as<void>;
};

// The table contract: entries of exact positions (never another position's),
// each with a proven lower and upper bound (kNoLower / kNoUpper: none).
//   prefetch(h)               start loading what probe(h, game) will read
//   probe(h, game)            the position's entry, or nothing: a pointer
//                             (nullptr) or a copy (std::optional, for tables
//                             that other threads write while it is read)
//   stored_move(entry)        its best move, if one is stored
//   store(h, game, lo, hi, m, nodes)  the score lies in [lo, hi], best move m
//                             (nullopt: none), found by a search of `nodes` nodes
template <class T, class G>
concept NegamaxTable = requires(T& t, const T& ct, const G& game, std::uint64_t hash,
                                const std::optional<typename G::Move>& move) {
  { T::kNoLower } -> std::convertible_to<int>;
  { T::kNoUpper } -> std::convertible_to<int>;
  ct.prefetch(hash);
  { ct.probe(hash, game)->lower } -> std::convertible_to<int>;
  { ct.probe(hash, game)->upper } -> std::convertible_to<int>;
  { ct.stored_move(*ct.probe(hash, game)) } -> std::same_as<std::optional<typename G::Move>>;
  t.store(hash, game, 0, 0, move, std::uint64_t{0});
};

// What a search counts its nodes on: SearchControl (one thread), or any
// counter with the same visit() and count_tt_hit() that also tells how many
// nodes it has visited (nodes()), e.g. a wrapper of a SearchControl::Worker
// for one thread of a parallel search.
template <class C>
concept NodeCounter = requires(C& c, const C& cc) {
  c.visit();
  c.count_tt_hit();
  { cc.nodes() } -> std::convertible_to<std::uint64_t>;
}
|| std::same_as<C, SearchControl>;

// The nodes `counter` has visited so far.
template <class C>
std::uint64_t nodes_visited(const C& counter) {
  if constexpr (std::same_as<C, SearchControl>)
    return counter.stats().nodes;
  else
    return counter.nodes();
}

// Which positions use the table: every one.
struct EveryPosition {
  template <class G>
  bool operator()(const G&) const {
    return true;
  }
};

// G: a NegamaxGame; Table: a NegamaxTable of it; UseTable: a predicate on the
// game, true for the positions that use the table (skipping it is never
// unsound: a table only saves work); Counter: what nodes are counted on
// (NodeCounter). The game, the table and the control (the solve's, shared
// with whatever else the solve searches) outlive it.
template <NegamaxGame G, NegamaxTable<G> Table, class UseTable = EveryPosition, NodeCounter Counter = SearchControl>
class Negamax {
 public:
  using Move = typename G::Move;

  Negamax(G& game, Table& table, Counter& control, UseTable use_table = {})
      : game_(game), table_(table), control_(control), use_table_(use_table) {}

  // Fail-soft alpha-beta on the game's current position: returns v with
  //   v <= alpha  => true score <= v,
  //   v >= beta   => true score >= v,
  //   otherwise      true score == v.
  // May throw SearchAborted (a limit); the game is then back at this node.
  int search(int alpha, int beta) { return search(alpha, beta, G::kRootContext); }

  // The best move stored for the current position, if any.
  std::optional<Move> table_move() const {
    const std::uint64_t hash = game_.hash();
    const auto entry = table_.probe(hash, game_);
    return entry ? table_.stored_move(*entry) : std::nullopt;
  }

 private:
  int search(int alpha, int beta, const typename G::Context& context) {
    // Step 1. Count the node (may abort on a limit). If the position uses the
    // table, start loading its entry while the closed-form checks run.
    control_.visit();
    const std::uint64_t nodes_before = nodes_visited(control_);
    const bool use_table = use_table_(std::as_const(game_));
    const std::uint64_t hash = use_table ? game_.hash() : 0;
    if (use_table) table_.prefetch(hash);

    // Step 2. Positions whose score is known without search.
    if (auto known = game_.known_score(context)) return *known;

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
    std::optional<Move> table_move;
    using Probed = decltype(table_.probe(hash, std::as_const(game_)));
    if (const Probed entry = use_table ? table_.probe(hash, std::as_const(game_)) : Probed{}) {
      table_move = table_.stored_move(*entry);
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
    std::optional<Move> best_move;
    const typename G::Context child_context = game_.child_context();

    // Searches one child; returns whether it cut off (alpha >= beta).
    auto try_move = [&](const Move& move) {
      const int score = -after_move(game_, move, [&] { return search(-beta, -alpha, child_context); });
      if (score > best) {
        best = score;
        best_move = move;
        alpha = std::max(alpha, score);
      }
      return alpha >= beta;
    };

    // Step 5. The table move first, before generating (and ordering) the
    // others: when it cuts off, that work is saved.
    const bool cut = table_move && try_move(*table_move);

    // Step 6. The other moves, best first by the game's ordering.
    if (!cut) {
      typename G::MoveBuffer moves;
      game_.generate_moves(moves);
      for (const Move& move : moves) {
        if (table_move && move == *table_move) continue;
        if (try_move(move)) break;
      }
    }

    // Step 7. Store what the search proved about this position.
    if (!use_table) return best;
    const std::uint64_t nodes = nodes_visited(control_) - nodes_before + 1;
    if (best <= alpha_searched) {
      // Failed low: every move scored <= best; the best move is only a guess.
      table_.store(hash, std::as_const(game_), Table::kNoLower, best, std::nullopt, nodes);
    } else if (best >= beta) {
      table_.store(hash, std::as_const(game_), best, Table::kNoUpper, best_move, nodes);
    } else {
      table_.store(hash, std::as_const(game_), best, best, best_move, nodes);
    }
    return best;
  }

  G& game_;
  Table& table_;
  Counter& control_;
  UseTable use_table_;
};

}  // namespace boardsearch::core
