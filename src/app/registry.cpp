// The list of puzzles every front end offers.

#include <array>

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

}  // namespace boardsearch::app
