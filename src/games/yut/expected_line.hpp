#pragma once
// The line of play along the most likely face (ExpectedRequest::want_line):
// walked from the choices a run made, then valued from the captures of a
// second run. How the runs give it: expected_line.cpp.

#include <gmpxx.h>

#include <cstdint>
#include <vector>

#include "games/yut/expected_tables.hpp"

namespace boardsearch::yut::expectimax {

// The exact value N / W^R of a choice: points * W^R + N(child).
mpq_class choice_value(const Tables& tables, int to_code, const mpz_class& child, const mpz_class& scale);

// The line along the most likely face (slot likely_slot, face likely_face)
// from `root` with R = horizon turns left, for at most `turns` turns: per
// turn the position, the die and every legal choice (values 0, for
// value_line), the move taken being chosen_at(rank, r) (kNoMove: the game
// ends there, every piece home or no piece can move). For every choice the
// capture of its child's value at r - 1 is appended to `captures`, in the
// order of the turns and their choices.
template <class ChosenAt>
std::vector<LineTurn> walk_line(const Tables& tables, const PositionRanks& ranks, int turns, std::uint32_t horizon,
                                Codes position, int likely_slot, int likely_face, ChosenAt&& chosen_at,
                                std::vector<Capture>& captures) {
  const SquareCodes& codes = tables.codes;
  const std::size_t slots = tables.faces.size();
  std::vector<LineTurn> line;
  for (int turn = 1; turn <= turns; ++turn) {
    const std::uint32_t r = horizon - static_cast<std::uint32_t>(turn) + 1;
    const std::uint8_t chosen = chosen_at(ranks.rank(position), r);
    if (chosen == kNoMove) break;
    std::array<LegalMove, kMaxPieces> moves{};
    const int count = legal_moves(
        ranks.parts(position), tables.pieces, codes.finish_code(), ranks,
        [&](std::uint8_t from) { return tables.landing[from * slots + static_cast<std::size_t>(likely_slot)]; }, moves);
    LineTurn line_turn;
    line_turn.turn = turn;
    line_turn.die = likely_face;
    for (int i = 0; i < tables.pieces; ++i) line_turn.squares.push_back(codes.square_of_code[position[i]]);
    line_turn.best = chosen;
    for (int c = 0; c < count; ++c) {
      line_turn.choices.push_back(
          ExpectedChoice{codes.square_of_code[position[moves[c].piece]], codes.square_of_code[moves[c].to], 0});
      captures.push_back(Capture{r - 1, moves[c].child, 0});
    }
    line.push_back(std::move(line_turn));
    position = moved(position, tables.pieces, moves[chosen].piece, moves[chosen].to);
  }
  return line;
}

// The values of the line's choices from the captures walk_line appended,
// the first of them at captures[first], once a run has filled them.
void value_line(const Tables& tables, std::vector<LineTurn>& line, const std::vector<Capture>& captures,
                std::size_t first, const mpz_class& scale);

}  // namespace boardsearch::yut::expectimax
