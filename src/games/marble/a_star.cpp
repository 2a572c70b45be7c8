// A* (Strategy::a_star): pairs are expanded in the order of f = tilts so far
// + bound, RedBound's lower bound on the tilts still needed, from the red
// marble's cell and whether the blue one can help it at the next tilt
// (bound.cpp, where it is proven admissible and consistent). With a
// consistent bound f never decreases along a line, so the first success
// found is the fewest tilts, and a pair is expanded first at its fewest
// tilts. It also drops every pair whose f exceeds the tilt limit or whose
// red marble can never reach the hole. Within one f the newest pair goes
// first (deeper lines first: they are nearer the goal for the same f).
//
// Past SolveOptions::hand_over_after expanded pairs (bits_hand_over_after on
// the closed bits) without an answer, on a board where breadth-first's dense
// visited set fits, A* stops and breadth-first solves from the start
// (search.cpp): both are exact, so the answer is the same, and there the
// bound has proven weak while a dense breadth-first pair costs a fraction of
// an A* pair (search.hpp, kAStarHandOverAfter).
//
// Its closed set: the 16-byte table (table.hpp, PairTable: pair, tilts and
// parent in one slot, so that offering a child costs one cache line; the
// search fetches the children's lines together before offering them), or on
// boards of about 66 x 66 to 109 x 109 the dense bits of the rest cells
// (ClosedBits). A* runs on the calling thread.

#include "games/marble/a_star.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "games/marble/bound.hpp"
#include "games/marble/dense_set.hpp"
#include "games/marble/memory.hpp"
#include "games/marble/rest_cells.hpp"
#include "games/marble/table.hpp"

namespace boardsearch::marble::detail {

namespace {

// Whether breadth-first would keep its visited set dense on this board
// (false also when the rest cells do not fit the budget beside A*'s tables
// right now: then A* goes on rather than stop).
bool dense_fits(const Context& context) {
  const std::size_t extra = RestCells::bytes_for(context.board) + RestCells::build_bytes_for(context.board);
  if (!context.budget.fits(extra)) return false;
  context.budget.check(extra);
  return DensePairSet<Numbering::tilt_pairs>::fits(RestCells(context.board, context.stops));
}

// A* keeps its closed set as the dense bits of breadth-first when they take
// at most this many (16 MiB: every 100 x 100 board; a 300 x 300 board has
// 20 k to 50 k rest cells a side, 50 to 300 MB of bits spread over as many
// 2 MiB blocks as the search touches).
constexpr std::uint64_t kAStarBitsMax = std::uint64_t{1} << 27;
// ... and at least this many possible (inner cells squared): one block of
// the dense set (DensePairSet::kBlockBytes, 2^24 bits). Smaller boards, the
// judge's among them, keep the table: the bits would hold and zero a whole
// 2 MiB block (a huge page) for a search of a few hundred pairs, far slower
// than the table there, and a --max-memory of 1 or 2 MiB would stop them.
constexpr std::uint64_t kAStarBitsMin = std::uint64_t{1} << 24;

// The rest cells of the board when A*'s closed set can be their dense bits
// (at most kAStarBitsMax, and for ClosedSet::by_size at least
// kAStarBitsMin) and they fit the budget now; else nothing. Only boards
// whose inner cells alone give few enough bits (every rest cell is an inner
// cell) are considered: on bigger ones building the rest cells to find out
// costs more than most A* solves.
std::optional<RestCells> small_rest_cells(const Context& context) {
  const std::uint64_t inner = std::uint64_t(context.board.rows - 2) * std::uint64_t(context.board.cols - 2);
  if (inner * inner > kAStarBitsMax) return std::nullopt;
  if (context.a_star_closed == ClosedSet::by_size && inner * inner < kAStarBitsMin) return std::nullopt;
  const std::size_t extra = RestCells::bytes_for(context.board) + RestCells::build_bytes_for(context.board);
  if (!context.budget.fits(extra)) return std::nullopt;
  context.budget.check(extra);
  std::optional<RestCells> rest(std::in_place, context.board, context.stops);
  if (rest->rest_pair_count() > kAStarBitsMax) return std::nullopt;
  return rest;
}

// A*'s open list: bucket f holds the words (pair and tilts when offered) to
// expand at f, newest last. A bucket the search has emptied gives its
// storage to the next bucket opened, so that most buckets are not grown from
// nothing (growing them copied megabytes and touched as many new pages). The
// storage stays counted on the budget while it is spare; everything goes
// back to it at the end.
class Buckets {
 public:
  explicit Buckets(core::SharedMemoryBudget& budget) : budget_(budget) {}
  ~Buckets() {
    for (std::vector<PairKey>& bucket : buckets_) release_within(bucket, budget_);
    for (std::vector<PairKey>& bucket : spare_) release_within(bucket, budget_);
  }
  Buckets(const Buckets&) = delete;
  Buckets& operator=(const Buckets&) = delete;

