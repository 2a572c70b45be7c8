#pragma once
// The footholds search: the total number of moves under perfect play and the
// perfectly played game itself, by null-window probes of the root
// (core::Negamax over FootholdsGame, rules.hpp, with the tables of
// table.hpp), on one thread or several (Lazy SMP). How it is put together:
// search.cpp.

#include <cstddef>
#include <cstdint>
#include <optional>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/footholds/rules.hpp"

namespace boardsearch::footholds {

// Knobs of the game search's table and root probes, for tests and measurements (a tiny table
// exercises replacement, table_plies -1 switches the table off); the defaults
// are the measured best.
struct SearchTuning {
  std::size_t table_entries = 0;   // 0: sized from the board (or from table_bytes)
  std::optional<int> table_plies;  // positions at most this many plies below the root use the table; none: default
  // The game table's size in bytes (the table-mb option; rounded down to a
  // power of two number of buckets, at least one). 0: chosen from the board.
  std::uint64_t table_bytes = 0;
  // Entries of each thread's deep table (the positions beyond table_plies;
  // table.hpp, LayeredTable). none: the default (search.cpp); 0: none.
  std::optional<std::size_t> deep_entries;
  // With limits.threads > 1: the nodes the serial trial may search before
  // the threads start (none: the default, see search.cpp; 0: no trial, the
  // threads start at once, so that tests run small boards in parallel).
  std::optional<std::uint64_t> trial_nodes;
  // The root's first probe: "does the mover win, or hold on until at most
  // this many footholds are left?" (search.cpp, kFirstLossProbe). none: the
  // default; 0: the sign probe first (the order before it).
  std::optional<int> first_loss_probe;
};

// What a running solve has proven so far, for progress lines (updated on the
// searching thread, read by the progress callback on the same thread).
struct SolveProgress {
  char winner = 0;  // 'A' or 'B' once proven; 0 before
  int fewest = 0;   // once the winner is known: the game has at least this many moves...
  int most = 0;     // ...and at most this many (fewest == most: the answer is proven)
};

// Solves `board` (A to move). On success (outcome proven) `value` is the total
// number of moves of the perfectly played game and `line` that game, move by
// move from A's first step until the player to move loses (so line.size() ==
// *value; A wins iff it is odd). Stats: nodes of the game search plus the
// longest-path searches, tt_hits, wall time, the tables' bytes. A limit gives
// outcome != proven, no value and an empty line. limits.max_memory_bytes
// bounds the two tables: they shrink to fit (answers stay exact), and when
// even their minimum sizes do not fit the outcome is memory_limit and nothing
// is searched. Precondition: a board parse_board accepts.
// `progress`, when given, is kept up to date as the probes narrow the answer.
// limits.threads > 1: a search that outlasts a short serial trial goes on
// on that many threads (Lazy SMP over one shared table, search.cpp); the
// value is the same, the line may be another optimal one, and stats.threads
// says how many threads searched (1 when the trial finished it).
core::SearchResult<Direction, int> solve_board(const Board& board, const core::SearchLimits& limits = {},
                                               const SearchTuning& tuning = {}, SolveProgress* progress = nullptr);

}  // namespace boardsearch::footholds
