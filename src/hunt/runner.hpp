#pragma once
// Runs a user's program on one input: spawned (clone + exec) in its own process group,
// the input written to its stdin, stdout and stderr captured (capped), a wall
// clock timeout, a memory cap on the whole process tree (polled) and on each
// process (RLIMIT_AS), the CPU time of the whole tree; whatever the program
// does with sessions and process groups, its whole tree is killed before
// run_program returns (process_tree.hpp says how).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace boardsearch::hunt {

struct RunLimits {
  // Wall-clock time the program (and everything it started) may run.
  std::chrono::milliseconds timeout{2000};
  // The memory of the program's whole process tree (resident, polled every
  // few milliseconds, confirmed by proportional set size) and RLIMIT_AS of
  // each of its processes; 0: neither.
  std::uint64_t memory_bytes = std::uint64_t{1} << 30;
  // The end of the whole hunt or check: a run still going then is cut
  // (Ending::cut), which is no verdict on the program. None: no such end.
  std::optional<std::chrono::steady_clock::time_point> stop_at;
  // Bytes kept of each of stdout and stderr; the rest is read and dropped so
  // a chatty program cannot block on a full pipe or fill our memory.
  std::size_t output_cap = std::size_t{1} << 20;
};

// How a run ended.
enum class Ending {
  exited,           // the program exited by itself; see exit_code
  signaled,         // a signal it did not get from us killed it; see signal
  timed_out,        // we killed its tree at the timeout
  memory_exceeded,  // we killed its tree when it held more than memory_bytes
  cut,              // we killed its tree at stop_at or on an interrupt: no verdict
};

struct RunResult {
  Ending ending = Ending::exited;
  int exit_code = 0;  // valid when ending == exited
  int signal = 0;     // valid when ending == signaled
  std::string out;    // stdout, at most output_cap bytes
  std::string err;    // stderr, at most output_cap bytes
  bool out_truncated = false;
  bool err_truncated = false;
  std::chrono::milliseconds elapsed{0};
  // CPU time (user + system) of the program and of every process of its
  // tree, each reaped by the tree itself or by us.
  std::chrono::microseconds cpu{0};
  std::uint64_t peak_memory_bytes = 0;  // the largest resident sum seen over the tree
};

// Thrown when the program cannot be started at all (not found, not
// executable): a usage problem, not a mismatch.
struct StartError : std::exception {
  explicit StartError(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

// Runs `command` (command[0] searched in PATH like a shell would) with `input`
// on its stdin. Precondition: command is not empty. Never leaves a process
// behind: the program's whole process tree is killed before returning.
// Side effects from the first call on: SIGPIPE is ignored in this process (a
// program that exits without reading its input must not kill the hunter),
// and this process is a child subreaper (become_subreaper). Thread-safe:
// runs may go on in parallel.
RunResult run_program(const std::vector<std::string>& command, std::string_view input, const RunLimits& limits);

// "SIGSEGV (segmentation fault)" style name of a signal, for reports.
std::string describe_signal(int signal);

}  // namespace boardsearch::hunt
