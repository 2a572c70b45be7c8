#pragma once
// The footholds rules: the position as the input gives it (Board), and the
// game on bitboards that the search plays (FootholdsGame, a
// core::NegamaxGame: rules, key, exact scores where known, move order).
//
// Rules (docs/footholds.md): A and B stand on footholds, A moves first. A turn
// steps to an orthogonally adjacent cell that still has its foothold (the other
// player's cell counts); the foothold stepped off vanishes. A player loses when
// it is its turn and it cannot step, or the foothold under it has vanished.
// Moves are core::Direction (core/grid.hpp), the one direction type of every
// board puzzle.
//
// Position: the set F of cells that still have a foothold, the cell of the
// player to move ("mover") and of the other player. Names A / B do not matter
// to the future, so the key is exactly (F, mover cell, other cell): two
// different positions never share a key, so the table cannot confuse them.
//
// Score, from the mover's point of view. Every move removes exactly one
// foothold (the one the mover stands on, which exists, or it could not move),
// so the number of moves played so far is (initial footholds - |F|), and the
// game's total is (initial footholds - f_end) where f_end = |F| when it ends.
// When the game ends the last mover stands on a foothold, so f_end >= 1. So
//   score = +f_end  if the mover (of this position) wins,
//   score = -f_end  if the mover loses,
// is never 0, depends only on how the game ends (path-independent), and plain
// negation is right: a win with more footholds left is a shorter game (win
// fast), a loss with fewer left is a longer game (lose slowly). The total
// number of moves from the root is initial footholds - |score|.
//
// The mover of a position wins exactly when the number of plies d still to be
// played is odd (the loser is the one to move at the end): f_end = |F| - d.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "boardsearch/core/grid.hpp"
#include "boardsearch/core/move_list.hpp"
#include "games/footholds/bitboard.hpp"
#include "games/footholds/bound.hpp"
#include "games/footholds/geometry.hpp"
#include "games/footholds/longest_path.hpp"

namespace boardsearch::footholds {

// Boards of up to this many cells are accepted (two 64-bit words).
inline constexpr int kMaxCells = 128;

using core::Direction;
using core::kDirections;

// A position as the input gives it: A is to move.
struct Board {
  int rows = 0;
  int cols = 0;
  std::vector<std::uint8_t> footholds;  // rows * cols entries, index row * cols + column; 1 = foothold
  int a = 0;                            // A's cell, row * cols + column
  int b = 0;                            // B's cell

  int cells() const { return rows * cols; }
  int row_of(int cell) const { return cell / cols; }
  int col_of(int cell) const { return cell % cols; }
  int cell_at(int row, int col) const { return row * cols + col; }
  // The cell one step from `cell` in `direction`, or -1 off the board.
  int step(int cell, Direction direction) const;
  bool operator==(const Board&) const = default;
};

// The board's footholds as a bitboard: bit r * cols + c set where cell (r, c)
// has a foothold. Precondition: board.cells() <= BB::kCapacity.
template <class BB>
BB foothold_bits(const Board& board) {
  BB footholds;
  for (int cell = 0; cell < board.cells(); ++cell)
    if (board.footholds[static_cast<std::size_t>(cell)] != 0) footholds |= BB::cell(cell);
  return footholds;
}

// The game on bitboards, from the mover's point of view (the score above).
template <class BB>
class FootholdsGame {
 public:
  // known_score's argument when nothing is known about the previous position.
  static constexpr int kNoVacatedCell = -1;

  using Move = Direction;
  using MoveBuffer = core::MoveList<Direction, 4>;
  // core::Negamax's context: the cell the last move vacated, when the position
  // before it had its players connected (see known_score).
  using Context = int;
  static constexpr Context kRootContext = kNoVacatedCell;

  //   Key: the foothold set plus the two cells (each < 128, one byte).
  //   +---------------------------+--------+--------+
  //   | footholds (64 or 128 bits)| mover  | other  |
  //   +---------------------------+--------+--------+
  struct Key {
    BB footholds;
    std::uint8_t mover = 0;
    std::uint8_t other = 0;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::uint64_t operator()(const Key& key) const {
      const std::uint64_t cells = (static_cast<std::uint64_t>(key.mover) << 8) | key.other;
      return mix64(key.footholds.hash() + (cells + 1) * 0x9E3779B97F4A7C15ULL);
    }
  };

  // Preconditions: footholds within the board, mover and other on footholds
  // or (mid-game) the mover on a vanished one. geometry and paths outlive the game.
  FootholdsGame(const Geometry<BB>& geometry, LongestPaths<BB>& paths, BB footholds, int mover, int other)
      : geometry_(&geometry),
        paths_(&paths),
        footholds_(footholds),
        foothold_count_(footholds.count()),
        mover_(static_cast<std::uint8_t>(mover)),
        other_(static_cast<std::uint8_t>(other)) {}

  Key key() const { return {footholds_, mover_, other_}; }
  std::uint64_t hash() const { return KeyHash{}(key()); }
  BB footholds() const { return footholds_; }
  int foothold_count() const { return foothold_count_; }
  int mover() const { return mover_; }
  int other() const { return other_; }