  // One past the highest bucket opened.
  std::size_t size() const { return buckets_.size(); }
  std::vector<PairKey>& operator[](std::size_t f) { return buckets_[f]; }

  // Appends `word` to bucket `f`, opening the buckets up to it.
  void push(std::size_t f, PairKey word) {
    if (f >= buckets_.size()) open(f);
    push_within(buckets_[f], word, budget_);
  }
  // Bucket `f`, empty now, gives its storage to the spares.
  void close(std::size_t f) {
    if (buckets_[f].capacity() == 0) return;
    spare_.emplace_back();
    spare_.back().swap(buckets_[f]);
  }

 private:
  // Opens the buckets up to `f`, each taking a spare's storage while any is left.
  [[gnu::noinline]] void open(std::size_t f) {
    std::size_t at = buckets_.size();
    buckets_.resize(f + 1);
    for (; at <= f && !spare_.empty(); ++at) {
      buckets_[at].swap(spare_.back());
      spare_.pop_back();
    }
  }

  core::SharedMemoryBudget& budget_;
  std::vector<std::vector<PairKey>> buckets_;
  std::vector<std::vector<PairKey>> spare_;  // empty, with capacity
};

// The line to `record` (pair and arrival tilt, expanded at `tilts` tilts),
// walked back through the pairs expanded at each number of tilts: the
// parent of a pair expanded at g reached by tilt d is a pair expanded at
// g - 1 whose tilt d gives it. There is one: the entry that was popped
// first for the pair came from a parent expanded at g - 1 (with a
// consistent bound a pair's first pop has its fewest tilts, and a parent's
// fewest tilts are the child's minus one), and each pair is expanded once.
std::vector<Direction> rebuild_from_expanded(const Context& context, const std::vector<std::vector<PairKey>>& expanded,
                                             PairKey record, std::uint32_t tilts) {
  std::vector<Direction> line(tilts);
  for (std::uint32_t g = tilts; g > 0; --g) {
    const Direction direction = static_cast<Direction>((record >> kDirShift) & 3);
    line[g - 1] = direction;
    const PairKey child = record & kPairMask;
    for (const PairKey parent : expanded[g - 1]) {
      const Tilted tilted = context.tilt(parent & kPairMask, direction);
      if (tilted.verdict == Verdict::playing && tilted.pair == child) {
        record = parent;
        break;
      }
    }
  }
  return line;
}

// A*'s closed set as breadth-first's dense bits (boards where they are
// small: kAStarBitsMin to kAStarBitsMax), for a_star_loop. A pair is queued
// again each time it is offered while not yet expanded (lazy duplicates, 8
// bytes each in its f-bucket) and expanded only at its first pop, which has
// its fewest tilts: the bound is consistent (bound.cpp), so f never
// decreases along a line, and a pop with more tilts than the fewest would
// leave a pair of an optimal line to it queued with a smaller f, popped
// first (the standard argument for A* with a consistent bound; the order
// among equal f does not matter). Later pops of it are skipped by its bit.
// So every pair is expanded at its fewest tilts, once. The line is rebuilt
// from the pairs expanded per number of tilts (rebuild_from_expanded), not
// from parent links; `states` counts the pairs expanded.
class ClosedBits {
 public:
  ClosedBits(const Context& context, const RestCells& rest) : context_(context), closed_(rest, context.budget) {}
  ~ClosedBits() {
    for (std::vector<PairKey>& pairs : expanded_) release_within(pairs, context_.budget);
    context_.solution.states = std::max<std::uint64_t>(states_, 1);  // the start, expanded or not
  }
  ClosedBits(const ClosedBits&) = delete;
  ClosedBits& operator=(const ClosedBits&) = delete;

