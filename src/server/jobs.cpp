// Background solves with progress and cancellation (see jobs.hpp).

#include "server/jobs.hpp"

#include <fmt/format.h>

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <utility>

namespace boardsearch::server {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// Random bytes in a job id: 128 bits, so that no page can guess another
// page's job (a guess succeeds with odds of about 2^-128 per try).
constexpr int kJobIdBytes = 16;

// 32 hex digits from the system's random source.
std::string new_job_id() {
  std::random_device source;
  std::string id;
  for (int i = 0; i < kJobIdBytes; i += 4) id += fmt::format("{:08x}", static_cast<std::uint32_t>(source()));
  return id;
}

struct Job {
  std::string id;
  std::atomic<bool> cancel{false};
  Clock::time_point started = Clock::now();
  std::mutex mutex;  // guards what follows
  bool done = false;
  Clock::time_point finished;
  core::Progress progress;
  ApiResponse result;
};

json job_reply(const std::string& id, std::string_view state) { return {{"job", id}, {"state", state}}; }

}  // namespace

struct JobRegistry::Impl {
  std::size_t max_running;
  Executor executor;
  std::mutex mutex;  // guards what follows
  std::map<std::string, std::shared_ptr<Job>, std::less<>> jobs;
  bool closed = false;

  // Drops finished jobs past their lifetime, then the oldest finished ones
  // beyond kMaxFinishedJobs. Returns the number still running. Caller holds
  // `mutex`.
  std::size_t expire(Clock::time_point now) {
    std::size_t running = 0;
    std::multimap<Clock::time_point, std::string> finished;
    for (auto it = jobs.begin(); it != jobs.end();) {
      Job& job = *it->second;
      const std::lock_guard lock(job.mutex);
      if (job.done && now - job.finished > kFinishedJobLifetime) {
        it = jobs.erase(it);
        continue;
      }
      if (job.done)
        finished.emplace(job.finished, it->first);
      else
        ++running;
      ++it;
    }
    for (auto it = finished.begin(); finished.size() > kMaxFinishedJobs; it = finished.erase(it))
      jobs.erase(it->second);
    return running;
  }

  std::shared_ptr<Job> find(std::string_view id) {
    const std::lock_guard lock(mutex);
    expire(Clock::now());
    const auto it = jobs.find(id);
    return it == jobs.end() ? nullptr : it->second;
  }
};

JobRegistry::JobRegistry(std::size_t max_running, Executor executor) : impl_(std::make_shared<Impl>()) {
  impl_->max_running = max_running == 0 ? 1 : max_running;
  impl_->executor = std::move(executor);
}

JobRegistry::~JobRegistry() { cancel_all(); }

ApiResponse JobRegistry::start(std::string_view body, const Budget& budget, app::Lang lang) {
  auto job = std::make_shared<Job>();
  PreparedSolve prepared;
  // Step 1. The checks /api/solve makes before searching: a bad request is
  // a 400 now, not a job.
  if (std::optional<ApiResponse> refused = prepare_solve(body, budget, &job->cancel, lang, prepared))
    return std::move(*refused);
  // Step 2. Room for it: at most max_running unfinished jobs.
  {
    const std::lock_guard lock(impl_->mutex);
    lang = prepared.lang;
    if (impl_->closed) return error_response(kStatusUnavailable, app::msg("server.stopping"), lang);
    if (impl_->expire(Clock::now()) >= impl_->max_running)
      return error_response(kStatusUnavailable, app::msg("server.jobs_full", {{"count", impl_->max_running}}), lang);
    do job->id = new_job_id();
    while (impl_->jobs.contains(job->id));
    impl_->jobs.emplace(job->id, job);
  }
  // Step 3. Progress goes to the job (the search calls this on its own
  // thread, about every progress_interval); the job holds the result when
  // the search ends.
  prepared.limits.on_progress = [weak = std::weak_ptr<Job>(job)](const core::Progress& progress) {
    if (const auto held = weak.lock()) {
      const std::lock_guard lock(held->mutex);
      held->progress = progress;
    }
  };
  auto task = [job, prepared = std::move(prepared)]() {
    ApiResponse result = run_prepared_solve(prepared);
    const std::lock_guard lock(job->mutex);
    job->result = std::move(result);
    job->done = true;
    job->finished = Clock::now();
  };
  // Step 4. Hand it to the executor; a full one refuses it.
  if (!impl_->executor || !impl_->executor(std::move(task))) {
    const std::lock_guard lock(impl_->mutex);
    impl_->jobs.erase(job->id);
    return error_response(kStatusUnavailable, app::msg("server.workers_busy"), lang);
  }
  return {kStatusAccepted, job_reply(job->id, "running")};
}

ApiResponse JobRegistry::poll(std::string_view id, app::Lang lang) {
  const std::shared_ptr<Job> job = impl_->find(id);
  if (!job) return error_response(kStatusNotFound, app::msg("server.no_job"), lang);
  const std::lock_guard lock(job->mutex);
  json reply = job_reply(job->id, job->done ? "done" : "running");
  if (job->done) {
    reply["status"] = job->result.status;
    reply["result"] = job->result.body;
  } else {
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - job->started);
    reply["progress"] = {{"nodes", job->progress.nodes},
                         {"elapsed_ms", static_cast<std::uint64_t>(elapsed.count())},
                         {"known", job->progress.known}};
  }
  return {kStatusOk, std::move(reply)};
}

ApiResponse JobRegistry::cancel(std::string_view id, app::Lang lang) {
  const std::shared_ptr<Job> job = impl_->find(id);
  if (!job) return error_response(kStatusNotFound, app::msg("server.no_job"), lang);
  job->cancel.store(true);
  const std::lock_guard lock(job->mutex);
  return {kStatusOk, job_reply(job->id, job->done ? "done" : "cancelling")};
}

void JobRegistry::cancel_all() {
  const std::lock_guard lock(impl_->mutex);
  impl_->closed = true;
  for (auto& [id, job] : impl_->jobs) job->cancel.store(true);
}

}  // namespace boardsearch::server
