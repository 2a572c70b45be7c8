// Dynamic programming over the turns of a dice yut schedule.
//
// Why not a core template: branch_and_bound and NegamaxSolver search depth
// first, one move sequence at a time, so they would meet the same position
// (the same multiset of squares after the same turn) many times: P^K
// sequences for P pieces and K dice. Here every position of a turn is kept
// once, with the best score that reaches it, and expanded once; a layer never
// holds more positions than there are multisets of squares, whatever K is.
// The search still counts nodes with core::SearchControl (one node per
// position expanded) and returns a core::SearchResult.
//
// Why it is exact: the future of a game depends only on the turn number and on
// which squares the pieces occupy, never on how they got there or on which
// piece is which (the rules do not tell pieces apart). Hence the best total
// from a position is (score so far) + (best future), and among the sequences
// that reach the same position after the same turn only the highest score so
// far can be part of an optimal game. Keeping that one per position loses
// nothing.

#include "games/yut/solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "boardsearch/core/parallel.hpp"
#include "boardsearch/core/unwritten_allocator.hpp"
#include "games/yut/bound.hpp"
#include "games/yut/position.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut {

namespace {

// One position of one layer: its key, the best score that reaches it, and how
// (the position of the previous layer and the squares of the move).
// (No default member values: the entries of a layer built on threads are
// left unwritten by the allocation and written once, by the threads; see
// UnwrittenAllocator.)
struct LayerEntry {
  PositionKey key;
  long long score;
  std::uint32_t parent;  // index in the previous layer
  std::uint8_t from;
  std::uint8_t to;
};

// The layers' allocator leaves new elements unwritten (resize() does not
// zero them): a layer built on threads is sized on the solve's thread and
// then filled by the threads, so its pages are first touched (and faulted
// in) by the threads that fill them, not all by one thread before they
// start.
template <class T>
using UnwrittenAllocator = core::UnwrittenAllocator<T>;

// The positions of one layer.
using Layer = std::vector<LayerEntry, UnwrittenAllocator<LayerEntry>>;

// The layers and their index are counted on a core::MemoryBudget (the
// solve's SearchLimits::max_memory_bytes) before every allocation that grows
// them. How many positions a layer keeps is not known in advance (it depends
// on how many sequences meet on one position), so the check is made as they
// grow: a solve that would pass the budget stops with Outcome::memory_limit
// instead of allocating.
template <class T, class A>
std::uint64_t bytes_of(const std::vector<T, A>& storage) {
  return storage.capacity() * sizeof(T);
}

// Makes room for `capacity` elements in `storage`, counting the new block
// on `budget` before allocating it and releasing the old one after.
template <class T, class A>
void reserve_counted(std::vector<T, A>& storage, std::size_t capacity, core::MemoryBudget& budget) {
  if (capacity <= storage.capacity()) return;
  const std::uint64_t old_bytes = bytes_of(storage);
  budget.allocate(capacity * sizeof(T));
  storage.reserve(capacity);
  budget.release(old_bytes);
}

// Open-addressing hash index from key to entry index in the layer being built.
// Linear probing, capacity a power of two, load kept at or below one half.
// A slot is 8 bytes, so that the table of a 200,000-position layer fits in a
// few MB of cache:
//
//   bit 63          32 31           0
//      +--------------+--------------+
//      |  tag (hash)  |  entry index |     empty slot: index = kEmptyIndex
//      +--------------+--------------+
//
// The tag (low 32 bits of the hash) filters probes; a tag match is confirmed
// against the full key stored in the layer entry.
class LayerIndex {
 public:
  static constexpr std::uint32_t kNotFound = ~std::uint32_t{0};

  // Its slots are counted on `budget`, which must outlive the index.
  explicit LayerIndex(core::MemoryBudget& budget) : budget_(&budget) { resize(kMinCapacity); }
  LayerIndex(const LayerIndex&) = delete;
  LayerIndex& operator=(const LayerIndex&) = delete;
  ~LayerIndex() { budget_->release(bytes_of(slots_)); }

  // The slots of an index made for `expected` keys (load at most one half).
  static constexpr std::size_t capacity_for(std::size_t expected) {
    std::size_t capacity = kMinCapacity;
    while (capacity < 2 * expected) capacity *= 2;
    return capacity;
  }

  // Empties the index and makes room for about `expected` keys.
  void reset(std::size_t expected) {
    const std::size_t capacity = capacity_for(expected);
    if (slots_.size() != capacity)
      resize(capacity);
    else
      std::fill(slots_.begin(), slots_.end(), kEmptySlot);
    use_first(capacity);
  }

  // Empties the index for about `expected` keys within a block of `block`
  // slots (made if the index has fewer; precondition: block is a power of
  // two >= capacity_for(expected)). Only the first capacity_for(expected)
  // slots are used, and only they are cleared: a shard's index keeps the
  // block of its widest layer, and a narrower layer clears what it needs.
  void reset_within(std::size_t expected, std::size_t block) {
    const std::size_t capacity = capacity_for(expected);
    if (slots_.size() < block)
      resize(block);
    else
      std::fill_n(slots_.begin(), capacity, kEmptySlot);
    use_first(capacity);
  }

