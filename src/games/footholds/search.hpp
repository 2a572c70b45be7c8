#pragma once
// The footholds game search: core::Negamax over FootholdsGame with the
// bucketed two-bound table of table.hpp, the table used only near the root.
//
// Why these hooks (docs/footholds.md has the measurements): on full 8 x 8
// boards the search is bound by table-probe cache misses, and the table
// barely finds transpositions inside one probe (a position recurs only when
// both players' walks cover the same cells with the same ends). What it is
// needed for is carrying the proofs of one root probe over to the next. So
//   - only positions near the root (at most table_plies plies below it) use
//     the main table: they hold the big subtrees worth remembering, while the
//     millions of deep positions skip a cache miss that would find little;
//   - the table keeps a lower and an upper bound per position, in cache-line
//     buckets with work-preferred replacement (table.hpp), so the bounds that
//     successive null-window probes prove about a position add up;
//   - the position's bucket is prefetched on entry, before the closed-form
//     checks, so the memory latency overlaps that work;
//   - the table move is searched before any other move is generated: when it
//     cuts off, the territory ordering of the other moves is never computed;
//   - the positions below those, down to solver.cpp's kDeepPlies, use a
//     second, small table of the thread's own (LayeredTable; deeper ones
//     use none): small enough to stay in the core's L2 cache, so a
//     probe costs no memory access, and it keeps the deep subtrees that one
//     probe of the root searches again soon after (the same subtree reached
//     through both orders of two moves, or again in the next probe).

#include <cstdint>
#include <optional>

#include "boardsearch/core/negamax.hpp"
#include "games/footholds/counter.hpp"
#include "games/footholds/game.hpp"
#include "games/footholds/table.hpp"

namespace boardsearch::footholds {

// The game table of one thread's search (a core::NegamaxTable): positions
// with at least near_min_footholds footholds (those near the root) use
// `near` (BucketTable when one thread searches, the SharedBucketTable of all
// threads in a parallel solve), deeper ones the thread's own small `deep`
// table, if any (nullptr: the deep positions use no table). Both keep exact
// keys and proven bounds, so which table a position uses only changes the
// work: every bound either returns was proven for that very position.
// `game` is the thread's game (the one Negamax searches): prefetch, which is
// given only the hash, asks it which table the position uses.
template <class BB, class Near>
class LayeredTable {
 public:
  static constexpr int kNoLower = BucketTable<BB>::kNoLower;
  static constexpr int kNoUpper = BucketTable<BB>::kNoUpper;
  // A copy of what a probe found (the two tables' entries differ in type).
  struct Bounds {
    int lower;
    int upper;
    std::optional<Direction> move;
  };

  // All three outlive the table.
  LayeredTable(Near& near, BucketTable<BB>* deep, const FootholdsGame<BB>& game, int near_min_footholds)
      : near_(&near), deep_(deep), game_(&game), near_min_footholds_(near_min_footholds) {}

  // Whether the positions deeper than the near ones use a table.
  bool has_deep() const { return deep_ != nullptr; }

  void prefetch(std::uint64_t hash) const {
    if (game_->foothold_count() >= near_min_footholds_)
      near_->prefetch(hash);
    else if (deep_ != nullptr)
      deep_->prefetch(hash);
  }
  std::optional<Bounds> probe(std::uint64_t hash, const FootholdsGame<BB>& position) const {
    if (position.foothold_count() >= near_min_footholds_) {
      if (const auto entry = near_->probe(hash, position))
        return Bounds{entry->lower, entry->upper, Near::stored_move(*entry)};
      return std::nullopt;
    }
    // (Negamax::table_move probes whatever the position: without a deep
    // table a deep position has no entry.)
    if (deep_ == nullptr) return std::nullopt;
    if (const auto* entry = deep_->probe(hash, position))
      return Bounds{entry->lower, entry->upper, BucketTable<BB>::stored_move(*entry)};
    return std::nullopt;
  }
  static std::optional<Direction> stored_move(const Bounds& bounds) { return bounds.move; }
  void store(std::uint64_t hash, const FootholdsGame<BB>& position, int lower, int upper, std::optional<Direction> move,
             std::uint64_t nodes) {
    if (position.foothold_count() >= near_min_footholds_)
      near_->store(hash, position, lower, upper, move, nodes);
    else if (deep_ != nullptr)
      deep_->store(hash, position, lower, upper, move, nodes);
  }

 private:
  Near* near_;
  BucketTable<BB>* deep_;
  const FootholdsGame<BB>* game_;
  int near_min_footholds_;
};

// Which positions use a table: those at least min_footholds footholds (every
// ply removes one, so those at most root footholds - min_footholds plies
// below the root; later searches from deeper positions, such as the line
// walk's, keep the root's). solver.cpp sets it to the near table's reach, or
// the deep table's when the thread has one.
template <class BB>
struct UsesTable {
  int min_footholds;
  bool operator()(const FootholdsGame<BB>& game) const { return game.foothold_count() >= min_footholds; }
};

// The search of one thread: near the root on BucketTable when it searches
// alone (the serial search), on SharedBucketTable in a parallel solve; the
// deeper positions on the thread's deep table; nodes on the thread's
// NodeCounter.
template <class BB, class Near = BucketTable<BB>>
using GameSearch = core::Negamax<FootholdsGame<BB>, LayeredTable<BB, Near>, UsesTable<BB>, NodeCounter>;

}  // namespace boardsearch::footholds
