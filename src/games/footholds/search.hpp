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
//     the table: they hold the big subtrees worth remembering, while the
//     millions of deep positions skip a cache miss that would find nothing;
//   - the table keeps a lower and an upper bound per position, in cache-line
//     buckets with work-preferred replacement (table.hpp), so the bounds that
//     successive null-window probes prove about a position add up;
//   - the position's bucket is prefetched on entry, before the closed-form
//     checks, so the memory latency overlaps that work;
//   - the table move is searched before any other move is generated: when it
//     cuts off, the territory ordering of the other moves is never computed.

#include "boardsearch/core/negamax.hpp"
#include "games/footholds/counter.hpp"
#include "games/footholds/game.hpp"
#include "games/footholds/table.hpp"

namespace boardsearch::footholds {

// The positions at most table_plies plies below the root: every ply removes
// one foothold, so those with at least (root footholds - table_plies).
// Later searches from deeper positions, such as the line walk's, keep the root.
template <class BB>
struct NearRoot {
  int min_footholds;
  bool operator()(const FootholdsGame<BB>& game) const { return game.foothold_count() >= min_footholds; }
};

// The search of one thread: on BucketTable when it searches alone (the
// serial search), on SharedBucketTable in a parallel solve; nodes on the
// thread's NodeCounter.
template <class BB, class Table = BucketTable<BB>>
using GameSearch = core::Negamax<FootholdsGame<BB>, Table, NearRoot<BB>, NodeCounter>;

}  // namespace boardsearch::footholds
