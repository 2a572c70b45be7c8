#pragma once
// The reference for the footholds solver: plain minimax over the rules exactly
// as the puzzle page states them, written as simply as possible and sharing no
// code with the solver (its own board, its own rules). No pruning, no bounds.
// `memoized` only caches results by the full position (board, mover, other),
// which cannot change any value; it makes 6 x 6 boards affordable in tests.

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace boardsearch::testing::footholds_reference {

struct Position {
  int rows = 0;
  int cols = 0;
  std::vector<int> cells;  // rows * cols, 1 = foothold, index row * cols + column
  int mover = 0;           // cell of the player to move
  int other = 0;           // cell of the other player
};

// The outcome for the player to move: does it win, and after how many more moves.
struct Outcome {
  bool mover_wins = false;
  int moves = 0;
  bool operator==(const Outcome&) const = default;
};

// The neighbours of `cell` that still have a foothold.
inline std::vector<int> steps_from(const Position& p, int cell) {
  std::vector<int> result;
  const int row = cell / p.cols;
  const int col = cell % p.cols;
  const int dr[4] = {-1, 1, 0, 0};
  const int dc[4] = {0, 0, -1, 1};
  for (int d = 0; d < 4; ++d) {
    const int r = row + dr[d];
    const int c = col + dc[d];
    if (r < 0 || r >= p.rows || c < 0 || c >= p.cols) continue;
    if (p.cells[r * p.cols + c] == 1) result.push_back(r * p.cols + c);
  }
  return result;
}

struct Counter {
  std::uint64_t nodes = 0;
};

// Plain minimax: the mover loses at once if its foothold is gone or it cannot
// step; otherwise it tries every step; it wins if some step leaves the other
// losing (then the fewest moves), else it loses with the most moves.
inline Outcome plain_minimax(Position& p, Counter& counter) {
  ++counter.nodes;
  if (p.cells[p.mover] == 0) return {false, 0};
  const std::vector<int> steps = steps_from(p, p.mover);
  if (steps.empty()) return {false, 0};
  bool can_win = false;
  int fastest_win = 1 << 30;
  int slowest_loss = 0;
  for (int next : steps) {
    const int from = p.mover;
    const int other = p.other;
    p.cells[from] = 0;
    p.mover = other;
    p.other = next;
    const Outcome reply = plain_minimax(p, counter);
    p.cells[from] = 1;
    p.mover = from;
    p.other = other;
    if (!reply.mover_wins) {
      can_win = true;
      fastest_win = std::min(fastest_win, reply.moves + 1);
    } else {
      slowest_loss = std::max(slowest_loss, reply.moves + 1);
    }
  }
  return can_win ? Outcome{true, fastest_win} : Outcome{false, slowest_loss};
}

inline Outcome plain_minimax(Position p) {
  Counter counter;
  return plain_minimax(p, counter);
}

// The same recursion, remembering each position's outcome (key: every cell, mover, other;
// boards up to 128 cells).
class Memoized {
 public:
  Outcome solve(Position& p) {
    Key key{{0, 0}, p.mover, p.other};
    for (std::size_t i = 0; i < p.cells.size(); ++i)
      if (p.cells[i] == 1) key.bits[i / 64] |= std::uint64_t{1} << (i % 64);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;

    Outcome result{false, 0};
    if (p.cells[p.mover] == 1) {
      const std::vector<int> steps = steps_from(p, p.mover);
      bool can_win = false;
      int fastest_win = 1 << 30;
      int slowest_loss = 0;
      for (int next : steps) {
        const int from = p.mover;
        const int other = p.other;
        p.cells[from] = 0;
        p.mover = other;
        p.other = next;
        const Outcome reply = solve(p);
        p.cells[from] = 1;
        p.mover = from;
        p.other = other;
        if (!reply.mover_wins) {
          can_win = true;
          fastest_win = std::min(fastest_win, reply.moves + 1);
        } else {
          slowest_loss = std::max(slowest_loss, reply.moves + 1);
        }
      }
      if (!steps.empty()) result = can_win ? Outcome{true, fastest_win} : Outcome{false, slowest_loss};
    }
    memo_.emplace(key, result);
    return result;
  }

 private:
  // Boards up to 128 cells: one bit per cell in two words, plus both cells.
  struct Key {
    std::uint64_t bits[2];
    int mover;
    int other;
    bool operator==(const Key& k) const {
      return bits[0] == k.bits[0] && bits[1] == k.bits[1] && mover == k.mover && other == k.other;
    }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = k.bits[0] * 0x9E3779B97F4A7C15ULL ^ k.bits[1] * 0xC2B2AE3D27D4EB4FULL;
      h ^= static_cast<std::uint64_t>(k.mover * 131 + k.other) * 0x165667B19E3779F9ULL;
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  std::unordered_map<Key, Outcome, KeyHash> memo_;
};

}  // namespace boardsearch::testing::footholds_reference
