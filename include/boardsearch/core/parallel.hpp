#pragma once
// Parallel search: how many threads a search may use, and the two shapes of
// parallel work the puzzles use, on oneTBB.
//
//   run_on_threads(n, body)          body(0), ..., body(n-1), at once where
//                                    cores allow (Lazy SMP: every thread
//                                    searches the same root)
//   for_each_task(n, count, body)    body(0), ..., body(count-1) started in
//                                    index order by up to n threads, each
//                                    taking the next index when it is free
//                                    (root splitting, a layer of a DP)
//
// Both return when every call has returned. The first exception a call
// throws is rethrown in the caller after that (later ones are dropped), and
// calls not started when one throws are skipped. A call that must stop the
// others early does so through shared state the others poll
// (SearchControl::request_stop, an atomic incumbent), never by waiting for
// another call: TBB may run the calls one after another when fewer cores are
// free than calls, and a call waiting for a later one would wait forever.
//
// body(0) runs on the calling thread (it may report progress: the callback
// then never runs on two threads at once).
//
// Backends. oneTBB (task_arena + task_group) in every build but the
// ThreadSanitizer one (BOARDSEARCH_STD_THREADS): Debian's libtbb is not
// built with TSan, so TSan cannot see the synchronization inside TBB's
// scheduler and reports races in TBB's own task objects. That build starts
// one std::thread per call instead, which TSan sees through, so the tests it
// runs check every access of ours (tables, incumbents, the control) for
// races. Same contract, same calls.

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#ifndef BOARDSEARCH_STD_THREADS
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>
#endif

namespace boardsearch::core {

// The most search threads a request may ask for: far beyond any machine this
// runs on; more is a typo.
inline constexpr std::size_t kMaxSearchThreads = 256;

// The number of cores this process may run on (its affinity mask; at least
// 1): the default of --threads. Read from the kernel, not from TBB, whose
// first query initializes its scheduler (and looks for hwloc): the CLI
// names this number in --help, and a judge-size solve must not pay for that.
inline std::size_t default_search_threads() {
  std::size_t cores = 0;
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) == 0) cores = static_cast<std::size_t>(CPU_COUNT(&mask));
  if (cores == 0) cores = std::thread::hardware_concurrency();
  return std::clamp<std::size_t>(cores, 1, kMaxSearchThreads);
}

// The first exception thrown by any of several calls, kept for the caller.
class FirstException {
 public:
  // Runs f(), keeping what it throws if nothing was kept yet.
  template <class F>
  void run(F&& f) noexcept {
    try {
      f();
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
      raised_.store(true, std::memory_order_relaxed);
    }
  }
  // Whether some call has thrown (cheap; for skipping calls not started).
  bool raised() const { return raised_.load(std::memory_order_relaxed); }
  // Rethrows what was kept, if anything.
  void rethrow() {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr error_;
  std::atomic<bool> raised_{false};
};

#ifndef BOARDSEARCH_STD_THREADS
// The calling thread's arena for `concurrency` threads (at most the cores:
// oneTBB prints a warning on stderr when an arena asks for more workers than
// it has). Kept for the thread's lifetime: a fresh arena per call let TBB's
// worker fall behind when calls follow each other quickly (it joined a new
// arena only after the caller had taken nearly every task: 103 of 15,840
// tasks in 120 short calls, measured); one arena per calling thread, not per
// process, so that solves running on different threads (the server's
// workers) never queue behind each other's arena slots.
inline tbb::task_arena& arena_for(std::size_t concurrency) {
  thread_local std::vector<std::unique_ptr<tbb::task_arena>> arenas;
  const std::size_t size = std::min(concurrency, default_search_threads());
  if (arenas.size() <= size) arenas.resize(size + 1);
  std::unique_ptr<tbb::task_arena>& arena = arenas[size];
  if (!arena) arena = std::make_unique<tbb::task_arena>(static_cast<int>(size));
  return *arena;
}
#endif

// Calls body(i) for i in [0, threads), concurrently where cores allow, with
// body(0) on the calling thread (see the top of this file). threads <= 1:
// just body(0), no thread started.
template <class Body>
void run_on_threads(std::size_t threads, Body&& body) {
  if (threads <= 1) {
    body(std::size_t{0});
    return;
  }
  FirstException errors;
#ifndef BOARDSEARCH_STD_THREADS
  arena_for(threads).execute([&] {
    tbb::task_group group;
    for (std::size_t i = 1; i < threads; ++i)
      group.run([&body, &errors, i] {
        if (!errors.raised()) errors.run([&] { body(i); });
      });
    errors.run([&] { body(std::size_t{0}); });
    group.wait();
  });
#else
  std::vector<std::thread> others;
  others.reserve(threads - 1);
  for (std::size_t i = 1; i < threads; ++i) others.emplace_back([&body, &errors, i] { errors.run([&] { body(i); }); });
  errors.run([&] { body(std::size_t{0}); });
  for (std::thread& thread : others) thread.join();
#endif
  errors.rethrow();
}

// Calls body(i) for i in [0, count), started in index order by up to
// `threads` threads; body(thread, i) when Body takes two arguments (the
// thread's index in [0, threads), for per-thread state). threads <= 1 or
// count <= 1: in order on the calling thread, no thread started.
template <class Body>
void for_each_task(std::size_t threads, std::size_t count, Body&& body) {
  auto call = [&body](std::size_t thread, std::size_t i) {
    if constexpr (std::is_invocable_v<Body&, std::size_t, std::size_t>)
      body(thread, i);
    else
      body(i);
  };
  if (threads <= 1 || count <= 1) {
    for (std::size_t i = 0; i < count; ++i) call(0, i);
    return;
  }
  std::atomic<std::size_t> next{0};
  FirstException errors;
  run_on_threads(std::min(threads, count), [&](std::size_t thread) {
    errors.run([&] {
      for (std::size_t i; !errors.raised() && (i = next.fetch_add(1, std::memory_order_relaxed)) < count;)
        call(thread, i);
    });
  });
  errors.rethrow();
}

}  // namespace boardsearch::core
