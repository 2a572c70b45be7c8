// Placeholder until the footholds solver lands (its issue replaces this file).
#include "games/footholds/puzzle.hpp"

namespace boardsearch::footholds {

namespace {
app::SolveReport solve(const app::SolveRequest&) { throw app::InputError("the footholds solver is not available yet"); }
}  // namespace

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{"footholds", "footholds", "", {}, &solve};
  return instance;
}

}  // namespace boardsearch::footholds
