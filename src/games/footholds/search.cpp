// The footholds game search (search.hpp): the root probes, the serial and
// the parallel solve, the tables' sizes.
//
// Why the search is built this way (what each choice was tuned on:
// docs/footholds.md, "Tuned constants"): on full 8 x 8 boards the search is
// bound by table-probe cache misses, and the table barely finds
// transpositions inside one probe (a position recurs only when both players'
// walks cover the same cells with the same ends). What it is needed for is
// carrying the proofs of one root probe over to the next. So
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
//   - the positions below those, down to kDeepPlies (below), use a
//     second, small table of the thread's own (LayeredTable; deeper ones
//     use none): small enough to stay in the core's L2 cache, so a
//     probe costs no memory access, and it keeps the deep subtrees that one
//     probe of the root searches again soon after (the same subtree reached
//     through both orders of two moves, or again in the next probe).

#include "games/footholds/search.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <vector>

#include "boardsearch/core/negamax.hpp"
#include "boardsearch/core/parallel.hpp"
#include "boardsearch/core/principal_variation.hpp"
#include "games/footholds/counter.hpp"
#include "games/footholds/rules.hpp"
#include "games/footholds/table.hpp"

namespace boardsearch::footholds {

namespace {

// The search of one thread: near the root on BucketTable when it searches
// alone (the serial search), on SharedBucketTable in a parallel solve; the
// deeper positions on the thread's deep table; nodes on the thread's
// ProbeCounter.
template <class BB, class Near = BucketTable<BB>>
using GameSearch = core::Negamax<FootholdsGame<BB>, LayeredTable<BB, Near>, UsesTable<BB>, ProbeCounter>;

// Table sizes, as powers of two, from the number f of footholds the players
// can reach: a 3 x 3 board gets 1,024 entries (16 KB), 7 x 7 2^17, 8 x 8 and
// up the cap, 2^18 (4 MB with 64-bit keys). Only positions within
// kTablePlies of the root use the table, so on full 8 x 8 boards larger
// tables no longer change the node counts (docs/footholds.md,
// "Tuned constants"): the cap only leaves room for larger boards.
constexpr int kTableBitsBase = 5;
constexpr int kMinTableBits = 10;
constexpr int kMaxTableBits = 18;
// Positions more than this many plies below the root skip the table (see
// the top of this file): fewer plies cost nodes, more cost cache misses.
// Tuned on the hardest full 8 x 8 start (docs/footholds.md, "Tuned constants").
constexpr int kTablePlies = 18;
// Positions at most this many plies below the root skip the moves that a
// symmetry of the position makes equivalent (FootholdsGame::drop_symmetric):
// symmetric positions are the root of a symmetric board and start (opposite
// corners of a square board: half of the root's moves) and rarely any other,
// and a position far from the root is not worth the test.
constexpr int kSymmetryPlies = 18;
// The deep table of each thread (LayeredTable, table.hpp): 2^14 entries,
// 256 KB with 64-bit keys and 512 KB with 128-bit ones, small enough for the
// core's L2 cache; never more entries than the main table. The positions
// more than kTablePlies and at most kDeepPlies plies below the root use it;
// deeper ones have subtrees too small to pay for a probe and a store.
// kDeepPlies tuned on the full 8 x 8 board from (1,1) to (6,6) (docs/footholds.md, "Tuned constants").
constexpr int kDeepTableBits = 14;
constexpr int kDeepPlies = 30;
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
  std::size_t deep_entries = 0;  // per thread; 0: no deep table
  std::size_t path_entries = 0;
  std::uint64_t bytes = 0;
};

// The table sizes for `reachable` footholds within `max_bytes` (0: no
// budget), for `threads` threads (each has its own longest-path memo and
// deep table; the game table is shared): the sizes above (or the game table
// of tuning.table_bytes, the table-mb option; the deep table of
// tuning.deep_entries), or, when they do not fit, first no deep table, then
// the larger table halved (the game table on a tie: the path memo is the
// smaller and the hotter) until they fit, each down to its minimum at most.
// nullopt if even the minimums do not fit. A table_entries tuning fixes the
// game table's size. No deep table when no position would reach it: the
// tables switched off (table_plies < 0) or the main table already reaching
// kDeepPlies (table_reach), so that none is made or counted in memory_bytes.
template <class BB>
std::optional<TableSizes> table_sizes(int reachable, std::uint64_t max_bytes, const SearchTuning& tuning,
                                      std::size_t threads, int table_plies) {
  int game_bits = table_bits(reachable);
  if (tuning.table_bytes != 0) {
    // Buckets of one cache line: as many as fit, a power of two.
    const std::uint64_t buckets = std::bit_floor(std::max<std::uint64_t>(tuning.table_bytes / 64, 1));
    game_bits = std::countr_zero(buckets * BucketTable<BB>::kWays);
  }
  int path_bits = path_cache_bits(reachable);
  const std::size_t game_entries = tuning.table_entries != 0 ? tuning.table_entries : std::size_t{1} << game_bits;
  std::size_t deep_entries = tuning.deep_entries.value_or(
      std::min(std::size_t{1} << kDeepTableBits, std::bit_ceil(std::max<std::size_t>(game_entries, 1))));
  if (table_plies < 0 || table_plies >= kDeepPlies) deep_entries = 0;
  const auto sizes = [&] {
    TableSizes result;
    result.game_entries = tuning.table_entries != 0 ? tuning.table_entries : std::size_t{1} << game_bits;
    result.deep_entries = deep_entries;
    result.path_entries = std::size_t{1} << path_bits;
    result.bytes = BucketTable<BB>::bytes_for(result.game_entries) +
                   threads * (LongestPaths<BB>::bytes_for(result.path_entries) +
                              (deep_entries != 0 ? BucketTable<BB>::bytes_for(deep_entries) : 0));
    return result;
  };
  TableSizes result = sizes();
  if (max_bytes != 0 && result.bytes > max_bytes && deep_entries != 0) {
    // The deep table only saves work: it goes first.
    deep_entries = 0;
    result = sizes();
  }
  while (max_bytes != 0 && result.bytes > max_bytes) {
    const bool game_can_shrink = tuning.table_entries == 0 && game_bits > kMinTableBits;
    const bool path_can_shrink = path_bits > kMinPathCacheBits;
    if (!game_can_shrink && !path_can_shrink) return std::nullopt;
    const bool game_is_larger =
        BucketTable<BB>::bytes_for(result.game_entries) >= threads * LongestPaths<BB>::bytes_for(result.path_entries);
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
// one probe per score, so after this many the rest is bisected.
// Tuned by a sweep on full 8 x 8 starts (docs/footholds.md, "Tuned constants").
constexpr int kSteppingProbes = 8;

// The root's first probe asks whether the mover wins or holds on until at
// most this many footholds are left (the loss score -3 or -4, whichever has the
// parity of a loss; exact_score, Step 1) instead of who wins: on the full
// interior starts, whose loser loses late, it proves the sign and the first
// stepping probes at once, at less cost than stepping; a win pays one cheap
// probe more. Tuned against 4, 6 and 8 on full 8 x 8 to 10 x 10 starts
// (docs/footholds.md, "Tuned constants").
constexpr int kFirstLossProbe = 3;

// What the root probes have proven about the root's score: lo <= score <= hi
// (raw bounds, not aligned to the score's parity). One thread keeps it in
// plain ints; the threads of a parallel solve share SharedRootBounds.
struct RootBounds {
  int lo = -1000;
  int hi = 1000;
  std::pair<int, int> get() const { return {lo, hi}; }
  void raise_lower(int bound) { lo = std::max(lo, bound); }
  void lower_upper(int bound) { hi = std::min(hi, bound); }
};

// The same bounds for several threads: each only ever tightens (atomic max
// and min), and every value stored is a bound some thread proved, so any
// pair read is proven (lo <= score <= hi).
struct SharedRootBounds {
  std::atomic<int> lo{-1000};
  std::atomic<int> hi{1000};
  std::pair<int, int> get() const { return {lo.load(std::memory_order_relaxed), hi.load(std::memory_order_relaxed)}; }
  void raise_lower(int bound) {
    int seen = lo.load(std::memory_order_relaxed);
    while (bound > seen && !lo.compare_exchange_weak(seen, bound, std::memory_order_relaxed)) {
    }
  }
  void lower_upper(int bound) {
    int seen = hi.load(std::memory_order_relaxed);
    while (bound < seen && !hi.compare_exchange_weak(seen, bound, std::memory_order_relaxed)) {
    }
  }
};

// How the threads of a parallel solve share the root probes. After the sign
// probe (which every thread searches at once, Lazy SMP), each thread takes
// the first candidate in the order the serial search would probe them that
// no other thread is probing, so two threads search two probes the serial
// search would have searched one after the other; when every candidate is
// taken, it joins the first. A probe that another thread's result decides is
// abandoned at once (ProbeDecided). Every probe's result is a proven bound
// whichever thread found it, so the order changes only the work.
struct ProbeSharing {
  std::vector<std::atomic<int>>* claims;  // per thread: the candidate it probes, or RootWatch::kNone
  std::size_t thread;
  ProbeCounter* counter;
  const SharedRootBounds* bounds;

  // The candidate to probe: `first`, the serial choice, unless another
  // thread probes it; then the next of first + k * step (step 0, when
  // bisecting: first + 2, first - 2, first + 4, ...) within (lo, hi] that no
  // thread probes; `first` if every one is taken.
  int pick(int first, int lo, int hi, int step) const {
    const auto taken = [&](int candidate) {
      for (std::size_t t = 0; t < claims->size(); ++t)
        if (t != thread && (*claims)[t].load(std::memory_order_relaxed) == candidate) return true;
      return false;
    };
    for (int k = 0; k <= (hi - lo) / 2; ++k) {
      const int offset = step != 0 ? k * step : (k % 2 == 1 ? 2 * ((k + 1) / 2) : -2 * (k / 2));
      const int candidate = first + offset;
      if (candidate <= lo || candidate > hi) continue;
      if (!taken(candidate)) return candidate;
    }
    return first;
  }
};

// Searches the root probe "score >= candidate" (the null window (candidate
// - 1, candidate)) and adds what it proves to `bounds`; returns the fail-soft
// value, or nullopt when another thread decided the probe first.
template <class Search, class Bounds>
std::optional<int> probe(Search& solver, int candidate, Bounds& bounds, const ProbeSharing* sharing) {
  int r;
  if (sharing == nullptr) {
    r = solver.search(candidate - 1, candidate);
  } else {
    (*sharing->claims)[sharing->thread].store(candidate, std::memory_order_relaxed);
    sharing->counter->watch(RootWatch{&sharing->bounds->lo, &sharing->bounds->hi, candidate});
    const auto unclaim = [&] {
      sharing->counter->watch(RootWatch{});
      (*sharing->claims)[sharing->thread].store(RootWatch::kNone, std::memory_order_relaxed);
    };
    try {
      r = solver.search(candidate - 1, candidate);
    } catch (const ProbeDecided&) {
      unclaim();
      return std::nullopt;
    } catch (...) {
      unclaim();
      throw;
    }
    unclaim();
  }
  if (r >= candidate)
    bounds.raise_lower(r);  // true >= r
  else
    bounds.lower_upper(r);  // true <= r < candidate
  return r;
}

// The exact score of the current position by null-window searches (plain
// bisection over every score would ignore both facts below):
//   0. with first_loss > 0, a first probe at the loss score c next to
//      -first_loss (and, when it succeeds, upwards from it): see Step 1;
//   1. one null-window search at 0 decides who wins (scores are never 0)
//      unless step 0 has;
//   2. the exact score among the scores of that sign with the right parity
//      only: the mover wins after an odd number d of plies and loses after an
//      even one, and the score is +-(f - d), so a win has the parity of f - 1
//      and a loss that of f. Each probe "score >= c" is a null-window search
//      (c - 1, c). The sign probe's fail-soft value is a proven bound (an
//      upper one for a loss, a lower one for a win): the first probes step
//      from it one score at a time ("is the bound the score?"), because a
//      proof next to an earlier one is mostly in the table already; after
//      kSteppingProbes the rest is bisected.
// `bounds` holds what is proven about this position's score and gets what
// every probe proves: the threads of a parallel solve share it, so a probe
// of one thread narrows the others' next probes (and a thread whose bounds
// have met returns at once); `sharing` spreads their probes (ProbeSharing).
// One thread with its own bounds and no sharing: exactly the probes of the
// serial search.
// May throw core::SearchAborted (a limit) and SearchNotNeeded.
//
// `report(mover_wins, lo, hi)` is told each proven range of the score once
// the winner is known (for progress lines).
template <class BB, class Search, class Bounds, class Report>
int exact_score(FootholdsGame<BB>& game, Search& solver, Bounds& bounds, const Report& report, int first_loss,
                const ProbeSharing* sharing = nullptr) {
  if (auto known = game.known_score()) return *known;
  {
    const auto [lo, hi] = game.score_bounds();
    bounds.raise_lower(lo);
    bounds.lower_upper(hi);
  }

  // Step 1. The first loss probe: "does the mover win, or hold on until at
  // most first_loss footholds are left?", the loss score c at or just below
  // -first_loss. A failure proves a loss of at most c - 2 (the sign and the
  // first steps in one proof: a tight bound proven at once costs less than
  // the same bound proven step by step: docs/footholds.md, "The search"); a success
  // proves c <= score, and the loss scores above c are probed upwards until
  // one fails (the loss is then known) or none is left (then the sign probe).
  // Skipped (the sign probe first) when first_loss is 0 or when c is already
  // decided (the window clamp, or another thread's proof, puts lo at or above
  // c).
  bool loss_from_below = false;  // a probe proved score >= c: losses are stepped upwards from lo
  if (const auto [lo, hi] = bounds.get(); first_loss > 0 && lo < 1 && hi > -1) {
    const int loss_parity = game.foothold_count() & 1;
    const int c = -first_loss - ((-first_loss - loss_parity) & 1);
    if (c > lo) {
      probe(solver, c, bounds, sharing);
      loss_from_below = bounds.get().first >= c;
      while (loss_from_below) {
        const auto [now_lo, now_hi] = bounds.get();
        if (now_hi < 0) break;                                       // the loss is proven
        const int next = now_lo + ((now_lo - loss_parity) & 1) + 2;  // the next loss score above lo
        if (next >= 0) break;                                        // no loss score left above lo
        probe(solver, next, bounds, sharing);
      }
    }
  }

  // Step 2. Who wins (unless a probe or another thread has proven it).
  if (const auto [lo, hi] = bounds.get(); lo < 1 && hi > -1) {
    const std::optional<int> probed = probe(solver, 1, bounds, sharing);
    const int sign_probe = probed.value_or(bounds.get().first >= 1 ? 1 : -1);
    if (sign_probe >= 1)
      bounds.raise_lower(1);
    else
      bounds.lower_upper(-1);
  }
  const bool mover_wins = bounds.get().first >= 1;
  const int parity = (mover_wins ? game.foothold_count() - 1 : game.foothold_count()) & 1;
  // (x - parity) & 1 is the parity mismatch, also for negative x (two's complement).
  auto align_up = [parity](int x) { return x + ((x - parity) & 1); };
  auto align_down = [parity](int x) { return x - ((x - parity) & 1); };
  auto aligned = [&] {
    const auto [lo, hi] = bounds.get();
    return std::pair{align_up(lo), align_down(hi)};
  };

  // Step 3. Stepping, then bisection; the true score stays in [lo, hi], both
  // of its parity.
  for (int probes = 0;; ++probes) {
    const auto [lo, hi] = aligned();
    report(mover_wins, lo, hi);
    if (lo >= hi) return lo;
    const bool stepping = probes < kSteppingProbes;
    int candidate;
    if (stepping) {
      // Next to the proven end: a loss's upper end hi (its lower end lo once
      // the first loss probe proved it), a win's lower end lo.
      candidate = mover_wins || loss_from_below ? lo + 2 : hi;
    } else {
      // The lower middle candidate (at least one step up): probes above the
      // true score proved costlier than those below it on full 8 x 8 boards.
      const int steps = (hi - lo) / 2;
      candidate = lo + 2 * std::max(1, steps / 2);
    }
    // In a parallel solve, the first candidate in the order of the probes to
    // come that no other thread is probing (see ProbeSharing).
    if (sharing != nullptr)
      candidate = sharing->pick(candidate, lo, hi, stepping ? (mover_wins || loss_from_below ? 2 : -2) : 0);
    // Its result narrows the bounds (nothing, when another thread decided it).
    probe(solver, candidate, bounds, sharing);
  }
}

// The whole perfectly played game from the current position, whose exact
// score is `score` (core::principal_variation, the table move first). It
// does not stop at positions whose score is known in closed form (separated
// players, an immediate win): it plays those out too, so the line has
// exactly as many moves as the game. Restores the game. May throw
// core::SearchAborted.
template <class BB, class Search>
std::vector<Direction> whole_game(FootholdsGame<BB>& game, Search& solver, int score) {
  return core::principal_variation(
      game, score, [&solver](int alpha, int beta) { return solver.search(alpha, beta); },
      [&solver] { return solver.table_move(); }, [](const FootholdsGame<BB>& position) { return position.over(); });
}

// Nodes of the serial trial that a solve allowed several threads runs
// before it starts them: every judge-size board (at most 5 x 5, a few
// thousand nodes) and most boards up to 7 x 7 finish within it and start no
// thread. Tuned to about 15 ms of search on a full 10 x 10 board.
constexpr std::uint64_t kTrialNodes = 100'000;

// Lazy SMP: positions at most this many plies below the root get another
// move order in each helper thread (FootholdsGame::vary_order).
// Tuned at 2 threads on 9 x 9 and 10 x 10 starts (docs/footholds.md, "Tuned constants").
constexpr int kVariedPlies = 6;

// How many plies below the root positions use a table: the near table's
// table_plies, or kDeepPlies with a deep table.
template <class BB, class Near>
int table_reach(const LayeredTable<BB, Near>& tables, int table_plies) {
  return tables.has_deep() ? std::max(table_plies, kDeepPlies) : table_plies;
}

// A thread's deep table (sizes.deep_entries; none when 0 or when the table
// is switched off, table_plies < 0).
template <class BB>
std::optional<BucketTable<BB>> deep_table(const TableSizes& sizes, int table_plies) {
  if (sizes.deep_entries == 0 || table_plies < 0) return std::nullopt;
  return std::optional<BucketTable<BB>>(std::in_place, sizes.deep_entries);
}

// One thread's search in a parallel solve: its own game and longest-path
// memo (both mutable per search), the shared table.
template <class BB>
struct ThreadSearch {
  LongestPaths<BB> paths;
  FootholdsGame<BB> game;
  std::optional<BucketTable<BB>> deep;
  LayeredTable<BB, SharedBucketTable<BB>> tables;
  GameSearch<BB, SharedBucketTable<BB>> search;

  ThreadSearch(const Geometry<BB>& geometry, const TableSizes& sizes, ProbeCounter& counter, BB footholds,
               const Board& board, SharedBucketTable<BB>& table, int table_plies)
      : paths(geometry, sizes.path_entries, counter),
        game(geometry, paths, footholds, board.a, board.b),
        deep(deep_table<BB>(sizes, table_plies)),
        tables(table, deep ? &*deep : nullptr, game, game.foothold_count() - table_plies),
        search(game, tables, counter, UsesTable<BB>{game.foothold_count() - table_reach(tables, table_plies)}) {
    game.prune_symmetric_moves(game.foothold_count() - kSymmetryPlies);
  }
};

// The parallel solve (limits.threads > 1), in three steps:
//   1. a serial trial of trial_nodes nodes on the calling thread, on the
//      solve's control: when it proves the score and walks the line, that is
//      the result, and no thread was started;
//   2. otherwise, Lazy SMP: every thread runs the whole root loop
//      (exact_score) on its own game and longest-path memo, all sharing the
//      table (SharedBucketTable, safe under concurrent writes) and the root
//      bounds; helpers vary the move order near the root so the threads
//      spread over the tree and each finds the others' proofs in the table.
//      Thread 0 (the calling thread) continues the trial's search with what
//      it left in the table and the bounds. The first thread to prove the
//      score raises `stop`; the others end with SearchNotNeeded;
//   3. the line, walked on the calling thread through the shared table.
// Every thread counts on a Worker of the solve's control: one node budget,
// deadline and cancel; a limit seen by any thread stops all.
template <class BB>
core::SearchResult<Direction, int> solve_parallel(const Board& board, core::SearchControl& control,
                                                  const core::SearchLimits& limits, const SearchTuning& tuning,
                                                  const Geometry<BB>& geometry, BB footholds, const TableSizes& sizes,
                                                  int table_plies, const auto& report) {
  core::SearchResult<Direction, int> result;
  const std::size_t threads = limits.threads;
  SharedBucketTable<BB> table(sizes.game_entries / BucketTable<BB>::kWays * SharedBucketTable<BB>::kWays);
  SharedRootBounds bounds;
  const std::uint64_t trial_nodes = tuning.trial_nodes.value_or(kTrialNodes);
  const int first_loss = tuning.first_loss_probe.value_or(kFirstLossProbe);
  ProbeCounter main_counter(control, trial_nodes);
  ThreadSearch<BB> main(geometry, sizes, main_counter, footholds, board, table, table_plies);
  const int all_footholds = footholds.count();

  // Step 1. The serial trial.
  if (trial_nodes != 0) {
    try {
      const int score = exact_score(main.game, main.search, bounds, report, first_loss);
      result.line = whole_game(main.game, main.search, score);
      result.value = all_footholds - std::abs(score);
      return result;
    } catch (const SearchNotNeeded&) {
      // Too big for the trial: on to the threads.
    } catch (const core::SearchAborted& aborted) {
      result.outcome = aborted.outcome;
      return result;
    }
  }

  // Step 2. Every thread searches the root; the first to finish stops the others.
  std::atomic<bool> stop{false};
  std::atomic<int> score{0};   // 0: not proven yet (scores are never 0)
  std::atomic<int> limit{-1};  // the first limit any thread hit, as an Outcome
  const auto no_report = [](bool, int, int) {};
  std::vector<std::atomic<int>> claims(threads);
  for (auto& claim : claims) claim.store(RootWatch::kNone);
  core::run_on_threads(threads, [&](std::size_t thread) {
    core::SearchControl::Worker worker(control, thread == 0);
    try {
      if (thread == 0) {
        main_counter.use_worker(worker, stop);
        const ProbeSharing sharing{&claims, thread, &main_counter, &bounds};
        score.store(exact_score(main.game, main.search, bounds, report, first_loss, &sharing));
      } else {
        ProbeCounter counter(worker, stop);
        ThreadSearch<BB> helper(geometry, sizes, counter, footholds, board, table, table_plies);
        helper.game.vary_order(thread, all_footholds - kVariedPlies);
        const ProbeSharing sharing{&claims, thread, &counter, &bounds};
        score.store(exact_score(helper.game, helper.search, bounds, no_report, first_loss, &sharing));
      }
      stop.store(true);
    } catch (const SearchNotNeeded&) {
    } catch (const core::SearchAborted& aborted) {
      int none = -1;
      limit.compare_exchange_strong(none, static_cast<int>(aborted.outcome));
    }
  });
  result.stats.threads = threads;
  if (score.load() == 0) {
    result.outcome = static_cast<core::Outcome>(limit.load());
    return result;
  }

  // Step 3. The line, through the table the threads filled.
  core::SearchControl::Worker worker(control, true);
  const std::atomic<bool> never{false};
  main_counter.use_worker(worker, never);
  try {
    report(score.load() > 0, score.load(), score.load());
    result.line = whole_game(main.game, main.search, score.load());
    result.value = all_footholds - std::abs(score.load());
  } catch (const core::SearchAborted& aborted) {
    result.outcome = aborted.outcome;
  }
  return result;
}

template <class BB>
core::SearchResult<Direction, int> solve_with(const Board& board, const core::SearchLimits& limits,
                                              const SearchTuning& tuning, SolveProgress* progress) {
  // One control for the whole solve: the game search and the longest-path
  // searches share its node budget, clock and statistics.
  core::SearchControl control(limits);
  const Geometry<BB> geometry(board.rows, board.cols);
  const BB footholds = foothold_bits<BB>(board);
  const std::size_t threads = std::max<std::size_t>(limits.threads, 1);

  // Only the footholds the players can ever reach matter for the table sizes.
  const BB reachable = geometry.component(board.a, footholds) | geometry.component(board.b, footholds);
  core::SearchResult<Direction, int> result;
  const int table_plies = tuning.table_plies.value_or(kTablePlies);
  const std::optional<TableSizes> sizes =
      table_sizes<BB>(reachable.count(), limits.max_memory_bytes, tuning, threads, table_plies);
  if (!sizes) {
    result.outcome = core::Outcome::memory_limit;
    result.stats = control.finish();
    return result;
  }

  // A score s of the root (A to move) is a game of footholds - |s| moves;
  // A wins when s > 0. A proven range [lo, hi] of s is a range of moves.
  const int all_footholds = footholds.count();
  const auto report = [progress, all_footholds](bool mover_wins, int lo, int hi) {
    if (progress == nullptr) return;
    progress->winner = mover_wins ? 'A' : 'B';
    progress->fewest = std::max(0, all_footholds - std::max(std::abs(lo), std::abs(hi)));
    progress->most = all_footholds - std::min(std::abs(lo), std::abs(hi));
  };
  if (threads > 1) {
    result = solve_parallel<BB>(board, control, limits, tuning, geometry, footholds, *sizes, table_plies, report);
  } else {
    // One thread: the serial search, on the plain table.
    ProbeCounter counter(control);
    LongestPaths<BB> paths(geometry, sizes->path_entries, counter);
    FootholdsGame<BB> game(geometry, paths, footholds, board.a, board.b);
    game.prune_symmetric_moves(game.foothold_count() - kSymmetryPlies);
    BucketTable<BB> table(sizes->game_entries);
    std::optional<BucketTable<BB>> deep = deep_table<BB>(*sizes, table_plies);
    LayeredTable<BB, BucketTable<BB>> tables(table, deep ? &*deep : nullptr, game, game.foothold_count() - table_plies);
    GameSearch<BB> solver(game, tables, counter,
                          UsesTable<BB>{game.foothold_count() - table_reach(tables, table_plies)});
    RootBounds bounds;
    try {
      const int score = exact_score(game, solver, bounds, report, tuning.first_loss_probe.value_or(kFirstLossProbe));
      report(score > 0, score, score);
      result.line = whole_game(game, solver, score);
      result.value = all_footholds - std::abs(score);
    } catch (const core::SearchAborted& aborted) {
      result.outcome = aborted.outcome;
      result.line.clear();
    }
  }
  if (!result.proven()) {
    result.value.reset();
    result.line.clear();
  }
  const std::size_t threads_used = result.stats.threads;
  result.stats = control.finish();
  result.stats.threads = threads_used;
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
