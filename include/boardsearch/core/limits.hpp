#pragma once
// Search limits, statistics and the per-search control object shared by every
// algorithm in the core (and by puzzle-specific searches that need the same
// budget semantics).

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace boardsearch::core {

using Clock = std::chrono::steady_clock;

// How a search ended. Only `proven` means the value is exact.
//   depth_limit   a line reached the deepest ply the search can hold (its
//                 stack or line storage), so deeper lines were not explored
//   memory_limit  the solve needed more memory than its budget allows
enum class Outcome { proven, node_limit, time_limit, cancelled, depth_limit, memory_limit };

constexpr std::string_view to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::proven:
      return "proven";
    case Outcome::node_limit:
      return "node limit reached";
    case Outcome::time_limit:
      return "time limit reached";
    case Outcome::cancelled:
      return "cancelled";
    case Outcome::depth_limit:
      return "depth limit reached";
    case Outcome::memory_limit:
      return "memory limit reached";
  }
  return "unknown";
}

// Counters reported with every result.
struct SearchStats {
  std::uint64_t nodes = 0;              // positions visited (calls that did work)
  std::chrono::nanoseconds elapsed{0};  // wall time of the search
  std::uint64_t tt_hits = 0;            // transposition-table cutoffs or reuse
  std::uint64_t memory_bytes = 0;       // most bytes the solve's budgeted storage held at once
  std::size_t threads = 1;              // threads that searched (nodes are summed over them)
  double milliseconds() const { return std::chrono::duration<double, std::milli>(elapsed).count(); }
};

// Snapshot handed to a progress callback.
struct Progress {
  std::uint64_t nodes = 0;
  std::chrono::nanoseconds elapsed{0};
  // What the search has established so far, in the puzzle's words ("the
  // largest tile is at least 2048 and at most 4096"); empty when nothing.
  // The core leaves it empty: a puzzle that knows more wraps on_progress.
  std::string known = {};
};

