#include "recorder.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace boardsearch::farm {

namespace {
// A progress line at most this often (a run shorter than this prints none).
constexpr double kProgressSeconds = 5.0;
}  // namespace

Recorder::Recorder(const Job& job, const Settings& settings, Outcome& outcome)
    : job_(job),
      settings_(settings),
      outcome_(outcome),
      start_(std::chrono::steady_clock::now()),
      last_report_(start_) {
  if (settings.checkpoint.empty()) {
    outcome.results.assign(job.tasks, std::nullopt);
    return;
  }
  checkpoint_ = std::make_unique<Checkpoint>(settings.checkpoint, job, outcome.results);
  outcome.resumed = checkpoint_->resumed();
}

std::vector<std::size_t> Recorder::pending() const {
  std::vector<std::size_t> left;
  for (std::size_t i = 0; i < outcome_.results.size(); ++i)
    if (!outcome_.results[i]) left.push_back(i);
  return left;
}

void Recorder::record(std::size_t index, std::string result) {
  if (stopping() || outcome_.results[index]) return;
  if (checkpoint_) checkpoint_->append(index, result);
  outcome_.results[index] = std::move(result);
  ++outcome_.ran;
}

void Recorder::report_progress(bool at_end) {
  if (!settings_.progress) return;
  const auto now = std::chrono::steady_clock::now();
  if (at_end ? !reported_ : std::chrono::duration<double>(now - last_report_).count() < kProgressSeconds) return;
  last_report_ = now;
  reported_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const std::size_t done = outcome_.resumed + outcome_.ran;
  const double rate = seconds > 0 ? static_cast<double>(outcome_.ran) / seconds : 0;
  const std::string left = rate > 0 ? fmt::format("about {:.0f} s left", static_cast<double>(job_.tasks - done) / rate)
                                    : std::string("time left not known yet");
  std::fprintf(stderr, "farm: %zu of %zu tasks (%zu from the checkpoint), %.1f tasks/s, %s\n", done, job_.tasks,
               outcome_.resumed, rate, at_end ? "done" : left.c_str());
  std::fflush(stderr);
}

void Recorder::finish() {
  outcome_.complete = true;
  for (const auto& result : outcome_.results) outcome_.complete = outcome_.complete && result.has_value();
  report_progress(true);
}

}  // namespace boardsearch::farm
