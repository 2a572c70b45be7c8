#pragma once
// Depth-first branch and bound for single-player optimization (maximize or
// minimize), as a free function over a small problem contract.
//
// Correctness rests on one promise from the problem: `bound()` is admissible,
// i.e. no solution in the subtree below the current state (the state itself
// included) is better than it. Then a subtree whose bound is not strictly
// better than the best solution found so far cannot contain a strictly better
// one, and skipping it loses nothing: the returned value is the exact optimum.

#include <algorithm>
#include <atomic>
#include <concepts>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "boardsearch/core/after_move.hpp"
#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/parallel.hpp"
#include "boardsearch/core/result.hpp"

namespace boardsearch::core {

enum class Goal { maximize, minimize };

// The problem contract. A problem is a mutable state plus:
//   Move, Value      move type (cheap to copy) and totally ordered value type
//   MoveBuffer       e.g. MoveList<Move, 4>: where generate_moves writes
//   solution_value() the value of stopping here, or nullopt if the state is
//                    not a solution (e.g. a tour that missed cells)
//   bound()          admissible optimistic bound for the subtree (see above)
//   generate_moves(moves) or generate_moves(moves, incumbent)
//                    legal moves, best-first: ordering only affects speed.
//                    The second form also receives the best value found so
//                    far (nullopt before the first), so a problem may leave
//                    out children whose bound cannot beat it (the search
//                    would prune them on arrival) without keeping a copy.
//   apply(m)/undo(m) undo(m) restores exactly the state before apply(m)
template <class P>
concept GeneratesAgainstIncumbent = requires(P& p, typename P::MoveBuffer& moves,
                                             const std::optional<typename P::Value>& incumbent) {
  { p.generate_moves(moves, incumbent) } -> std::same_as<void>;
};

// Optional: abandon_trial(), for a problem that learns from its own search
// (a table of the states it entered). The serial trial of
// parallel_branch_and_bound calls it at the node where the trial stops,
// with the line to that node still applied: every node on that line was
// entered and none of them finished. The problem must then forget what it
// recorded of those nodes, so that what it keeps stands for finished
// subtrees only; make_problem may then hand that to a thread (the caller's
// proof, next to its table). The trial's problem is not searched again.
template <class P>
concept AbandonsTrial = requires(P& p) {
  { p.abandon_trial() } -> std::same_as<void>;
};

template <class P>
concept BranchAndBoundProblem = requires(P& p, const P& cp, const typename P::Move& m, typename P::MoveBuffer& moves) {
  typename P::Move;
  typename P::Value;
  { cp.solution_value() } -> std::same_as<std::optional<typename P::Value>>;
  { cp.bound() } -> std::convertible_to<typename P::Value>;
  { p.apply(m) } -> std::same_as<void>;
  { p.undo(m) } -> std::same_as<void>;
}
&&(GeneratesAgainstIncumbent<P> || requires(P & p, typename P::MoveBuffer& moves) {
  { p.generate_moves(moves) } -> std::same_as<void>;
});

template <class Value>
struct BranchAndBoundOptions {
  // A value already achieved elsewhere (e.g. from another start cell): only
  // strictly better solutions are searched for. If none exists the result has
  // no value and is still proven.
  std::optional<Value> incumbent;
  // A global bound no solution can beat (e.g. the board-sum bound in 2048).
  // The search stops as soon as it finds a solution with this value.
  std::optional<Value> best_possible;
  // Called with each strictly better solution value as it is found, e.g. so
  // a long solve can report what it has reached. Improvements are rare, so
  // this costs nothing per node; it runs on the searching thread.
  std::function<void(const Value&)> on_improvement;
};

namespace detail {

template <Goal goal, class Value>
constexpr bool better(const Value& a, const Value& b) {
  if constexpr (goal == Goal::maximize)
    return b < a;
  else
    return a < b;
}

// Thrown internally when best_possible is reached: nothing left to prove.
struct ReachedBestPossible {};

// Thrown internally by a capped search (the serial trial of
// parallel_branch_and_bound) when its node cap is used up.
struct TrialOver {};

// The serial search. Counter is what counts nodes: the solve's SearchControl
// (one thread) or a SearchControl::Worker (one of several threads). Capped:
// also throws TrialOver at the node after `cap` nodes of this search (the
// serial trial); the uncapped search has no such test.
template <Goal goal, BranchAndBoundProblem P, class Counter = SearchControl, bool Capped = false>
class BranchAndBound {
 public:
  using Move = typename P::Move;
  using Value = typename P::Value;