  void start(PairKey) {}
  void prefetch(PairKey pair) const { closed_.prefetch(pair); }
  // Whether the popped `entry` (word: pair, tilt, tilts) is expanded: its
  // first pop only; then it is recorded for the line.
  bool expand(PairKey entry) {
    if (!closed_.insert(entry & kPairMask)) return false;
    const std::uint32_t tilts = PairTable::tilts_of(entry);
    if (expanded_.size() <= tilts) expanded_.resize(tilts + 1);
    push_within(expanded_[tilts], entry & ((PairKey{1} << kTiltsShift) - 1), context_.budget);
    ++states_;
    return true;
  }
  // Whether `child` is left out before its bound is read: expanded already.
  bool closed(PairKey child) const { return closed_.contains(child); }
  // Whether the child goes into its bucket: always (lazy duplicates).
  bool offer(PairKey, PairKey, Direction, std::uint32_t) { return true; }
  // The line to the popped `entry`.
  std::vector<Direction> line(PairKey entry) const {
    return rebuild_from_expanded(context_, expanded_, entry & ((PairKey{1} << kTiltsShift) - 1),
                                 PairTable::tilts_of(entry));
  }

 private:
  const Context& context_;
  DensePairSet<Numbering::rest_pairs> closed_;
  // expanded_[g]: the pairs expanded at g tilts, each with its arrival tilt.
  std::vector<std::vector<PairKey>> expanded_;
  std::uint64_t states_ = 0;
};

// A*'s closed set as the 16-byte table (pair, tilts, parent), for
// a_star_loop: a pair reached again in fewer tilts is updated and queued
// again; an entry whose tilts are no longer its pair's is stale (that pair's
// newer entry, in a lower bucket, was expanded already). `states` counts the
// pairs stored.
class ClosedTable {
 public:
  explicit ClosedTable(const Context& context) : context_(context), table_(context.budget) {}
  ~ClosedTable() { context_.solution.states = table_.size(); }
  ClosedTable(const ClosedTable&) = delete;
  ClosedTable& operator=(const ClosedTable&) = delete;

  void start(PairKey pair) { table_.offer(pair, 0, Direction::up, 0); }
  void prefetch(PairKey pair) const { table_.prefetch(pair); }
  bool expand(PairKey entry) const {
    return PairTable::tilts_of(table_.find(entry & kPairMask).word) == PairTable::tilts_of(entry);
  }
  bool closed(PairKey) const { return false; }
  // Whether the child goes into its bucket: unless the table holds it with
  // as few tilts already.
  bool offer(PairKey child, PairKey parent, Direction direction, std::uint32_t tilts) {
    return table_.offer(child, parent, direction, tilts) != PairTable::Offered::kept;
  }
  std::vector<Direction> line(PairKey entry) const { return rebuild_from_parents(table_, entry & kPairMask); }

