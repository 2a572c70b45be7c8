#pragma once
// SplitMix64: the deterministic random numbers of the test inputs, the hunt's
// generators and the benchmarks. (The games hash their exact keys with its
// finalizer instead of Zobrist tables: see footholds' bitboard.hpp.)

#include <cstdint>

namespace boardsearch::core {

// SplitMix64 (Steele, Lea, Flood 2014): a tiny, high-quality 64-bit generator.
// Deterministic from its seed so test inputs are reproducible.
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

}  // namespace boardsearch::core