  BranchAndBound(P& problem, Counter& counter, const BranchAndBoundOptions<Value>& options, std::uint64_t cap = 0)
      : problem_(problem), counter_(counter), options_(options), best_(options.incumbent), cap_(cap) {}

  // Step-numbered like Stockfish's search so each rule can be read alone.
  void search() {
    // Step 1. Count the node; this may abort the search on a limit.
    counter_.visit();
    if constexpr (Capped) {
      if (++counted_ > cap_) {
        if constexpr (AbandonsTrial<P>) problem_.abandon_trial();
        throw TrialOver{};
      }
    }

    // Step 2. Record the state if it is a strictly better solution.
    if (auto value = problem_.solution_value(); value && (!best_ || better<goal>(*value, *best_))) {
      best_ = value;
      best_line_ = line_;
      if (options_.on_improvement) options_.on_improvement(*value);
      if (options_.best_possible && !better<goal>(*options_.best_possible, *value)) throw ReachedBestPossible{};
    }

    // Step 3. Prune: the bound is admissible, so if it cannot beat the best
    // found, no solution below can either.
    if (best_ && !better<goal>(static_cast<Value>(problem_.bound()), *best_)) return;

    // Step 4. Expand children in the problem's order, best first.
    typename P::MoveBuffer moves;
    if constexpr (GeneratesAgainstIncumbent<P>)
      problem_.generate_moves(moves, std::as_const(best_));
    else
      problem_.generate_moves(moves);
    for (const Move& move : moves) {
      // after_move leaves the problem in this node's state whatever happens
      // below; on a throw the line is abandoned with the search.
      line_.push_back(move);
      after_move(problem_, move, [this] { search(); });
      line_.pop_back();
      // Step 5. The bound of this node may now fail against the improved best.
      if (best_ && !better<goal>(static_cast<Value>(problem_.bound()), *best_)) return;
    }
  }

  const std::optional<Value>& best() const { return best_; }
  std::vector<Move>& best_line() { return best_line_; }
  bool improved_on_incumbent() const {
    return best_ && (!options_.incumbent || better<goal>(*best_, *options_.incumbent));
  }

