#pragma once
// The longest walk one player can make alone in its region: the number of
// steps of the longest simple path starting at `start` inside a connected set
// of footholds. A player alone in a region walks a simple path (every cell it
// leaves vanishes, so it can never come back), and it may choose any path it
// likes, so this is the number of moves it can still make.
//
// Longest path is NP-hard in general; regions here are small grid pieces, and
// three things keep the search small:
//   1. an admissible bound (checkerboard parity and dead ends, bound.hpp),
//      and a stop as soon as a path reaches it;
//   2. after each step only the component of the next cell matters, so the
//      subproblem is (component, start): much smaller than the set of visited
//      cells;
//   3. memoization of (component, start) -> length in an exact-key cache.
//
// This is a plain recursive search rather than core::branch_and_bound because
// the memo is keyed by the component, which the generic problem cannot express;
// it counts its nodes on the solve's core::SearchControl (one budget for the
// whole solve), through the searching thread's ProbeCounter. The memo is the
// thread's own: in a parallel solve every thread has one.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/footholds/bound.hpp"
#include "games/footholds/counter.hpp"
#include "games/footholds/geometry.hpp"

namespace boardsearch::footholds {

template <class BB>
class LongestPaths {
 public:
  // cache_entries: memo slots (rounded up to a power of two). `counter`
  // counts on the solve's control: these nodes count against the same budget
  // as the game search's, so a node limit N stops the whole solve after N + 1
  // nodes. Both must outlive this object.
  LongestPaths(const Geometry<BB>& geometry, std::size_t cache_entries, ProbeCounter& counter)
      : geometry_(&geometry), cache_(std::bit_ceil(std::max<std::size_t>(cache_entries, 1))), counter_(&counter) {}
  // The same, counting straight on `control` (one thread; tests).
  LongestPaths(const Geometry<BB>& geometry, std::size_t cache_entries, core::SearchControl& control)
      : geometry_(&geometry),
        cache_(std::bit_ceil(std::max<std::size_t>(cache_entries, 1))),
        own_counter_(std::in_place, control),
        counter_(&*own_counter_) {}
  LongestPaths(const LongestPaths&) = delete;
  LongestPaths& operator=(const LongestPaths&) = delete;

  // The bytes the memo of cache_entries slots takes.
  static std::size_t bytes_for(std::size_t cache_entries) {
    return std::bit_ceil(std::max<std::size_t>(cache_entries, 1)) * sizeof(Entry);
  }

  // An upper bound on the steps of a simple path from `start` inside
  // `region` (bound.hpp, longest_path_bound: the proof).
  int upper_bound(BB region, int start) const { return longest_path_bound(*geometry_, region, start); }

  // Steps of the longest simple path from `start` inside `region`.
  // Preconditions: region is connected and contains start.
  // May throw core::SearchAborted when a limit is hit.
  int longest_from(BB region, int start) { return longest_up_to(region, start, kNoGoal); }

  // Goal-limited search: with L the longest path from `start` in `region`,
  // returns L exactly when L < goal, and otherwise some v with goal <= v <= L
  // (the length of a path it found). So "is L >= goal?" costs only until one
  // path that long is found. Preconditions as longest_from.
  int longest_up_to(BB region, int start, int goal) { return longest_within(region, start, goal, kNoBound); }

 private:
  // A goal no path reaches (paths have at most kMaxCells - 1 steps).
  static constexpr int kNoGoal = 1 << 20;
  // `bound` of longest_within not given.
  static constexpr int kNoBound = -1;

  // longest_up_to, given upper_bound(region, start) as `bound` when the
  // caller has it (kNoBound: not given): the loop below computes each
  // step's bound to skip it, and passes it on.
  int longest_within(BB region, int start, int goal, int bound) {
    // Step 1. Count the node (limits); a one-cell region has no step.
    counter_->visit();
    const BB rest = region ^ BB::cell(start);
    if (rest.none()) return 0;

    // Step 2. What is known: the memo keeps a proven lower bound (a path
    // found) and upper bound per (region, start); the static bound caps it.
    int lower = 0;
    int upper = bound != kNoBound ? bound : upper_bound(region, start);
    if (const Entry& entry = cache_[slot(region, start)]; entry.start == start && entry.region == region) {
      lower = entry.lower;
      upper = std::min<int>(upper, entry.upper);
    }
    if (lower >= goal || lower == upper) return lower;

    // Step 3. Try each first step; the path continues inside the component of
    // the next cell once `start` is gone. A child is asked only for what can
    // matter (goal - 1), skipped if its bound cannot beat the best so far, and
    // the loop stops once the best reaches the goal or the bound. Starting from
    // `lower` is sound: it is the length of a real path, so it never exceeds L.
    int best = lower;
    // The first steps, fewest onward neighbours first (Warnsdorff's rule: a
    // path that sweeps the region, and so reaches the bound and ends the
    // loop, usually starts into the tightest corner). The order changes
    // only which path is found first, never the value.
    std::array<int, 4> order{};
    std::array<int, 4> onward{};
    int steps = 0;
    for (BB next_cells = geometry_->adjacent[static_cast<std::size_t>(start)] & rest; next_cells.any();) {
      const int next = next_cells.lowest();
      next_cells ^= BB::cell(next);
      const int degree = (geometry_->adjacent[static_cast<std::size_t>(next)] & rest).count();
      int at = steps++;
      for (; at > 0 && onward[at - 1] > degree; --at) order[at] = order[at - 1], onward[at] = onward[at - 1];
      order[at] = next;
      onward[at] = degree;
    }
    // When removing start joins its neighbours around it, `rest` is still
    // connected (region was: a path through start can go around it), so
    // every step's piece is all of it and needs no flood fill.
    const bool still_connected = geometry_->removal_keeps_connections(start, rest);
    for (int i = 0; i < steps && best < goal && best < upper; ++i) {
      const int next = order[i];
      const BB piece = still_connected ? rest : geometry_->component(next, rest);
      // The step's memo slot is a cache miss more often than not: ask for
      // it now, so that it arrives while the bound is computed.
      __builtin_prefetch(&cache_[slot(piece, next)]);
      const int piece_bound = upper_bound(piece, next);
      if (1 + piece_bound <= best) continue;
      best = std::max(best, 1 + longest_within(piece, next, goal - 1, piece_bound));
    }

    // Step 4. Remember it (the slot may have been overwritten by the
    // recursion). Below the goal (or at the bound) every step was searched to
    // the end, so the value is exact; otherwise it is only a lower bound.
    const bool exact = best < goal || best >= upper;
    Entry& entry = cache_[slot(region, start)];
    entry.region = region;
    entry.start = static_cast<std::int16_t>(start);
    entry.lower = static_cast<std::int16_t>(best);
    entry.upper = static_cast<std::int16_t>(exact ? best : upper);
    return best;
  }

  struct Entry {
    BB region;
    std::int16_t start = -1;  // -1: empty
    std::int16_t lower = 0;   // a path this long exists
    std::int16_t upper = 0;   // no path is longer
  };

  std::size_t slot(BB region, int start) const {
    return mix64(region.hash() + static_cast<std::uint64_t>(start + 1) * 0x9E3779B97F4A7C15ULL) & (cache_.size() - 1);
  }

  const Geometry<BB>* geometry_;
  std::vector<Entry> cache_;
  std::optional<ProbeCounter> own_counter_;  // the SearchControl constructor's
  ProbeCounter* counter_;
};

}  // namespace boardsearch::footholds
