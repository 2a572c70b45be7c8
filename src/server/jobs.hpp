#pragma once
// Solves that run in the background so that the page can show their
// progress and cancel them (docs/api.md, "Jobs"):
//
//   POST   /api/jobs        start      202 {"job": id, "state": "running"}
//   GET    /api/jobs/<id>   poll       200 running (with progress) or done (with the /api/solve reply)
//   DELETE /api/jobs/<id>   cancel     200 {"job": id, "state": "cancelling"}
//
// A job is a prepared /api/solve (api.hpp) handed to an executor (the
// server's solve workers); its on_progress keeps the latest core::Progress
// and its cancel flag is the job's own.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string_view>

#include "server/api.hpp"

namespace boardsearch::server {

// How long a finished job's result stays readable, and how many finished
// jobs are kept at most (the oldest go first): a page polls every few
// hundred milliseconds, so a minute is ample, and a bound keeps a script
// that starts jobs and never polls from growing the server without end.
constexpr std::chrono::seconds kFinishedJobLifetime{60};
constexpr std::size_t kMaxFinishedJobs = 64;

class JobRegistry {
 public:
  // Runs `task` somewhere, now or later, exactly once; false when it cannot
  // take another task (the job is then refused with 503).
  using Executor = std::function<bool(std::function<void()> task)>;

  // At most `max_running` jobs run (or wait for a worker) at once.
  JobRegistry(std::size_t max_running, Executor executor);
  ~JobRegistry();  // cancels running jobs; the executor must have run or dropped their tasks by then
  JobRegistry(const JobRegistry&) = delete;
  JobRegistry& operator=(const JobRegistry&) = delete;

  // POST /api/jobs: checks `body` as /api/solve does (400 at once for a bad
  // request), then 202 with the new job's id, or 503 when max_running jobs
  // run already (or after cancel_all).
  // `lang`: as solve_endpoint's (the body's "lang" overrides it).
  ApiResponse start(std::string_view body, const Budget& budget, app::Lang lang);
  // GET /api/jobs/<id>: 200 with the state, or 404 for an unknown or
  // expired id.
  ApiResponse poll(std::string_view id, app::Lang lang);
  // DELETE /api/jobs/<id>: raises the job's cancel flag; 200, or 404.
  ApiResponse cancel(std::string_view id, app::Lang lang);
  // Cancels every running job and refuses new ones (server shutdown).
  void cancel_all();

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;  // shared with the running tasks
};

}  // namespace boardsearch::server