 private:
  P& problem_;
  Counter& counter_;
  const BranchAndBoundOptions<Value>& options_;
  std::optional<Value> best_;
  std::vector<Move> line_;
  std::vector<Move> best_line_;
  std::uint64_t cap_;
  std::uint64_t counted_ = 0;
};

}  // namespace detail

// Finds the best solution reachable from the problem's current state, under
// a caller's SearchControl: several searches in a row (one per start, one per
// test case) then share one node budget, deadline, cancel flag and progress
// report, and the control's statistics keep counting across them. The problem
// is returned to its state. Result: value and line of the best solution (no
// value if none beats the incumbent / none exists); outcome says whether a
// limit cut the search, in which case value is only the best found; stats
// are the control's so far (cumulative over every search that shared it).
template <Goal goal, BranchAndBoundProblem P>
SearchResult<typename P::Move, typename P::Value> branch_and_bound(
    P& problem, SearchControl& control, const BranchAndBoundOptions<typename P::Value>& options = {}) {
  detail::BranchAndBound<goal, P> search(problem, control, options);
  SearchResult<typename P::Move, typename P::Value> result;
  try {
    search.search();
  } catch (const detail::ReachedBestPossible&) {
  } catch (const SearchAborted& aborted) {
    result.outcome = aborted.outcome;
  }
  if (search.improved_on_incumbent()) {
    result.value = search.best();
    result.line = std::move(search.best_line());
  }
  result.stats = control.finish();
  return result;
}

// The same, as one search with its own limits.
template <Goal goal, BranchAndBoundProblem P>
SearchResult<typename P::Move, typename P::Value> branch_and_bound(
    P& problem, const SearchLimits& limits = {}, const BranchAndBoundOptions<typename P::Value>& options = {}) {
  SearchControl control(limits);
  return branch_and_bound<goal>(problem, control, options);
}

// The same on one thread of a solve that several threads share: nodes are
// counted by `counter` (a SearchControl::Worker, or anything with visit()
// that counts on one: the control's limits then hold across every thread).
// result.stats are left empty: the solve's control has the totals once the
// Workers are gone.
template <Goal goal, BranchAndBoundProblem P, class Counter>
SearchResult<typename P::Move, typename P::Value> branch_and_bound_counted(
    P& problem, Counter& counter, const BranchAndBoundOptions<typename P::Value>& options = {}) {
  detail::BranchAndBound<goal, P, Counter> search(problem, counter, options);
  SearchResult<typename P::Move, typename P::Value> result;
  try {
    search.search();
  } catch (const detail::ReachedBestPossible&) {
  } catch (const SearchAborted& aborted) {
    result.outcome = aborted.outcome;
  }
  if (search.improved_on_incumbent()) {
    result.value = search.best();
    result.line = std::move(search.best_line());
  }
  return result;
}

// What branch_and_bound_capped found: finished false when the cap stopped
// it (result then holds the best found before, not proven, and its
// outcome says nothing).
template <class Move, class Value>
struct CappedSearch {
  SearchResult<Move, Value> result;
  bool finished = true;
};

// branch_and_bound on `control` with a node cap of its own: at the node
// after `cap` nodes of this search it is abandoned (finished = false), the
// problem returned to its state. Within the cap it is branch_and_bound
// exactly (same nodes, same line). The serial trial of a parallel search.
template <Goal goal, BranchAndBoundProblem P>
CappedSearch<typename P::Move, typename P::Value> branch_and_bound_capped(
    P& problem, SearchControl& control, const BranchAndBoundOptions<typename P::Value>& options, std::uint64_t cap) {
  detail::BranchAndBound<goal, P, SearchControl, true> search(problem, control, options, cap);
  CappedSearch<typename P::Move, typename P::Value> capped;
  try {
    search.search();
  } catch (const detail::ReachedBestPossible&) {
  } catch (const SearchAborted& aborted) {
    capped.result.outcome = aborted.outcome;
  } catch (const detail::TrialOver&) {
    capped.finished = false;
  }
  if (search.improved_on_incumbent()) {
    capped.result.value = search.best();
    capped.result.line = std::move(search.best_line());
  }
  capped.result.stats = control.finish();
  return capped;
}

// ---------------------------------------------------------------------------
// Parallel branch and bound: a serial trial, then the tree split near the
// root among threads with one shared incumbent.
//
// How the work is shared. Every node shallower than `split_depth` (and any
// node while some thread waits for work) publishes its (generated, ordered)
// children as a *split node*: any thread may claim
// the next unclaimed child, in the problem's order. A thread that published
// a split node claims its children itself, depth first, as the serial search
// would; an idle thread takes the shallowest split node with a child left
// (the largest piece of work), brings its own problem there by replaying the
// node's moves from the root, and claims from it too. Below split_depth a
// claimed child is searched serially. Each thread has its own problem (from
// make_problem), its own SearchControl::Worker (one node budget, deadline and
// cancel across threads), and reads the shared incumbent at every node: an
// improvement found by one thread prunes the others at once.
//
// Why the value is exact. Every child of every split node is claimed by
// exactly one thread (the claim index moves under a lock), and a claimed
// child is searched exactly as the serial search searches a child: the same
// steps, pruned against an incumbent that is a value some line reaches
// (never better than the optimum, at least as good as any value seen). A
// split node stops handing out children when its admissible bound cannot
// beat the incumbent: Step 5 of the serial search. So every line is either
// reached or lies below a node whose bound did not beat a value that is
// reached, and the final incumbent is the optimum, as in the serial proof at
// the top of this file. A problem that skips children by what it learned
// (a table of states already searched) must keep such skips valid when the
// states were searched by other threads' work too: entries made in replays
// and in claimed children stand for subtrees that are all searched by the
// end (the caller's proof, next to its table).
//
// The line. An improvement is made under a lock: the value and the line of
// the thread that reached it (its moves from the root) are stored together,
// so the line returned always reaches the value returned.
//
// Stopping. Reaching best_possible sets a shared flag every thread reads at
// every node; a limit seen by one thread's Worker stops all Workers (the
// control's request_stop) and sets the flag too; idle threads waiting for
// work are woken. No thread ever waits for another's result: an idle thread
// waits only while some thread holds work (which never waits), so a thread
// that starts late, after everything is done, just returns.

// How parallel_branch_and_bound splits its work.
struct ParallelOptions {
  // Threads to search with; <= 1 is exactly branch_and_bound.
  std::size_t threads = 1;
  // Nodes the serial trial may count before threads start; 0: no trial, the
  // threads start at once (tests use that to force small inputs onto the
  // parallel path). A search that finishes within the trial starts no
  // thread and is exactly branch_and_bound (same nodes, same line).
  std::uint64_t trial_nodes = 0;
  // Nodes at depth < split_depth below the root share their children (>= 1);
  // deeper nodes share theirs only while some thread is idle.
  std::size_t split_depth = 4;
};

// A problem may apply a move without first generating the moves of its own
// copy (parallel_branch_and_bound brings a thread's problem to a split node
// by replaying moves that another copy generated there). Without replay(m),
// the replay calls generate_moves (no incumbent) and then apply(m).
template <class P>
concept ReplaysMoves = requires(P& p, const typename P::Move& m) {
  { p.replay(m) } -> std::same_as<void>;
};

namespace detail {

// Thrown inside a thread of the parallel search when another thread has
// stopped the search (best_possible reached or a limit): unwind and return.
struct ParallelStopped {};

template <Goal goal, BranchAndBoundProblem P>
class ParallelBranchAndBound {
 public:
  using Move = typename P::Move;
  using Value = typename P::Value;
  static_assert(std::is_trivially_copyable_v<Value>, "the shared incumbent is a std::atomic<Value>");

