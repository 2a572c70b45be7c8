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
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>

#include "boardsearch/core/huge_pages.hpp"
#include "games/footholds/bitboard.hpp"
#include "games/footholds/rules.hpp"

namespace boardsearch::footholds {

// Zeroed memory for a table's buckets, aligned to a cache line. Blocks of
// 2 MiB and more are mapped on huge pages (core/huge_pages.hpp: aligned to
// 2 MiB, fresh zero pages): a search that fills its table touches every
// page, and one huge page is one fault and one TLB entry for 512 small
// ones (a first touch costs some 10 us, core/huge_pages.hpp). Smaller
// blocks come from calloc, whose large blocks are fresh
// zero pages too, so only the pages a search touches cost anything (a
// 3 x 3 board never pays for a big table).
class ZeroedBuckets {
 public:
  static constexpr std::size_t kLineBytes = 64;

  // The bytes a block for `bucket_bytes` of buckets takes.
  static std::size_t bytes_for(std::size_t bucket_bytes) {
    return huge(bucket_bytes) ? core::huge_page_rounded(bucket_bytes) : bucket_bytes + kLineBytes;
  }

  // Throws std::bad_alloc when the system refuses.
  explicit ZeroedBuckets(std::size_t bucket_bytes) : bytes_(bucket_bytes) {
    if (huge(bytes_)) {
      memory_ = static_cast<unsigned char*>(core::map_huge_pages(bytes_));
      if (memory_ == nullptr) throw std::bad_alloc();
      buckets_ = memory_;
      return;
    }
    memory_ = static_cast<unsigned char*>(std::calloc(bytes_ + kLineBytes, 1));
    if (memory_ == nullptr) throw std::bad_alloc();
    const auto address = reinterpret_cast<std::uintptr_t>(memory_);
    buckets_ = memory_ + (kLineBytes - address % kLineBytes) % kLineBytes;
  }
  ~ZeroedBuckets() {
    if (huge(bytes_))
      core::unmap_huge_pages(memory_, bytes_);
    else
      std::free(memory_);
  }
  ZeroedBuckets(const ZeroedBuckets&) = delete;
  ZeroedBuckets& operator=(const ZeroedBuckets&) = delete;

  // The first bucket's byte (aligned to a cache line).
  unsigned char* buckets() const { return buckets_; }

 private:
  static bool huge(std::size_t bucket_bytes) { return bucket_bytes >= core::kHugePageBytes; }
  std::size_t bytes_;
  unsigned char* memory_ = nullptr;
  unsigned char* buckets_ = nullptr;
};

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
  // buckets, at least one), zeroed (ZeroedBuckets: only the pages the search
  // touches cost anything).
  explicit BucketTable(std::size_t min_entries)
      : bucket_count_(bucket_count_for(min_entries)),
        memory_(std::make_unique<ZeroedBuckets>(bucket_count_ * sizeof(Bucket))),
        buckets_(reinterpret_cast<Bucket*>(memory_->buckets())) {}

  std::size_t entries() const { return bucket_count_ * kWays; }

