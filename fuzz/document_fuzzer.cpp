// Fuzz target: the document options (yut's --board JSON today), for every
// puzzle whose schema has one: the text is read as the CLI reads a --board
// file, then a small valid input of the puzzle (its first hunt cases) is
// solved with it under a tiny budget. Seeds: docs/boards/*.json.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace boardsearch;

// A document option of a puzzle, with judge inputs to solve under it.
struct DocumentOption {
  const app::Puzzle* puzzle;
  const app::OptionSpec* spec;
  std::vector<std::string> inputs;
};

// Hunt cases per puzzle to solve under a fuzzed document: the first are the
// smallest and the edge cases.
constexpr std::uint64_t kInputsPerPuzzle = 3;

std::vector<DocumentOption> document_options() {
  std::vector<DocumentOption> all;
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    for (const app::OptionSpec& spec : puzzle->options) {
      if (spec.kind != app::OptionKind::document) continue;
      DocumentOption option{puzzle, &spec, {}};
      if (puzzle->hunt.generate != nullptr) {
        core::SplitMix64 rng(1);
        const app::OptionValues defaults = app::with_defaults(puzzle->options, {});
        for (std::uint64_t index = 0; index < kInputsPerPuzzle; ++index)
          option.inputs.push_back(puzzle->hunt.generate(index, rng, defaults));
      }
      all.push_back(std::move(option));
    }
  }
  if (all.empty()) fuzz::fail("no puzzle has a document option");
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<DocumentOption> options = document_options();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const DocumentOption& option : options) {
    // 1. The value as the CLI reads a file's text (documents take any text;
    //    the puzzle's parser judges it at solve time).
    app::OptionValues values;
    try {
      values.set(std::string(option.spec->name), app::read_option_text(*option.spec, text, "fuzz.json"));
    } catch (const app::InputError& e) {
      fuzz::check_message(e.what(), "read_option_text(document)");
      continue;
    }
    // 2. Solves that read the document: InputError naming the field, or an
    //    answer.
    for (const std::string& input : option.inputs) fuzz::checked_solve(*option.puzzle, input, values, "solve");
  }
  return 0;
}
