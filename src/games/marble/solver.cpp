// Breadth-first search over the two marbles' resting cells.
//
// Why breadth-first: every tilt costs one, so the first layer in which a tilt
// drops the red marble (and not the blue one) is the fewest tilts. The future
// of a line depends only on where the two marbles rest, never on how they got
// there, so each pair of cells is expanded once, at the depth it is first
// reached; pairs where the blue marble fell are dead ends and never stored.
// The search ends at the first success, at the tilt limit, or when a layer
// brings no new pair (every reachable pair seen: impossible at any depth).
//
// Why it is fast:
//   1. Slide stops are precomputed per cell and direction (the cell where a
//      marble alone comes to rest, or "falls"), so a tilt is two table reads
//      and one fix-up instead of a cell-by-cell roll (SlideStops).
//   2. The visited set is an open-addressing table of 8-byte keys over the
//      pairs actually reached (PairSet), not an N^2 M^2 array: a 1000 x 1000
//      board has 10^12 pairs, of which a search touches a tiny fraction.
//   3. The optimal line is rebuilt from the BFS layers after the search, so
//      a state needs no parent pointer (rebuild_line).

#include "games/marble/solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

namespace boardsearch::marble {

namespace {

using core::Direction;

// A pair of resting cells, and in the BFS layers the tilt that reached it:
//
//   bit 63        42 41   40 39              20 19               0
//      +------------+-------+------------------+------------------+
//      |    zero    |  dir  |  red cell index  | blue cell index  |
//      +------------+-------+------------------+------------------+
//
// Cell indices are row-major (Board::index) and below 2^20 since
// kMaxSide^2 = 10^6 < 2^20. The visited set stores the pair bits only (dir
// zero). Key 0 is never a pair: it would put both marbles on cell 0, a
// border wall, so 0 marks an empty slot.
using PairKey = std::uint64_t;
constexpr int kCellBits = 20;
constexpr int kDirShift = 2 * kCellBits;
constexpr PairKey kCellMask = (PairKey{1} << kCellBits) - 1;
constexpr PairKey kPairMask = (PairKey{1} << kDirShift) - 1;
static_assert(kMaxSide * kMaxSide <= (1 << kCellBits), "a cell index must fit in kCellBits");

constexpr PairKey pair_key(std::uint32_t red, std::uint32_t blue) { return (PairKey{red} << kCellBits) | blue; }
constexpr std::uint32_t red_of(PairKey key) { return static_cast<std::uint32_t>((key >> kCellBits) & kCellMask); }
constexpr std::uint32_t blue_of(PairKey key) { return static_cast<std::uint32_t>(key & kCellMask); }
constexpr int index_of(Direction direction) { return static_cast<int>(direction); }

// Where a marble alone comes to rest from each cell in each direction.
// stop(d, c) = c when the next cell towards d is a wall; kFalls when the
// hole is on the way (the hole itself included); otherwise the stop of the
// next cell. Entries of wall cells are unused.
class SlideStops {
 public:
  static constexpr std::uint32_t kFalls = ~std::uint32_t{0};

  explicit SlideStops(const Board& board) {
    const int cells = board.cell_count();
    for (const Direction direction : core::kDirections) {
      std::vector<std::uint32_t>& stop = stops_[index_of(direction)];
      stop.assign(static_cast<std::size_t>(cells), kFalls);
      const int delta = board.step(0, direction);
      // A cell's stop is its next cell's, so the next cell goes first: sweep
      // from the far end of the board (the border is wall, so every non-wall
      // cell has a next cell on the board).
      const bool forward = delta > 0;
      for (int k = 0; k < cells; ++k) {
        const int cell = forward ? cells - 1 - k : k;
        if (board.is_wall(cell) || cell == board.hole) continue;
        const int next = cell + delta;
        stop[static_cast<std::size_t>(cell)] =
            board.is_wall(next) ? static_cast<std::uint32_t>(cell) : stop[static_cast<std::size_t>(next)];
      }
    }
  }

  std::uint32_t stop(Direction direction, std::uint32_t cell) const { return stops_[index_of(direction)][cell]; }

  static std::size_t bytes_for(const Board& board) {
    return 4 * static_cast<std::size_t>(board.cell_count()) * sizeof(std::uint32_t);
  }

