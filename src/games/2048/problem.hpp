#pragma once
// The 2048 search state: the BranchAndBoundProblem (core/branch_and_bound.hpp)
// that search.cpp hands to the core, over the rules of rules.hpp (made fast
// by move_set.hpp), the bounds of bound.hpp and the table of entered boards
// of table.hpp.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "boardsearch/core/move_list.hpp"
#include "games/2048/bound.hpp"
#include "games/2048/move_set.hpp"
#include "games/2048/rules.hpp"
#include "games/2048/search.hpp"
#include "games/2048/table.hpp"

namespace boardsearch::game2048 {

// Why the generic branch and bound fits: the problem is "maximize a value
// over all nodes of a depth-K tree", exactly what core::branch_and_bound
// does, including the early stop when a global bound is met (best_possible).
// Everything 2048-specific lives in this problem class.
//
// Correctness of the skips made in generate_moves (the bound pruning is the
// core's, with the admissible bound of bound.hpp):
//
//  (1) A move that changes nothing is skipped. Its child is the same board
//      with one move less, and any line of <= r-1 moves from it is also a
//      line of <= r moves from the node itself, which the node's other
//      children cover. (So the optimal line has no wasted move and may be
//      shorter than K.)
//
//  (2) A child whose board was entered before with at least as many moves
//      left is skipped.
//
//  (3) After a move m that merged nothing, the opposite move m' (left after
//      right, up after down, ...) is skipped. A move of one orientation
//      computes each line (row or column) from that line's sequence of
//      tiles alone: it packs them against its wall, merging equal
//      neighbours from that wall. m merged nothing, so it kept every line's
//      sequence (it only packed it against the other wall), hence
//      m'(m(A)) = m'(A): the skipped child is the parent A's own child in
//      direction m', which A has with one more move left.
//
// Claim P(l): for every entered (board, r) and every line of l <= r moves
// from it, the board at the end of the line is no better than the final
// best (or lies below a node whose admissible bound was <= best). By
// induction on l (not on time, so an entered board still being searched
// above us is no problem), and for equal l on the depth of the entered
// board. l = 0: the entered board's value was reported to the core at
// entry. l -> l+1: the first move of the line leads to a child that was
// (a) unchanged: the same entered board, use P(l) on it; (b) entered with
// r-1 >= l: P(l); (c) skipped because (child, r') was entered with
// r' >= r-1 >= l: P(l) on that entry; (d) pruned by an admissible bound
// <= best, or refuted at best + 1 by the lookahead test (step 3c', also
// admissible, bound.cpp): no board below beats best; (e) skipped by (3): the child is
// m'(A) for the entered parent A (r+1 moves left), so the line from A that
// starts with m' and goes on like ours has l+1 <= r+1 moves and ends on the
// same board: P(l+1) at A, which is shallower. The root is entered with K,
// so no line of <= K moves beats the final best. The table compares whole
// boards, so a hash collision cannot fake an entry.
//
// Threads (core::parallel_branch_and_bound). Each thread searches with a
// copy of its own and a table of its own; the incumbent ("best") is shared.
// Read the claim over the entries of every thread's table together, at the
// end of the solve. The proof above needs two things of an entry (A, r):
// that every child of A is handled as in (a)-(e), and that a value reached
// is reported to the one final best. A thread enters a board either inside
// a claimed child, searching it as the serial search does (its children
// handled there, by that thread), or at a shared node (its own or one it
// replayed its way to), whose children are all claimed by some thread and
// searched there, or dropped as the serial search drops them (a bound that
// cannot beat the shared best, the skips (1)-(3) made with some thread's
// entries). Every value reached goes to the shared best. So (a)-(e) hold for
// the union of the tables, with "entered" meaning "entered by some thread",
// once every thread is done; a thread skipping a board that another part
// of the tree is still searching is the same situation as the serial
// search skipping a board its own ancestor is still searching.
//
// The serial trial that runs first and is abandoned. Its table holds two
// kinds of entries: boards it entered and returned from (every child handled
// as in (a)-(e), like any entry), and the boards of the line it was on when
// it stopped, the node it stopped at included, whose children were not all
// handled. abandon_trial() forgets the second kind (their counts become -1,
// never a skip), and the first thread starts with what is left
// (adopt_trial_table); the others start empty. Read the claim over the
// union of the threads' tables and the trial's remaining entries, at the
// end. A remaining entry had every child handled as in (a)-(e); a skip (c)
// it made may point at a board B of the abandoned line (then still being
// searched), which has no entry now. The threads search the root again,
// from the trial's best (so every value the trial reached is <= the final
// best), and B is reached from the root by the trial's line with the moves
// left it had: along that line each board is entered by some thread with
// those moves left, or dropped as any child is, by (a)-(e): a skip against
// an entry of the union with at least as many moves left, a bound or the
// lookahead (then no line below it beats the best), or (3) (then the line
// goes on from the grandparent's child, with one move more). So every line
// from B that (c) relied on is covered by handled nodes and entries of the
// union, and the induction on l goes through as before: l decreases along
// any such chain, also where it comes back to B through a repeated board
// (moves that only slide can repeat a board). Tested: with the open line's
// boards kept, or all but its last, answers go wrong on random boards
// (parallel_test.cpp).
class MaxTileProblem {
 public:
  using Move = Direction;
  using Value = int;
  using MoveBuffer = core::MoveList<Direction, 4>;