  // Frees the slots (released on the index's budget). The index must be
  // reset before it is used again.
  void free_slots() {
    budget_->release(bytes_of(slots_));
    slots_ = std::vector<std::uint64_t>();
    capacity_ = 0;
    size_ = 0;
  }

  // Starts loading the slot where a probe for `key` begins.
  void prefetch(PositionKey key) const { __builtin_prefetch(&slots_[(key * kFibonacci) >> shift_]); }

  // The entry of `entries` holding `key`; if none, records that `key` will be
  // stored at entries[index_if_new] and returns kNotFound.
  std::uint32_t find_or_insert(PositionKey key, std::uint32_t index_if_new, const Layer& entries) {
    if (2 * (size_ + 1) > capacity_) grow(entries);
    const std::uint64_t hashed = key * kFibonacci;
    const auto tag = static_cast<std::uint32_t>(hashed);
    const std::size_t mask = capacity_ - 1;
    for (std::size_t at = hashed >> shift_;; at = (at + 1) & mask) {
      const std::uint64_t slot = slots_[at];
      const auto index = static_cast<std::uint32_t>(slot);
      if (index == kEmptyIndex) {
        slots_[at] = (std::uint64_t{tag} << 32) | index_if_new;
        ++size_;
        return kNotFound;
      }
      if (static_cast<std::uint32_t>(slot >> 32) == tag && entries[index].key == key) return index;
    }
  }

 private:
  static constexpr std::size_t kMinCapacity = 64;
  static constexpr std::uint32_t kEmptyIndex = ~std::uint32_t{0};
  static constexpr std::uint64_t kEmptySlot = kEmptyIndex;
  // Fibonacci hashing: the top bits of key * 2^64/phi depend on every bit of
  // the key, so they pick the slot (shift_ = 64 - log2(capacity)).
  static constexpr std::uint64_t kFibonacci = 0x9E3779B97F4A7C15ull;

  // Replaces the slots by `capacity` empty ones (counted on the budget), all
  // in use.
  void resize(std::size_t capacity) {
    budget_->allocate(capacity * sizeof(std::uint64_t));
    budget_->release(bytes_of(slots_));
    slots_ = std::vector<std::uint64_t>(capacity, kEmptySlot);
    use_first(capacity);
  }

  // Probes use the first `capacity` slots (a power of two), none filled.
  void use_first(std::size_t capacity) {
    capacity_ = capacity;
    shift_ = 64 - std::countr_zero(capacity);
    size_ = 0;
  }

  void grow(const Layer& entries) {
    const std::size_t old_capacity = capacity_;
    budget_->allocate(2 * old_capacity * sizeof(std::uint64_t));
    const std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(2 * old_capacity, kEmptySlot);
    budget_->release(bytes_of(old));
    use_first(2 * old_capacity);
    for (std::size_t at = 0; at < old_capacity; ++at) {
      const auto index = static_cast<std::uint32_t>(old[at]);
      if (index != kEmptyIndex) find_or_insert(entries[index].key, index, entries);
    }
  }

  core::MemoryBudget* budget_;
  std::vector<std::uint64_t> slots_;
  std::size_t capacity_ = 0;  // the slots in use: the first capacity_ of slots_
  int shift_ = 0;
  std::size_t size_ = 0;
};

// Where the best finished game ends: layer (turns played) and entry.
struct BestEnd {
  long long score = 0;
  std::size_t layer = 0;
  std::uint32_t entry = 0;
  bool found = false;

  void offer(long long candidate, std::size_t at_layer, std::uint32_t at_entry) {
    if (found && candidate <= score) return;  // ties keep the first: deterministic plans
    *this = BestEnd{candidate, at_layer, at_entry, true};
  }
};

// Rebuilds the plan from the parent links and numbers the pieces: a move from
// a square takes the lowest-numbered piece standing there (only start can
// hold several movable pieces, and those are interchangeable).
std::vector<Move> rebuild_plan(const std::vector<Layer>& layers, const BestEnd& best, const Board& board, int pieces) {
  std::vector<Move> plan(best.layer);
  std::uint32_t entry = best.entry;
  for (std::size_t layer = best.layer; layer > 0; --layer) {
    const LayerEntry& e = layers[layer][entry];
    plan[layer - 1] = Move{0, e.from, e.to};
    entry = e.parent;
  }
  std::vector<int> square_of_piece(pieces, board.start);
  for (Move& move : plan) {
    const auto piece = std::find(square_of_piece.begin(), square_of_piece.end(), move.from);
    move.piece = static_cast<int>(piece - square_of_piece.begin()) + 1;
    *piece = move.to;
  }
  return plan;
}

// The layers of one run, counted on the solve's budget. Their bytes go back
// to it when the run is freed or destroyed, also when a limit stops the
// search in the middle of a layer (the layer being built is already one of
// `layers`), so that every byte a solve counts is released by its end.
struct LayerRun {
  explicit LayerRun(core::MemoryBudget& counted_on) : budget(&counted_on) {}
  // The source is left without layers (a moved-from vector is empty).
  LayerRun(LayerRun&& other) noexcept = default;
  LayerRun& operator=(LayerRun&&) = delete;
  ~LayerRun() { free(); }

