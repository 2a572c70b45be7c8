// Shared wording for the errors of the puzzle contract (puzzle.hpp).

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::app {

std::string limit_message(core::Outcome outcome, const core::SearchStats& stats) {
  return fmt::format("search stopped before the answer was proven: {} after {} nodes and {:.0f} ms",
                     core::to_string(outcome), stats.nodes, stats.milliseconds());
}

}  // namespace boardsearch::app
