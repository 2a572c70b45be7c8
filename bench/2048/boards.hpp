#pragma once
// Deterministic benchmark boards for 2048 (same seeds, same boards, same
// node counts on every run).

#include <cstdint>

#include "boardsearch/core/zobrist.hpp"
#include "games/2048/board.hpp"

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

}  // namespace boardsearch::bench2048