  MaxTileProblem(const Board& start, long long moves, const SearchOptions& options)
      : root_(start),
        options_(options),
        seen_(start.cells().size(), options.use_seen_boards ? options.table_bytes : 0) {
    path_.push_back(Node{kRootChild, moves, bound_for(start, moves), hash_board(root_), false});
    if (options_.use_seen_boards) seen_.record(root_, path_.back().hash, moves);
  }

  // Every node is a solution: "at most K moves" lets us stop anywhere.
  std::optional<int> solution_value() const { return board().max_exponent(); }

  int bound() const { return path_.back().bound; }

  // `incumbent`: the best value the search has found so far (the core's;
  // nullopt, as in the conformance playouts, prunes no child).
  void generate_moves(MoveBuffer& moves, const std::optional<int>& incumbent = std::nullopt) {
    const Node node = path_.back();
    const std::size_t depth = path_.size() - 1;
    // Step 1. No moves left: a leaf.
    if (node.moves_left == 0) return;
    // Step 2. Guard the stack (the core recurses once per move).
    if (static_cast<long long>(depth) >= options_.max_depth) {
      depth_limited_ = true;
      return;
    }
    // Step 3. Compute the four children once; apply() only selects one.
    if (children_.size() <= depth) children_.resize(depth + 1);
    const Board& parent = board();
    ChildSlots& slots = children_[depth];
    const long long child_moves = node.moves_left - 1;
    moves_.prepare(parent);
    std::array<Direction, 4> order{};
    std::size_t count = 0;
    for (const Direction direction : kDirections) {
      const auto i = static_cast<std::size_t>(direction);
      // Step 3a. After a move that merged nothing, skip the opposite move
      // (3): its board is this node's parent's child in that direction.
      if (node.slid_only && direction == core::opposite(static_cast<Direction>(node.child))) continue;
      // Step 3b. Skip a move that changes nothing (1).
      if (!moves_.apply(direction, slots.boards[i])) continue;
      // Step 3c. Drop a child whose bound cannot beat the incumbent: the
      // core would prune it on arrival; doing it here saves the visit (and,
      // done before 3d, the hashing of a board that is never entered). With
      // an incumbent only the targets above it are tested (the same bound
      // and the same drops, bound.hpp: upper_bound_above).
      if (incumbent) {
        const std::optional<int> above = bound_above(slots.boards[i], child_moves, *incumbent);
        if (!above) continue;
        slots.bounds[i] = *above;
        // Step 3c'. Near the leaves, the same target judged one move further
        // (bound.hpp: lookahead_can_build, admissible too): most children
        // there that pass the test above have no child that does. Only for
        // a child whose bound is the target itself: on the dense bench boards
        // none with a higher bound was refuted (docs/2048.md, "Tuned constants").
        if (options_.use_bounds && slots.bounds[i] == *incumbent + 1 && child_moves >= 1 &&
            child_moves >= options_.lookahead_from && child_moves <= options_.lookahead_to &&
            !lookahead_can_build_after(slots.boards[i], child_moves, *incumbent + 1, moves_, lookahead_moves_,
                                       lookahead_child_))
          continue;
      } else {
        slots.bounds[i] = bound_for(slots.boards[i], child_moves);
      }
      // Step 3d. Skip a board entered before with as many moves left (2).
      if (options_.use_seen_boards) {
        slots.hashes[i] = hash_board(slots.boards[i]);
        if (seen_.moves_left(slots.boards[i], slots.hashes[i]) >= child_moves) continue;
      }
      order[count++] = direction;
    }
    // Step 4. Most promising first: highest bound, then largest tile, then
    // fewest tiles (more merges done). Only speed depends on this order.
    auto key = [&](Direction d) {
      const Board& child = slots.boards[static_cast<std::size_t>(d)];
      return std::tuple(slots.bounds[static_cast<std::size_t>(d)], child.max_exponent(),
                        -static_cast<long long>(child.counts().tiles));
    };
    // Insertion sort of at most four moves: stable (ties keep kDirections'
    // order, as std::stable_sort would) and without its buffer machinery.
    for (std::size_t k = 1; k < count; ++k)
      for (std::size_t j = k; j > 0 && key(order[j]) > key(order[j - 1]); --j) std::swap(order[j], order[j - 1]);
    for (std::size_t k = 0; k < count; ++k) moves.push_back(order[k]);
  }

  void apply(Direction direction) {
    const std::size_t depth = path_.size() - 1;
    const auto i = static_cast<std::size_t>(direction);
    const long long child_moves = path_.back().moves_left - 1;
    const bool slid_only = children_[depth].boards[i].counts().tiles == board().counts().tiles;
    path_.push_back(
        Node{static_cast<int>(i), child_moves, children_[depth].bounds[i], children_[depth].hashes[i], slid_only});
    if (options_.use_seen_boards) seen_.record(board(), path_.back().hash, child_moves);
  }

