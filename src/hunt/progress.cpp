// The hunter's status on stderr (ProgressReporter, engine.hpp).

#include <fmt/format.h>

#include "hunt/engine.hpp"

namespace boardsearch::hunt {

namespace {

constexpr std::chrono::seconds kQuietProgressInterval{1};

}  // namespace

ProgressReporter::ProgressReporter(ProgressSink sink, std::string puzzle) : sink_(sink), puzzle_(std::move(puzzle)) {}

void ProgressReporter::case_done(std::uint64_t passed, std::uint64_t skipped, const std::string& latest) {
  if (sink_.stream == nullptr) return;
  const auto now = std::chrono::steady_clock::now();
  if (!sink_.live && now - last_ < kQuietProgressInterval) return;
  last_ = now;
  const std::string status = fmt::format("hunt {}: {} passed{}; latest {}", puzzle_, passed,
                                         skipped == 0 ? "" : fmt::format(", {} skipped", skipped), latest);
  if (sink_.live) {
    *sink_.stream << "\r\033[K" << status << std::flush;
    line_open_ = true;
  } else {
    *sink_.stream << status << '\n' << std::flush;
  }
}

void ProgressReporter::note(const std::string& line) {
  if (sink_.stream == nullptr) return;
  finish();
  *sink_.stream << "hunt " << puzzle_ << ": " << line << '\n' << std::flush;
}

void ProgressReporter::finish() {
  if (sink_.stream == nullptr || !line_open_) return;
  *sink_.stream << "\r\033[K" << std::flush;
  line_open_ = false;
}

}  // namespace boardsearch::hunt
