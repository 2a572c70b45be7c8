// Process handling for the hunter. The order of operations matters and is
// spelled out step by step in run_program.

#include "hunt/runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>

#include <fmt/format.h>

namespace boardsearch::hunt {

namespace {

using Clock = std::chrono::steady_clock;

// After the program itself exited, how long we keep reading pipes that a
// leftover child of it may still hold open before killing the group.
constexpr std::chrono::milliseconds kDrainGrace{100};
// Longest single wait in the poll loop when the kernel cannot tell us about
// the program's exit through a pidfd: we look for it this often (a program
// may close its pipes long before it ends).
constexpr int kPollSliceMs = 2;
// With a pidfd, poll wakes up at the exit itself; the slice only bounds how
// late we notice the deadline.
constexpr int kPidfdPollSliceMs = 50;
constexpr std::size_t kReadChunk = 1 << 16;

// A file descriptor closed on destruction.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    if (this != &other) {
      reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

// A pipe whose two ends are close-on-exec (the child dup2s the end it needs
// onto 0/1/2, which clears the flag on the copy only).
struct Pipe {
  Fd read_end;
  Fd write_end;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw StartError(fmt::format("pipe: {}", std::strerror(errno)));
  Pipe pipe;
  pipe.read_end = Fd(fds[0]);
  pipe.write_end = Fd(fds[1]);
  return pipe;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// In the child, between fork and exec: only async-signal-safe calls. Reports
// a failed exec by writing errno to `status_fd` (close-on-exec, so a
// successful exec closes it and the parent reads end of file).
[[noreturn]] void exec_child(char* const* argv, int stdin_fd, int stdout_fd, int stderr_fd, int status_fd,
                             std::uint64_t memory_bytes) {
  ::setpgid(0, 0);
  ::dup2(stdin_fd, STDIN_FILENO);
  ::dup2(stdout_fd, STDOUT_FILENO);
  ::dup2(stderr_fd, STDERR_FILENO);
  // Ignored signals stay ignored across exec: give the program the defaults.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  ::sigaction(SIGPIPE, &default_action, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  const rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  if (memory_bytes != 0) {
    const rlimit address_space{memory_bytes, memory_bytes};
    ::setrlimit(RLIMIT_AS, &address_space);
  }
  ::execvp(argv[0], argv);
  const int error = errno;
  [[maybe_unused]] ssize_t ignored = ::write(status_fd, &error, sizeof error);
  ::_exit(127);
}

// Appends what is readable on `fd` to `sink` (up to `cap` bytes kept).
// Returns false at end of file.
bool drain(int fd, std::string& sink, bool& truncated, std::size_t cap) {
  std::array<char, kReadChunk> buffer;
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got > 0) {
      const std::size_t room = cap > sink.size() ? cap - sink.size() : 0;
      const std::size_t keep = std::min(room, static_cast<std::size_t>(got));
      sink.append(buffer.data(), keep);
      if (keep < static_cast<std::size_t>(got)) truncated = true;
      continue;
    }
    if (got == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;  // nothing more for now
  }
}

// True once `pid` has ended; leaves it a zombie (WNOWAIT) so that its pid,
// which is also its process group id, cannot be reused before we kill the
// group.
bool has_ended(pid_t pid) {
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno == ECHILD;
  return info.si_pid == pid;
}

// A descriptor that polls readable when `pid` exits (Linux 5.3+), or an
// empty Fd where pidfds are not available (then the loop polls in slices).
Fd open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  const long fd = ::syscall(SYS_pidfd_open, pid, 0);
  if (fd >= 0) {
    ::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);
    return Fd(static_cast<int>(fd));
  }
#else
  (void)pid;
#endif
  return Fd();
}

void ignore_sigpipe_once() {
  static const bool done = [] {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, nullptr);
    return true;
  }();
  (void)done;
}

}  // namespace

