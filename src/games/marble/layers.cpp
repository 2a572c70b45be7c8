#include "games/marble/layers.hpp"

#include "boardsearch/core/parallel.hpp"

namespace boardsearch::marble::detail {

void Layers::join_next(bool parallel) {
  std::size_t total = 0;
  for (const ThreadRecords& buffer : next_) total += buffer.records.size();
  std::size_t base = order_.size();
  order_.grow_by(total);
  if (total < kSortFrom) {
    for (ThreadRecords& buffer : next_) {
      for (const PairKey record : buffer.records) order_.set(base++, record);
      buffer.records.clear();
    }
    return;
  }
  const std::size_t buckets = std::size_t{rest_->red_count()} + 1;
  if (parallel && next_.size() > 1) return join_in_parallel(base, buckets);
  resize_within(red_starts_, buckets + 1, budget_);
  // Step 1. Count: the first slot of each red index's group.
  std::fill(red_starts_.begin(), red_starts_.end(), 0);
  for (const ThreadRecords& buffer : next_)
    for (const PairKey record : buffer.records) ++red_starts_[bucket_of(record) + 1];
  for (std::size_t k = 1; k <= buckets; ++k) red_starts_[k] += red_starts_[k - 1];
  // Step 2. Place: every record to its group's next slot.
  for (ThreadRecords& buffer : next_) {
    for (const PairKey record : buffer.records) order_.set(base + red_starts_[bucket_of(record)]++, record);
    buffer.records.clear();
  }
}

// The order: buffer t's records of red index r go after every record of a
// smaller index and after those of buffers before t of index r, each
// buffer's in its order. No task writes where another does: the slots are
// distinct, in chunks grown beforehand.
void Layers::join_in_parallel(std::size_t base, std::size_t buckets) {
  const std::size_t buffers = next_.size();
  resize_within(thread_starts_, buffers * buckets, budget_);
  // Step 1. Count per buffer (one task each).
  core::for_each_task(buffers, buffers, [&](std::size_t, std::size_t t) {
    std::uint32_t* const counts = &thread_starts_[t * buckets];
    std::fill(counts, counts + buckets, 0);
    for (const PairKey record : next_[t].records) ++counts[bucket_of(record)];
  });
  // Step 2. First slots in the order (bucket, buffer), on one thread: as
  // many additions as the serial sort's prefix sums times the buffers.
  std::uint32_t slot = 0;
  for (std::size_t bucket = 0; bucket < buckets; ++bucket)
    for (std::size_t t = 0; t < buffers; ++t) {
      std::uint32_t& start = thread_starts_[t * buckets + bucket];
      const std::uint32_t count = start;
      start = slot;
      slot += count;
    }
  // Step 3. Place every buffer's records in their slots (one task each).
  core::for_each_task(buffers, buffers, [&](std::size_t, std::size_t t) {
    std::uint32_t* const starts = &thread_starts_[t * buckets];
    for (const PairKey record : next_[t].records) order_.set(base + starts[bucket_of(record)]++, record);
    next_[t].records.clear();
  });
}

std::vector<Direction> rebuild_from_layers(const Context& context, const Layers& layers, std::size_t last,
                                           std::size_t depth) {
  std::vector<Direction> line(depth);
  std::size_t at = last;
  for (std::size_t k = depth; k > 0; --k) {
    const Direction direction = layers.arrival(at);
    line[k - 1] = direction;
    const PairKey child = layers.pair(at);
    for (std::size_t i = layers.layer_begin(k - 1); i < layers.layer_end(k - 1); ++i) {
      const Tilted tilted = context.tilt(layers.pair(i), direction);
      if (tilted.verdict == Verdict::playing && tilted.pair == child) {
        at = i;
        break;
      }
    }
  }
  return line;
}

}  // namespace boardsearch::marble::detail
