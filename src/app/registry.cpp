// Lookups over the puzzle list. The list itself, all_puzzles(), is generated
// by CMake from BOARDSEARCH_PUZZLES (modules.cpp.in), the one place that
// names the puzzles.

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::app {

const Puzzle* find_puzzle(std::string_view name) {
  for (const Puzzle* puzzle : all_puzzles())
    if (puzzle->name == name) return puzzle;
  return nullptr;
}

std::string puzzle_names() {
  std::string names;
  for (const Puzzle* puzzle : all_puzzles()) names += fmt::format("{}{}", names.empty() ? "" : ", ", puzzle->name);
  return names;
}

std::string foreign_option_message(const Puzzle& puzzle, std::string_view name, std::string_view prefix) {
  std::vector<std::string_view> takers;
  for (const Puzzle* other : all_puzzles())
    if (other != &puzzle && find_option(other->options, name) != nullptr) takers.push_back(other->name);
  std::string message = fmt::format("{} does not take {}{}", puzzle.name, prefix, name);
  if (!takers.empty()) {
    std::string who;
    for (std::size_t i = 0; i < takers.size(); ++i)
      who += fmt::format("{}{}", i == 0 ? "" : i + 1 == takers.size() ? " and " : ", ", takers[i]);
    message += fmt::format(" ({} {} it)", who, takers.size() == 1 ? "takes" : "take");
  }
  if (puzzle.options.empty()) return message + fmt::format("; {} takes no puzzle options", puzzle.name);
  std::string own;
  for (const OptionSpec& spec : puzzle.options)
    own += fmt::format("{}{}{}", own.empty() ? "" : ", ", prefix, spec.name);
  return message + fmt::format("; {} takes {}", puzzle.name, own);
}

}  // namespace boardsearch::app