RunResult run_program(const std::vector<std::string>& command, std::string_view input, const RunLimits& limits) {
  ignore_sigpipe_once();

  // Step 1. Everything the child needs is prepared before fork: after it the
  // child may not allocate (another thread may hold the allocator's lock).
  std::vector<char*> argv;
  argv.reserve(command.size() + 1);
  for (const std::string& word : command) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  Pipe to_stdin = make_pipe();
  Pipe from_stdout = make_pipe();
  Pipe from_stderr = make_pipe();
  Pipe exec_status = make_pipe();

  // Step 2. Fork; the child becomes the leader of a new process group (set on
  // both sides of the fork so there is no window where it is not).
  const auto start = Clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) throw StartError(fmt::format("fork: {}", std::strerror(errno)));
  if (pid == 0)
    exec_child(argv.data(), to_stdin.read_end.get(), from_stdout.write_end.get(), from_stderr.write_end.get(),
               exec_status.write_end.get(), limits.memory_bytes);
  ::setpgid(pid, pid);
  to_stdin.read_end.reset();
  from_stdout.write_end.reset();
  from_stderr.write_end.reset();
  exec_status.write_end.reset();

  // Step 3. Did exec work? The status pipe closes on a successful exec.
  int exec_error = 0;
  ssize_t got;
  do {
    got = ::read(exec_status.read_end.get(), &exec_error, sizeof exec_error);
  } while (got < 0 && errno == EINTR);
  if (got == static_cast<ssize_t>(sizeof exec_error)) {
    int ignored_status;
    ::waitpid(pid, &ignored_status, 0);
    throw StartError(fmt::format("cannot run '{}': {}", command.front(), std::strerror(exec_error)));
  }

  // Step 4. Feed stdin and collect stdout/stderr with poll, all non-blocking,
  // so neither side can deadlock on a full pipe. Stop at the deadline, or
  // once the program ended and its pipes are drained.
  const Fd exit_watch = open_pidfd(pid);
  const int slice_ms = exit_watch.get() >= 0 ? kPidfdPollSliceMs : kPollSliceMs;
  set_nonblocking(to_stdin.write_end.get());
  set_nonblocking(from_stdout.read_end.get());
  set_nonblocking(from_stderr.read_end.get());
  RunResult result;
  std::size_t written = 0;
  if (input.empty()) to_stdin.write_end.reset();
  const auto deadline = start + limits.timeout;
  std::optional<Clock::time_point> ended_at;
  bool timed_out = false;
  for (;;) {
    const auto now = Clock::now();
    if (!ended_at && has_ended(pid)) ended_at = now;
    const bool pipes_open = from_stdout.read_end.get() >= 0 || from_stderr.read_end.get() >= 0;
    if (ended_at && (!pipes_open || now - *ended_at >= kDrainGrace)) break;
    if (!ended_at && now >= deadline) {
      timed_out = true;
      break;
    }

    std::array<pollfd, 4> watched{};
    watched[0] = {to_stdin.write_end.get(), POLLOUT, 0};
    watched[1] = {from_stdout.read_end.get(), POLLIN, 0};
    watched[2] = {from_stderr.read_end.get(), POLLIN, 0};  // poll skips negative fds
    watched[3] = {ended_at ? -1 : exit_watch.get(), POLLIN, 0};
    // After the exit only the drain grace is left to wait for.
    const auto until = ended_at ? *ended_at + kDrainGrace : deadline;
    const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count() + 1;
    const int wait_ms = static_cast<int>(std::clamp<long long>(remaining, 0, slice_ms));
    if (::poll(watched.data(), watched.size(), wait_ms) < 0 && errno != EINTR)
      throw StartError(fmt::format("poll: {}", std::strerror(errno)));

    if (watched[0].revents != 0) {
      const ssize_t put = ::write(to_stdin.write_end.get(), input.data() + written, input.size() - written);
      if (put > 0) written += static_cast<std::size_t>(put);
      // Done, or the program closed its stdin (EPIPE): either way stop feeding.
      if (written == input.size() || (put < 0 && errno != EAGAIN && errno != EINTR)) to_stdin.write_end.reset();
    }
    if (watched[1].revents != 0 &&
        !drain(from_stdout.read_end.get(), result.out, result.out_truncated, limits.output_cap))
      from_stdout.read_end.reset();
    if (watched[2].revents != 0 &&
        !drain(from_stderr.read_end.get(), result.err, result.err_truncated, limits.output_cap))
      from_stderr.read_end.reset();
  }

  // Step 5. Kill whatever is left of the group (the program on timeout, any
  // children it left behind otherwise), then reap the program.
  ::kill(-pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  if (timed_out) {
    result.ending = Ending::timed_out;
  } else if (WIFSIGNALED(status)) {
    result.ending = Ending::signaled;
    result.signal = WTERMSIG(status);
  } else {
    result.ending = Ending::exited;
    result.exit_code = WEXITSTATUS(status);
  }
  return result;
}

std::string describe_signal(int signal) {
  const char* name = sigabbrev_np(signal);
  const char* text = sigdescr_np(signal);
  if (name == nullptr) return fmt::format("signal {}", signal);
  return fmt::format("SIG{} ({})", name, text != nullptr ? text : "unknown");
}

}  // namespace boardsearch::hunt
