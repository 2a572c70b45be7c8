#pragma once
// What the process that records a farm's results keeps (the threads
// backend's one process, MPI's rank 0): the results, the checkpoint, the
// test stop after K tasks, and the progress lines. Not thread-safe: the
// threads backend calls it under a lock.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "boardsearch/farm/farm.hpp"
#include "checkpoint.hpp"

namespace boardsearch::farm {

class Recorder {
 public:
  // Opens the checkpoint if `settings` names one (its finished tasks go
  // into outcome.results at once); throws CheckpointError.
  Recorder(const Job& job, const Settings& settings, Outcome& outcome);

  // The tasks not finished yet, in index order.
  std::vector<std::size_t> pending() const;
  // Task `index` finished with `result`: kept, appended to the checkpoint,
  // counted; ignored once stopping() (the test stop keeps exactly K).
  void record(std::size_t index, std::string result);
  // Whether the test stop (Settings::stop_after) was reached.
  bool stopping() const { return settings_.stop_after > 0 && outcome_.ran >= settings_.stop_after; }
  // A progress line on stderr when one is due (every kProgressSeconds),
  // or at the end when any was printed.
  void report_progress(bool at_end = false);
  // Sets outcome.complete.
  void finish();

 private:
  const Job& job_;
  const Settings& settings_;
  Outcome& outcome_;
  std::unique_ptr<Checkpoint> checkpoint_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_report_;
  bool reported_ = false;
};

}  // namespace boardsearch::farm