  // The bytes a table of min_entries allocates (its buckets and the slack
  // that aligns them: ZeroedBuckets::bytes_for).
  static std::size_t bytes_for(std::size_t min_entries) {
    return ZeroedBuckets::bytes_for(bucket_count_for(min_entries) * sizeof(Bucket));
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

  std::size_t bucket_count_;
  std::unique_ptr<ZeroedBuckets> memory_;
  Bucket* buckets_ = nullptr;
};

// The table that the threads of a parallel solve share: the same buckets,
// bounds, merging and least-work replacement as BucketTable, made safe for
// concurrent probes and stores. One 64-byte line per bucket holds a version
// word and 3 entries (64-bit keys) or 2 (128-bit keys), each entry its key
// words and one data word:
//
//   word 0      version: even when the bucket is stable, odd while a store
//               writes it (a 64-bit count of stores to the bucket, times 2)
//   words 1..   per entry: footholds (1 or 2 words), then data
//   data        mover u8 | other u8 << 8 | lower i16 << 16 | upper i16 << 32
//               | move u8 << 48 | work u8 << 56
//
// Every word is read and written with std::atomic_ref (relaxed, apart from
// the version), so no access is a data race in the C++ sense (and
// ThreadSanitizer sees none).
//
// Claim: probe never returns bounds that were not proven for the probed
// position. Only a miss can come of a race.
// Proof. A store writes a bucket only after raising its version from an even
// v to v + 1 by compare-exchange (so at most one store writes a bucket at a
// time: one that finds the version odd, or loses the exchange, gives up and
// stores nothing, which is always sound: the table only saves work), then a
// release fence, then its relaxed writes, then the release store of v + 2.
// A probe loads the version (acquire) as v1, returns a miss if it is odd,
// reads the entries (relaxed), issues an acquire fence, reloads the version
// (relaxed) as v2, and returns a miss unless v2 == v1. Suppose it returns
// an entry although some word it read was not from the last store S that
// completed (released v1) before its first load, i.e. a word written by a
// later store S' (which raised the version past v1 before writing it). Its
// relaxed read of that word reads from a write that follows S''s release
// fence, so that fence synchronizes with the probe's acquire fence (fence to
// fence synchronization), and S''s raising of the version happens before the
// probe's reload: v2 >= v1 + 1 (the version only grows: it would take 2^63
// stores to wrap), a miss. Otherwise every word read is S's (or of an
// earlier store that S did not overwrite, all of which the acquire load of
// v1 made visible together with S's), i.e. the bucket as it stood between
// two stores: exactly what BucketTable would hold. The key words and the
// cells in the data word are compared in full, so the entry is the probed
// position's own, and its bounds are facts proven by searches of it (merging
// two facts is again a fact). A store reads the entries it merges into only
// after its acquire exchange, which synchronizes with the previous store's
// release of the version: it merges into what that store left.
template <class BB>
class SharedBucketTable {
 public:
  static constexpr std::int16_t kNoLower = BucketTable<BB>::kNoLower;
  static constexpr std::int16_t kNoUpper = BucketTable<BB>::kNoUpper;
  static constexpr std::uint8_t kNoMove = BucketTable<BB>::kNoMove;

  // What a probe returns: a copy of the entry (other threads may rewrite it).
  struct Entry {
    std::int16_t lower;
    std::int16_t upper;
    std::uint8_t move;
  };

  static constexpr std::size_t kLineBytes = 64;
  static constexpr std::size_t kLineWords = kLineBytes / sizeof(std::uint64_t);
  static constexpr std::size_t kKeyWords = sizeof(BB) / sizeof(std::uint64_t);
  static constexpr std::size_t kEntryWords = kKeyWords + 1;
  static constexpr std::size_t kWays = (kLineWords - 1) / kEntryWords;
  static_assert(kWays >= 2, "an entry must fit twice in a cache line beside the version");

  struct alignas(kLineBytes) Bucket {
    std::uint64_t words[kLineWords];
  };

  // As BucketTable: at least min_entries entries, a power of two number of
  // buckets, zeroed memory (an all-zero bucket is stable and empty).
  explicit SharedBucketTable(std::size_t min_entries)
      : bucket_count_(bucket_count_for(min_entries)),
        memory_(std::make_unique<ZeroedBuckets>(bucket_count_ * sizeof(Bucket))),
        buckets_(reinterpret_cast<Bucket*>(memory_->buckets())) {}

  std::size_t entries() const { return bucket_count_ * kWays; }

  static std::size_t bytes_for(std::size_t min_entries) {
    return ZeroedBuckets::bytes_for(bucket_count_for(min_entries) * sizeof(Bucket));
  }

  void prefetch(std::uint64_t hash) const { __builtin_prefetch(&bucket(hash)); }

  // The entry of exactly this position, or nullopt (none, or a store was
  // writing the bucket: see the proof above).
  std::optional<Entry> probe(std::uint64_t hash, BB footholds, int mover, int other) const {
    Bucket& line = bucket(hash);
    const std::uint64_t before = word(line, 0).load(std::memory_order_acquire);
    if ((before & 1) != 0) return std::nullopt;
    const auto key = key_words(footholds);
    std::optional<Entry> found;
    for (std::size_t way = 0; way < kWays && !found; ++way) {
      const std::size_t at = 1 + way * kEntryWords;
      bool same = true;
      for (std::size_t k = 0; k < kKeyWords; ++k)
        same = same && word(line, at + k).load(std::memory_order_relaxed) == key[k];
      if (!same) continue;
      const std::uint64_t data = word(line, at + kKeyWords).load(std::memory_order_relaxed);
      if (data_mover(data) != mover || data_other(data) != other) continue;
      found = Entry{data_lower(data), data_upper(data), data_move(data)};
    }
    std::atomic_thread_fence(std::memory_order_acquire);
    if (word(line, 0).load(std::memory_order_relaxed) != before) return std::nullopt;
    return found;
  }

