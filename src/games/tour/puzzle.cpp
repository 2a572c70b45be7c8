// Placeholder until the tour solver lands (its issue replaces this file).
#include "games/tour/puzzle.hpp"

namespace boardsearch::tour {

namespace {
app::SolveReport solve(const app::SolveRequest&) { throw app::InputError("the tour solver is not available yet"); }
}  // namespace

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{"tour", "tour", "", {}, &solve};
  return instance;
}

}  // namespace boardsearch::tour
