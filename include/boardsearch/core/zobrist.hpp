#pragma once
// Zobrist hashing helpers: a deterministic table of random 64-bit keys, one per
// (feature, index), XOR-ed together to hash a position incrementally.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace boardsearch::core {

// SplitMix64 (Steele, Lea, Flood 2014): a tiny, high-quality 64-bit generator.
// Deterministic from its seed so hash keys and test inputs are reproducible.
class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}
  constexpr std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform-enough value in [0, bound) for bound > 0 (tests and generators).
  constexpr std::uint64_t below(std::uint64_t bound) { return next() % bound; }

 private:
  std::uint64_t state_;
};

// keys(feature, index): one random key per feature (e.g. "piece of player A")
// and index (e.g. cell). Construct once per board size.
class ZobristTable {
 public:
  ZobristTable(std::size_t features, std::size_t indices, std::uint64_t seed = 0x5EED'B0A2'D5EA'2C11ULL)
      : indices_(indices), keys_(features * indices) {
    SplitMix64 rng(seed);
    for (auto& key : keys_) key = rng.next();
  }
  std::uint64_t key(std::size_t feature, std::size_t index) const { return keys_[feature * indices_ + index]; }

 private:
  std::size_t indices_;
  std::vector<std::uint64_t> keys_;
};

}  // namespace boardsearch::core
