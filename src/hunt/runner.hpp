#pragma once
// Runs a user's program on one input: spawned (clone + exec) in its own process group,
// the input written to its stdin, stdout and stderr captured (capped), a wall
// clock timeout that kills the whole group, and an address-space cap.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace boardsearch::hunt {

struct RunLimits {
  // Wall-clock time the program (and everything it started) may run.
  std::chrono::milliseconds timeout{2000};
  // RLIMIT_AS for the program; 0 leaves the inherited limit alone.
  std::uint64_t memory_bytes = std::uint64_t{1} << 30;
  // Bytes kept of each of stdout and stderr; the rest is read and dropped so
  // a chatty program cannot block on a full pipe or fill our memory.
  std::size_t output_cap = std::size_t{1} << 20;
};

// How a run ended.
enum class Ending {
  exited,     // the program exited by itself; see exit_code
  signaled,   // a signal it did not get from us killed it; see signal
  timed_out,  // we killed its process group at the timeout
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
// behind: the program's whole process group is killed before returning.
// Side effect: SIGPIPE is ignored in this process from the first call on (a
// program that exits without reading its input must not kill the hunter).
RunResult run_program(const std::vector<std::string>& command, std::string_view input, const RunLimits& limits);

// "SIGSEGV (segmentation fault)" style name of a signal, for reports.
std::string describe_signal(int signal);

}  // namespace boardsearch::hunt
