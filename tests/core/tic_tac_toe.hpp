#pragma once
// Tic-tac-toe as a core::NegamaxGame, to test the core independently of puzzles.
// Score from the mover's view: a win scores (empty cells + 1), so faster wins
// score higher; a draw scores 0. The empty-cell count is a function of the
// position, so scores are path-independent as the table requires.

#include <array>
#include <cstdint>
#include <optional>
#include <utility>

#include "boardsearch/core/move_list.hpp"

namespace boardsearch::testing {

class TicTacToe {
 public:
  using Move = int;  // cell 0..8
  using Key = std::uint32_t;
  struct KeyHash {
    std::uint64_t operator()(Key k) const { return k * 0x9E3779B97F4A7C15ULL >> 7; }
  };
  using MoveBuffer = core::MoveList<Move, 9>;
  // Nothing passes from a parent to its children.
  using Context = int;
  static constexpr Context kRootContext = 0;

  // 0 empty, 1 the player who moved first, 2 the other.
  std::array<int, 9> cells{};
  int mover = 1;

  Key key() const {
    Key k = 0;
    for (int c : cells) k = k * 3 + static_cast<Key>(c);
    return k * 2 + static_cast<Key>(mover - 1);
  }
  std::uint64_t hash() const { return KeyHash{}(key()); }
  int empty_cells() const {
    int n = 0;
    for (int c : cells) n += c == 0;
    return n;
  }
  // The player with three in a row, or 0.
  int winner() const {
    static constexpr int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                        {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : lines)
      if (cells[l[0]] != 0 && cells[l[0]] == cells[l[1]] && cells[l[1]] == cells[l[2]]) return cells[l[0]];
    return 0;
  }
  std::optional<int> known_score() const {
    // The previous mover may just have won: that is a loss for the mover.
    if (winner() != 0) return -(empty_cells() + 1);
    if (empty_cells() == 0) return 0;
    return std::nullopt;
  }
  std::optional<int> known_score(Context) const { return known_score(); }
  Context child_context() const { return kRootContext; }
  std::pair<int, int> score_bounds() const {
    // The mover wins at best with one more cell filled, loses at worst after two.
    const int e = empty_cells();
    return {-(e - 1), e};
  }
  void generate_moves(MoveBuffer& moves) const {
    static constexpr int order[9] = {4, 0, 2, 6, 8, 1, 3, 5, 7};  // centre, corners, edges
    for (int c : order)
      if (cells[c] == 0) moves.push_back(c);
  }
  void apply(Move m) {
    cells[m] = mover;
    mover = 3 - mover;
  }
  void undo(Move m) {
    cells[m] = 0;
    mover = 3 - mover;
  }
};

// Plain minimax with the same scoring, written as simply as possible.
inline int plain_minimax(TicTacToe& g) {
  if (auto known = g.known_score()) return *known;
  int best = -1000;
  for (int c = 0; c < 9; ++c) {
    if (g.cells[c] != 0) continue;
    g.apply(c);
    const int s = -plain_minimax(g);
    g.undo(c);
    if (s > best) best = s;
  }
  return best;
}

}  // namespace boardsearch::testing
