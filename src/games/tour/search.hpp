#pragma once
// The fewest-steps tour search: the search state of one board (TourProblem,
// a core::BranchAndBoundProblem over the rules with its bound, bound.hpp)
// and the driver that tries every useful start cell (board_analysis.hpp,
// symmetry.hpp) with one incumbent and one node budget shared across them.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/move_list.hpp"
#include "boardsearch/core/result.hpp"
#include "games/tour/bound.hpp"
#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// One board's search state: the rules' Position and the TourBound that
// follows it, as a core::BranchAndBoundProblem.
class TourProblem {
 public:
  using Move = tour::Move;
  using Value = int;
  using MoveBuffer = core::MoveList<Move, 4>;

  // Precondition: `start` is an empty cell of `board`; `board` outlives this.
  TourProblem(const Board& board, Cell start, PruningOptions pruning = {})
      : position_(board, start), bound_(position_, pruning) {}

  // Moves the ball to another start cell, keeping the root bookkeeping (it
  // does not depend on where the ball is, only which cell is not counted).
  // Precondition: at the root (no step applied), `start` an empty cell.
  void restart_at(Cell start) {
    const int old_row = position_.ball().row;
    position_.restart_at(start);
    bound_.after_restart(position_, old_row);
  }

  // Steps taken if every cell is visited (the ball cannot move then), else nullopt.
  std::optional<int> solution_value() const {
    if (position_.all_visited()) return position_.steps();
    return std::nullopt;
  }

  // Admissible lower bound on the steps of any tour through this position
  // (TourBound::lower_bound): kLost if none exists.
  int bound() const { return bound_.lower_bound(position_); }
  // Proven lost (TourBound::lost), and its dead-end part alone.
  bool lost() const { return bound_.lost(position_); }
  bool dead_end() const { return bound_.dead_end(position_); }

  // The legal steps, the longest slide first (longer slides finish tours in fewer steps).
  void generate_moves(MoveBuffer& moves) const {
    for (Direction d : kDirections) {
      const int length = position_.slide_length(d);
      if (length == 0) continue;
      // Insertion into the (at most four) moves so far, longest first, stable.
      moves.push_back(Move{d, static_cast<std::uint8_t>(length)});
      for (std::size_t i = moves.size() - 1; i > 0 && moves[i - 1].length < moves[i].length; --i)
        std::swap(moves[i - 1], moves[i]);
    }
  }

  // Precondition: move.length == position().slide_length(move.direction) > 0.
  void apply(const Move& move) {
    const Cell from = position_.ball();
    position_.apply(move);
    bound_.after_apply(position_, from, move);
  }
  // Precondition: `move` was the last step applied.
  void undo(const Move& move) {
    const Cell to = position_.ball();
    position_.undo(move);
    bound_.after_undo(position_, to);
  }

  const Position& position() const { return position_; }
  int must_stop_count() const { return bound_.must_stop_count(); }
  int end_count() const { return bound_.end_count(); }
  int dead_count() const { return bound_.dead_count(); }

  // State equality for the apply/undo conformance check.
  friend bool operator==(const TourProblem& a, const TourProblem& b) {
    return a.position_ == b.position_ && a.bound_ == b.bound_;
  }

 private:
  Position position_;
  TourBound bound_;
};

// The best tour of a board: search.value is its steps (nullopt: no tour),
// search.line its moves from `start`; search.outcome and search.stats as
// every search reports them.
struct TourResult {
  core::SearchResult<Move, int> search;
  Cell start;
};

// What a running search of one board has established, for progress lines
// (read by the progress callback on the solve's thread 0 while any search
// thread may improve it: atomics).
class TourProgress {
 public:
  // The fewest steps of a tour found so far (not proven the fewest).
  std::optional<int> best() const { return read(best_); }
  // No tour has fewer steps: the smallest root bound of the starts.
  std::optional<int> bound() const { return read(bound_); }
  void set_best(int steps) { best_.store(steps, std::memory_order_relaxed); }
  void set_bound(std::optional<int> steps) { bound_.store(steps.value_or(kNone), std::memory_order_relaxed); }
  void reset() {
    best_.store(kNone, std::memory_order_relaxed);
    bound_.store(kNone, std::memory_order_relaxed);
  }

 private:
  static constexpr int kNone = -1;
  static std::optional<int> read(const std::atomic<int>& value) {
    const int v = value.load(std::memory_order_relaxed);
    return v == kNone ? std::nullopt : std::optional<int>(v);
  }
  std::atomic<int> best_{kNone};
  std::atomic<int> bound_{kNone};
};

// The serial trial before threads start, in nodes: the judge's cases, and
// any input whose cases together finish within it, start no thread. Tuned on
// 30 x 30 boards to about 10 ms of search (docs/tour.md, "Threads").
inline constexpr std::uint64_t kTrialNodes = 30'000;
// Steps from the start within which nodes share their children among threads.
inline constexpr std::size_t kSplitDepth = 8;

// Threads for solve_tour (SearchLimits::threads). trial_left: nodes of
// serial search left before threads start; the search uses them up and
// leaves the rest for the caller's next board (one trial per input, not
// per case); 0 at the start: threads at once (tests force small boards onto
// the parallel path with it).
struct TourThreads {
  std::size_t threads = 1;
  std::uint64_t trial_left = kTrialNodes;
  std::size_t split_depth = kSplitDepth;
};

// Finds the fewest steps over every start cell and tour, exactly, unless a
// limit of `control` stops it first (search.outcome then says which;
// search.value is only the best found so far and must not be shown as the
// answer). Every start
// draws on the control's one node budget; stats are the control's after this
// board (cumulative when the caller solves several boards with it).
// `progress`, when given, is kept up to date as the search goes.
// threads (optional; threads->threads > 1): a serial trial over the starts
// while threads->trial_left lasts (exactly the serial search), then the
// starts left (the one the trial stopped in included) as the children of
// one root shared among the threads, with one incumbent
// (core::parallel_branch_and_bound_over); search.stats.threads says how
// many searched. The value never depends on the thread count.
TourResult solve_tour(const Board& board, core::SearchControl& control, PruningOptions pruning = {},
                      TourProgress* progress = nullptr, TourThreads* threads = nullptr);

// The serial search of one board on one thread of a solve that several
// threads share (the cases of one input in parallel): nodes counted on
// `worker`; search.stats.nodes holds this board's nodes only.
TourResult solve_tour(const Board& board, core::SearchControl::Worker& worker, PruningOptions pruning = {});

// The same with a control of its own: one board, its own limits.
TourResult solve_tour(const Board& board, const core::SearchLimits& limits = {}, PruningOptions pruning = {});

}  // namespace boardsearch::tour