 private:
  const Context& context_;
  PairTable table_;
};

// The A* loop over pairs in order of f = tilts + bound, newest first within
// one f, with `closed` (ClosedBits or ClosedTable) telling which pops are
// expanded and which children are queued. Returns false, with nothing found,
// past `hand_over_after` expanded pairs on a board where breadth-first keeps
// a dense visited set (a_star()); otherwise true, with the answer in
// context.solution.
template <class Closed>
bool a_star_loop(const Context& context, PairKey start, std::uint64_t hand_over_after, const RedBound& bound,
                 Buckets& buckets, Closed& closed) {
  auto& search = context.solution.search;
  // Step 1. The start, in the bucket of its f (unless red can never escape
  // or not within the limit).
  const auto within_limit = [&](std::uint32_t f) {
    return f != RedBound::kUnreachable && (!context.max_tilts || f <= static_cast<std::uint32_t>(*context.max_tilts));
  };
  closed.start(start);
  const std::uint32_t start_f = bound.at(red_of(start), blue_of(start));
  if (!within_limit(start_f)) return true;
  buckets.push(start_f, PairTable::word(start, Direction::up, 0));

  // Step 2. Pop the buckets in order of f; within one, newest first.
  std::uint64_t expanded = 0;
  for (std::uint32_t f = start_f; f < buckets.size(); ++f) {
    while (!buckets[f].empty()) {
      const PairKey entry = buckets[f].back();
      buckets[f].pop_back();
      if (!buckets[f].empty()) closed.prefetch(buckets[f].back() & kPairMask);  // the next entry's check
      if (!closed.expand(entry)) continue;
      const PairKey pair = entry & kPairMask;
      const std::uint32_t tilts = PairTable::tilts_of(entry);
      // Step 3. Hand over: past the count, breadth-first takes over when its
      // visited set is dense (asked once).
      if (++expanded > hand_over_after) {
        if (dense_fits(context)) return false;
        hand_over_after = ~std::uint64_t{0};
      }
      context.control.visit();
      // Step 4. The four tilts first, so that the children's bits or slots
      // are fetched together while the first is offered.
      std::array<Tilted, 4> tilted;
#pragma GCC unroll 4
      for (const Direction direction : core::kDirections) {
        Tilted& t = tilted[index_of(direction)];
        t = context.tilt(pair, direction);
        if (t.verdict == Verdict::playing && t.pair != pair) closed.prefetch(t.pair);
      }
#pragma GCC unroll 4
      for (const Direction direction : core::kDirections) {
        const Tilted& t = tilted[index_of(direction)];
        if (t.verdict == Verdict::failure) continue;
        if (t.verdict == Verdict::success) {
          // Step 5. Success: red falls alone after tilts + 1 = f tilts (the
          // bound of a pair one tilt from success is 1), and no line is
          // shorter: every pair with a smaller f is expanded.
          search.value = static_cast<int>(tilts) + 1;
          search.line = closed.line(entry);
          search.line.push_back(direction);
          return true;
        }
        // Step 6. Offer the child in the bucket of its f, unless it is
        // closed, red cannot escape from it, or it passes the limit.
        if (t.pair == pair || closed.closed(t.pair)) continue;
        const std::uint32_t child_bound = bound.at(red_of(t.pair), blue_of(t.pair));
        if (child_bound == RedBound::kUnreachable) continue;
        const std::uint32_t child_tilts = tilts + 1;
        const std::uint32_t child_f = child_tilts + child_bound;
        if (!within_limit(child_f)) continue;
        if (child_tilts > kMaxRecordedTilts) throw core::SearchAborted{core::Outcome::depth_limit};
        if (!closed.offer(t.pair, pair, direction, child_tilts)) continue;
        buckets.push(child_f, PairTable::word(t.pair, direction, child_tilts));
      }
    }
    buckets.close(f);
  }
  return true;
}

}  // namespace

bool a_star(const Context& context, PairKey start, std::uint64_t hand_over_after, std::uint64_t bits_hand_over_after) {
  // Everything A* held goes back to the budget when it ends (breadth-first
  // may follow): the bound, the buckets and the closed set by their
  // destructors.
  const HeldBound<RedBound> held(context);
  const RedBound& bound = held.bound();
  Buckets buckets(context.budget);
  if (context.a_star_closed != ClosedSet::table) {
    if (const std::optional<RestCells> rest = small_rest_cells(context)) {
      context.budget.count(RestCells::bytes_for(context.board));
      struct ReleaseRest {
        const Context& context;
        ~ReleaseRest() { context.budget.release(RestCells::bytes_for(context.board)); }
      } release_rest{context};
      ClosedBits closed(context, *rest);
      return a_star_loop(context, start, bits_hand_over_after, bound, buckets, closed);
    }
  }
  ClosedTable closed(context);
  return a_star_loop(context, start, hand_over_after, bound, buckets, closed);
}

}  // namespace boardsearch::marble::detail
