// The puzzle-independent parts of the module contract (puzzle.hpp): limit
// messages and how a program's output is compared with an answer.

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::app {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

}  // namespace

std::string limit_message(core::Outcome outcome, const core::SearchStats& stats) {
  return fmt::format("search stopped before the answer was proven: {} after {} nodes and {:.0f} ms",
                     core::to_string(outcome), stats.nodes, stats.milliseconds());
}

nlohmann::json stats_json(const core::SearchStats& stats) {
  return {{"nodes", stats.nodes}, {"threads", stats.threads}, {"ms", stats.milliseconds()}};
}

std::string normalize_output(std::string_view text) {
  std::string normalized;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    std::string line;
    bool pending_blank = false;
    for (std::size_t k = pos; k < end; ++k) {
      if (is_blank(text[k])) {
        pending_blank = !line.empty();
        continue;
      }
      if (pending_blank) line += ' ';
      pending_blank = false;
      line += text[k];
    }
    if (!line.empty()) normalized += line + '\n';
    pos = end + 1;
  }
  return normalized;
}

bool output_accepted(const Puzzle& puzzle, std::string_view input, const OptionValues& options,
                     std::string_view expected, std::string_view output) {
  if (puzzle.accepts != nullptr) return puzzle.accepts(input, options, expected, output);
  return normalize_output(output) == normalize_output(expected);
}

}  // namespace boardsearch::app
