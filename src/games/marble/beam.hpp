#pragma once
// A beam search for a line to success, after A*'s hand-over: its line bounds
// the fewest tilts from above, and breadth-first keeps only the pairs that
// can lie on a shorter line (search.cpp, breadth_first.hpp's Pruning).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "boardsearch/core/grid.hpp"
#include "boardsearch/core/limits.hpp"
#include "games/marble/bound.hpp"
#include "games/marble/context.hpp"
#include "games/marble/dense_set.hpp"
#include "games/marble/rest_cells.hpp"
#include "games/marble/slide.hpp"
#include "games/marble/table.hpp"

namespace boardsearch::marble::detail {

// A pair a beam layer keeps: the pair, its parent's index in the layer
// before, and the tilt from it.
struct BeamEntry {
  PairKey pair;
  std::uint32_t parent;
  Direction direction;
};

// Layer by layer like breadth-first, but each layer cut to the `width`
// children of least pair bound (pairs seen before are dropped). It runs in
// slices (advance), so that it can be interleaved with breadth-first
// (breadth_first.hpp, LateBeam). Every step of a line it finds is a tilt, so
// its length bounds the fewest tilts from above; it need not be the fewest.
// The pairs it saw are counted in `states` when it is released. It keeps
// them in a hash set, or with `dense_rest` in a dense bit set like
// breadth-first's (the late beam: it sees millions of pairs, where the hash
// set's probes and growth cost a third of the solve); either way the same
// pairs, so the same line.
class Beam {
 public:
  Beam(const Context& context, PairKey start, const PairBound& bound, std::size_t width,
       const RestCells* dense_rest = nullptr);
  ~Beam() { release(); }
  Beam(const Beam&) = delete;
  Beam& operator=(const Beam&) = delete;

  // Expands pairs until `until` have been expanded in all or the beam has
  // ended (a line found, no candidate left, or the tilt limit); returns
  // whether it has ended. Counts its nodes on `worker` when given (a
  // parallel breadth-first's, the thread's that runs it), else on the
  // control.
  bool advance(std::uint64_t until, core::SearchControl::Worker* worker);
  bool ended() const { return ended_; }
  std::uint64_t expanded() const { return expanded_; }
  // The line found (once ended; nothing if it ran out).
  std::optional<std::vector<Direction>>& line() { return line_; }
  // Gives its storage back (its seen pairs into `states`); it has ended then.
  void release();

 private:
  // A child's place in the cut (rank): least bound first; among equal bounds
  // the red marble's distance rolling alone, then the blue one's help (the
  // bound's parts, bound.hpp), each capped at 2^16 - 1. Only the order of the
  // beam's pairs depends on it, never an answer; chosen on the 300 x 300
  // boards whose first beam found a line (the tie-breaks shortened it).
  struct Candidate {
    std::uint64_t rank;
    BeamEntry entry;
  };
  std::uint64_t rank(std::uint32_t h, PairKey pair) const {
    const std::uint64_t alone = std::min<std::uint32_t>(bound_.alone(red_of(pair)), 0xFFFF);
    const std::uint64_t help = std::min<std::uint32_t>(bound_.help(blue_of(pair)), 0xFFFF);
    return std::uint64_t{h} << 32 | alone << 16 | help;
  }

  // Adds `pair` to the pairs seen; whether it was new.
  bool see(PairKey pair) {
    const bool added = dense_seen_ ? dense_seen_->insert(pair) : seen_->insert(pair);
    seen_count_ += added ? 1 : 0;
    return added;
  }
  // Layer depth_ expanded: the next one is its `width_` candidates of least
  // bound (the end when there are none, or at the tilt limit).
  void close_layer();
  // The line to the pair being expanded and then `direction`, walked back
  // through the parents.
  void found(Direction direction);

  const Context& context_;
  const PairBound& bound_;
  std::size_t width_;
  std::optional<PairSet> seen_;                                    // the pairs seen: in a hash set
  std::optional<DensePairSet<Numbering::tilt_pairs>> dense_seen_;  // or in a dense one
  std::uint64_t seen_count_ = 0;
  std::vector<std::vector<BeamEntry>> layers_;
  std::vector<Candidate> candidates_;  // the children of layer depth_ so far
  std::size_t depth_ = 0;              // the layer being expanded
  std::size_t next_ = 0;               // its next entry
  std::uint64_t expanded_ = 0;
  bool ended_ = false;
  std::optional<std::vector<Direction>> line_;
};

// A slice of the late beam (LateBeam) to run during one breadth-first layer:
// up to `until` pairs in all. gave_up: it would have passed the memory budget
// (then breadth-first goes on without it).
struct BeamSlice {
  Beam& beam;
  std::uint64_t until;
  bool gave_up = false;
};

// Runs `slice`, counting on `worker` (nullptr: on the control); a
// memory_limit from the beam's own growth gives the beam up instead of
// ending the solve. Returns whether the beam has ended.
bool run_slice(BeamSlice& slice, core::SearchControl::Worker* worker);

}  // namespace boardsearch::marble::detail
