#pragma once
// The checkpoint file of a farm job: a header, then one finished task per
// line, appended as tasks finish. Written by one process (the threads
// backend's, or MPI's rank 0).
//
//   boardsearch farm checkpoint          the magic line
//   format 1                             the format version
//   problem <Job::problem>
//   split <Job::split>
//   tasks <Job::tasks>
//   <index> <result> <checksum>          one per finished task, any order
//   ...
//
// <checksum> is the FNV-1a 32-bit hash of "<index> <result>" in 8 hex
// digits: a line changed on disk is found, not mixed in. A last line
// without its newline is a write cut short by a kill: it is dropped (the
// file is cut back to the last whole line) and its task runs again. Any
// other damage (a bad checksum, an index out of range, one task with two
// different results, a header that is not this job's) is refused.

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "boardsearch/farm/farm.hpp"

namespace boardsearch::farm {

inline constexpr int kCheckpointFormat = 1;

class Checkpoint {
 public:
  // Opens `path` for `job`: a missing or empty file gets the header; an
  // existing one is checked (CheckpointError if foreign or corrupted) and
  // its finished tasks are put into `results` (sized job.tasks).
  Checkpoint(const std::string& path, const Job& job, std::vector<std::optional<std::string>>& results);
  ~Checkpoint();
  Checkpoint(const Checkpoint&) = delete;
  Checkpoint& operator=(const Checkpoint&) = delete;

  // Appends one finished task; the line reaches the kernel at once (a killed
  // process loses nothing written), the disk at least every kSyncSeconds.
  void append(std::size_t index, const std::string& result);
  std::size_t resumed() const { return resumed_; }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::size_t resumed_ = 0;
  std::chrono::steady_clock::time_point last_sync_;
};

// The FNV-1a 32-bit hash of `text`, as 8 hex digits.
std::string checksum(std::string_view text);

}  // namespace boardsearch::farm