  // Whether the mover has lost: its foothold vanished or it has no step.
  bool over() const { return !footholds_.test(mover_) || (adjacent(mover_) & footholds_).none(); }

  // The exact score when it is known without search (see the file comment for
  // the score), else nullopt. Cases, in order:
  //   1. the mover has lost: the game ends now, score -|F|;
  //   2. the mover wins with its next move (the other is on the same cell and
  //      loses its foothold, or has no step once the mover's cell vanishes,
  //      whichever step the mover takes): +(|F| - 1), the best score there is;
  //   3. the players can no longer reach each other: the closed form of bound.hpp
  //      (separated_score, with its proof).
  // `vacated_connected`: the cell the last move vacated if the position
  // before that move had its players connected (the search knows it: it only
  // generates moves there), else kNoVacatedCell. It only saves work (step 3).
  // May throw core::SearchAborted (the longest-path search has limits too).
  std::optional<int> known_score(int vacated_connected = kNoVacatedCell) const {
    const int f = foothold_count_;
    // Step 1. Game over for the mover.
    if (over()) return -f;
    // Step 2. Immediate win. After the mover steps off m, the other (at o)
    // moves on F \ {m}: if o == m its foothold is gone; otherwise it needs a
    // neighbour of o in F \ {m} (the mover's new cell counts, so this does not
    // depend on where the mover steps).
    const BB after_move = footholds_ ^ BB::cell(mover_);
    if (mover_ == other_ || (adjacent(other_) & after_move).none()) return f - 1;
    // Step 3. Separated players. Shortcut: the previous position had the
    // vacated cell v, the mover's cell and the other's cell (a neighbour of v:
    // the last step went there) in one component; if removing v kept every
    // connection between other cells (a local test around v), both players
    // are still connected. Otherwise the full test. (Saying "connected" is
    // always sound anyway: the position is then searched, not scored.)
    if (vacated_connected != kNoVacatedCell && geometry_->removal_keeps_connections(vacated_connected, footholds_))
      return std::nullopt;
    if (geometry_->connected(mover_, other_, footholds_)) return std::nullopt;
    return separated_score();
  }

  // The context of every child once known_score() said nullopt: the players
  // are connected here, and every move vacates the mover's cell.
  Context child_context() const { return mover_; }

  // Bounds on the score when known_score() is nullopt (bound.hpp,
  // score_window: the proof).
  std::pair<int, int> score_bounds() const { return score_window(foothold_count_); }

  // The mover's legal steps, best first (territory order, see below). Empty
  // when the mover has lost.
  void generate_moves(MoveBuffer& moves) const {
    if (!footholds_.test(mover_)) return;
    const BB after_move = footholds_ ^ BB::cell(mover_);
    // One step: nothing to order. (Its own loop: 1-2 % fewer instructions
    // than a zero score in the scored loop below.)
    if ((adjacent(mover_) & footholds_).count() == 1) {
      for (Direction direction : kDirections) {
        const int next = step_to(mover_, direction);
        if (next >= 0 && footholds_.test(next)) moves.push_back(direction);
      }
      return;
    }
    int scores[4];
    for (Direction direction : kDirections) {
      const int next = step_to(mover_, direction);
      if (next < 0 || !footholds_.test(next)) continue;
      // Insertion sort on the territory score, highest first.
      const int score = next == other_ ? kStepOntoOtherScore : territory(after_move, next, other_);
      std::size_t i = moves.size();
      moves.push_back(direction);
      while (i > 0 && scores[i - 1] < score) {
        moves[i] = moves[i - 1];
        scores[i] = scores[i - 1];
        --i;
      }
      moves[i] = direction;
      scores[i] = score;
    }
    if (foothold_count_ >= symmetry_min_footholds_) drop_symmetric(moves);
    if (variant_ != 0 && foothold_count_ >= vary_min_footholds_) rotate(moves);
  }

  // Positions with at least `min_footholds` footholds (those near the root)
  // generate one move of each class of moves that a symmetry of the position
  // maps onto each other (drop_symmetric). Default: none do.
  void prune_symmetric_moves(int min_footholds) { symmetry_min_footholds_ = min_footholds; }

  // Lazy SMP (search.cpp): a helper thread of a parallel solve searches the
  // same positions in another order, so that the threads spread over the
  // tree instead of walking it in step. With variant != 0, positions with at
  // least `min_footholds` footholds (those near the root) rotate their
  // ordered moves by an amount drawn from the position and the variant.
  // Only the order changes, so every value stays exact. Variant 0: the
  // territory order alone (the serial search).
  void vary_order(std::uint64_t variant, int min_footholds) {
    variant_ = variant;
    vary_min_footholds_ = min_footholds;
  }

  // Precondition: `direction` was generated for this position.
  void apply(Direction direction) {
    const int next = step_to(mover_, direction);
    footholds_ ^= BB::cell(mover_);
    --foothold_count_;
    mover_ = other_;
    other_ = static_cast<std::uint8_t>(next);
  }

