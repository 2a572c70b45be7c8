// Process handling for the hunter. The order of operations matters and is
// spelled out step by step in run_program.

#include "hunt/runner.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <utility>

#include "boardsearch/core/limits.hpp"
#include "hunt/process_tree.hpp"

namespace boardsearch::hunt {

namespace {

using Clock = core::Clock;

// After the program itself exited, how long we keep reading pipes that a
// leftover child of it may still hold open before killing the group.
constexpr std::chrono::milliseconds kDrainGrace{100};
// Longest single wait in the poll loop when the kernel cannot tell us about
// the program's exit through a pidfd: we look for it this often (a program
// may close its pipes long before it ends).
constexpr int kPollSliceMs = 2;
// With a pidfd, poll wakes up at the exit itself; the slice bounds how late
// we notice the deadline, and how often the tree's memory is polled.
constexpr int kPidfdPollSliceMs = 10;
// How often the tree's memory is summed (it costs a walk over /proc).
constexpr std::chrono::milliseconds kMemoryPollInterval{10};
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

// Everything the child needs, prepared by the parent: between clone and
// exec the child shares the parent's memory and may not allocate, lock, or
// call anything a sanitizer intercepts.
struct ChildSetup {
  const char* path = nullptr;  // resolved executable
  char* const* argv = nullptr;
  char* const* envp = nullptr;
  int stdin_fd = -1;
  int stdout_fd = -1;
  int stderr_fd = -1;
  std::uint64_t memory_bytes = 0;  // 0: no RLIMIT_AS
  int exec_error = 0;              // written by the child if execve fails
};

// The kernel's struct sigaction (not libc's) for the raw rt_sigaction call.
struct KernelSigaction {
  void (*handler)(int);
  unsigned long flags;
  void (*restorer)();
  std::uint64_t mask;
};
constexpr std::size_t kKernelSigsetBytes = sizeof(std::uint64_t);

// `fd` (close-on-exec) copied onto `target` without the flag; raw calls,
// for the child before exec.
__attribute__((no_sanitize("address", "undefined"))) void move_fd_raw(int fd, int target) {
  if (fd == target) {
    ::syscall(SYS_fcntl, fd, F_SETFD, 0);
    return;
  }
#ifdef SYS_dup2
  ::syscall(SYS_dup2, fd, target);
#else
  ::syscall(SYS_dup3, fd, target, 0);
#endif
}

// The child between clone(CLONE_VM | CLONE_VFORK) and execve, on its own
// stack, raw system calls only (the parent is suspended until the exec, and
// libc or sanitizer wrappers could touch state it shares with the parent).
// Steps: own process group, a child subreaper (kept across exec: the
// orphans of its tree stay in its tree, process_tree.hpp), killed if the
// hunter dies, pipes on 0/1/2, SIGPIPE back to its default (ignored
// dispositions survive exec), no blocked signals, no core dumps, the
// address-space cap, exec.
__attribute__((no_sanitize("address", "undefined"))) int child_main(void* argument) {
  ChildSetup* setup = static_cast<ChildSetup*>(argument);
  ::syscall(SYS_setpgid, 0, 0);
  ::syscall(SYS_prctl, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  ::syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  move_fd_raw(setup->stdin_fd, STDIN_FILENO);
  move_fd_raw(setup->stdout_fd, STDOUT_FILENO);
  move_fd_raw(setup->stderr_fd, STDERR_FILENO);
  KernelSigaction default_action{SIG_DFL, 0, nullptr, 0};
  ::syscall(SYS_rt_sigaction, SIGPIPE, &default_action, nullptr, kKernelSigsetBytes);
  const std::uint64_t no_signals = 0;
  ::syscall(SYS_rt_sigprocmask, SIG_SETMASK, &no_signals, nullptr, kKernelSigsetBytes);
  const rlimit no_core{0, 0};
  ::syscall(SYS_setrlimit, RLIMIT_CORE, &no_core);
  if (setup->memory_bytes != 0) {
    const rlimit address_space{setup->memory_bytes, setup->memory_bytes};
    ::syscall(SYS_setrlimit, RLIMIT_AS, &address_space);
  }
  const long result = ::syscall(SYS_execve, setup->path, setup->argv, setup->envp);
  setup->exec_error = result < 0 ? errno : EINVAL;
  ::syscall(SYS_exit_group, 127);
  return 127;
}

// The executable `name` names: as is if it holds a '/', else the first
// executable regular file of that name in $PATH (as a shell would find it).
std::string resolve_executable(const std::string& name) {
  auto runnable = [](const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos) {
    if (!runnable(name))
      throw StartError(fmt::format("cannot run '{}': {}", name,
                                   ::access(name.c_str(), F_OK) == 0 ? "not an executable file" : "no such file"));
    return name;
  }
  const char* path_variable = std::getenv("PATH");
  const std::string search = path_variable != nullptr ? path_variable : "/usr/local/bin:/usr/bin:/bin";
  for (std::size_t begin = 0; begin <= search.size();) {
    const std::size_t end = std::min(search.find(':', begin), search.size());
    const std::string directory = end == begin ? "." : search.substr(begin, end - begin);
    if (const std::string candidate = directory + "/" + name; runnable(candidate)) return candidate;
    begin = end + 1;
  }
  throw StartError(fmt::format("cannot run '{}': not found in PATH", name));
}

// The child's stack for child_main (it needs a few hundred bytes; the rest is
// headroom), mapped and unmapped with the run.
constexpr std::size_t kChildStackBytes = 64 * 1024;

class ChildStack {
 public:
  ChildStack() {
    memory_ = ::mmap(nullptr, kChildStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (memory_ == MAP_FAILED) throw StartError(fmt::format("mmap: {}", std::strerror(errno)));
  }
  ChildStack(const ChildStack&) = delete;
  ChildStack& operator=(const ChildStack&) = delete;
  ~ChildStack() { ::munmap(memory_, kChildStackBytes); }
  void* top() const { return static_cast<char*>(memory_) + kChildStackBytes; }  // stacks grow down

 private:
  void* memory_;
};

// Starts the program like posix_spawn does (clone with a shared address
// space, the parent waiting until exec): unlike fork, this does not copy the
// hunter's page tables, which matters once the reference solver has touched
// hundreds of megabytes. The program is registered (RunRegistry) before any
// sweep can see it. Returns the pid; throws StartError if exec failed.
pid_t spawn(ChildSetup& setup, const std::string& name) {
  ChildStack stack;
  // No signal handler of ours may run on the child's stack before its exec.
  sigset_t all, previous;
  sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &previous);
  RunRegistry::lock();
  const pid_t pid = ::clone(child_main, stack.top(), CLONE_VM | CLONE_VFORK | SIGCHLD, &setup);
  const int clone_error = errno;
  if (pid > 0 && setup.exec_error == 0) RunRegistry::add(pid);
  RunRegistry::unlock();
  ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (pid < 0) throw StartError(fmt::format("clone: {}", std::strerror(clone_error)));
  if (setup.exec_error != 0) {
    int status;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    throw StartError(fmt::format("cannot run '{}': {}", name, std::strerror(setup.exec_error)));
  }
  return pid;
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

// True once `pid` has ended; leaves it a zombie (WNOWAIT) so that its pid
// cannot be reused before we kill its tree.
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

// Kills and reaps the child's process tree if run_program leaves early by
// an exception, so no program outlives the hunter's bookkeeping.
class ChildGuard {
 public:
  explicit ChildGuard(pid_t pid) : pid_(pid) {}
  ChildGuard(const ChildGuard&) = delete;
  ChildGuard& operator=(const ChildGuard&) = delete;
  ~ChildGuard() {
    if (pid_ <= 0) return;
    int status;
    kill_tree_and_reap(pid_, status);
  }
  // The caller reaped the child itself.
  void release() { pid_ = -1; }

 private:
  pid_t pid_;
};

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
  become_subreaper();

  // Step 1. Everything the child needs is prepared here: between clone and
  // exec it may not allocate.
  const std::string path = resolve_executable(command.front());
  std::vector<char*> argv;
  argv.reserve(command.size() + 1);
  for (const std::string& word : command) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  Pipe to_stdin = make_pipe();
  Pipe from_stdout = make_pipe();
  Pipe from_stderr = make_pipe();
  ChildSetup setup;
  setup.path = path.c_str();
  setup.argv = argv.data();
  setup.envp = environ;  // <unistd.h> declares it under _GNU_SOURCE
  setup.stdin_fd = to_stdin.read_end.get();
  setup.stdout_fd = from_stdout.write_end.get();
  setup.stderr_fd = from_stderr.write_end.get();
  setup.memory_bytes = limits.memory_bytes;

  // Step 2. Start it; it is a child subreaper from before its exec, so its
  // tree keeps every process it starts (process_tree.hpp).
  const auto start = Clock::now();
  const pid_t pid = spawn(setup, command.front());
  ChildGuard guard(pid);
  to_stdin.read_end.reset();
  from_stdout.write_end.reset();
  from_stderr.write_end.reset();

  // Step 3. Feed stdin and collect stdout/stderr with poll, all non-blocking,
  // so neither side can deadlock on a full pipe; sum the tree's memory
  // every kMemoryPollInterval. Stop at the deadline, past the memory cap, at
  // stop_at or an interrupt, or once the program ended and its pipes are
  // drained.
  const Fd exit_watch = open_pidfd(pid);
  const int slice_ms = exit_watch.get() >= 0 ? kPidfdPollSliceMs : kPollSliceMs;
  set_nonblocking(to_stdin.write_end.get());
  set_nonblocking(from_stdout.read_end.get());
  set_nonblocking(from_stderr.read_end.get());
  RunResult result;
  std::size_t written = 0;
  if (input.empty()) to_stdin.write_end.reset();
  // Saturating: a timeout too long for the clock is no deadline, never one
  // wrapped into the past.
  const auto deadline = core::deadline_after(start, std::chrono::duration<double>(limits.timeout).count());
  std::optional<Clock::time_point> ended_at;
  std::optional<Ending> killed_for;
  auto memory_polled = start;
  for (;;) {
    const auto now = Clock::now();
    if (!ended_at && has_ended(pid)) ended_at = now;
    const bool pipes_open = from_stdout.read_end.get() >= 0 || from_stderr.read_end.get() >= 0;
    if (ended_at && (!pipes_open || now - *ended_at >= kDrainGrace)) break;
    if (interrupted().load(std::memory_order_relaxed) || (limits.stop_at && now >= *limits.stop_at)) {
      killed_for = Ending::cut;
      break;
    }
    if (!ended_at && now >= deadline) {
      killed_for = Ending::timed_out;
      break;
    }
    if (!ended_at && now - memory_polled >= kMemoryPollInterval) {
      memory_polled = now;
      const std::vector<pid_t> tree = process_tree(pid);
      const std::uint64_t resident = resident_bytes(tree);
      result.peak_memory_bytes = std::max(result.peak_memory_bytes, resident);
      // Resident sums count shared pages once per process: confirm with
      // the proportional sizes before calling the run over its budget.
      if (limits.memory_bytes != 0 && resident > limits.memory_bytes &&
          proportional_bytes(tree) > limits.memory_bytes) {
        killed_for = Ending::memory_exceeded;
        break;
      }
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

  // Step 4. Kill whatever is left of the tree (all of it on a timeout, any
  // processes the program left behind otherwise), reap it all, and add up
  // its CPU time.
  int status = 0;
  guard.release();
  result.cpu = kill_tree_and_reap(pid, status);
  result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  if (killed_for) {
    result.ending = *killed_for;
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
