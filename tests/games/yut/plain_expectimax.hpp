#pragma once
// The reference for dice yut with random dice: a plain expectimax over every
// die of every turn and every piece that can move, with exact fractions.

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "games/yut/rules.hpp"
#include "yut/plain_search.hpp"

namespace boardsearch::yut::testing {

// The reference: every die of every turn, every piece that can move (no
// merging of positions, no twins skipped), written from the rules with the
// plain move code of plain_search.hpp.
inline mpq_class plain_expected(const Board& board, std::vector<int>& squares, int turns_left,
                                const std::vector<std::uint64_t>& weights) {
  if (turns_left == 0) return 0;
  mpq_class sum = 0;
  std::uint64_t weight_sum = 0;
  for (std::size_t face = 0; face < board.faces.size(); ++face) {
    weight_sum += weights[face];
    if (weights[face] == 0) continue;
    std::optional<mpq_class> best;
    for (std::size_t piece = 0; piece < squares.size(); ++piece) {
      if (!can_move(board, squares, static_cast<int>(piece), board.faces[face])) continue;
      const int from = squares[piece];
      const int to = walk(board, from, board.faces[face]);
      squares[piece] = to;
      const mpq_class value = mpq_class(static_cast<long>(board.squares[to].points)) +
                              plain_expected(board, squares, turns_left - 1, weights);
      squares[piece] = from;
      if (!best || value > *best) best = value;
    }
    if (best) sum += static_cast<unsigned long>(weights[face]) * *best;  // none: the game ends, 0
  }
  return sum / static_cast<unsigned long>(weight_sum);
}

inline mpq_class plain_from_start(const Board& board, int pieces, int turns,
                                  const std::vector<std::uint64_t>& weights) {
  std::vector<int> squares(pieces, board.start);
  return plain_expected(board, squares, turns, weights);
}

}  // namespace boardsearch::yut::testing
