// Placeholder until the 2048 solver lands (its issue replaces this file).
#include "games/2048/puzzle.hpp"

namespace boardsearch::game2048 {

namespace {
app::SolveReport solve(const app::SolveRequest&) { throw app::InputError("the 2048 solver is not available yet"); }
}  // namespace

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{"2048", "2048", "", {}, &solve};
  return instance;
}

}  // namespace boardsearch::game2048