  // Frees the layers and releases their bytes.
  void free() {
    for (const Layer& layer : layers) budget->release(bytes_of(layer));
    budget->release(bytes_of(layers));
    layers = std::vector<Layer>();  // frees the block (`= {}` would keep it: see resize_discarding)
  }

  core::MemoryBudget* budget;
  std::vector<Layer> layers;
  BestEnd best;
  bool truncated = false;  // a beam dropped positions (else the run was exact)
};

// What a run keeps of each layer.
struct Pruning {
  // 0: every position (exact); else the most promising ones only: those with
  // the highest score so far plus bound on the future.
  std::size_t beam_width = 0;
  // Beam: the bound to rank by, asked for only when a layer is first too
  // wide (small inputs never pay for tuning it).
  std::function<const FutureBound&()> ranking_bound;
  // Exact run: drop children whose score plus bound cannot reach lower_bound.
  const FutureBound* bound = nullptr;
  long long lower_bound = 0;
};

// The bound's sums for a position: G and budget summed over its pieces (see
// bound.hpp).
struct BoundSums {
  long long lone_piece = 0;
  long long budget = 0;
};
BoundSums bound_sums(const FutureBound::AtTurn& bound, const Squares& squares, int pieces) {
  BoundSums sums;
  for (int i = 0; i < pieces; ++i) {
    sums.lone_piece += bound.lone_piece(squares[i]);
    sums.budget += bound.budget(squares[i]);
  }
  return sums;
}

// Keeps the `width` most promising positions of a layer after `turn` moves:
// the highest score plus bound.
void keep_most_promising(Layer& layer, std::size_t width, const FutureBound& bound, int pieces, std::size_t turn,
                         core::MemoryBudget& budget) {
  using Promise = std::pair<long long, std::uint32_t>;
  const std::uint64_t work_bytes = layer.size() * sizeof(Promise) + width * sizeof(LayerEntry);
  budget.allocate(work_bytes);
  std::vector<Promise> promise(layer.size());
  const FutureBound::AtTurn bound_now = bound.at(turn);
  for (std::uint32_t at = 0; at < layer.size(); ++at) {
    const BoundSums sums = bound_sums(bound_now, unpack(layer[at].key, pieces), pieces);
    promise[at] = {layer[at].score + bound_now.future(sums.lone_piece, sums.budget), at};
  }
  std::nth_element(promise.begin(), promise.begin() + static_cast<std::ptrdiff_t>(width), promise.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  Layer kept(width);
  for (std::size_t i = 0; i < width; ++i) kept[i] = layer[promise[i].second];
  budget.release(bytes_of(layer) + layer.size() * sizeof(Promise));  // kept stays held
  layer = std::move(kept);
}

// Counts the nodes of a solve: on the solve's SearchControl while one thread
// searches, on one core::SearchControl::Worker per thread from the first
// layer expanded on several threads to the end of the solve (the control's
// own visit() would not see the Workers' nodes on the node budget, so it is
// not used again; thread 0, the solve's, reports progress).
class NodeCounter {
 public:
  explicit NodeCounter(core::SearchControl& control) : control_(&control) {}

  // Counts a node on the solve's thread.
  void visit() {
    if (workers_.empty())
      control_->visit();
    else
      workers_[0]->visit();
  }
  // Counts a node on thread `thread` (< threads()) of a parallel phase.
  void visit(std::size_t thread) { workers_[thread]->visit(); }

  // Makes the Workers of `threads` threads (the first call only).
  void start_workers(std::size_t threads) {
    if (!workers_.empty()) return;
    for (std::size_t i = 0; i < threads; ++i)
      workers_.push_back(std::make_unique<core::SearchControl::Worker>(*control_, i == 0));
  }
  // Threads that counted: 1 until start_workers.
  std::size_t threads() const { return std::max<std::size_t>(1, workers_.size()); }

 private:
  core::SearchControl* control_;
  std::vector<std::unique_ptr<core::SearchControl::Worker>> workers_;
};

// What expanding the positions of one layer needs, shared read-only by the
// threads of a parallel layer.
struct LayerContext {
  const Board& board;
  const MoveTable& moves;
  std::uint8_t finish = 0;
  int die = 0;
  const FutureBound* bound = nullptr;  // exact run: drop children below lower_bound
  FutureBound::AtTurn bound_next;      // bound->at(turn + 1)
  long long lower_bound = 0;
};

// One child of a position: its key, the score that reaches it, the move.
struct Child {
  PositionKey key;
  long long score;
  std::uint8_t from, to;
};

// The children of one position that may still reach lower_bound.
struct Children {
  std::array<Child, kMaxPieces> list;
  int count = 0;
  bool any_move = false;  // some legal move (else the game ends here)
};

// Steps 2 and 3 of run_layers_for for `position` (unpacked to `squares`):
// its legal moves with the layer's die (for_each_legal_move: one per
// distinct square, landing on finish or a free square) and the children
// that can still reach lower_bound. `on_key(key)` sees each kept child's key
// as soon as it is built (to prefetch its slot).
template <int kPieces, class OnKey>
void children_of(const LayerContext& context, const LayerEntry& position, const Squares& squares, Children& out,
                 OnKey&& on_key) {
  // The bound's sums for the children, before the moving piece changes.
  const FutureBound::AtTurn& bound_next = context.bound_next;
  const BoundSums sums = context.bound != nullptr ? bound_sums(bound_next, squares, kPieces) : BoundSums{};
  out.count = 0;
  out.any_move = for_each_legal_move<kPieces>(
      context.moves, context.finish, squares, context.die, [&](int i, std::uint8_t from, std::uint8_t to) {
        // Step 3. The child, unless it cannot reach lower_bound.
        const long long score = position.score + context.board.squares[to].points;
        if (context.bound != nullptr) {
          const long long future =
              bound_next.future(sums.lone_piece - bound_next.lone_piece(from) + bound_next.lone_piece(to),
                                sums.budget - bound_next.budget(from) + bound_next.budget(to));
          if (score + future < context.lower_bound) return;
        }
        const PositionKey key = moved_key(position.key, squares, kPieces, i, to);
        on_key(key);
        out.list[out.count++] = Child{key, score, from, to};
      });
}

// The parallel expansion of a layer (expand_in_parallel).
//
// Phase A (one task per chunk of the layer's positions): every position is
// counted and expanded as in the serial loop, and its children are written
// to the chunk's own block (its region), grouped by shard (a hash of the
// child's key), each shard's children in the order the serial loop makes
// them.
// Phase B (one task per shard): the children of the shard, chunk by chunk,
// are merged as the serial loop merges them (best score per position, the
// first one on ties) into the shard's own entries and hash index. A
// position's children all fall in the shard of its key, so the shards are
// disjoint and no two tasks write the same memory; the shard sees its
// children in the serial order, so it keeps the same best score and the
// same first parent among equals as the serial merge would over the same
// layer.
// Phase C (one task per chunk of the next layer, in that layer's phase A,
// or one per shard when the next layer is not expanded on the threads): the
// shards' entries are copied, shard after shard, into the next layer. (A
// chunk copies its own positions just before it expands them: one call of
// the threads fewer per layer, and the positions are in cache when read.)
// So the next layer holds exactly the positions, scores and moves of the
// serial loop, in an order that depends on the shards only (not on the
// threads or the chunk size).
//
// Each phase is one core::for_each_task; a task never waits for another.
// Only the solve's thread touches the memory budget: everything a phase
// writes is sized and counted before the phase starts.
struct PendingChild {
  PositionKey key;
  long long score;
  std::uint32_t parent;  // index in the layer expanded
  std::uint8_t from, to;
  std::uint8_t shard;
};

// The sizes the memory bound of solver.hpp is stated in.
static_assert(sizeof(PendingChild) == 24 && sizeof(LayerEntry) == 24);

constexpr int kShardBits = 6;
constexpr std::size_t kShards = std::size_t{1} << kShardBits;
// Not LayerIndex's multiplier: the index picks its slot from the top bits of
// key * 2^64/phi, and a shard taken from the same bits would crowd each
// shard's keys into one part of its index.
constexpr std::uint64_t kShardMultiplier = 0xD6E8FEB86659FD93ull;

std::uint8_t shard_of(PositionKey key) {
  return static_cast<std::uint8_t>((key * kShardMultiplier) >> (64 - kShardBits));
}

// Makes `storage` hold `size` elements, counting any new block on `budget`
// first (reserve_counted); shrinking keeps the block.
template <class T, class A>
void resize_counted(std::vector<T, A>& storage, std::size_t size, core::MemoryBudget& budget) {
  reserve_counted(storage, size, budget);
  storage.resize(size);
}

// The capacity a buffer of the parallel layers grows to when it must hold
// `needed` elements and has room for `capacity` < needed: at least half as
// much again. Layers grow for many turns in a row, and a buffer grown to the
// exact size each time was made again (and every page faulted in again) on
// nearly every layer; growing by half bounds the blocks made by a logarithm
// of the growth, for at most half as much again counted.
std::size_t grown_capacity(std::size_t capacity, std::size_t needed) {
  return std::max(needed, capacity + capacity / 2);
}

// Makes `storage` hold `size` elements whose values do not matter (they are
// all written before they are read): a block too small is freed before the
// new one is made (grown_capacity), so nothing is copied (and no page of the
// old block is touched again).
// The block is freed by move-assigning an empty vector. `storage = {}` would
// not free it: it picks operator=(initializer_list), an assign that keeps
// the capacity, so the old block was released here and again by
// reserve_counted, and the budget's held count wrapped below zero (every
// later allocation then passed any --max-memory: issue #17, "memory limit"
// at 2 threads on 40 dice).
template <class T, class A>
void resize_discarding(std::vector<T, A>& storage, std::size_t size, core::MemoryBudget& budget) {
  if (size > storage.capacity()) {
    const std::size_t capacity = grown_capacity(storage.capacity(), size);
    budget.release(bytes_of(storage));
    storage = std::vector<T, A>();
    reserve_counted(storage, capacity, budget);
  }
  storage.resize(size);
}

// The storage of the parallel layers, kept from layer to layer and counted
// on the budget until it is destroyed.
class ParallelLayers {
 public:
  // Counts the shards' first (smallest) indexes on `budget` before they are
  // made.
  ParallelLayers(std::size_t threads, std::size_t chunk_positions, int pieces, core::MemoryBudget& budget)
      : threads_(threads),
        chunk_positions_(std::max<std::size_t>(1, chunk_positions)),
        pieces_(pieces),
        budget_((budget.allocate(kShards * kFirstSlots * sizeof(std::uint64_t)), &budget)) {}
  ParallelLayers(const ParallelLayers&) = delete;
  ParallelLayers& operator=(const ParallelLayers&) = delete;
  // Gives the storage's bytes back to the budget.
  ~ParallelLayers() {
    for (const ChildBuffer& region : children_) budget_->release(bytes_of(region));
    budget_->release(bytes_of(children_) + bytes_of(shard_begin_) + bytes_of(chunk_best_));
    for (const ChildBuffer& made : made_) budget_->release(bytes_of(made));
    for (std::size_t s = 0; s < kShards; ++s)
      budget_->release(bytes_of(shards_[s].entries) + shards_[s].slots * sizeof(std::uint64_t));
  }

  // Expands `current` (layer `turn`) into `next` (empty), on the threads
  // (see above). Offers the finished games of `current` to `best`. `next`
  // is sized but its positions stay in the shards until the next expand
  // (with next as current) or fill_next() copies them.
  template <int kPieces>
  void expand(const LayerContext& context, Layer& current, std::size_t turn, NodeCounter& counter, BestEnd& best,
              Layer& next);

  // Copies the positions of the last layer made into it (phase C on its
  // own), if they are not there yet: before that layer is read other than
  // by expand.
  void fill_next() {
    if (unfilled_ == nullptr) return;
    Layer& layer = *unfilled_;
    core::for_each_task(threads_, kShards, [&](std::size_t s) {
      const Layer& entries = shards_[s].entries;
      std::copy(entries.begin(), entries.end(), layer.begin() + static_cast<std::ptrdiff_t>(unfilled_offset_[s]));
    });
    unfilled_ = nullptr;
  }

  // Adds what this run's layers on threads needed to `footprint`
  // (ParallelFootprint, solver.hpp).
  void report(ParallelFootprint& footprint) const {
    footprint.widest_layer = std::max(footprint.widest_layer, widest_layer_);
    std::size_t shard_children = 0;
    for (std::size_t s = 0; s < kShards; ++s) shard_children += shards_[s].most_children;
    footprint.shard_children = std::max(footprint.shard_children, shard_children);
  }

 private:
  using ChildBuffer = std::vector<PendingChild, UnwrittenAllocator<PendingChild>>;
  static constexpr std::size_t kFirstSlots = LayerIndex::capacity_for(0);
  std::size_t threads_;
  std::size_t chunk_positions_;
  int pieces_;
  core::MemoryBudget* budget_;
  // Per chunk c: its region, chunk_positions x pieces children (a block per
  // chunk, kept from layer to layer: a wider layer adds blocks and never
  // makes the old ones again, so their pages are faulted in once).
  std::vector<ChildBuffer> children_;
  std::vector<std::uint32_t> shard_begin_;  // [c * (kShards + 1) + s]: shard s's children in the region
  std::vector<BestEnd> chunk_best_;         // per chunk: its best finished game
  std::vector<ChildBuffer> made_;           // per thread: one chunk's children as made
  // One shard of the merge: its entries and index (the index's slots are
  // counted on the solve's budget by expand, hence its own unlimited one).
  struct Shard {
    core::MemoryBudget counted_by_the_solve{0};
    LayerIndex index{counted_by_the_solve};
    std::size_t slots = kFirstSlots;  // the index's capacity, as counted on the solve's budget
    std::size_t most_children = 0;    // the most children of one layer so far (the index is sized for it)
    Layer entries;
  };
  std::unique_ptr<Shard[]> shards_ = std::make_unique<Shard[]>(kShards);
  std::size_t widest_layer_ = 0;  // the most positions of a layer expanded
  // The last layer made while its positions are still in the shards only
  // (shard s's go to [unfilled_offset_[s], unfilled_offset_[s + 1])).
  Layer* unfilled_ = nullptr;
  std::array<std::size_t, kShards + 1> unfilled_offset_{};
};
static_assert((kShards + 1) * sizeof(std::uint32_t) + sizeof(BestEnd) + sizeof(std::vector<PendingChild>) == 308);

template <int kPieces>
void ParallelLayers::expand(const LayerContext& context, Layer& current, std::size_t turn, NodeCounter& counter,
                            BestEnd& best, Layer& next) {
  if (unfilled_ != &current) fill_next();  // (only ever `current` in practice)
  const bool fill_current = unfilled_ == &current;
  core::MemoryBudget& budget = *budget_;
  const std::size_t chunks = (current.size() + chunk_positions_ - 1) / chunk_positions_;
  const std::size_t region = chunk_positions_ * static_cast<std::size_t>(pieces_);
  widest_layer_ = std::max(widest_layer_, current.size());
  // Sizes of phase A's output, counted before it runs.
  counter.start_workers(threads_);
  if (made_.empty()) made_.resize(threads_);
  for (ChildBuffer& made : made_) resize_discarding(made, region, budget);
  if (chunks > children_.capacity()) reserve_counted(children_, grown_capacity(children_.capacity(), chunks), budget);
  while (children_.size() < chunks) {
    ChildBuffer block;
    reserve_counted(block, region, budget);
    block.resize(region);
    children_.push_back(std::move(block));
  }
  resize_discarding(shard_begin_, chunks * (kShards + 1), budget);
  resize_discarding(chunk_best_, chunks, budget);

  // Phase A.
  core::for_each_task(threads_, chunks, [&](std::size_t thread, std::size_t chunk) {
    ChildBuffer& made = made_[thread];
    std::array<std::uint32_t, kShards> in_shard{};
    std::size_t made_count = 0;
    BestEnd chunk_best;
    Children children;
    const std::size_t end = std::min(current.size(), (chunk + 1) * chunk_positions_);
    if (fill_current) {
      // Phase C of the layer before, for this chunk's positions.
      std::size_t s = 0;
      for (std::size_t at = chunk * chunk_positions_; at < end;) {
        while (unfilled_offset_[s + 1] <= at) ++s;
        const std::size_t stop = std::min(end, unfilled_offset_[s + 1]);
        const auto from = shards_[s].entries.begin() + static_cast<std::ptrdiff_t>(at - unfilled_offset_[s]);
        std::copy(from, from + static_cast<std::ptrdiff_t>(stop - at),
                  current.begin() + static_cast<std::ptrdiff_t>(at));
        at = stop;
      }
    }
    for (auto at = static_cast<std::uint32_t>(chunk * chunk_positions_); at < end; ++at) {
      // Step 1.
      counter.visit(thread);
      const LayerEntry& position = current[at];
      // Steps 2 and 3.
      children_of<kPieces>(context, position, unpack(position.key, kPieces), children, [](PositionKey) {});
      for (int c = 0; c < children.count; ++c) {
        const Child& child = children.list[c];
        const std::uint8_t shard = shard_of(child.key);
        ++in_shard[shard];
        made[made_count++] = PendingChild{child.key, child.score, at, child.from, child.to, shard};
      }
      if (!children.any_move) chunk_best.offer(position.score, turn, at);
    }
    // The chunk's children grouped by shard, in the order made within each.
    std::uint32_t* begin = &shard_begin_[chunk * (kShards + 1)];
    std::array<std::uint32_t, kShards> fill{};
    std::uint32_t sum = 0;
    for (std::size_t s = 0; s < kShards; ++s) begin[s] = fill[s] = sum, sum += in_shard[s];
    begin[kShards] = sum;
    PendingChild* out = children_[chunk].data();
    for (std::size_t i = 0; i < made_count; ++i) out[fill[made[i].shard]++] = made[i];
    chunk_best_[chunk] = chunk_best;
  });
  unfilled_ = nullptr;
  for (std::size_t chunk = 0; chunk < chunks; ++chunk)
    if (chunk_best_[chunk].found) best.offer(chunk_best_[chunk].score, turn, chunk_best_[chunk].entry);

  // Phase B. A shard's entries and index grow to fit this layer and never
  // shrink (once the layers stop growing no block is made again). What they
  // hold does not matter between layers, so a block too small is released
  // and freed before the bigger one is counted and made: the budget holds
  // what the heap holds, and a refused block leaves nothing uncounted. The
  // entries are made here, on the solve's thread; an index is counted here
  // and made in its task (reset_within).
  std::array<std::size_t, kShards> shard_children{};
  for (std::size_t chunk = 0; chunk < chunks; ++chunk)
    for (std::size_t s = 0; s < kShards; ++s)
      shard_children[s] += shard_begin_[chunk * (kShards + 1) + s + 1] - shard_begin_[chunk * (kShards + 1) + s];
  for (std::size_t s = 0; s < kShards; ++s) {
    Shard& shard = shards_[s];
    shard.entries.clear();
    if (shard_children[s] > shard.entries.capacity()) {
      const std::size_t capacity = grown_capacity(shard.entries.capacity(), shard_children[s]);
      budget.release(bytes_of(shard.entries));
      shard.entries = Layer();
      reserve_counted(shard.entries, capacity, budget);
    }
    shard.most_children = std::max(shard.most_children, shard_children[s]);
    if (const std::size_t slots = LayerIndex::capacity_for(shard.most_children); slots != shard.slots) {
      budget.release(shard.slots * sizeof(std::uint64_t));
      shard.index.free_slots();
      shard.slots = 0;
      budget.allocate(slots * sizeof(std::uint64_t));
      shard.slots = slots;
    }
  }
  core::for_each_task(threads_, kShards, [&](std::size_t s) {
    Shard& shard = shards_[s];
    Layer& entries = shard.entries;
    shard.index.reset_within(shard_children[s], shard.slots);
    for (std::size_t chunk = 0; chunk < chunks; ++chunk) {
      const std::uint32_t* begin = &shard_begin_[chunk * (kShards + 1) + s];
      const PendingChild* first = children_[chunk].data() + begin[0];
      const std::size_t count = begin[1] - begin[0];
      // Step 4, as in the serial loop (its slots prefetched a few children ahead).
      constexpr std::size_t kAhead = 4;
      for (std::size_t i = 0; i < count && i < kAhead; ++i) shard.index.prefetch(first[i].key);
      for (std::size_t i = 0; i < count; ++i) {
        if (i + kAhead < count) shard.index.prefetch(first[i + kAhead].key);
        const PendingChild& child = first[i];
        const auto fresh = static_cast<std::uint32_t>(entries.size());
        const std::uint32_t found = shard.index.find_or_insert(child.key, fresh, entries);
        if (found == LayerIndex::kNotFound)
          entries.push_back(LayerEntry{child.key, child.score, child.parent, child.from, child.to});
        else if (child.score > entries[found].score)
          entries[found] = LayerEntry{child.key, child.score, child.parent, child.from, child.to};
      }
    }
  });

  // Phase C comes later (fill_next, or the next expand's phase A); the next
  // layer is sized now.
  for (std::size_t s = 0; s < kShards; ++s) unfilled_offset_[s + 1] = unfilled_offset_[s] + shards_[s].entries.size();
  resize_counted(next, unfilled_offset_[kShards], budget);
  unfilled_ = &next;
}

// Runs the turns layer by layer; layer t holds the positions after t moves.
//
// With a beam width the run is a heuristic (its best game is a real game, so
// its score is a lower bound on the optimum). With a bound and the score of a
// real game as lower_bound it stays exact: a child whose score plus the bound
// on its future is below lower_bound cannot end in a game that good, and every
// position of a game scoring lower_bound or more is kept, so the best game
// found is optimal.
//
// Steps per position of layer t:
//   1. count the position as a node (limits may stop the search here);
//   2. generate its legal moves with die t; none: the game ends, offer its score;
//   3. build each child, dropping those that cannot reach lower_bound;
//   4. merge each child into layer t+1, keeping the best score per position.
// After the last die every surviving position is a finished game.
//
// The exact run (no beam) with threads > 1 expands a layer of at least
// tuning.parallel_layer positions on the threads instead (ParallelLayers:
// the same steps, the same next layer up to its order).
//
// The number of pieces is a template parameter so that the loops over pieces
// (unpacking, the occupancy check, the bound's sums, the child's key) are
// unrolled (what that saves: docs/yut.md, "Measurements").
template <int kPieces>
LayerRun run_layers_for(const Board& board, const MoveTable& moves, std::span<const int> dice, NodeCounter& counter,
                        core::MemoryBudget& budget, const Pruning& pruning, std::size_t threads,
                        const ScheduleTuning& tuning) {
  constexpr int pieces = kPieces;
  const auto finish = static_cast<std::uint8_t>(board.finish);
  // Only the exact run prunes with the bound; a beam ranks with it.
  const FutureBound* bound = pruning.beam_width == 0 ? pruning.bound : nullptr;
  const FutureBound* ranking_bound = nullptr;
  // Only the exact run expands layers in parallel (a beam's layers are narrow).
  const bool may_go_parallel = threads > 1 && pruning.beam_width == 0;
  LayerRun run(budget);
  auto& layers = run.layers;
  Squares all_on_start{};
  std::fill_n(all_on_start.begin(), pieces, static_cast<std::uint8_t>(board.start));
  reserve_counted(layers, dice.size() + 1, budget);
  Layer first;
  reserve_counted(first, 1, budget);
  first.push_back(LayerEntry{pack(all_on_start, pieces), 0, 0, 0, 0});
  layers.push_back(std::move(first));
  LayerIndex index(budget);
  std::optional<ParallelLayers> parallel;

  for (std::size_t turn = 0; turn < dice.size() && !layers.back().empty(); ++turn) {
    Layer& current = layers[turn];
    const LayerContext context{board,
                               moves,
                               finish,
                               dice[turn],
                               bound,
                               bound != nullptr ? bound->at(turn + 1) : FutureBound::AtTurn{},
                               pruning.lower_bound};
    // The next layer is built in place (room for every layer was reserved,
    // so `current` stays where it is).
    Layer& next = layers.emplace_back();
    if (may_go_parallel && current.size() >= tuning.parallel_layer) {
      if (!parallel) parallel.emplace(threads, tuning.chunk_positions, pieces, budget);
      parallel->expand<kPieces>(context, current, turn, counter, run.best, next);
      continue;
    }
    if (parallel) parallel->fill_next();  // `current` is read here
    reserve_counted(next, current.size() + current.size() / 2, budget);
    index.reset(current.size() + current.size() / 2);

    Children children;
    for (std::uint32_t at = 0; at < current.size(); ++at) {
      // Step 1. One node per position expanded.
      counter.visit();
      const LayerEntry& position = current[at];
      // Steps 2 and 3 (children_of).
      children_of<kPieces>(context, position, unpack(position.key, pieces), children,
                           [&](PositionKey key) { index.prefetch(key); });

      // Step 4. Merge into the next layer, keeping the best score per
      // position (the slots were prefetched above, while keys were built).
      for (int c = 0; c < children.count; ++c) {
        const Child& child = children.list[c];
        const auto fresh = static_cast<std::uint32_t>(next.size());
        const std::uint32_t found = index.find_or_insert(child.key, fresh, next);
        if (found == LayerIndex::kNotFound) {
          if (next.size() == next.capacity()) reserve_counted(next, 2 * next.capacity(), budget);
          next.push_back(LayerEntry{child.key, child.score, at, child.from, child.to});
        } else if (child.score > next[found].score) {
          next[found] = LayerEntry{child.key, child.score, at, child.from, child.to};
        }
      }
      if (!children.any_move) run.best.offer(position.score, turn, at);
    }
    if (pruning.beam_width != 0 && next.size() > pruning.beam_width) {
      if (ranking_bound == nullptr) ranking_bound = &pruning.ranking_bound();
      keep_most_promising(next, pruning.beam_width, *ranking_bound, pieces, turn + 1, budget);
      run.truncated = true;
    }
  }
  if (parallel) parallel->fill_next();
  if (parallel && tuning.footprint != nullptr) parallel->report(*tuning.footprint);
  parallel.reset();  // its buffers back before the last layer is read
  // Every position after the last die is a finished game (no-op if the last
  // layer is empty because all games ended earlier).
  const std::size_t last = layers.size() - 1;
  if (last == dice.size()) {
    for (std::uint32_t at = 0; at < layers[last].size(); ++at) {
      counter.visit();
      run.best.offer(layers[last][at].score, last, at);
    }
  }
  return run;
}

// run_layers_for<pieces>, for 1 <= pieces <= kMaxPieces.
LayerRun run_layers(const Board& board, const MoveTable& moves, std::span<const int> dice, int pieces,
                    NodeCounter& counter, core::MemoryBudget& budget, const Pruning& pruning, std::size_t threads,
                    const ScheduleTuning& tuning) {
  using Run = LayerRun (*)(const Board&, const MoveTable&, std::span<const int>, NodeCounter&, core::MemoryBudget&,
                           const Pruning&, std::size_t, const ScheduleTuning&);
  constexpr auto runs = []<std::size_t... P>(std::index_sequence<P...>) {
    return std::array<Run, sizeof...(P)>{&run_layers_for<static_cast<int>(P) + 1>...};
  }
  (std::make_index_sequence<kMaxPieces>{});
  return runs[static_cast<std::size_t>(pieces - 1)](board, moves, dice, counter, budget, pruning, threads, tuning);
}

}  // namespace

// Steps: 1. the future bound (bound.hpp), its costs tuned for the start (made
// only once a beam layer is too wide: small inputs never need it);
// 2. a narrow beam search, ranking positions by score plus bound, finds a real
// game (its score is a lower bound on the optimum; if the beam never dropped a
// position it was exact and we are done); 3. the bound is tuned again along
// that game; 4. the exact layer search, dropping only positions that cannot
// reach the beam's score (its wide layers on limits.threads threads).
core::SearchResult<Move, long long> solve_schedule(const Board& board, std::span<const int> dice, int pieces,
                                                   const core::SearchLimits& limits, const ScheduleTuning& tuning) {
  core::SearchControl control(limits);
  core::MemoryBudget own_budget(limits.max_memory_bytes);
  core::MemoryBudget& budget = tuning.budget != nullptr ? *tuning.budget : own_budget;
  core::SearchResult<Move, long long> result;
  const MoveTable moves(board);
  const std::size_t threads = std::clamp<std::size_t>(limits.threads, 1, core::kMaxSearchThreads);
  // Destroyed before control.finish(), so that its Workers' nodes are counted.
  std::optional<NodeCounter> counting(std::in_place, control);
  NodeCounter& counter = *counting;
  try {
    // Step 1, made when first needed.
    std::optional<FutureBound> bound;
    const auto tuned_bound = [&]() -> FutureBound& {
      if (!bound) bound.emplace(board, moves, dice, pieces, &budget);
      return *bound;
    };
    // Step 2. A beam that never had to drop a position was the exact search.
    LayerRun beam =
        run_layers(board, moves, dice, pieces, counter, budget,
                   Pruning{std::max<std::size_t>(1, tuning.beam_width), tuned_bound, nullptr, 0}, threads, tuning);
    if (!beam.truncated) {
      result.value = beam.best.score;
      result.line = rebuild_plan(beam.layers, beam.best, board, pieces);
    } else {
      // Step 3. The positions of the beam's game, turn by turn.
      const std::vector<Move> guide_plan = rebuild_plan(beam.layers, beam.best, board, pieces);
      std::vector<std::vector<int>> guide(1, std::vector<int>(pieces, board.start));
      for (const Move& move : guide_plan) {
        guide.push_back(guide.back());
        guide.back()[move.piece - 1] = move.to;
      }
      tuned_bound().tune_along(guide);
      // Step 4. Every position of the beam's game is kept, so the exact run
      // ends on a game at least that good (best.found holds).
      beam.free();  // memory back before the exact run
      const LayerRun exact = run_layers(board, moves, dice, pieces, counter, budget,
                                        Pruning{0, {}, &*bound, beam.best.score}, threads, tuning);
      result.value = exact.best.score;
      result.line = rebuild_plan(exact.layers, exact.best, board, pieces);
    }
  } catch (const core::SearchAborted& aborted) {
    result.outcome = aborted.outcome;
  }
  const std::size_t threads_used = counter.threads();
  counting.reset();
  result.stats = control.finish();
  result.stats.memory_bytes = budget.peak();
  result.stats.threads = threads_used;
  // Threads see the node budget only when they flush (SearchControl::Worker),
  // so a solve may end up to a flush per thread past it: then it did not fit
  // the budget, as one thread would have said.
  if (result.proven() && limits.max_nodes != 0 && result.stats.nodes > limits.max_nodes) {
    result.outcome = core::Outcome::node_limit;
    result.value.reset();
    result.line.clear();
  }
  return result;
}

}  // namespace boardsearch::yut