  // Precondition: the last apply was `direction`. The previous mover stood one
  // step back from its current cell (now `other_`).
  void undo(Direction direction) {
    const int previous = step_to(other_, core::opposite(direction));
    footholds_ |= BB::cell(previous);
    ++foothold_count_;
    other_ = mover_;
    mover_ = static_cast<std::uint8_t>(previous);
  }

  bool operator==(const FootholdsGame& other) const { return key() == other.key(); }

  // The score of a position where the players cannot reach each other
  // (precondition: not over(), no immediate win, separated): the closed
  // form of bound.hpp, separated_score.
  int separated_score() const {
    return footholds::separated_score(*geometry_, *paths_, footholds_, foothold_count_, mover_, other_);
  }

 private:
  // Move-ordering score of a step onto the other player's cell: last. It can
  // only be good when the other then has no step, and that case is decided
  // before moves are generated (known_score, case 2).
  static constexpr int kStepOntoOtherScore = -1000;

  // Drops the moves that lead to the image of an earlier move's position
  // under a symmetry of this position (one that maps the footholds onto
  // themselves and fixes both players' cells).
  // Claim: the score is unchanged. Proof: such a symmetry s maps the board's
  // adjacency onto itself (Geometry::symmetries), so it maps the position
  // after move m onto the position after the move to s(target of m) (the
  // mover's cell and the other's are fixed, the vacated cell is the mover's),
  // and a position and its image have the same game tree, hence the same
  // score; the best over the moves kept is the best over all of them. Only
  // the first (best-ordered) move of each class is kept.
  void drop_symmetric(MoveBuffer& moves) const {
    if (moves.size() < 2) return;
    for (std::size_t k = 0; k < geometry_->symmetries.size(); ++k) {
      const auto& image = geometry_->symmetries[k];
      if (image[mover_] != mover_ || image[other_] != other_) continue;
      if (geometry_->mapped(footholds_, k) != footholds_) continue;
      MoveBuffer kept;
      for (const Direction move : moves) {
        const int target = step_to(mover_, move);
        bool duplicate = false;
        for (const Direction earlier : kept) duplicate = duplicate || image[step_to(mover_, earlier)] == target;
        if (!duplicate) kept.push_back(move);
      }
      moves = kept;
    }
  }

  // The helper thread's order (vary_order): the moves rotated by an amount
  // from the position's hash and the variant.
  void rotate(MoveBuffer& moves) const {
    const std::size_t size = moves.size();
    const std::size_t by = static_cast<std::size_t>(mix64(hash() ^ variant_) % size);
    if (by == 0) return;
    Direction rotated[4];
    for (std::size_t i = 0; i < size; ++i) rotated[i] = moves[(i + by) % size];
    moves.clear();
    for (std::size_t i = 0; i < size; ++i) moves.push_back(rotated[i]);
  }

  BB adjacent(int cell) const { return geometry_->adjacent[static_cast<std::size_t>(cell)]; }
  int step_to(int cell, Direction direction) const {
    return geometry_->step_to[static_cast<std::size_t>(cell)][static_cast<std::size_t>(direction)];
  }

  // Territory dominates the exit count in the move order (at most 4 exits).
  static constexpr int kTerritoryWeight = 8;

  // Territory (Voronoi) count as in Tron bots: after the mover steps to `me`
  // (footholds `cells`), the cells it reaches strictly before the other player
  // (at `them`) minus the cells the other reaches strictly first, by breadth-
  // first search through `cells`. Cells reached at the same time block both.
  // Then, between equal territories, the step with fewer exits.
  // A heuristic: it only orders moves.
  int territory(BB cells, int me, int them) const {
    BB my_front = BB::cell(me);
    BB their_front = BB::cell(them);
    BB seen = my_front | their_front;
    BB mine = BB{};
    BB theirs = BB{};
    while (my_front.any() || their_front.any()) {
      const BB my_next = geometry_->neighbours(my_front) & cells & ~seen;
      const BB their_next = geometry_->neighbours(their_front) & cells & ~seen;
      const BB contested = my_next & their_next;
      seen |= my_next | their_next;
      my_front = my_next & ~contested;
      their_front = their_next & ~contested;
      mine |= my_front;
      theirs |= their_front;
    }
    const int balance = mine.count() - theirs.count();
    // Ties: fewer exits first (Warnsdorff's rule: fill the tight spots
    // before they become dead ends; about 40 % fewer nodes on full 8 x 8
    // centre starts).
    return balance * kTerritoryWeight - (adjacent(me) & cells).count();
  }

  const Geometry<BB>* geometry_;
  LongestPaths<BB>* paths_;
  BB footholds_;
  int foothold_count_;
  std::uint8_t mover_;
  std::uint8_t other_;
  std::uint64_t variant_ = 0;             // vary_order
  int vary_min_footholds_ = 0;            // vary_order
  int symmetry_min_footholds_ = 1 << 20;  // prune_symmetric_moves (default: none)
};

}  // namespace boardsearch::footholds
