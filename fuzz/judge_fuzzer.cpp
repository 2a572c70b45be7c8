// Fuzz target: the judge text of one puzzle (BOARDSEARCH_FUZZ_PUZZLE, one
// executable per name in BOARDSEARCH_PUZZLES), found through the registry:
// no game header. Each input is solved under the options of every judge
// problem the puzzle answers (2048's --moves 5 and 10, marble's four
// judges), with a tiny node budget, and checked by --strict's check.
// Seeds: tests/data/<puzzle>/*.in and docs/examples.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "boardsearch/app/puzzle.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace boardsearch;

const app::Puzzle& fuzzed_puzzle() {
  static const app::Puzzle* puzzle = app::find_puzzle(BOARDSEARCH_FUZZ_PUZZLE);
  if (puzzle == nullptr) fuzz::fail("no such puzzle", BOARDSEARCH_FUZZ_PUZZLE);
  return *puzzle;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const app::Puzzle& puzzle = fuzzed_puzzle();
  static const auto option_sets = fuzz::every_judge_options(puzzle);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  for (const app::OptionValues& options : option_sets) {
    // 1. Solve: only the two documented errors, a well-formed answer.
    fuzz::checked_solve(puzzle, input, options, "solve");
    // 2. --strict's check of the judge's exact limits: InputError (one
    //    line) or nothing, whatever the text.
    if (puzzle.check_strict == nullptr) continue;
    try {
      puzzle.check_strict(input, app::with_defaults(puzzle.options, options));
    } catch (const app::InputError& e) {
      fuzz::check_message(e.what(), "check_strict");
    } catch (const std::exception& e) {
      fuzz::fail("check_strict threw something else than InputError", e.what());
    }
  }
  return 0;
}
