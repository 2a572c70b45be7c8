#pragma once
// Search limits, statistics and the per-search control object shared by every
// algorithm in the core (and by puzzle-specific searches that need the same
// budget semantics).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
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
  double milliseconds() const { return std::chrono::duration<double, std::milli>(elapsed).count(); }
};

// Snapshot handed to a progress callback.
struct Progress {
  std::uint64_t nodes = 0;
  std::chrono::nanoseconds elapsed{0};
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
struct SearchLimits {
  std::uint64_t max_nodes = 0;                       // 0: no node limit
  std::optional<Clock::time_point> deadline;         // none: no time limit
  const std::atomic<bool>* cancel = nullptr;         // none: not cancellable
  std::function<void(const Progress&)> on_progress;  // called about every progress_interval
  std::chrono::milliseconds progress_interval{250};

  // Convenience: a deadline `seconds` from now (see deadline_after).
  static Clock::time_point deadline_in(double seconds) { return deadline_after(Clock::now(), seconds); }
};

// Thrown by SearchControl::visit when a limit is hit; the algorithms catch it
// at their entry point and report the outcome. Never escapes the core.
struct SearchAborted {
  Outcome outcome;
};

// Per-solve bookkeeping: counts nodes, polls limits cheaply (the clock and the
// cancel flag only every kPollInterval nodes), and fires the progress callback.
// One per solve: every search of the solve counts on it (by reference), so
// the budget, the statistics and the progress reports cover the whole solve.
class SearchControl {
 public:
  // Nodes between two looks at the clock and the cancel flag: frequent enough
  // to stop within a millisecond or so, rare enough to cost nothing.
  static constexpr std::uint64_t kPollInterval = 4096;

  // Keeps its own copy of the limits: callers may pass a temporary.
  explicit SearchControl(SearchLimits limits)
      : limits_(std::move(limits)), start_(Clock::now()), next_progress_(start_ + limits_.progress_interval) {}

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
    // Polls at the first node (a limit already passed stops at once) and then
    // every kPollInterval nodes.
    if ((stats_.nodes & (kPollInterval - 1)) == 1) poll();
  }

  // Checks the clock, the cancel flag and the progress timer now.
  void poll() {
    if (limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed))
      throw SearchAborted{Outcome::cancelled};
    const auto now = Clock::now();
    if (limits_.deadline && now >= *limits_.deadline) throw SearchAborted{Outcome::time_limit};
    if (limits_.on_progress && now >= next_progress_) {
      limits_.on_progress(Progress{stats_.nodes, now - start_});
      next_progress_ = now + limits_.progress_interval;
    }
  }

  void count_tt_hit() { ++stats_.tt_hits; }

  // Statistics so far, with the elapsed time filled in.
  SearchStats finish() {
    stats_.elapsed = Clock::now() - start_;
    return stats_;
  }
  const SearchStats& stats() const { return stats_; }

 private:
  SearchLimits limits_;
  Clock::time_point start_;
  Clock::time_point next_progress_;
  SearchStats stats_;
};

}  // namespace boardsearch::core
