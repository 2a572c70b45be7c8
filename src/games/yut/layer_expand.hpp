#pragma once
// Expanding one position of a known-dice layer (search.cpp), shared by the
// serial layers and the parallel ones (parallel_layers.hpp): its children
// under the bound, the node counter, and where the best finished game ends.

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/yut/bound.hpp"
#include "games/yut/rules.hpp"
#include "games/yut/table.hpp"

namespace boardsearch::yut::known_dice {

// Where the best finished game ends: layer (turns played) and entry.
struct BestEnd {
  long long score = 0;
  std::size_t layer = 0;
  std::uint32_t entry = 0;
  bool found = false;

  void offer(long long candidate, std::size_t at_layer, std::uint32_t at_entry) {
    if (found && candidate <= score) return;  // ties keep the first: deterministic plans
    *this = BestEnd{candidate, at_layer, at_entry, true};
  }
};

// The bound's sums for a position: G and budget summed over its pieces (see
// bound.hpp).
struct BoundSums {
  long long lone_piece = 0;
  long long budget = 0;
};
inline BoundSums bound_sums(const FutureBound::AtTurn& bound, const Squares& squares, int pieces) {
  BoundSums sums;
  for (int i = 0; i < pieces; ++i) {
    sums.lone_piece += bound.lone_piece(squares[i]);
    sums.budget += bound.budget(squares[i]);
  }
  return sums;
}

// searches, on one core::SearchControl::Worker per thread from the first
// layer expanded on several threads to the end of the solve (the control's
// own visit() would not see the Workers' nodes on the node budget, so it is
// not used again; thread 0, the solve's, reports progress).
class LayerCounter {
 public:
  explicit LayerCounter(core::SearchControl& control) : control_(&control) {}

  // Counts a node on the solve's thread.
  void visit() {
    if (workers_.empty())
      control_->visit();
    else
      workers_[0]->visit();
  }
  // Counts a node on thread `thread` (< threads()) of a parallel phase.
  void visit(std::size_t thread) { workers_[thread]->visit(); }

  // Makes the Workers of `threads` threads (the first call only).
  void start_workers(std::size_t threads) {
    if (!workers_.empty()) return;
    for (std::size_t i = 0; i < threads; ++i)
      workers_.push_back(std::make_unique<core::SearchControl::Worker>(*control_, i == 0));
  }
  // Threads that counted: 1 until start_workers.
  std::size_t threads() const { return std::max<std::size_t>(1, workers_.size()); }

 private:
  core::SearchControl* control_;
  std::vector<std::unique_ptr<core::SearchControl::Worker>> workers_;
};

// What expanding the positions of one layer needs, shared read-only by the
// threads of a parallel layer.
struct LayerContext {
  const Board& board;
  const MoveTable& moves;
  std::uint8_t finish = 0;
  int die = 0;
  const FutureBound* bound = nullptr;  // exact run: drop children below lower_bound
  FutureBound::AtTurn bound_next;      // bound->at(turn + 1)
  long long lower_bound = 0;
};

// One child of a position: its key, the score that reaches it, the move.
struct Child {
  PositionKey key;
  long long score;
  std::uint8_t from, to;
};

// The children of one position that may still reach lower_bound.
struct Children {
  std::array<Child, kMaxPieces> list;
  int count = 0;
  bool any_move = false;  // some legal move (else the game ends here)
};

// Steps 2 and 3 of run_layers_for for `position` (unpacked to `squares`):
// its legal moves with the layer's die (for_each_legal_move: one per
// distinct square, landing on finish or a free square) and the children
// that can still reach lower_bound. `on_key(key)` sees each kept child's key
// as soon as it is built (to prefetch its slot).
template <int kPieces, class OnKey>
void children_of(const LayerContext& context, const LayerEntry& position, const Squares& squares, Children& out,
                 OnKey&& on_key) {
  // The bound's sums for the children, before the moving piece changes.
  const FutureBound::AtTurn& bound_next = context.bound_next;
  const BoundSums sums = context.bound != nullptr ? bound_sums(bound_next, squares, kPieces) : BoundSums{};
  out.count = 0;
  out.any_move = for_each_legal_move<kPieces>(
      context.moves, context.finish, squares, context.die, [&](int i, std::uint8_t from, std::uint8_t to) {
        // Step 3. The child, unless it cannot reach lower_bound.
        const long long score = position.score + context.board.squares[to].points;
        if (context.bound != nullptr) {
          const long long future =
              bound_next.future(sums.lone_piece - bound_next.lone_piece(from) + bound_next.lone_piece(to),
                                sums.budget - bound_next.budget(from) + bound_next.budget(to));
          if (score + future < context.lower_bound) return;
        }
        const PositionKey key = moved_key(position.key, squares, kPieces, i, to);
        on_key(key);
        out.list[out.count++] = Child{key, score, from, to};
      });
}

// The parallel expansion of a layer (expand_in_parallel).

}  // namespace boardsearch::yut::known_dice
