// Placeholder until the yut solver lands (its issue replaces this file).
#include "games/yut/puzzle.hpp"

namespace boardsearch::yut {

namespace {
app::SolveReport solve(const app::SolveRequest&) { throw app::InputError("the yut solver is not available yet"); }
}  // namespace

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{"yut", "yut", "", {}, &solve};
  return instance;
}

}  // namespace boardsearch::yut