// `start + seconds`, saturating: a deadline the clock cannot represent
// (beyond half its remaining range, about 146 years of nanoseconds, or
// infinite) is the clock's end instead of a sum that overflows into the
// past; zero, negative or NaN seconds give `start`.
inline Clock::time_point deadline_after(Clock::time_point start, double seconds) {
  if (!(seconds > 0)) return start;
  const double room = std::chrono::duration<double>(Clock::time_point::max() - start).count();
  if (seconds >= room / 2) return Clock::time_point::max();
  return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// What a caller allows a search to spend. Every field is optional; the default
// is unlimited. `cancel`, when set, is polled and may be raised from another
// thread (e.g. a server shutting down or a client that went away).
// `max_memory_bytes` bounds the storage that grows with the input (tables,
// DP layers: SearchStats::memory_bytes reports it), not the few kilobytes of
// fixed bookkeeping; a solve that cannot fit ends with Outcome::memory_limit
// and never allocates past the budget.
struct SearchLimits {
  std::uint64_t max_nodes = 0;                       // 0: no node limit
  std::uint64_t max_memory_bytes = 0;                // 0: no memory limit (see below)
  std::optional<Clock::time_point> deadline;         // none: no time limit
  const std::atomic<bool>* cancel = nullptr;         // none: not cancellable
  std::function<void(const Progress&)> on_progress;  // called about every progress_interval
  std::chrono::milliseconds progress_interval{250};
  // Search threads the solve may use (core/parallel.hpp). 1: the serial
  // search, no thread started. A puzzle uses more only for a search that
  // runs long enough to gain from them, and reports how many it used in
  // SearchStats::threads; answers never depend on it.
  std::size_t threads = 1;

  // Convenience: a deadline `seconds` from now (see deadline_after).
  static Clock::time_point deadline_in(double seconds) { return deadline_after(Clock::now(), seconds); }
};

// Thrown by SearchControl::visit when a limit is hit; the algorithms catch it
// at their entry point and report the outcome. Never escapes the core.
struct SearchAborted {
  Outcome outcome;
};

// The bytes a solve's growing storage holds (tables, DP layers), against
// SearchLimits::max_memory_bytes: a search counts each allocation before it
// makes it, so it stops with Outcome::memory_limit instead of passing the
// budget, and reports the peak (SearchStats::memory_bytes).
class MemoryBudget {
 public:
  explicit MemoryBudget(std::uint64_t max_bytes) : max_bytes_(max_bytes) {}  // 0: no limit

  // Counts `bytes` about to be allocated. Throws SearchAborted
  // (memory_limit) instead if they would pass the budget.
  void allocate(std::uint64_t bytes) {
    if (max_bytes_ != 0 && bytes > max_bytes_ - std::min(held_, max_bytes_)) throw SearchAborted{Outcome::memory_limit};
    held_ += bytes;
    peak_ = std::max(peak_, held_);
  }
  // Counts `bytes` freed (precondition: they were allocated).
  void release(std::uint64_t bytes) { held_ -= bytes; }

  // The most bytes held at once.
  std::uint64_t peak() const { return peak_; }

 private:
  std::uint64_t max_bytes_;
  std::uint64_t held_ = 0;
  std::uint64_t peak_ = 0;
};

// MemoryBudget for storage that several threads grow at once (a parallel
// search's per-thread buffers, a bit set whose blocks any thread may touch
// first). Safe from any thread: the counts are atomics, and allocate()
// checks and counts in one step (compare-and-swap), so two threads growing
// at once cannot both pass the check; calls are meant to be rare (a growth,
// a block's first write), never one per node. With one thread it counts
// exactly as MemoryBudget does, plus three calls for storage that is not
// simply allocated then released:
//   check(bytes)  storage made and freed between two calls (a table's build
//                 space): refused like allocate(), counted in the peak only;
//   fits(bytes)   whether allocate(bytes) would pass now, counting nothing;
//   count(bytes)  storage allocated already without a check (a container
//                 that took more than it was asked, a fixed header): held
//                 from now on, never refused.
// peak() is the most held at once, check()'s transient bytes included.
class SharedMemoryBudget {
 public:
  explicit SharedMemoryBudget(std::uint64_t max_bytes) : max_bytes_(max_bytes) {}  // 0: no limit
  SharedMemoryBudget(const SharedMemoryBudget&) = delete;
  SharedMemoryBudget& operator=(const SharedMemoryBudget&) = delete;

  // Counts `bytes` about to be allocated. Throws SearchAborted
  // (memory_limit) instead, counting nothing, if they would pass the budget.
  void allocate(std::uint64_t bytes) {
    std::uint64_t held = held_.load(std::memory_order_relaxed);
    do {
      if (!fits(held, bytes)) throw SearchAborted{Outcome::memory_limit};
    } while (!held_.compare_exchange_weak(held, held + bytes, std::memory_order_relaxed));
    raise_peak(held + bytes);
  }
  // Counts `bytes` freed (precondition: they were counted).
  void release(std::uint64_t bytes) { held_.fetch_sub(bytes, std::memory_order_relaxed); }
  // Throws SearchAborted (memory_limit) unless `bytes` more would fit now;
  // counts them in the peak, not as held (see above).
  void check(std::uint64_t bytes) {
    const std::uint64_t held = held_.load(std::memory_order_relaxed);
    if (!fits(held, bytes)) throw SearchAborted{Outcome::memory_limit};
    raise_peak(held + bytes);
  }
  // Whether allocate(bytes) would pass now (another thread may change that).
  bool fits(std::uint64_t bytes) const { return fits(held_.load(std::memory_order_relaxed), bytes); }
  // Counts `bytes` allocated already, unchecked (see above).
  void count(std::uint64_t bytes) { raise_peak(held_.fetch_add(bytes, std::memory_order_relaxed) + bytes); }

  // The most bytes held at once.
  std::uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }

 private:
  // MemoryBudget::allocate's test.
  bool fits(std::uint64_t held, std::uint64_t bytes) const {
    return max_bytes_ == 0 || bytes <= max_bytes_ - std::min(held, max_bytes_);
  }
  void raise_peak(std::uint64_t held) {
    std::uint64_t peak = peak_.load(std::memory_order_relaxed);
    while (peak < held && !peak_.compare_exchange_weak(peak, held, std::memory_order_relaxed)) {
    }
  }

  const std::uint64_t max_bytes_;
  std::atomic<std::uint64_t> held_{0};
  std::atomic<std::uint64_t> peak_{0};
};

// Per-solve bookkeeping: counts nodes, polls limits cheaply (the clock and the
// cancel flag only every few nodes, see "Polling" below), and fires the
// progress callback.
// One per solve: every search of the solve counts on it (by reference), so
// the budget, the statistics and the progress reports cover the whole solve.
//
// One thread counts with visit() (a plain counter: the cheapest path and an
// exact budget). Several threads sharing a solve count with one Worker each
// instead (see Worker); any thread may call request_stop.
class SearchControl {
 public:
  class Worker;

