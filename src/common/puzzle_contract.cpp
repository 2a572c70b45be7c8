// The puzzle-independent parts of the module contract (puzzle.hpp): limit
// messages and how a program's output is compared with an answer.

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::app {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

}  // namespace

WordedError::WordedError(const Message& message)
    : std::runtime_error(app::text(Lang::en, message)), message_(std::make_shared<const Message>(message)) {}

WordedError::WordedError(const std::string& english)
    : std::runtime_error(english), message_(std::make_shared<const Message>(verbatim(english))) {}

std::string WordedError::text(Lang lang) const { return app::text(lang, *message_); }

Message outcome_message(core::Outcome outcome) {
  switch (outcome) {
    case core::Outcome::proven:
      return msg("limit.outcome.proven");
    case core::Outcome::node_limit:
      return msg("limit.outcome.node_limit");
    case core::Outcome::time_limit:
      return msg("limit.outcome.time_limit");
    case core::Outcome::cancelled:
      return msg("limit.outcome.cancelled");
    case core::Outcome::depth_limit:
      return msg("limit.outcome.depth_limit");
    case core::Outcome::memory_limit:
      return msg("limit.outcome.memory_limit");
  }
  return msg("limit.outcome.unknown");
}

Message limit_message(core::Outcome outcome, const core::SearchStats& stats) {
  return msg("limit.stopped", {{"outcome", outcome_message(outcome)},
                               {"nodes", stats.nodes},
                               {"ms", fmt::format("{:.0f}", stats.milliseconds())}});
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
