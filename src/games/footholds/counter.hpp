#pragma once
// What the footholds searches (game search and longest paths) count their
// nodes on: the solve's core::SearchControl when one thread searches (the
// serial search, exactly as before), or one thread's
// core::SearchControl::Worker in a parallel search, with a flag through which
// the thread that finishes first tells the others to stop.

#include <atomic>
#include <cstdint>

#include "boardsearch/core/limits.hpp"

namespace boardsearch::footholds {

// Thrown by ProbeCounter::visit when the solve no longer needs this thread's
// search (another thread proved the answer, or the serial trial ran out):
// not a limit of the solve, so it is never reported as one.
struct SearchNotNeeded {};

// Thrown by ProbeCounter::visit in a parallel solve when the root probe this
// thread is searching has been decided by another thread's (its candidate
// score now lies outside the root's proven bounds): the thread moves on to
// another probe.
struct ProbeDecided {};

// The root's proven bounds as the threads of a parallel solve share them,
// and the candidate of the probe a thread is searching ("is the score >= c?"):
// decided once c <= lo (yes) or c > hi (no).
struct RootWatch {
  static constexpr int kNone = -100000;
  const std::atomic<int>* lo = nullptr;
  const std::atomic<int>* hi = nullptr;
  int candidate = kNone;
  bool decided() const {
    return candidate != kNone &&
           (lo->load(std::memory_order_relaxed) >= candidate || hi->load(std::memory_order_relaxed) < candidate);
  }
};

// The footholds searches' node counter, a model of core::NodeCounter (the
// core's one counting contract: visit, count_tt_hit, nodes) that adds what a
// root probe of a parallel solve needs: a node cap for the serial trial and
// SearchNotNeeded once another thread has decided the probe.
class ProbeCounter {
 public:
  // How often (in nodes, a power of two) a parallel thread looks at the stop
  // flag: a relaxed load of a line that is written once, so this only keeps
  // the look off the hottest path.
  static constexpr std::uint64_t kStopCheckNodes = 256;

  // The serial search: every node on the solve's control. `node_cap`, when
  // not 0, ends the search with SearchNotNeeded after that many nodes (the
  // serial trial before a parallel search).
  explicit ProbeCounter(core::SearchControl& control, std::uint64_t node_cap = 0)
      : control_(&control), node_cap_(node_cap) {}
  // One thread of a parallel search: nodes on `worker` (the solve's budget,
  // deadline and cancel), and SearchNotNeeded once `stop` is raised.
  ProbeCounter(core::SearchControl::Worker& worker, const std::atomic<bool>& stop) : worker_(&worker), stop_(&stop) {}

  // Counts one node. Throws core::SearchAborted on a limit of the solve,
  // SearchNotNeeded when this search is no longer needed (see above).
  void visit() {
    ++nodes_;
    if (worker_ == nullptr) {
      control_->visit();
      if (node_cap_ != 0 && nodes_ > node_cap_) throw SearchNotNeeded{};
      return;
    }
    worker_->visit();
    if ((nodes_ & (kStopCheckNodes - 1)) == 0) {
      if (stop_->load(std::memory_order_relaxed)) throw SearchNotNeeded{};
      if (watch_.decided()) throw ProbeDecided{};
    }
  }
  // The probe this thread searches from now on (RootWatch::kNone: none).
  void watch(const RootWatch& watch) { watch_ = watch; }
  void count_tt_hit() {
    if (worker_ == nullptr)
      control_->count_tt_hit();
    else
      worker_->count_tt_hit();
  }
  // Nodes counted through this counter.
  std::uint64_t nodes() const { return nodes_; }
  // From now on, counts on `worker` and stops once `stop` is raised (the
  // calling thread going on from its serial trial into the parallel search;
  // the node cap ends). The node count goes on.
  void use_worker(core::SearchControl::Worker& worker, const std::atomic<bool>& stop) {
    worker_ = &worker;
    stop_ = &stop;
    node_cap_ = 0;
  }

 private:
  core::SearchControl* control_ = nullptr;
  core::SearchControl::Worker* worker_ = nullptr;
  const std::atomic<bool>* stop_ = nullptr;
  std::uint64_t node_cap_ = 0;
  std::uint64_t nodes_ = 0;
  RootWatch watch_;
};

}  // namespace boardsearch::footholds
