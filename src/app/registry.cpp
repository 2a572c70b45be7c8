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

Message and_list(std::span<const std::string_view> names) {
  if (names.size() <= 1) return verbatim(names.empty() ? std::string_view() : names.front());
  std::string head;
  for (std::size_t i = 0; i + 1 < names.size(); ++i) head += fmt::format("{}{}", i == 0 ? "" : ", ", names[i]);
  return msg("common.and_list", {{"head", head}, {"last", names.back()}});
}

Message foreign_option_message_of(const Puzzle& puzzle, std::string_view name, std::string_view prefix) {
  std::vector<std::string_view> takers;
  for (const Puzzle* other : all_puzzles())
    if (other != &puzzle && find_option(other->options, name) != nullptr) takers.push_back(other->name);
  const std::string option = fmt::format("{}{}", prefix, name);
  Message refused = msg("option.foreign", {{"puzzle", puzzle.name}, {"option", option}});
  if (!takers.empty())
    refused = msg(takers.size() == 1 ? "option.foreign_taker_one" : "option.foreign_taker_many",
                  {{"puzzle", puzzle.name}, {"option", option}, {"takers", and_list(takers)}});
  if (puzzle.options.empty())
    return msg("common.joined",
               {{"first", refused}, {"second", msg("option.puzzle_takes_none", {{"puzzle", puzzle.name}})}});
  std::string own;
  for (const OptionSpec& spec : puzzle.options)
    own += fmt::format("{}{}{}", own.empty() ? "" : ", ", prefix, spec.name);
  return msg("common.joined",
             {{"first", refused}, {"second", msg("option.puzzle_takes", {{"puzzle", puzzle.name}, {"options", own}})}});
}

std::string foreign_option_message(const Puzzle& puzzle, std::string_view name, std::string_view prefix) {
  return text(Lang::en, foreign_option_message_of(puzzle, name, prefix));
}

}  // namespace boardsearch::app