  ParallelBranchAndBound(SearchControl& control, const BranchAndBoundOptions<Value>& options, std::size_t split_depth,
                         const std::optional<Value>& best, std::vector<Move> best_line)
      : control_(control),
        options_(options),
        split_depth_(std::max<std::size_t>(split_depth, 1)),
        best_line_(std::move(best_line)) {
    if (best) publish_best(*best);
  }

  // Searches from the root of `problems` (one per thread, all at the same
  // root state) on problems.size() threads. Returns how the search ended.
  // root_moves, when given, are the root's children (in that order) instead
  // of what generate_moves lists there.
  Outcome run(std::vector<P>& problems, const std::vector<Move>* root_moves = nullptr) {
    // Step 1. The root, on the calling thread before any Worker counts: its
    // node, its value, its bound, its children as the first split node.
    P& root = problems.front();
    try {
      control_.visit();
    } catch (const SearchAborted& aborted) {
      return aborted.outcome;
    }
    if (auto value = root.solution_value(); value && (!has_best() || better<goal>(*value, best_value())))
      if (improve(*value, {})) return Outcome::proven;
    const std::optional<Value> best = current_best();
    if (best && !better<goal>(static_cast<Value>(root.bound()), *best)) return Outcome::proven;
    auto root_node = std::make_shared<SplitNode>();
    if (root_moves != nullptr) {
      root_node->children = *root_moves;
    } else {
      typename P::MoveBuffer moves;
      generate(root, moves, best);
      root_node->children.assign(moves.begin(), moves.end());
    }
    open_.push_back(std::move(root_node));

    // Step 2. Every thread takes work until none is left or the search stops.
    run_on_threads(problems.size(), [&](std::size_t thread) { work(problems[thread], thread); });
    if (reached_best_possible_) return Outcome::proven;
    return outcome_;
  }

  bool improved_on(const std::optional<Value>& incumbent) const {
    return has_best() && (!incumbent || better<goal>(best_value(), *incumbent));
  }
  Value best_value() const { return best_.load(std::memory_order_relaxed); }
  std::vector<Move>& best_line() { return best_line_; }

 private:
  // A node whose children any thread may claim, in order.
  struct SplitNode {
    std::vector<Move> path;      // moves from the root
    std::vector<Move> children;  // as the problem generated them there
    std::size_t next = 0;        // the next unclaimed child (under mutex_)
  };
  // One thread's search state.
  struct Thread {
    P& problem;
    SearchControl::Worker& worker;
    std::vector<Move> path;  // moves from the root to the problem's state
  };