 private:
  std::array<std::vector<std::uint32_t>, 4> stops_;
};

struct Tilted {
  Verdict verdict = Verdict::playing;
  PairKey pair = 0;  // the new resting pair when verdict is playing
};

// One tilt of the pair `key` from the slide stops. Correctness of the fix-up:
// let r, b be the stops of each marble alone.
//   - b falls: the blue marble falls whatever the red one does (if red is in
//     front and falls, blue rolls on over the same cells into the hole; if
//     red is not on blue's way it changes nothing): failure.
//   - else r falls: red reaches the hole alone; blue cannot be on red's way
//     (then blue would share the rest of red's way and fall too): success.
//   - else r != b: neither marble starts on the other's way (a marble on the
//     other's way shares the rest of it and comes to the same stop), so they
//     roll independently and rest at r and b.
//   - else r == b: both roll along the same row or column run to the same
//     cell; the one in front takes it and the one behind rests one cell
//     short. "Behind" is the marble that starts further from the stop: the
//     smaller index when the tilt goes to larger indices (down, right).
Tilted tilt_pair(const SlideStops& stops, PairKey key, Direction direction, int delta) {
  const std::uint32_t red = red_of(key), blue = blue_of(key);
  std::uint32_t red_stop = stops.stop(direction, red);
  std::uint32_t blue_stop = stops.stop(direction, blue);
  if (blue_stop == SlideStops::kFalls) return {Verdict::failure, 0};
  if (red_stop == SlideStops::kFalls) return {Verdict::success, 0};
  if (red_stop == blue_stop) {
    const bool red_behind = delta > 0 ? red < blue : red > blue;
    (red_behind ? red_stop : blue_stop) -= static_cast<std::uint32_t>(delta);
  }
  return {Verdict::playing, pair_key(red_stop, blue_stop)};
}

// The visited set: open addressing with linear probing over 8-byte keys,
// capacity a power of two, load kept at or below 3/4 (so 8 to 21 bytes per
// stored pair). Key 0 marks an empty slot.
class PairSet {
 public:
  // Inserts `key` (non-zero, pair bits only); true if it was not there.
  // Precondition: !needs_growth().
  bool insert(PairKey key) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = slot_of(key);; at = (at + 1) & mask) {
      if (slots_[at] == key) return false;
      if (slots_[at] == kEmpty) {
        slots_[at] = key;
        ++size_;
        return true;
      }
    }
  }

  bool needs_growth() const { return 4 * (size_ + 1) > 3 * slots_.size(); }
  void grow() {
    const std::vector<PairKey> old = std::move(slots_);
    slots_.assign(old.size() * 2, kEmpty);
    shift_ = 64 - std::countr_zero(slots_.size());
    size_ = 0;
    for (const PairKey key : old)
      if (key != kEmpty) insert(key);
  }

  std::size_t size() const { return size_; }
  std::size_t bytes() const { return slots_.size() * sizeof(PairKey); }

 private:
  static constexpr std::size_t kMinCapacity = 1024;
  static constexpr PairKey kEmpty = 0;
  // Fibonacci hashing: the top bits of key * 2^64/phi depend on every bit of
  // the key, so they pick the slot (shift_ = 64 - log2(capacity)).
  static constexpr std::uint64_t kFibonacci = 0x9E3779B97F4A7C15ull;

  std::size_t slot_of(PairKey key) const { return static_cast<std::size_t>((key * kFibonacci) >> shift_); }

  std::vector<PairKey> slots_ = std::vector<PairKey>(kMinCapacity, kEmpty);
  int shift_ = 64 - std::countr_zero(kMinCapacity);
  std::size_t size_ = 0;
};

// The budget: the caller's, else core::SearchLimits' memory field once it
// exists and is set, else kDefaultMemoryBudgetBytes.
template <class Limits>
std::size_t memory_budget(const Limits& limits, std::size_t requested) {
  if (requested != 0) return requested;
  if constexpr (requires { limits.max_memory_bytes; }) {
    if (limits.max_memory_bytes != 0) return static_cast<std::size_t>(limits.max_memory_bytes);
  }
  return kDefaultMemoryBudgetBytes;
}

// The BFS state: the layers in one array (layer k is
// order[layer_start[k] .. layer_start[k+1])), the visited set, and the bytes
// they hold, checked against the budget before anything grows.
class Frontier {
 public:
  Frontier(std::size_t fixed_bytes, std::size_t budget) : fixed_bytes_(fixed_bytes), budget_(budget) {}

  // Adds `pair` (reached by `direction`) to the layer being built unless it
  // was visited. Throws SearchAborted{memory_limit} if that would need more
  // than the budget (counting old and new storage while one of them grows).
  void offer(PairKey pair, Direction direction) {
    if (visited_.needs_growth()) {
      reserve(held_bytes() + 2 * visited_.bytes());
      visited_.grow();
    }
    if (!visited_.insert(pair)) return;
    if (order_.size() == order_.capacity()) {
      const std::size_t capacity = std::max<std::size_t>(kMinLayerCapacity, 2 * order_.capacity());
      reserve(held_bytes() + capacity * sizeof(PairKey));
      order_.reserve(capacity);
    }
    order_.push_back(pair | (PairKey{static_cast<std::uint8_t>(direction)} << kDirShift));
    peak_bytes_ = std::max(peak_bytes_, held_bytes());
  }