  // Polling. The clock and the cancel flag are looked at after a number of
  // nodes that adapts to what a node costs, so that a time limit holds within
  // about kPollPeriod whether a node takes 50 ns or 50 ms (a fixed count of
  // 4,096 nodes let a 128 x 128 2048 solve run 345 ms past a 1 ms limit).
  // The count starts at 1 (the first node polls: a limit already passed
  // stops at once) and after each poll doubles while the nodes since the
  // last poll took less than half of kPollPeriod, halves (down to 1) when
  // they took more than kPollPeriod, up to kPollInterval nodes. So cheap nodes
  // reach the cap after a dozen polls and pay one clock read per
  // kPollInterval nodes, as before; expensive ones poll every node or so.
  // A limit is therefore seen at most about 2 * kPollPeriod plus one node
  // after it passed, as long as node costs change slowly (a sudden jump in
  // cost is seen within kPollInterval nodes).
  static constexpr std::uint64_t kPollInterval = 4096;  // the most nodes between two polls
  static constexpr std::chrono::microseconds kPollPeriod{500};

  // Keeps its own copy of the limits: callers may pass a temporary.
  explicit SearchControl(SearchLimits limits)
      : limits_(std::move(limits)),
        start_(Clock::now()),
        next_progress_(start_ + limits_.progress_interval),
        last_poll_(start_) {}

  // With a node limit N, a search stopped by it has counted exactly N + 1
  // nodes: visit() counts the node that crosses the budget, then throws. A
  // solve made of several searches (a game search and its sub-searches)
  // passes one SearchControl to all of them by reference, so the bound holds
  // for the whole solve.
  static constexpr std::uint64_t kNodeLimitSlack = 1;

  // Counts one node. Throws SearchAborted when a limit is exceeded.
  void visit() {
    ++stats_.nodes;
    if (limits_.max_nodes != 0 && stats_.nodes > limits_.max_nodes) throw SearchAborted{Outcome::node_limit};
    // Polls at the first node and then after poll_every_ nodes (see Polling).
    if (stats_.nodes >= next_poll_) {
      poll();
      next_poll_ = stats_.nodes + poll_every_;
    }
  }

  // Checks the clock, the cancel flag, a requested stop and the progress
  // timer now, and adapts the number of nodes until the next poll of visit().
  void poll() {
    if (limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed))
      throw SearchAborted{Outcome::cancelled};
    if (const int stop = stop_.load(std::memory_order_relaxed); stop != kNoStop)
      throw SearchAborted{static_cast<Outcome>(stop)};
    const auto now = Clock::now();
    poll_every_ = next_poll_interval(poll_every_, now - last_poll_);
    last_poll_ = now;
    ++polls_;
    if (limits_.deadline && now >= *limits_.deadline) throw SearchAborted{Outcome::time_limit};
    if (limits_.on_progress && now >= next_progress_) {
      limits_.on_progress(Progress{stats_.nodes, now - start_});
      next_progress_ = now + limits_.progress_interval;
    }
  }

  // Asks every search counting on this control to stop with `outcome`
  // (not proven; the first request wins). Safe from any thread: visit() sees
  // it at its next poll, a Worker at its next flush.
  void request_stop(Outcome outcome) {
    int none = kNoStop;
    stop_.compare_exchange_strong(none, static_cast<int>(outcome), std::memory_order_relaxed);
  }

  void count_tt_hit() { ++stats_.tt_hits; }

  // Statistics so far, with the elapsed time filled in; nodes include those
  // the Workers have flushed (all of them once the Workers are destroyed).
  SearchStats finish() {
    stats_.elapsed = Clock::now() - start_;
    SearchStats total = stats_;
    total.nodes += shared_nodes_.load(std::memory_order_relaxed);
    total.tt_hits += shared_tt_hits_.load(std::memory_order_relaxed);
    return total;
  }
  // The single-thread counters (visit(), count_tt_hit()).
  const SearchStats& stats() const { return stats_; }
  // How many times visit() has looked at the clock (tests count them).
  std::uint64_t polls() const { return polls_; }

  // The nodes to count before the next poll, given `every` nodes between the
  // last two polls took `spent` (see Polling): 1..most.
  static std::uint64_t next_poll_interval(std::uint64_t every, Clock::duration spent,
                                          std::uint64_t most = kPollInterval) {
    if (spent < kPollPeriod / 2) return std::min(every * 2, most);
    if (spent > kPollPeriod) return std::max<std::uint64_t>(every / 2, 1);
    return std::min(every, most);
  }

 private:
  static constexpr int kNoStop = -1;

  SearchLimits limits_;
  Clock::time_point start_;
  Clock::time_point next_progress_;
  SearchStats stats_;
  Clock::time_point last_poll_;                   // when poll() last read the clock
  std::uint64_t next_poll_ = 1;                   // visit() polls when stats_.nodes reaches it
  std::uint64_t poll_every_ = 1;                  // nodes between two polls of visit() (adapts)
  std::uint64_t polls_ = 0;                       // polls so far
  std::atomic<std::uint64_t> shared_nodes_{0};    // flushed by Workers
  std::atomic<std::uint64_t> shared_tt_hits_{0};  // added by Workers
  std::atomic<int> stop_{kNoStop};                // an Outcome once a stop is requested
};

