// The process tree of a run; see process_tree.hpp for why it is complete.

#include "hunt/process_tree.hpp"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <string>

namespace boardsearch::hunt {

namespace {

// Runs in progress at once: far above any -j (one per core is the default).
constexpr std::size_t kMaxRegisteredRuns = 1024;
std::array<std::atomic<pid_t>, kMaxRegisteredRuns> registered_programs{};
std::mutex registry_mutex;

std::atomic<bool> interrupt_flag{false};
std::atomic<int> interrupt_signal{0};

// The numbers in a children file ("12 345 ").
void append_pids(const std::string& path, std::vector<pid_t>& out) {
  std::ifstream file(path);
  long pid = 0;
  while (file >> pid)
    if (pid > 0) out.push_back(static_cast<pid_t>(pid));
}

// The entries of /proc/<pid>/task (the process's threads).
std::vector<std::string> task_ids(const std::string& process_dir) {
  std::vector<std::string> tasks;
  DIR* dir = ::opendir((process_dir + "/task").c_str());
  if (dir == nullptr) return tasks;
  while (const dirent* entry = ::readdir(dir))
    if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9') tasks.emplace_back(entry->d_name);
  ::closedir(dir);
  return tasks;
}

// Whether the kernel has /proc/<pid>/task/<tid>/children (CONFIG_PROC_CHILDREN).
bool children_files_exist() {
  static const bool exist = [] {
    std::ifstream file("/proc/self/task/" + std::to_string(::getpid()) + "/children");
    return file.good();
  }();
  return exist;
}

// The parent of `pid` from /proc/<pid>/stat, or -1.
pid_t parent_of(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return -1;
  const std::size_t paren = text.rfind(')');
  if (paren == std::string::npos) return -1;
  std::istringstream rest(text.substr(paren + 1));
  std::string state;
  long parent = -1;
  rest >> state >> parent;
  return static_cast<pid_t>(parent);
}

// The children of `pid` (`process_dir` is its /proc directory).
std::vector<pid_t> children_of(pid_t pid, const std::string& process_dir) {
  std::vector<pid_t> children;
  if (children_files_exist()) {
    for (const std::string& task : task_ids(process_dir))
      append_pids(process_dir + "/task/" + task + "/children", children);
    return children;
  }
  // Without children files: every process whose parent is `pid`.
  DIR* dir = ::opendir("/proc");
  if (dir == nullptr) return children;
  while (const dirent* entry = ::readdir(dir))
    if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9' && parent_of(entry->d_name) == pid)
      children.push_back(static_cast<pid_t>(std::atol(entry->d_name)));
  ::closedir(dir);
  return children;
}

// Whether `pid` is the program of a run in progress.
bool registered(pid_t pid) {
  for (const std::atomic<pid_t>& slot : registered_programs)
    if (slot.load(std::memory_order_relaxed) == pid) return true;
  return false;
}

// User plus system time of a reaped process (and what it reaped).
std::chrono::microseconds cpu_of(const rusage& usage) {
  return std::chrono::seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         std::chrono::microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

// Waits for `pid` (our child) to end and reaps it; its CPU time.
std::chrono::microseconds reap(pid_t pid, int* status) {
  rusage usage{};
  int ignored = 0;
  while (::wait4(pid, status != nullptr ? status : &ignored, 0, &usage) < 0) {
    if (errno != EINTR) return std::chrono::microseconds{0};  // reaped by another sweep
  }
  return cpu_of(usage);
}

// The handler InterruptGuard installs: async-signal-safe calls only.
void on_interrupt(int signal_number) {
  interrupt_signal.store(signal_number, std::memory_order_relaxed);
  interrupt_flag.store(true, std::memory_order_relaxed);
  RunRegistry::kill_all_programs();
}

}  // namespace

void become_subreaper() {
  static const bool done = [] {
    ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    return true;
  }();
  (void)done;
}

std::vector<pid_t> process_tree(pid_t root) {
  std::vector<pid_t> tree = {root};
  std::set<pid_t> seen = {root};
  for (std::size_t next = 0; next < tree.size(); ++next)
    for (pid_t child : children_of(tree[next], "/proc/" + std::to_string(tree[next])))
      if (seen.insert(child).second) tree.push_back(child);
  return tree;
}

std::uint64_t resident_bytes(const std::vector<pid_t>& processes) {
  static const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  std::uint64_t total = 0;
  for (pid_t pid : processes) {
    std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
    std::uint64_t size = 0, resident = 0;
    if (statm >> size >> resident) total += resident * page;
  }
  return total;
}

std::uint64_t proportional_bytes(const std::vector<pid_t>& processes) {
  std::uint64_t total = 0;
  for (pid_t pid : processes) {
    std::ifstream rollup("/proc/" + std::to_string(pid) + "/smaps_rollup");
    if (!rollup) {
      total += resident_bytes({pid});
      continue;
    }
    for (std::string line; std::getline(rollup, line);)
      if (line.rfind("Pss:", 0) == 0) {
        total += std::strtoull(line.c_str() + 4, nullptr, 10) * 1024;
        break;
      }
  }
  return total;
}

void RunRegistry::lock() { registry_mutex.lock(); }
void RunRegistry::unlock() { registry_mutex.unlock(); }

void RunRegistry::add(pid_t program) {
  for (std::atomic<pid_t>& slot : registered_programs)
    if (slot.load(std::memory_order_relaxed) == 0) {
      slot.store(program, std::memory_order_relaxed);
      return;
    }
  // More runs than slots cannot happen (-j is capped far below); a program
  // left out is still killed with its tree, only not by Ctrl-C directly.
}

void RunRegistry::remove(pid_t program) {
  const std::lock_guard<std::mutex> hold(registry_mutex);
  for (std::atomic<pid_t>& slot : registered_programs)
    if (slot.load(std::memory_order_relaxed) == program) {
      slot.store(0, std::memory_order_relaxed);
      return;
    }
}

void RunRegistry::kill_all_programs() noexcept {
  for (const std::atomic<pid_t>& slot : registered_programs)
    if (const pid_t pid = slot.load(std::memory_order_relaxed); pid > 0) ::kill(pid, SIGKILL);
}

std::chrono::microseconds sweep_strays() {
  std::chrono::microseconds cpu{0};
  const std::string self_dir = "/proc/" + std::to_string(::getpid());
  // Waves: each kills our strays; their children become ours as they die.
  for (;;) {
    const std::lock_guard<std::mutex> hold(registry_mutex);
    std::vector<pid_t> strays;
    for (pid_t child : children_of(::getpid(), self_dir))
      if (!registered(child)) strays.push_back(child);
    if (strays.empty()) return cpu;
    for (pid_t stray : strays) ::kill(stray, SIGKILL);
    for (pid_t stray : strays) cpu += reap(stray, nullptr);
  }
}

std::chrono::microseconds kill_tree_and_reap(pid_t program, int& status) {
  // Step 1. The program first: once it is a zombie, the rest of its tree is
  // reparented to us, process by process, as their parents die.
  ::kill(program, SIGKILL);
  siginfo_t info{};
  while (::waitid(P_PID, static_cast<id_t>(program), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
  }
  // Step 2. The strays, in waves, until none is left.
  std::chrono::microseconds cpu = sweep_strays();
  // Step 3. The program itself, with the CPU of the children it reaped.
  cpu += reap(program, &status);
  RunRegistry::remove(program);
  return cpu;
}

const std::atomic<bool>& interrupted() { return interrupt_flag; }

namespace {
constexpr std::array kInterruptSignals = {SIGINT, SIGTERM, SIGHUP};
std::array<struct sigaction, kInterruptSignals.size()> previous_actions{};
}  // namespace

InterruptGuard::InterruptGuard() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking poll or wait returns EINTR
  for (std::size_t k = 0; k < kInterruptSignals.size(); ++k)
    ::sigaction(kInterruptSignals[k], &action, &previous_actions[k]);
}

InterruptGuard::~InterruptGuard() {
  for (std::size_t k = 0; k < kInterruptSignals.size(); ++k)
    ::sigaction(kInterruptSignals[k], &previous_actions[k], nullptr);
}

int InterruptGuard::signal_number() { return interrupt_signal.load(std::memory_order_relaxed); }

}  // namespace boardsearch::hunt
