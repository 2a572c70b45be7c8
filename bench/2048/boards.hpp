#pragma once
// Deterministic benchmark boards for 2048 (same seeds, same boards, same
// node counts on every run).

#include <array>
#include <cstdint>

#include "boardsearch/core/splitmix64.hpp"
#include "games/2048/rules.hpp"

namespace boardsearch::bench2048 {

inline constexpr int kBenchSide = 20;

// A full side x side board of random tiles 2 .. 2^max_exponent.
inline game2048::Board random_board(std::uint64_t seed, int side = kBenchSide, int max_exponent = 10) {
  core::SplitMix64 rng(seed);
  game2048::Board board(side);
  for (int row = 0; row < side; ++row)
    for (int col = 0; col < side; ++col)
      board.set(row, col, static_cast<game2048::Exponent>(1 + rng.below(static_cast<std::uint64_t>(max_exponent))));
  return board;
}

// The judge's killer: a full board of small tiles (2..32) and one 1024 that
// cannot double in time, so the answer is the 1024 already there and a
// search must prove that nothing beats it.
inline game2048::Board lone_1024_board(std::uint64_t seed, int side = kBenchSide) {
  constexpr int kSmallMaxExponent = 5;  // tiles 2..32
  constexpr int kLoneExponent = 10;     // one 1024
  game2048::Board board = random_board(seed, side, kSmallMaxExponent);
  core::SplitMix64 rng(seed ^ 0xA5A5A5A5ULL);
  const auto cell = static_cast<int>(rng.below(static_cast<std::uint64_t>(side * side)));
  board.set(cell / side, cell % side, kLoneExponent);
  return board;
}

// The dense classes of issue #14: the boards competitive programmers use to
// break solutions (thousands of small tiles, so the question is whether
// 2^(t+1) can be assembled, which tile counts alone do not see).
enum class DenseClass {
  twos_and_fours,  // every cell a 2 or a 4 (answers 128-256)
  small_sparse,    // 2, 4 and 8 with a few (5 %) empty cells
  mixed_small,     // full, tiles 2..64, no big tile (answer about 1024)
  stripes,         // stripes or checkerboards of 2 and 4, 10-20 % empty, a few 8 and 16
};

inline constexpr std::array kDenseClasses = {DenseClass::twos_and_fours, DenseClass::small_sparse,
                                             DenseClass::mixed_small, DenseClass::stripes};

inline const char* to_string(DenseClass kind) {
  switch (kind) {
    case DenseClass::twos_and_fours:
      return "twos_and_fours";
    case DenseClass::small_sparse:
      return "small_sparse";
    case DenseClass::mixed_small:
      return "mixed_small";
    case DenseClass::stripes:
      return "stripes";
  }
  return "?";
}

// One board of a dense class from `seed` (deterministic).
inline game2048::Board dense_board(DenseClass kind, std::uint64_t seed, int side = kBenchSide) {
  constexpr std::uint64_t kPercent = 100;
  constexpr std::uint64_t kSparseEmptyPercent = 5;  // small_sparse: empty cells
  constexpr int kMixedMaxExponent = 6;              // mixed_small: 2..64
  core::SplitMix64 rng(seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(kind));
  game2048::Board board(side);
  // stripes: a pattern of period 1 in one axis (stripes) or a checkerboard,
  // rotated by the seed; 10-20 % empty; 1-3 % of the tiles an 8 or a 16.
  const std::uint64_t pattern = rng.below(3);  // 0 row stripes, 1 column stripes, 2 checkerboard
  const std::uint64_t empty_percent = 10 + rng.below(11);
  for (int row = 0; row < side; ++row)
    for (int col = 0; col < side; ++col) {
      game2048::Exponent e = 0;
      switch (kind) {
        case DenseClass::twos_and_fours:
          e = static_cast<game2048::Exponent>(1 + rng.below(2));
          break;
        case DenseClass::small_sparse:
          e = rng.below(kPercent) < kSparseEmptyPercent ? 0 : static_cast<game2048::Exponent>(1 + rng.below(3));
          break;
        case DenseClass::mixed_small:
          e = static_cast<game2048::Exponent>(1 + rng.below(kMixedMaxExponent));
          break;
        case DenseClass::stripes: {
          const int phase = pattern == 0 ? row : pattern == 1 ? col : row + col;
          e = static_cast<game2048::Exponent>(1 + phase % 2);
          const std::uint64_t roll = rng.below(kPercent);
          if (roll < empty_percent)
            e = 0;
          else if (roll >= kPercent - 2)
            e = static_cast<game2048::Exponent>(3 + rng.below(2));
          break;
        }
      }
      board.set(row, col, e);
    }
  if (board.counts().tiles == 0) board.set(0, 0, 1);
  return board;
}

}  // namespace boardsearch::bench2048