  // The table as core::Negamax probes it (core::NegamaxTable).
  template <class Position>
  std::optional<Entry> probe(std::uint64_t hash, const Position& position) const {
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

  // As BucketTable::store (merge into the position's entry, else replace the
  // one with the least work), except that a store finding another store at
  // work on the bucket stores nothing (see the proof above).
  void store(std::uint64_t hash, BB footholds, int mover, int other, int lower, int upper, std::uint8_t move,
             std::uint64_t nodes) {
    Bucket& line = bucket(hash);
    std::uint64_t version = word(line, 0).load(std::memory_order_relaxed);
    if ((version & 1) != 0 || !word(line, 0).compare_exchange_strong(version, version + 1, std::memory_order_acquire,
                                                                     std::memory_order_relaxed))
      return;
    std::atomic_thread_fence(std::memory_order_release);
    const auto work = static_cast<std::uint8_t>(std::bit_width(nodes));
    const auto key = key_words(footholds);
    std::size_t victim = 0;
    std::uint8_t victim_work = 0xFF;
    bool merged = false;
    for (std::size_t way = 0; way < kWays; ++way) {
      const std::size_t at = 1 + way * kEntryWords;
      const std::uint64_t data = word(line, at + kKeyWords).load(std::memory_order_relaxed);
      bool same = data_mover(data) == mover && data_other(data) == other;
      for (std::size_t k = 0; k < kKeyWords; ++k)
        same = same && word(line, at + k).load(std::memory_order_relaxed) == key[k];
      if (same) {
        const int merged_lower = std::max<int>(data_lower(data), lower);
        const int merged_upper = std::min<int>(data_upper(data), upper);
        const std::uint8_t merged_move = move != kNoMove ? move : data_move(data);
        const std::uint8_t merged_work = std::max(data_work(data), work);
        word(line, at + kKeyWords)
            .store(pack(mover, other, merged_lower, merged_upper, merged_move, merged_work), std::memory_order_relaxed);
        merged = true;
        break;
      }
      if (data_work(data) < victim_work) {
        victim = way;
        victim_work = data_work(data);
      }
    }
    if (!merged) {
      const std::size_t at = 1 + victim * kEntryWords;
      for (std::size_t k = 0; k < kKeyWords; ++k) word(line, at + k).store(key[k], std::memory_order_relaxed);
      word(line, at + kKeyWords).store(pack(mover, other, lower, upper, move, work), std::memory_order_relaxed);
    }
    word(line, 0).store(version + 2, std::memory_order_release);
  }

 private:
  static std::size_t bucket_count_for(std::size_t min_entries) {
    return std::bit_ceil(std::max<std::size_t>(1, (min_entries + kWays - 1) / kWays));
  }

  static std::atomic_ref<std::uint64_t> word(Bucket& line, std::size_t index) {
    return std::atomic_ref<std::uint64_t>(line.words[index]);
  }

  static std::array<std::uint64_t, 1> key_words(Bits64 set) { return {set.word}; }
  static std::array<std::uint64_t, 2> key_words(Bits128 set) { return {set.low, set.high}; }

  static std::uint64_t pack(int mover, int other, int lower, int upper, std::uint8_t move, std::uint8_t work) {
    return static_cast<std::uint64_t>(static_cast<std::uint8_t>(mover)) |
           static_cast<std::uint64_t>(static_cast<std::uint8_t>(other)) << 8 |
           static_cast<std::uint64_t>(static_cast<std::uint16_t>(lower)) << 16 |
           static_cast<std::uint64_t>(static_cast<std::uint16_t>(upper)) << 32 |
           static_cast<std::uint64_t>(move) << 48 | static_cast<std::uint64_t>(work) << 56;
  }
  static int data_mover(std::uint64_t data) { return static_cast<int>(data & 0xFF); }
  static int data_other(std::uint64_t data) { return static_cast<int>((data >> 8) & 0xFF); }
  static std::int16_t data_lower(std::uint64_t data) { return static_cast<std::int16_t>((data >> 16) & 0xFFFF); }
  static std::int16_t data_upper(std::uint64_t data) { return static_cast<std::int16_t>((data >> 32) & 0xFFFF); }
  static std::uint8_t data_move(std::uint64_t data) { return static_cast<std::uint8_t>((data >> 48) & 0xFF); }
  static std::uint8_t data_work(std::uint64_t data) { return static_cast<std::uint8_t>(data >> 56); }

  // The bucket a position hashes to. (Const probes read through atomics:
  // the memory is the table's own, mutable by design.)
  Bucket& bucket(std::uint64_t hash) const { return buckets_[hash & (bucket_count_ - 1)]; }

  std::size_t bucket_count_;
  std::unique_ptr<ZeroedBuckets> memory_;
  Bucket* buckets_ = nullptr;
};

// The game table of one thread's search (a core::NegamaxTable): positions
// with at least near_min_footholds footholds (those near the root) use
// `near` (BucketTable when one thread searches, the SharedBucketTable of all
// threads in a parallel solve), deeper ones the thread's own small `deep`
// table, if any (nullptr: the deep positions use no table). Both keep exact
// keys and proven bounds, so which table a position uses only changes the
// work: every bound either returns was proven for that very position.
// `game` is the thread's game (the one Negamax searches): prefetch, which is
// given only the hash, asks it which table the position uses.
template <class BB, class Near>
class LayeredTable {
 public:
  static constexpr int kNoLower = BucketTable<BB>::kNoLower;
  static constexpr int kNoUpper = BucketTable<BB>::kNoUpper;
  // A copy of what a probe found (the two tables' entries differ in type).
  struct Bounds {
    int lower;
    int upper;
    std::optional<Direction> move;
  };

