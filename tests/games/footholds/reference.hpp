#pragma once
// The reference for the footholds solver: plain minimax over the rules exactly
// as the puzzle page states them, written as simply as possible and sharing no
// code with the solver (its own board, its own rules). No pruning, no bounds.
// One recursion, `minimax`; given a memo it also caches results by the full
// position (board, mover, other), which cannot change any value; that makes
// 6 x 6 boards affordable in tests.

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

// A position's full key, boards up to 128 cells: one bit per cell in two
// words, plus both cells.
struct Key {
  std::uint64_t bits[2] = {0, 0};
  int mover = 0;
  int other = 0;
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
using Memo = std::unordered_map<Key, Outcome, KeyHash>;

// Plain minimax: the mover loses at once if its foothold is gone or it cannot
// step; otherwise it tries every step; it wins if some step leaves the other
// losing (then the fewest moves), else it loses with the most moves.
// With a `memo`, each position's outcome is remembered by its full key, which
// cannot change any value (it only avoids solving a position twice).
inline Outcome minimax(Position& p, Counter& counter, Memo* memo = nullptr) {
  Key key{{0, 0}, p.mover, p.other};
  if (memo != nullptr) {
    for (std::size_t i = 0; i < p.cells.size(); ++i)
      if (p.cells[i] == 1) key.bits[i / 64] |= std::uint64_t{1} << (i % 64);
    if (auto it = memo->find(key); it != memo->end()) return it->second;
  }
  ++counter.nodes;
  const std::vector<int> steps = p.cells[p.mover] == 1 ? steps_from(p, p.mover) : std::vector<int>{};
  bool can_win = false;
  int fastest_win = 1 << 30;
  int slowest_loss = 0;
  for (int next : steps) {
    const int from = p.mover;
    const int other = p.other;
    p.cells[from] = 0;
    p.mover = other;
    p.other = next;
    const Outcome reply = minimax(p, counter, memo);
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
  // No step (or no foothold): lost now, after 0 more moves.
  const Outcome result = can_win ? Outcome{true, fastest_win} : Outcome{false, slowest_loss};
  if (memo != nullptr) memo->emplace(key, result);
  return result;
}

inline Outcome plain_minimax(Position& p, Counter& counter) { return minimax(p, counter); }

inline Outcome plain_minimax(Position p) {
  Counter counter;
  return minimax(p, counter);
}

// The same recursion with a memo that lives as long as the object (so
// successive positions of one game share it).
class Memoized {
 public:
  Outcome solve(Position& p) {
    Counter uncounted;  // the memoised oracle's node count is never read
    return minimax(p, uncounted, &memo_);
  }

 private:
  Memo memo_;
};

}  // namespace boardsearch::testing::footholds_reference