  bool has_best() const { return has_best_.load(std::memory_order_acquire); }
  std::optional<Value> current_best() const {
    if (!has_best()) return std::nullopt;
    return best_value();
  }
  void publish_best(const Value& value) {
    best_.store(value, std::memory_order_relaxed);
    has_best_.store(true, std::memory_order_release);
  }

  static void generate(P& problem, typename P::MoveBuffer& moves, const std::optional<Value>& incumbent) {
    if constexpr (GeneratesAgainstIncumbent<P>)
      problem.generate_moves(moves, incumbent);
    else
      problem.generate_moves(moves);
  }

  // Records `value`, reached by the moves `line`, if it beats the incumbent
  // (under the lock, so value and line stay together). Returns whether it
  // reached best_possible (the search is then over; the flag is set).
  bool improve(const Value& value, const std::vector<Move>& line) {
    std::lock_guard lock(mutex_);
    if (has_best() && !better<goal>(value, best_value())) return false;
    publish_best(value);
    best_line_ = line;
    if (options_.on_improvement) options_.on_improvement(value);
    if (options_.best_possible && !better<goal>(*options_.best_possible, value)) {
      reached_best_possible_ = true;
      stop_.store(true, std::memory_order_relaxed);
      wake_.notify_all();
      return true;
    }
    return false;
  }

  // Stops every thread: `outcome` (a limit) unless one was recorded first.
  void stop_with(std::optional<Outcome> outcome) {
    std::lock_guard lock(mutex_);
    if (outcome && outcome_ == Outcome::proven) outcome_ = *outcome;
    stop_.store(true, std::memory_order_relaxed);
    wake_.notify_all();
  }

  // One thread's loop: take the shallowest split node with a child left,
  // replay its moves, claim its children; wait while others hold work.
  void work(P& problem, std::size_t index) {
    SearchControl::Worker worker(control_, index == 0);
    Thread thread{problem, worker, {}};
    try {
      for (;;) {
        std::shared_ptr<SplitNode> node;
        {
          std::unique_lock lock(mutex_);
          idle_.fetch_add(1, std::memory_order_relaxed);
          wake_.wait(lock, [&] {
            if (stop_.load(std::memory_order_relaxed)) return true;
            node = shallowest_open();
            return node != nullptr || busy_ == 0;
          });
          idle_.fetch_sub(1, std::memory_order_relaxed);
          if (stop_.load(std::memory_order_relaxed) || node == nullptr) return;
          ++busy_;
        }
        // Whatever happens below, this thread holds no work afterwards.
        struct Release {
          ParallelBranchAndBound& search;
          ~Release() {
            std::lock_guard lock(search.mutex_);
            if (--search.busy_ == 0) search.wake_.notify_all();
          }
        } release{*this};
        bring_to(thread, node->path);
        expand(thread, *node, false);
      }
    } catch (const ParallelStopped&) {
    } catch (const ReachedBestPossible&) {
    } catch (const SearchAborted& aborted) {
      stop_with(aborted.outcome);
    } catch (...) {
      stop_with(std::nullopt);
      throw;
    }
  }

  // The split node with a child left that is nearest the root (the oldest
  // among equals); drops exhausted ones. Under mutex_.
  std::shared_ptr<SplitNode> shallowest_open() {
    std::shared_ptr<SplitNode> found;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < open_.size(); ++i) {
      if (open_[i]->next >= open_[i]->children.size()) continue;
      if (!found || open_[i]->path.size() < found->path.size()) found = open_[i];
      open_[kept++] = std::move(open_[i]);
    }
    open_.resize(kept);
    return found;
  }

  // Applies `move` to the thread's problem. generated_here: this copy's own
  // generate_moves listed it at this state (the serial case); else another
  // thread's did, so this copy replays it.
  static void enter(P& problem, const Move& move, bool generated_here) {
    if (generated_here) {
      problem.apply(move);
    } else if constexpr (ReplaysMoves<P>) {
      problem.replay(move);
    } else {
      typename P::MoveBuffer moves;
      generate(problem, moves, std::nullopt);
      problem.apply(move);
    }
  }

  // Moves the thread's problem to the end of `path` (from wherever it is:
  // back to the common prefix, then forward).
  void bring_to(Thread& thread, const std::vector<Move>& path) {
    std::size_t common = 0;
    while (common < thread.path.size() && common < path.size() && thread.path[common] == path[common]) ++common;
    while (thread.path.size() > common) {
      thread.problem.undo(thread.path.back());
      thread.path.pop_back();
    }
    for (std::size_t i = common; i < path.size(); ++i) {
      enter(thread.problem, path[i], false);
      thread.path.push_back(path[i]);
    }
  }