  void undo(Direction) { path_.pop_back(); }

  // apply(direction) without generate_moves first: computes the child (its
  // board, bound and hash) as generate_moves would, then applies it. The
  // parallel search brings a thread's copy to a shared node with it
  // (core::ReplaysMoves); it never filters, so a board this copy's table
  // already holds is still entered (see "Threads" above).
  void replay(Direction direction) {
    const std::size_t depth = path_.size() - 1;
    if (children_.size() <= depth) children_.resize(depth + 1);
    const auto i = static_cast<std::size_t>(direction);
    ChildSlots& slots = children_[depth];
    apply_move(board(), direction, slots.boards[i]);
    slots.bounds[i] = bound_for(slots.boards[i], path_.back().moves_left - 1);
    if (options_.use_seen_boards) slots.hashes[i] = hash_board(slots.boards[i]);
    apply(direction);
  }

  // The parallel search's trial stops here (core::AbandonsTrial): the
  // boards of the line to this node, this one included, were entered and
  // not finished. Forgets them, so that the table holds finished subtrees
  // only and may go to a thread (adopt_trial_table; proof at "Threads"
  // above). This problem is not searched again.
  void abandon_trial() {
    for (std::size_t depth = 0; depth < path_.size(); ++depth) seen_.forget(board_at(depth), path_[depth].hash);
    trial_abandoned_ = true;
  }

  // Takes the table of `trial`, a problem at the same root whose trial was
  // abandoned (abandon_trial), in place of this problem's own (which holds
  // only the root, recorded again), when the boards it holds fit this
  // problem's budget. Returns whether it did; `trial` keeps no table either
  // way.
  bool adopt_trial_table(MaxTileProblem& trial) {
    bool adopted = false;
    if (options_.use_seen_boards && trial.trial_abandoned_ && path_.size() == 1 &&
        trial.seen_.rebudget(options_.table_bytes)) {
      seen_ = std::move(trial.seen_);
      seen_.record(root_, path_.front().hash, path_.front().moves_left);
      adopted = true;
    }
    trial.drop_seen_boards();
    return adopted;
  }

  // Frees the table of entered boards and takes no more: for a problem
  // whose search was abandoned (the parallel search's trial), whose entries
  // for the boards it left unfinished must not be used again.
  void drop_seen_boards() {
    seen_ = SeenBoards(root_.cells().size(), 0);
    trial_abandoned_ = false;
  }

  const Board& board() const { return board_at(path_.size() - 1); }
  bool depth_limited() const { return depth_limited_; }
  std::size_t seen_boards() const { return seen_.size(); }
  // State equality for the apply/undo conformance check: the same line
  // depth, board and node bookkeeping. The table of entered boards is not
  // part of the state (it only grows, and only decides which children are
  // generated); nor are the child slots, scratch that generate_moves fills.
  bool operator==(const MaxTileProblem& other) const {
    const Node& a = path_.back();
    const Node& b = other.path_.back();
    return path_.size() == other.path_.size() && board() == other.board() && a.moves_left == b.moves_left &&
           a.bound == b.bound && a.hash == b.hash && a.slid_only == b.slid_only;
  }

 private:
  static constexpr int kRootChild = -1;

  // One node on the current line: which child of its parent it is (indices,
  // not pointers, so the problem can be copied), its moves left and bound.
  struct Node {
    int child;
    long long moves_left;
    int bound;
    std::uint64_t hash;
    bool slid_only;  // the move here merged nothing (only slid tiles)
  };
  // The four children of the node at one depth.
  struct ChildSlots {
    std::array<Board, 4> boards;
    std::array<int, 4> bounds{};
    std::array<std::uint64_t, 4> hashes{};
  };

  // The board of the node at `depth` on the current line (0: the root).
  const Board& board_at(std::size_t depth) const {
    if (depth == 0) return root_;
    return children_[depth - 1].boards[static_cast<std::size_t>(path_[depth].child)];
  }

  int bound_for(const Board& board, long long moves_left) const {
    return options_.use_bounds ? upper_bound_exponent(board, moves_left) : kMaxExponent;
  }
  // bound_for if it exceeds `value`, else nullopt.
  std::optional<int> bound_above(const Board& board, long long moves_left, int value) const {
    if (!options_.use_bounds) return value < kMaxExponent ? std::optional<int>(kMaxExponent) : std::nullopt;
    return upper_bound_above(board, moves_left, value);
  }

  Board root_;
  SearchOptions options_;
  SeenBoards seen_;
  std::vector<Node> path_;
  std::vector<ChildSlots> children_;
  MoveSet moves_;  // scratch of generate_moves: the four moves of one node
  // Scratch of the lookahead (step 3c'): a child's own moves and children.
  MoveSet lookahead_moves_;
  Board lookahead_child_;
  bool depth_limited_ = false;
  bool trial_abandoned_ = false;  // abandon_trial ran: the table holds finished subtrees only
};

}  // namespace boardsearch::game2048
