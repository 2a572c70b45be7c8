#pragma once
// Depth-first branch and bound for single-player optimization (maximize or
// minimize), as a free function over a small problem contract.
//
// Correctness rests on one promise from the problem: `bound()` is admissible,
// i.e. no solution in the subtree below the current state (the state itself
// included) is better than it. Then a subtree whose bound is not strictly
// better than the best solution found so far cannot contain a strictly better
// one, and skipping it loses nothing: the returned value is the exact optimum.

#include <concepts>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "boardsearch/core/after_move.hpp"
#include "boardsearch/core/limits.hpp"
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

template <Goal goal, BranchAndBoundProblem P>
class BranchAndBound {
 public:
  using Move = typename P::Move;
  using Value = typename P::Value;

  BranchAndBound(P& problem, SearchControl& control, const BranchAndBoundOptions<Value>& options)
      : problem_(problem), control_(control), options_(options), best_(options.incumbent) {}

  // Step-numbered like Stockfish's search so each rule can be read alone.
  void search() {
    // Step 1. Count the node; this may abort the search on a limit.
    control_.visit();

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
  SearchControl& control_;
  const BranchAndBoundOptions<Value>& options_;
  std::optional<Value> best_;
  std::vector<Move> line_;
  std::vector<Move> best_line_;
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

}  // namespace boardsearch::core