  // All three outlive the table.
  LayeredTable(Near& near, BucketTable<BB>* deep, const FootholdsGame<BB>& game, int near_min_footholds)
      : near_(&near), deep_(deep), game_(&game), near_min_footholds_(near_min_footholds) {}

  // Whether the positions deeper than the near ones use a table.
  bool has_deep() const { return deep_ != nullptr; }

  void prefetch(std::uint64_t hash) const {
    if (game_->foothold_count() >= near_min_footholds_)
      near_->prefetch(hash);
    else if (deep_ != nullptr)
      deep_->prefetch(hash);
  }
  std::optional<Bounds> probe(std::uint64_t hash, const FootholdsGame<BB>& position) const {
    if (position.foothold_count() >= near_min_footholds_) {
      if (const auto entry = near_->probe(hash, position))
        return Bounds{entry->lower, entry->upper, Near::stored_move(*entry)};
      return std::nullopt;
    }
    // (Negamax::table_move probes whatever the position: without a deep
    // table a deep position has no entry.)
    if (deep_ == nullptr) return std::nullopt;
    if (const auto* entry = deep_->probe(hash, position))
      return Bounds{entry->lower, entry->upper, BucketTable<BB>::stored_move(*entry)};
    return std::nullopt;
  }
  static std::optional<Direction> stored_move(const Bounds& bounds) { return bounds.move; }
  void store(std::uint64_t hash, const FootholdsGame<BB>& position, int lower, int upper, std::optional<Direction> move,
             std::uint64_t nodes) {
    if (position.foothold_count() >= near_min_footholds_)
      near_->store(hash, position, lower, upper, move, nodes);
    else if (deep_ != nullptr)
      deep_->store(hash, position, lower, upper, move, nodes);
  }

 private:
  Near* near_;
  BucketTable<BB>* deep_;
  const FootholdsGame<BB>* game_;
  int near_min_footholds_;
};

// Which positions use a table: those at least min_footholds footholds (every
// ply removes one, so those at most root footholds - min_footholds plies
// below the root; later searches from deeper positions, such as the line
// walk's, keep the root's). search.cpp sets it to the near table's reach, or
// the deep table's when the thread has one.
template <class BB>
struct UsesTable {
  int min_footholds;
  bool operator()(const FootholdsGame<BB>& game) const { return game.foothold_count() >= min_footholds; }
};

}  // namespace boardsearch::footholds
