// The MPI backend and Session. Rank 0 coordinates: it hands the task
// indices out one at a time (two to start with, so a worker always holds
// its next task while it reports the last), records every result (the
// checkpoint, the progress lines) and runs tasks itself on a second thread;
// ranks 1.. run the tasks they are given and send each result back. Only
// rank 0's main thread calls MPI (MPI_THREAD_FUNNELED).
//
//   rank r > 0                          rank 0 (main thread)
//   "" (hello)          -- result -->   sends 2 indices
//   index               <-- task  --
//   "<index> <result>"  -- result -->   records; sends the next index, or
//   (nothing)           <-- done  --    done once r holds none and none is left

#include <fmt/format.h>
#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

#include "boardsearch/farm/farm.hpp"
#include "mpi_backend.hpp"
#include "recorder.hpp"

namespace boardsearch::farm {

namespace {

bool g_active = false;
int g_rank = 0;
int g_ranks = 1;

constexpr int kTagResult = 1;  // rank r -> 0: "" (hello) or "<index> <result>"
constexpr int kTagTask = 2;    // 0 -> r: one std::uint64_t index
constexpr int kTagDone = 3;    // 0 -> r: no more tasks for r
// The tasks a worker is given at first: it then always holds its next task
// while its last result travels to rank 0.
constexpr int kTasksAhead = 2;
// Waiting without a message: sleep this long between polls (MPI's blocking
// calls spin, which takes the core from a rank that computes when ranks
// outnumber cores).
constexpr auto kPollPause = std::chrono::microseconds(200);

// Whether the process was started by mpirun (or another MPI launcher).
bool started_by_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

// Rank 0's checkpoint verdict, sent to every rank: "" when it opened, else
// the message every rank throws.
void share_verdict(std::string& message) {
  int length = static_cast<int>(message.size());
  MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
  message.resize(static_cast<std::size_t>(length));
  if (length > 0) MPI_Bcast(message.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (length > 0) throw CheckpointError(message);
}

// Ranks 1..: run what rank 0 hands out until it says done.
void work(const Job& job) {
  MPI_Send(nullptr, 0, MPI_CHAR, 0, kTagResult, MPI_COMM_WORLD);
  std::deque<std::uint64_t> queue;
  bool done = false;
  for (;;) {
    // Step 1. Take what arrived; wait only when no task is in hand.
    for (;;) {
      int arrived = 0;
      MPI_Status status;
      MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
      if (arrived == 0) {
        if (!queue.empty() || done) break;
        std::this_thread::sleep_for(kPollPause);
        continue;
      }
      if (status.MPI_TAG == kTagTask) {
        std::uint64_t index = 0;
        MPI_Recv(&index, 1, MPI_UINT64_T, 0, kTagTask, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        queue.push_back(index);
      } else {
        MPI_Recv(nullptr, 0, MPI_CHAR, 0, kTagDone, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        done = true;
      }
    }
    if (queue.empty()) return;
    // Step 2. Run the next task and send its result.
    const std::uint64_t index = queue.front();
    queue.pop_front();
    const std::string message = fmt::format("{} {}", index, job.run_task(index));
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, 0, kTagResult, MPI_COMM_WORLD);
  }
}

// Rank 0: hands out, records, and runs tasks on a second thread.
class Coordinator {
 public:
  Coordinator(const Job& job, Recorder& recorder)
      : job_(job), recorder_(recorder), outstanding_(static_cast<std::size_t>(g_ranks), 0) {
    const std::vector<std::size_t> left = recorder.pending();
    pending_.assign(left.begin(), left.end());
    stop_ = recorder.stopping();
  }

  void run() {
    std::thread local([this] { run_locally(); });
    int workers_left = g_ranks - 1;
    while (workers_left > 0 || !local_finished_.load()) {
      bool busy = false;
      // Step 1. A worker's result (or hello): record it, hand out more.
      int arrived = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, kTagResult, MPI_COMM_WORLD, &arrived, &status);
      if (arrived != 0) {
        busy = true;
        if (serve(status)) --workers_left;
      }
      // Step 2. Rank 0's own results.
      busy = record_local_results() || busy;
      recorder_.report_progress();
      if (!busy) std::this_thread::sleep_for(kPollPause);
    }
    // Step 3. What the second thread finished after the last look.
    local.join();
    record_local_results();
  }

 private:
  // Records the second thread's results so far; whether there were any.
  bool record_local_results() {
    std::vector<std::pair<std::size_t, std::string>> local_results;
    {
      std::lock_guard guard(lock_);
      local_results.swap(local_results_);
    }
    for (auto& [index, result] : local_results) recorder_.record(index, std::move(result));
    if (recorder_.stopping()) stop_ = true;
    return !local_results.empty();
  }

  // The next pending task, if any and not stopping.
  std::optional<std::size_t> take() {
    std::lock_guard guard(lock_);
    if (stop_.load() || pending_.empty()) return std::nullopt;
    const std::size_t index = pending_.front();
    pending_.pop_front();
    return index;
  }

  // One message from a worker; true when that worker was told it is done.
  bool serve(const MPI_Status& status) {
    const int source = status.MPI_SOURCE;
    int length = 0;
    MPI_Get_count(&status, MPI_CHAR, &length);
    std::string message(static_cast<std::size_t>(length), '\0');
    MPI_Recv(message.data(), length, MPI_CHAR, source, kTagResult, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int& held = outstanding_[static_cast<std::size_t>(source)];
    int to_send = kTasksAhead;
    if (!message.empty()) {
      const std::size_t space = message.find(' ');
      recorder_.record(std::stoull(message.substr(0, space)), message.substr(space + 1));
      --held;
      to_send = 1;
      if (recorder_.stopping()) stop_ = true;
    }
    for (; to_send > 0; --to_send) {
      const std::optional<std::size_t> index = take();
      if (!index) break;
      const std::uint64_t sent = *index;
      MPI_Send(&sent, 1, MPI_UINT64_T, source, kTagTask, MPI_COMM_WORLD);
      ++held;
    }
    if (held > 0) return false;
    MPI_Send(nullptr, 0, MPI_CHAR, source, kTagDone, MPI_COMM_WORLD);
    return true;
  }

  // Rank 0's second thread: runs tasks like a worker, without MPI.
  void run_locally() {
    while (const std::optional<std::size_t> index = take()) {
      std::string result = job_.run_task(*index);
      std::lock_guard guard(lock_);
      local_results_.emplace_back(*index, std::move(result));
    }
    local_finished_ = true;
  }

  const Job& job_;
  Recorder& recorder_;
  std::vector<int> outstanding_;  // per rank: tasks it holds
  std::mutex lock_;               // pending_, local_results_
  std::deque<std::size_t> pending_;
  std::vector<std::pair<std::size_t, std::string>> local_results_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> local_finished_{false};
};

}  // namespace

Session::Session(int& argc, char**& argv) {
  if (!started_by_launcher()) return;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  g_active = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_ranks);
}

Session::~Session() {
  if (g_active) MPI_Finalize();
  g_active = false;
}

bool mpi_active() { return g_active; }
int rank() { return g_rank; }
int ranks() { return g_ranks; }
bool mpi_built() { return true; }

Outcome run_on_mpi(const Job& job, const Settings& settings) {
  Outcome outcome;
  outcome.mpi = true;
  outcome.workers = static_cast<std::size_t>(g_ranks);
  if (g_rank != 0) {
    outcome.output_rank = false;
    std::string verdict;
    share_verdict(verdict);
    work(job);
    return outcome;
  }
  std::unique_ptr<Recorder> recorder;
  std::string verdict;
  try {
    recorder = std::make_unique<Recorder>(job, settings, outcome);
  } catch (const std::exception& error) {
    verdict = error.what();
    if (verdict.empty()) verdict = "checkpoint: cannot open it";
  }
  share_verdict(verdict);
  Coordinator coordinator(job, *recorder);
  coordinator.run();
  recorder->finish();
  return outcome;
}

}  // namespace boardsearch::farm
