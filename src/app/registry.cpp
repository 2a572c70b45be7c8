// The list of puzzles every front end offers.

#include <array>

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "games/2048/puzzle.hpp"
#include "games/footholds/puzzle.hpp"
#include "games/tour/puzzle.hpp"
#include "games/yut/puzzle.hpp"

namespace boardsearch::app {

std::span<const Puzzle> all_puzzles() {
  static const std::array<Puzzle, 4> puzzles = {
      game2048::puzzle(),
      tour::puzzle(),
      footholds::puzzle(),
      yut::puzzle(),
  };
  return puzzles;
}

const Puzzle* find_puzzle(std::string_view name) {
  for (const Puzzle& puzzle : all_puzzles())
    if (puzzle.name == name) return &puzzle;
  return nullptr;
}

std::string limit_message(core::Outcome outcome, const core::SearchStats& stats) {
  return fmt::format("search stopped before the answer was proven: {} after {} nodes and {:.0f} ms",
                     core::to_string(outcome), stats.nodes, stats.milliseconds());
}

}  // namespace boardsearch::app
