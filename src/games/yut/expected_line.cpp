// The line along the most likely face (expected_line.hpp).
//
// The line. After phase 2, every pair of the line is marked (the start is,
// and each next pair is the chosen child of a marked one) and its choice
// resolved; the line is walked, then phase 2 runs again from the values of
// every choice along it (new marks; usually far fewer pairs).

#include "games/yut/expected_line.hpp"

namespace boardsearch::yut::expectimax {

mpq_class choice_value(const Tables& tables, int to_code, const mpz_class& child, const mpz_class& scale) {
  mpq_class value(
      mpz_class(static_cast<long>(tables.board.squares[tables.codes.square_of_code[to_code]].points)) * scale + child,
      scale);
  value.canonicalize();
  return value;
}

void value_line(const Tables& tables, std::vector<LineTurn>& line, const std::vector<Capture>& captures,
                std::size_t first, const mpz_class& scale) {
  std::size_t k = first;
  for (LineTurn& line_turn : line)
    for (ExpectedChoice& choice : line_turn.choices) {
      const Capture& capture = captures[k++];
      const mpz_class child = capture.r == 0 ? mpz_class(0) : capture.value;
      choice.value = choice_value(tables, tables.codes.code_of_square[choice.to], child, scale);
    }
}

}  // namespace boardsearch::yut::expectimax
