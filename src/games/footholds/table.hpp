#pragma once
// The footholds transposition table: cache-line buckets of exact-key entries,
// each holding both a proven lower and a proven upper bound on the score.
//
// Why not core::TranspositionTable: the game search on 8 x 8 boards is bound
// by table-probe cache misses. Here one probe reads one 64-byte line holding
// several entries (4 with the 64-bit bitboard, 2 with the 128-bit one), so a
// position survives until its bucket is full of more valuable ones, not until
// one other position hashes to its slot; and the victim is the entry whose
// subtree cost the least work to search. Keeping both bounds merges what the
// successive null-window probes of the root loop prove about a position (one
// probe proves "score >= c", another "score <= c'") instead of overwriting.
//
//   Entry (Bits64: 16 bytes, Bits128: 24 bytes)
//   +--------------------+-------+-------+--------+--------+------+------+
//   | footholds (BB)     | mover | other | lower  | upper  | move | work |
//   | 8 or 16 bytes      | u8    | u8    | i16    | i16    | u8   | u8   |
//   +--------------------+-------+-------+--------+--------+------+------+
//   Bucket: alignas(64), 64 / sizeof(Entry) entries (4 or 2).
//
// Exactness: the full key (footholds, mover cell, other cell) is stored and
// compared, so an entry is only ever read for its own position, and the stored
// bounds are facts proven by earlier searches of that very position: merging
// two of them (max of the lower bounds, min of the upper) is again a fact. An
// empty entry has no footholds: every stored position has at least the one
// under the mover (positions without it are scored without search).

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>

#include "games/footholds/bitboard.hpp"
#include "games/footholds/board.hpp"

namespace boardsearch::footholds {

template <class BB>
class BucketTable {
 public:
  // Bounds meaning "nothing proven" (below / above every score: |score| <= 128).
  static constexpr std::int16_t kNoLower = -1000;
  static constexpr std::int16_t kNoUpper = 1000;
  // Stored in `move` when no best move is known.
  static constexpr std::uint8_t kNoMove = 0xFF;

  // Never constructed: the table's memory comes zeroed from calloc, and an
  // all-zero entry is an empty one (footholds none(), work 0); store()
  // writes every field.
  struct Entry {
    BB footholds;  // none(): empty entry
    std::uint8_t mover;
    std::uint8_t other;
    std::int16_t lower;  // the score is >= lower (kNoLower: no lower bound known)
    std::int16_t upper;  // the score is <= upper (kNoUpper: no upper bound known)
    std::uint8_t move;   // a Direction, or kNoMove
    std::uint8_t work;   // bit width of the subtree's node count: replacement priority

    bool holds(BB set, int mover_cell, int other_cell) const {
      return mover == mover_cell && other == other_cell && footholds == set;
    }
  };

  static constexpr std::size_t kLineBytes = 64;
  static constexpr std::size_t kWays = kLineBytes / sizeof(Entry);
  static_assert(kWays >= 2, "an entry must fit twice in a cache line");

  struct alignas(kLineBytes) Bucket {
    Entry entries[kWays];
  };

  // Allocates at least min_entries entries (a power of two number of
  // buckets, at least one). The memory comes from calloc: large blocks are
  // fresh zero pages from the system, so only the buckets the search touches
  // cost anything (a 3 x 3 board never pays for a big table).
  explicit BucketTable(std::size_t min_entries)
      : bucket_count_(bucket_count_for(min_entries)),
        memory_(static_cast<unsigned char*>(std::calloc(bytes_for(min_entries), 1))) {
    if (memory_ == nullptr) throw std::bad_alloc();
    // Align the first bucket to a cache line inside the block.
    const auto address = reinterpret_cast<std::uintptr_t>(memory_.get());
    const std::size_t skip = (kLineBytes - address % kLineBytes) % kLineBytes;
    buckets_ = reinterpret_cast<Bucket*>(memory_.get() + skip);
  }

  std::size_t entries() const { return bucket_count_ * kWays; }

  // The bytes a table of min_entries allocates (its buckets and the slack
  // that aligns them to a cache line).
  static std::size_t bytes_for(std::size_t min_entries) {
    return bucket_count_for(min_entries) * sizeof(Bucket) + kLineBytes;
  }

  // Asks the CPU to start loading the bucket now (the node computes other
  // things before it probes).
  void prefetch(std::uint64_t hash) const { __builtin_prefetch(&bucket(hash)); }

  // The entry of exactly this position, or nullptr.
  const Entry* probe(std::uint64_t hash, BB footholds, int mover, int other) const {
    for (const Entry& entry : bucket(hash).entries)
      if (entry.holds(footholds, mover, other)) return &entry;
    return nullptr;
  }

  // The table as core::Negamax probes it (core::NegamaxTable): positions
  // with footholds(), mover() and other(), moves as Direction.
  template <class Position>
  const Entry* probe(std::uint64_t hash, const Position& position) const {
    return probe(hash, position.footholds(), position.mover(), position.other());
  }
  static std::optional<Direction> stored_move(const Entry& entry) {
    if (entry.move == kNoMove) return std::nullopt;
    return static_cast<Direction>(entry.move);
  }
  template <class Position>
  void store(std::uint64_t hash, const Position& position, int lower, int upper, std::optional<Direction> move,
             std::uint64_t nodes) {
    store(hash, position.footholds(), position.mover(), position.other(), lower, upper,
          move ? static_cast<std::uint8_t>(*move) : kNoMove, nodes);
  }

  // Records that the score of the position lies in [lower, upper] (either
  // may be kNoLower / kNoUpper), best move `move` (kNoMove: none), found by a
  // search of `nodes` nodes. An entry of the same position is merged (the
  // tighter of each bound, the new move if there is one, the larger work);
  // otherwise the entry with the least work in the bucket is replaced.
  void store(std::uint64_t hash, BB footholds, int mover, int other, int lower, int upper, std::uint8_t move,
             std::uint64_t nodes) {
    const auto work = static_cast<std::uint8_t>(std::bit_width(nodes));
    Bucket& target = bucket(hash);
    Entry* victim = &target.entries[0];
    for (Entry& entry : target.entries) {
      if (entry.holds(footholds, mover, other)) {
        entry.lower = static_cast<std::int16_t>(std::max<int>(entry.lower, lower));
        entry.upper = static_cast<std::int16_t>(std::min<int>(entry.upper, upper));
        if (move != kNoMove) entry.move = move;
        entry.work = std::max(entry.work, work);
        return;
      }
      if (entry.work < victim->work) victim = &entry;
    }
    victim->footholds = footholds;
    victim->mover = static_cast<std::uint8_t>(mover);
    victim->other = static_cast<std::uint8_t>(other);
    victim->lower = static_cast<std::int16_t>(lower);
    victim->upper = static_cast<std::int16_t>(upper);
    victim->move = move;
    victim->work = work;
  }

 private:
  static std::size_t bucket_count_for(std::size_t min_entries) {
    return std::bit_ceil(std::max<std::size_t>(1, (min_entries + kWays - 1) / kWays));
  }

  // The bucket a position hashes to (`hash` from FootholdsGame::KeyHash).
  const Bucket& bucket(std::uint64_t hash) const { return buckets_[hash & (bucket_count_ - 1)]; }
  Bucket& bucket(std::uint64_t hash) { return buckets_[hash & (bucket_count_ - 1)]; }

  struct FreeMemory {
    void operator()(unsigned char* memory) const { std::free(memory); }
  };

  std::size_t bucket_count_;
  std::unique_ptr<unsigned char, FreeMemory> memory_;
  Bucket* buckets_ = nullptr;
};

}  // namespace boardsearch::footholds
