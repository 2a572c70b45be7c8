// The farm's entry (run), its threads backend, and the count helpers. The
// MPI backend and Session are in mpi.cpp (or no_mpi.cpp in a build without
// MPI).

#include "boardsearch/farm/farm.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "boardsearch/core/parallel.hpp"
#include "mpi_backend.hpp"
#include "recorder.hpp"

namespace boardsearch::farm {

namespace {

// The threads backend: the pending tasks taken in index order by up to
// `settings.threads` threads (each takes the next when it is free),
// recorded under one lock.
Outcome run_on_threads(const Job& job, const Settings& settings) {
  Outcome outcome;
  Recorder recorder(job, settings, outcome);
  const std::vector<std::size_t> pending = recorder.pending();
  std::mutex lock;
  std::atomic<bool> stop{recorder.stopping()};
  const std::size_t threads = std::max<std::size_t>(1, std::min(settings.threads, pending.size()));
  outcome.workers = threads;
  core::for_each_task(threads, pending.size(), [&](std::size_t i) {
    if (stop.load(std::memory_order_relaxed)) return;
    std::string result = job.run_task(pending[i]);
    std::lock_guard guard(lock);
    recorder.record(pending[i], std::move(result));
    recorder.report_progress();
    if (recorder.stopping()) stop = true;
  });
  recorder.finish();
  return outcome;
}

}  // namespace

Outcome run(const Job& job, const Settings& settings) {
  if (mpi_active()) return run_on_mpi(job, settings);
  return run_on_threads(job, settings);
}

std::string count_text(Count count) {
  if (count == 0) return "0";
  std::string digits;
  for (; count > 0; count /= 10) digits.push_back(static_cast<char>('0' + static_cast<int>(count % 10)));
  std::reverse(digits.begin(), digits.end());
  return digits;
}

Count read_count(std::string_view text) {
  if (text.empty() || text.size() > 39) throw std::invalid_argument(fmt::format("not a count: '{}'", text));
  Count value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') throw std::invalid_argument(fmt::format("not a count: '{}'", text));
    const Count next = value * 10 + static_cast<Count>(c - '0');
    if (next / 10 != value) throw std::invalid_argument(fmt::format("count beyond 128 bits: '{}'", text));
    value = next;
  }
  return value;
}

}  // namespace boardsearch::farm