// One thread's counter on a SearchControl that several threads share (a
// parallel search: one Worker per thread, all on the solve's control).
//
// A Worker counts locally and adds its count to the control's shared total
// at its first node and then after a number of nodes that adapts to what a
// node costs as in SearchControl's Polling, at most kFlushNodes (so a time
// limit holds whatever a node costs); at each flush it checks
// the node budget against that total, the cancel flag, the deadline and a
// stop requested by any thread, and throws SearchAborted for whichever holds
// (the first reason raised is the one every Worker reports). On cheap nodes
// the atomic add and the clock cost is paid once per kFlushNodes nodes.
//
// Slack: a Worker sees a limit only when it flushes, so with W Workers a
// search stopped by the node limit has counted at most
// max_nodes + W * kFlushNodes nodes (the flush that crosses the budget adds
// at most kFlushNodes, and every other Worker flushes at most once more
// before it sees the stop). The progress callback is not thread-safe: only
// the one Worker made with `reports_progress` fires it (at a flush, with the
// nodes of every thread flushed so far), usually the solve's thread 0.
// Each Worker is written at every node by its own thread: it takes a cache
// line of its own (two Workers allocated one after the other would share one
// and make the threads pass it back and forth).
class alignas(64) SearchControl::Worker {
 public:
  static constexpr std::uint64_t kFlushNodes = 1024;

  explicit Worker(SearchControl& control, bool reports_progress = false)
      : control_(&control), last_flush_(Clock::now()), reports_progress_(reports_progress) {}
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;
  // Adds the nodes and table hits not yet flushed, so finish() counts them.
  ~Worker() {
    control_->shared_nodes_.fetch_add(pending_, std::memory_order_relaxed);
    control_->shared_tt_hits_.fetch_add(tt_hits_, std::memory_order_relaxed);
  }

  // Counts a transposition-table cutoff or reuse (added to the control's
  // statistics when the Worker is destroyed).
  void count_tt_hit() { ++tt_hits_; }

  // Counts one node. Throws SearchAborted when a limit is exceeded or any
  // thread requested a stop (seen at the next flush).
  void visit() {
    if (++pending_ >= flush_at_) flush();
  }

 private:
  void flush() {
    SearchControl& control = *control_;
    // Nodes of the solve so far: the Workers' and those visit() counted
    // before the Workers started (while Workers count, nobody calls visit()).
    const std::uint64_t total =
        control.shared_nodes_.fetch_add(pending_, std::memory_order_relaxed) + pending_ + control.stats_.nodes;
    pending_ = 0;
    const auto now = Clock::now();
    flush_at_ = next_poll_interval(flush_at_, now - last_flush_, kFlushNodes);
    last_flush_ = now;
    const SearchLimits& limits = control.limits_;
    if (limits.max_nodes != 0 && total > limits.max_nodes) control.request_stop(Outcome::node_limit);
    if (limits.cancel != nullptr && limits.cancel->load(std::memory_order_relaxed))
      control.request_stop(Outcome::cancelled);
    if (limits.deadline && now >= *limits.deadline) control.request_stop(Outcome::time_limit);
    if (const int stop = control.stop_.load(std::memory_order_relaxed); stop != kNoStop)
      throw SearchAborted{static_cast<Outcome>(stop)};
    if (reports_progress_ && limits.on_progress && now >= control.next_progress_) {
      limits.on_progress(Progress{total, now - control.start_});
      control.next_progress_ = now + limits.progress_interval;
    }
  }

  SearchControl* control_;
  std::uint64_t pending_ = 0;     // nodes counted since the last flush
  std::uint64_t tt_hits_ = 0;     // table hits, added at destruction
  std::uint64_t flush_at_ = 1;    // the first node flushes: a limit already passed stops at once
  Clock::time_point last_flush_;  // when flush() last read the clock
  bool reports_progress_;         // fires the progress callback (one Worker per control)
};

}  // namespace boardsearch::core