  // Closes the layer being built; returns false if it is empty.
  bool close_layer() {
    layer_start_.push_back(order_.size());
    return layer_start_[layer_start_.size() - 2] != order_.size();
  }
  std::size_t layer_begin(std::size_t depth) const { return layer_start_[depth]; }
  std::size_t layer_end(std::size_t depth) const { return layer_start_[depth + 1]; }
  PairKey pair(std::size_t i) const { return order_[i] & kPairMask; }
  Direction arrival(std::size_t i) const { return static_cast<Direction>(order_[i] >> kDirShift); }

  std::size_t states() const { return visited_.size(); }
  std::size_t peak_bytes() const { return peak_bytes_; }

 private:
  static constexpr std::size_t kMinLayerCapacity = 1024;

  std::size_t held_bytes() const { return fixed_bytes_ + visited_.bytes() + order_.capacity() * sizeof(PairKey); }
  void reserve(std::size_t total_bytes) {
    if (total_bytes > budget_) throw core::SearchAborted{core::Outcome::memory_limit};
    peak_bytes_ = std::max(peak_bytes_, total_bytes);
  }

  std::size_t fixed_bytes_;
  std::size_t budget_;
  std::size_t peak_bytes_ = 0;
  PairSet visited_;
  std::vector<PairKey> order_;
  std::vector<std::size_t> layer_start_{0};
};

// The line to order[last] (a pair of layer `depth`), walked back layer by
// layer: the parent of a pair reached by tilt d is the first pair of the
// layer before whose tilt d gives it (the pair that first reached it is
// one, so there is always one). Costs one tilt per pair of the layers
// scanned: at most one more pass over the states, only on success.
std::vector<Direction> rebuild_line(const Frontier& frontier, const SlideStops& stops, const Board& board,
                                    std::size_t last, std::size_t depth) {
  std::vector<Direction> line(depth);
  std::size_t at = last;
  for (std::size_t k = depth; k > 0; --k) {
    const Direction direction = frontier.arrival(at);
    const int delta = board.step(0, direction);
    line[k - 1] = direction;
    const PairKey child = frontier.pair(at);
    for (std::size_t i = frontier.layer_begin(k - 1); i < frontier.layer_end(k - 1); ++i) {
      const Tilted tilted = tilt_pair(stops, frontier.pair(i), direction, delta);
      if (tilted.verdict == Verdict::playing && tilted.pair == child) {
        at = i;
        break;
      }
    }
  }
  return line;
}

}  // namespace

Solution solve(const Board& board, std::optional<int> max_tilts, const core::SearchLimits& limits,
               std::size_t memory_budget_bytes) {
  core::SearchControl control(limits);
  Solution solution;
  auto& search = solution.search;
  const std::size_t budget = memory_budget(limits, memory_budget_bytes);
  const std::size_t table_bytes = SlideStops::bytes_for(board);
  if (table_bytes > budget) {
    search.outcome = core::Outcome::memory_limit;
    search.stats = control.finish();
    return solution;
  }

  // Step 1: the slide stops, and the start pair as layer 0.
  const SlideStops stops(board);
  Frontier frontier(table_bytes, budget);
  std::array<int, 4> delta{};
  for (const Direction direction : core::kDirections) delta[index_of(direction)] = board.step(0, direction);

  try {
    frontier.offer(pair_key(static_cast<std::uint32_t>(board.red), static_cast<std::uint32_t>(board.blue)),
                   Direction::up);
    frontier.close_layer();

    // Step 2: expand layer `depth` into layer depth + 1 until a tilt drops
    // red alone, the limit is reached, or a layer brings nothing new.
    for (std::size_t depth = 0; !max_tilts || depth < static_cast<std::size_t>(*max_tilts); ++depth) {
      const std::size_t end = frontier.layer_end(depth);
      for (std::size_t i = frontier.layer_begin(depth); i < end; ++i) {
        control.visit();
        const PairKey pair = frontier.pair(i);
        for (const Direction direction : core::kDirections) {
          const Tilted tilted = tilt_pair(stops, pair, direction, delta[index_of(direction)]);
          if (tilted.verdict == Verdict::failure) continue;
          if (tilted.verdict == Verdict::success) {
            // Step 3: the first success is the fewest tilts; rebuild its line.
            search.value = static_cast<int>(depth) + 1;
            search.line = rebuild_line(frontier, stops, board, i, depth);
            search.line.push_back(direction);
            solution.states = frontier.states();
            solution.memory_bytes = frontier.peak_bytes();
            search.stats = control.finish();
            return solution;
          }
          if (tilted.pair != pair) frontier.offer(tilted.pair, direction);  // a tilt that moves nothing is useless
        }
      }
      if (!frontier.close_layer()) break;
    }
  } catch (const core::SearchAborted& aborted) {
    search.outcome = aborted.outcome;
  }
  solution.states = frontier.states();
  solution.memory_bytes = frontier.peak_bytes();
  search.stats = control.finish();
  return solution;
}

}  // namespace boardsearch::marble