  // Claims the children of `node` (the thread's problem is at it) one at a
  // time and searches each, until none is left or the node's bound fails.
  // generated_here: this thread's problem generated the node's children.
  void expand(Thread& thread, SplitNode& node, bool generated_here) {
    for (;;) {
      // Step 5 of the serial search, for every thread claiming here: a
      // bound that cannot beat the incumbent ends the node for all.
      const std::optional<Value> best = current_best();
      const bool pruned = best && !better<goal>(static_cast<Value>(thread.problem.bound()), *best);
      Move move;
      {
        std::lock_guard lock(mutex_);
        if (pruned) node.next = node.children.size();
        if (node.next >= node.children.size()) return;
        move = node.children[node.next++];
      }
      descend(thread, move, generated_here);
    }
  }

  // Applies `move` (see enter), searches the child, undoes it, also when the
  // search throws (the thread's path and problem stay in step).
  void descend(Thread& thread, const Move& move, bool generated_here) {
    enter(thread.problem, move, generated_here);
    thread.path.push_back(move);
    try {
      search(thread);
    } catch (...) {
      thread.path.pop_back();
      thread.problem.undo(move);
      throw;
    }
    thread.path.pop_back();
    thread.problem.undo(move);
  }

  // The serial search's steps at the thread's current node.
  void search(Thread& thread) {
    P& problem = thread.problem;
    // Step 1. Count the node; stop if a limit or another thread says so.
    thread.worker.visit();
    if (stop_.load(std::memory_order_relaxed)) throw ParallelStopped{};

    // Step 2. A strictly better solution becomes the shared incumbent.
    if (auto value = problem.solution_value(); value && (!has_best() || better<goal>(*value, best_value())))
      if (improve(*value, thread.path)) throw ReachedBestPossible{};

    // Step 3. Prune against the shared incumbent.
    std::optional<Value> best = current_best();
    if (best && !better<goal>(static_cast<Value>(problem.bound()), *best)) return;

    // Step 4. Children, best first; near the root others may take them.
    typename P::MoveBuffer moves;
    generate(problem, moves, best);
    // Deeper too while some thread is idle, so that it gets work at once
    // instead of waiting for the end of a long serial subtree.
    const bool share = thread.path.size() < split_depth_ || idle_.load(std::memory_order_relaxed) > 0;
    if (share && moves.size() > 1) {
      auto node = std::make_shared<SplitNode>();
      node->path = thread.path;
      node->children.assign(moves.begin(), moves.end());
      {
        std::lock_guard lock(mutex_);
        open_.push_back(node);
      }
      wake_.notify_all();
      expand(thread, *node, true);
      return;
    }
    for (const Move& move : moves) {
      descend(thread, move, true);
      // Step 5. The bound may now fail against the improved incumbent.
      best = current_best();
      if (best && !better<goal>(static_cast<Value>(problem.bound()), *best)) return;
    }
  }

  SearchControl& control_;
  const BranchAndBoundOptions<Value>& options_;
  std::size_t split_depth_;
  std::atomic<Value> best_{};
  std::atomic<bool> has_best_{false};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;                              // guards what follows, and every SplitNode::next
  std::condition_variable wake_;                  // work published, work released, or stop
  std::vector<Move> best_line_;                   // reaches best_
  std::vector<std::shared_ptr<SplitNode>> open_;  // split nodes that may have children left
  std::size_t busy_ = 0;                          // threads holding work
  std::atomic<std::size_t> idle_{0};              // threads waiting for work (read without the lock)
  bool reached_best_possible_ = false;
  Outcome outcome_ = Outcome::proven;  // the first limit that stopped a thread
};

}  // namespace detail

