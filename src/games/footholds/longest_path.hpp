#pragma once
// The longest walk one player can make alone in its region: the number of
// steps of the longest simple path starting at `start` inside a connected set
// of footholds. A player alone in a region walks a simple path (every cell it
// leaves vanishes, so it can never come back), and it may choose any path it
// likes, so this is the number of moves it can still make.
//
// Longest path is NP-hard in general; regions here are small grid pieces, and
// three things keep the search small:
//   1. an admissible bound (checkerboard parity, which is at most size - 1),
//      and a stop as soon as a path reaches it;
//   2. after each step only the component of the next cell matters, so the
//      subproblem is (component, start): much smaller than the set of visited
//      cells;
//   3. memoization of (component, start) -> length in an exact-key cache.
//
// This is a plain recursive search rather than core::branch_and_bound because
// the memo is keyed by the component, which the generic problem cannot express;
// it still counts nodes and honours limits through core::SearchControl.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/footholds/geometry.hpp"

namespace boardsearch::footholds {

template <class BB>
class LongestPaths {
 public:
  // cache_entries: memo slots (rounded up to a power of two). The limits are
  // the solve's (deadline, cancel flag and node budget apply here too).
  LongestPaths(const Geometry<BB>& geometry, std::size_t cache_entries, const core::SearchLimits& limits)
      : geometry_(&geometry), cache_(std::bit_ceil(std::max<std::size_t>(cache_entries, 1))),
        control_(without_progress(limits)) {}

  // An upper bound on the steps of a simple path from `start` inside `region`
  // (region contains start). A path's cells alternate checkerboard colours,
  // starting with start's colour. With S cells of that colour and T of the
  // other, a path of v cells uses ceil(v/2) of the first and floor(v/2) of
  // the second, so v <= 2S when T >= S, and v <= 2T + 1 otherwise. Steps are
  // v - 1. Since 2S - 1 <= S + T - 1 and 2T <= S + T - 1 in those cases, this
  // also never exceeds the region size minus one.
  int upper_bound(BB region, int start) const {
    const BB same_colour_set = geometry_->even_cells.test(start) ? geometry_->even_cells : ~geometry_->even_cells;
    const int same = (region & same_colour_set).count();
    const int other = region.count() - same;
    return other >= same ? 2 * same - 1 : 2 * other;
  }

  // Steps of the longest simple path from `start` inside `region`.
  // Preconditions: region is connected and contains start.
  // May throw core::SearchAborted when a limit is hit.
  int longest_from(BB region, int start) {
    // Step 1. Count the node (limits); a one-cell region has no step.
    control_.visit();
    const BB start_bit = BB::cell(start);
    const BB rest = region ^ start_bit;
    if (rest.none()) return 0;

    // Step 2. The memo.
    Entry& entry = cache_[slot(region, start)];
    if (entry.start == start && entry.region == region) return entry.length;

    // Step 3. Try each first step; the path continues inside the component of
    // the next cell once `start` is gone. Skip steps whose bound cannot beat
    // the best so far; stop at the region's bound (nothing can beat it).
    const int bound = upper_bound(region, start);
    int best = 0;
    BB next_cells = geometry_->adjacent[static_cast<std::size_t>(start)] & rest;
    while (next_cells.any() && best < bound) {
      const int next = next_cells.lowest();
      next_cells ^= BB::cell(next);
      const BB piece = geometry_->component(next, rest);
      if (1 + upper_bound(piece, next) <= best) continue;
      best = std::max(best, 1 + longest_from(piece, next));
    }

    // Step 4. Remember it (the slot may have been overwritten by the recursion).
    Entry& slot_now = cache_[slot(region, start)];
    slot_now.region = region;
    slot_now.start = static_cast<std::int16_t>(start);
    slot_now.length = static_cast<std::int16_t>(best);
    return best;
  }

  // The first step of one longest path: a neighbour `next` of `start` in
  // `region` with 1 + longest(component of next without start) == longest.
  // Precondition: longest_from(region, start) > 0.
  int first_step_of_longest(BB region, int start) {
    const int length = longest_from(region, start);
    const BB rest = region ^ BB::cell(start);
    BB next_cells = geometry_->adjacent[static_cast<std::size_t>(start)] & rest;
    while (next_cells.any()) {
      const int next = next_cells.lowest();
      next_cells ^= BB::cell(next);
      if (1 + longest_from(geometry_->component(next, rest), next) == length) return next;
    }
    return -1;  // unreachable when the precondition holds
  }

  const core::SearchStats& stats() const { return control_.stats(); }

 private:
  struct Entry {
    BB region;
    std::int16_t start = -1;  // -1: empty
    std::int16_t length = 0;
  };

  // The same limits without the progress callback (the game search reports progress).
  static core::SearchLimits without_progress(core::SearchLimits limits) {
    limits.on_progress = nullptr;
    return limits;
  }

  std::size_t slot(BB region, int start) const {
    return mix64(region.hash() + static_cast<std::uint64_t>(start + 1) * 0x9E3779B97F4A7C15ULL) & (cache_.size() - 1);
  }

  const Geometry<BB>* geometry_;
  std::vector<Entry> cache_;
  core::SearchControl control_;
};

}  // namespace boardsearch::footholds
