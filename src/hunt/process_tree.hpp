#pragma once
// The whole process tree of a run: found, measured and killed, whatever the
// program does with sessions and process groups.
//
//   hunter (PR_SET_CHILD_SUBREAPER)          orphans of a finished run land here
//     `-- program P (PR_SET_CHILD_SUBREAPER, set before its exec)
//           |-- child (setsid)               orphans of P's tree land on P
//           |     `-- grandchild (setpgid)   while P lives
//           `-- ...
//
// Why this holds (Linux, prctl(2)): an orphan is reparented to its nearest
// living ancestor that is a subreaper. While P lives it is such an ancestor
// of every process its tree starts, so the tree is exactly P and everything
// reachable through /proc/<pid>/task/<tid>/children, sessions and groups
// notwithstanding. Once P has exited, whatever is left of its tree is
// reparented, process by process as their parents die, to the hunter: it
// then shows up as a child of the hunter that is not the program of a run
// in progress (a "stray"). Killing a run's tree is therefore: kill P, wait
// until it is a zombie (its children are ours by then), then kill and reap
// strays in waves until none is left. Every process killed in the waves is
// our own unreaped child, so no pid can have been reused under us.
//
// Limits of this way (docs/hunt.md says the same): a process that leaves
// the tree with clone(CLONE_PARENT) from P becomes a direct child of the
// hunter at once and is killed by the next sweep (of any run); with runs in
// parallel (-j > 1) the CPU time of such strays may be charged to another
// run. SIGKILL of the hunter itself cannot be caught: P then dies through
// PR_SET_PDEATHSIG, but P's descendants go to init.

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

namespace boardsearch::hunt {

// Makes this process a child subreaper (once; later calls do nothing).
void become_subreaper();

// P and every descendant of P that can be found now, P first. Reads the
// kernel's children lists; a process that ends meanwhile is simply missing.
std::vector<pid_t> process_tree(pid_t root);

// Resident memory of the processes in bytes, summed (shared pages counted
// once per process: an upper bound of what they use together).
std::uint64_t resident_bytes(const std::vector<pid_t>& processes);

// Their proportional set size summed (shared pages split between their
// users: what they use together). Slower than resident_bytes; used to
// confirm before calling a run over its memory.
std::uint64_t proportional_bytes(const std::vector<pid_t>& processes);

// The programs of runs in progress: a sweep never touches them. Register a
// program before another thread can sweep (spawn and register under
// registry_lock()), unregister it after reaping it.
class RunRegistry {
 public:
  // Guards spawning + registering against sweeps.
  static void lock();
  static void unlock();
  // Precondition: the lock is held.
  static void add(pid_t program);
  // Takes the lock itself.
  static void remove(pid_t program);
  // Async-signal-safe: SIGKILL to every registered program (the Ctrl-C path;
  // the runs then sweep their trees as usual).
  static void kill_all_programs() noexcept;
};

// Kills the tree of `program` (our child, registered, not yet reaped; alive
// or a zombie) as described at the top, reaps everything, and returns the
// CPU time (user + system) of `program` and of every process reaped here,
// their reaped descendants included. Then unregisters `program`. Returns
// the program's wait status through `status`.
std::chrono::microseconds kill_tree_and_reap(pid_t program, int& status);

// Kills and reaps every child of this process that is not a registered
// program: what is left of finished runs. Returns their CPU time.
std::chrono::microseconds sweep_strays();

// Whether a Ctrl-C (SIGINT), SIGTERM or SIGHUP arrived while an
// InterruptGuard was installed.
const std::atomic<bool>& interrupted();

// While alive: SIGINT, SIGTERM and SIGHUP set interrupted() and kill every
// registered program; the runs notice, sweep their trees and return, and
// the hunt stops. Restores the previous handlers when destroyed. One at a
// time.
class InterruptGuard {
 public:
  InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  ~InterruptGuard();
  // The signal that arrived (0: none).
  static int signal_number();
};

}  // namespace boardsearch::hunt