// Branch and bound on up to parallel.threads threads (see above), under the
// solve's control. Step 1: threads <= 1 is branch_and_bound itself. Step 2:
// a serial trial, exactly branch_and_bound on `problem` counting on
// control.visit(), capped at parallel.trial_nodes nodes: if it finishes, its
// result is the answer (no thread started, stats.threads = 1). Step 3:
// otherwise the trial's best value and line are kept as the incumbent and
// the whole tree is searched again in parallel, each thread on a problem of
// its own, make_problem(thread) (a fresh copy at the same root state: the
// trial's `problem` is left at its root but is not searched again; what it
// learned about the states it left unfinished is not valid, and a problem
// that can forget them (AbandonsTrial) may hand the rest to a thread's
// copy in make_problem, called for threads 0, 1, ... in that order after
// the trial). The node budget
// covers the trial and the threads together; stats.threads is the number of
// threads. The value is exact and the line reaches it whatever the number of
// threads; which optimal line is found may differ between runs. Callbacks
// (on_improvement) may run on any thread, one at a time. inspect(p) is
// called for each thread's problem once the threads are done (e.g. to sum
// what their tables hold); not when the trial finished.
template <Goal goal, BranchAndBoundProblem P, class MakeProblem, class Inspect = void (*)(const P&)>
SearchResult<typename P::Move, typename P::Value> parallel_branch_and_bound(
    P& problem, SearchControl& control, const BranchAndBoundOptions<typename P::Value>& options,
    const ParallelOptions& parallel, MakeProblem&& make_problem, Inspect&& inspect = [](const P&) {}) {
  using Value = typename P::Value;
  using Move = typename P::Move;
  // Step 1. One thread: the serial search.
  if (parallel.threads <= 1) return branch_and_bound<goal>(problem, control, options);

  // Step 2. The serial trial.
  SearchResult<Move, Value> result;
  std::optional<Value> best = options.incumbent;
  std::vector<Move> best_line;
  if (parallel.trial_nodes > 0) {
    CappedSearch<Move, Value> trial = branch_and_bound_capped<goal>(problem, control, options, parallel.trial_nodes);
    if (trial.finished) return std::move(trial.result);
    if (trial.result.value) {
      best = trial.result.value;
      best_line = std::move(trial.result.line);
    }
  }

  // Step 3. The threads, from the trial's incumbent.
  std::vector<P> problems;
  problems.reserve(parallel.threads);
  for (std::size_t i = 0; i < parallel.threads; ++i) problems.push_back(make_problem(i));
  detail::ParallelBranchAndBound<goal, P> search(control, options, parallel.split_depth, best, std::move(best_line));
  result.outcome = search.run(problems);
  for (const P& thread_problem : problems) inspect(thread_problem);
  if (search.improved_on(options.incumbent)) {
    result.value = search.best_value();
    result.line = std::move(search.best_line());
  }
  result.stats = control.finish();
  result.stats.threads = parallel.threads;
  return result;
}

// The parallel phase alone, for a root whose children the caller lists
// (root_moves, in order; e.g. the start cells of a puzzle, more than a
// MoveBuffer holds): parallel.threads threads from make_problem(thread)
// problems at the root, nothing of the trial (parallel.trial_nodes is not
// used; options.incumbent is the best known so far). The problem must
// replay (ReplaysMoves) the root moves, which no copy generates. Result as
// parallel_branch_and_bound's (no value: nothing beat options.incumbent).
template <Goal goal, BranchAndBoundProblem P, class MakeProblem, class Inspect = void (*)(const P&)>
requires ReplaysMoves<P> SearchResult<typename P::Move, typename P::Value> parallel_branch_and_bound_over(
    const std::vector<typename P::Move>& root_moves, SearchControl& control,
    const BranchAndBoundOptions<typename P::Value>& options, const ParallelOptions& parallel,
    MakeProblem&& make_problem, Inspect&& inspect = [](const P&) {}) {
  SearchResult<typename P::Move, typename P::Value> result;
  const std::size_t threads = std::max<std::size_t>(parallel.threads, 1);
  std::vector<P> problems;
  problems.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i) problems.push_back(make_problem(i));
  detail::ParallelBranchAndBound<goal, P> search(control, options, parallel.split_depth, options.incumbent, {});
  result.outcome = search.run(problems, &root_moves);
  for (const P& thread_problem : problems) inspect(thread_problem);
  if (search.improved_on(options.incumbent)) {
    result.value = search.best_value();
    result.line = std::move(search.best_line());
  }
  result.stats = control.finish();
  result.stats.threads = threads;
  return result;
}

}  // namespace boardsearch::core
