#pragma once
// The task farm: a job that is a list of independent tasks, run on threads
// (one process) or on MPI ranks (several processes, several machines), its
// finished tasks kept in a checkpoint file so a stopped run resumes where
// it stopped. It names no puzzle: a job is its tasks' count and one
// function from a task's index to its result (a line of text: a count, a
// small blob), which every thread and rank computes the same way.
//
//   Job {problem, split, tasks, run_task}     the caller's; pure functions
//        |
//   run(job, settings)                        threads, or MPI under mpirun
//        |   rank 0: hands out the task indices one at a time (a rank that
//        |   finishes early takes the next), records each result, appends
//        |   it to the checkpoint, prints the progress
//        v
//   Outcome {results per task, complete}      on the output rank (rank 0)
//
// The checkpoint (checkpoint.hpp) starts with a header naming the problem,
// the split and the format version; a run resumes only from a checkpoint
// with the same header and refuses any other (CheckpointError).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace boardsearch::farm {

// A job. `problem` and `split` go into the checkpoint's header (one line
// each, printable, no newline): a checkpoint resumes only the job with the
// same ones. run_task(i) for 0 <= i < tasks returns task i's result, a
// printable line without newline; it is called from any thread or rank, so
// it must depend on i alone.
struct Job {
  std::string problem;
  std::string split;
  std::size_t tasks = 0;
  std::function<std::string(std::size_t)> run_task;
};

struct Settings {
  std::string checkpoint;      // the checkpoint file; empty: none
  std::size_t threads = 1;     // the threads backend's threads (MPI: one per rank)
  std::size_t stop_after = 0;  // tests: stop once this many tasks finished in this run (0: never)
  bool progress = false;       // progress lines on stderr (tasks done, rate, time left), from one rank
};

struct Outcome {
  // Per task: its result, when it finished (in this run or in the
  // checkpoint). Filled on the output rank only.
  std::vector<std::optional<std::string>> results;
  bool complete = false;    // every task finished (output rank)
  bool output_rank = true;  // false on MPI ranks other than 0: print nothing
  std::size_t resumed = 0;  // tasks read from the checkpoint
  std::size_t ran = 0;      // tasks finished in this run
  std::size_t workers = 1;  // threads, or MPI ranks
  bool mpi = false;         // which backend ran
};

// A checkpoint that is not this job's (another problem or split, another
// format version) or is corrupted; the message names the file and what is
// wrong, on one line. Every rank throws it.
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs `job`: on MPI when a Session is active (the process was started by
// mpirun), on `settings.threads` threads otherwise. Throws CheckpointError
// as above, std::runtime_error when the checkpoint cannot be written, and
// what run_task throws.
Outcome run(const Job& job, const Settings& settings);

// MPI for the process's lifetime: MPI_Init when the process was started by
// mpirun (Open MPI's environment says so), nothing otherwise, so the same
// binary runs the farm on threads without mpirun and a plain solve never
// pays for MPI. Construct once, at the top of main.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

// Whether a Session started MPI; this process's rank and the ranks (0 and
// 1 without MPI); whether this process prints (rank 0).
bool mpi_active();
int rank();
int ranks();
inline bool output_rank() { return rank() == 0; }

// Whether this build has MPI at all.
bool mpi_built();

// Counts as results: a 128-bit unsigned count in decimal, and back.
__extension__ typedef unsigned __int128 Count;  // __extension__: GCC's 128-bit type under -Wpedantic
std::string count_text(Count count);
// Throws std::invalid_argument for text that is not a decimal count below 2^128.
Count read_count(std::string_view text);

}  // namespace boardsearch::farm
