#pragma once
// The propagating solver behind search.hpp, one instance per box size B
// (side B², B = 2..5), so that every loop bound is a constant.
//
// Soundness (why the answers are exact). Propagation removes a candidate
// only when no completion of the current state can hold it:
//   - naked single: a placed cell's number cannot go in any of its peers
//     (same row, column or box);
//   - hidden single: when a number has one place left in a unit, every
//     completion puts it there, so that cell's other candidates go;
//   - a cell with no candidate, or a unit where a number has no place,
//     has no completion.
// So the completions of a state equal those of its propagated state. A
// branch on a cell tries each of its candidates on a copy: the children's
// completions partition the parent's. Hence `any` returns a completion when
// one exists, and `count` counts each completion exactly once.
//
// Smallest completion (Baekjoon 2239). In that mode the branch cell is the
// first open cell row by row, and its candidates are tried in increasing
// order, the first completion found is returned. Claim: it is the smallest
// completion (row by row) of the state. Proof by induction on the open
// cells. Every cell before the branch cell i holds one candidate, so all
// completions of the state agree on cells 0..i-1 and first differ at i or
// later. The children are tried in increasing value at i; the first child
// with any completion holds every completion of the state with the least
// value at i (propagation keeps exactly the completions, above), and by
// induction the search returns the smallest of that child's completions,
// which is then the smallest of the state's. A child without completion
// returns none (soundness), so it is never mistaken for one.
//
// Branch choice for `any` and `count`: the open cell with the fewest
// candidates (a cell with two is taken at once): each child then keeps the
// most of the parent's constraint, which keeps the trees small.

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/sudoku/rules.hpp"
#include "games/sudoku/search.hpp"

namespace boardsearch::sudoku::detail {

template <int B>
struct Shape {
  static constexpr int kSide = B * B;
  static constexpr int kCells = kSide * kSide;
  static constexpr int kUnits = 3 * kSide;
  // Row and column peers, and the box's cells in neither.
  static constexpr int kPeers = 2 * (kSide - 1) + (B - 1) * (B - 1);
  using Mask = std::conditional_t<(kSide <= 16), std::uint16_t, std::uint32_t>;
  static constexpr Mask kAll = static_cast<Mask>((std::uint64_t{1} << kSide) - 1);
};

// A set of units, bit u = unit u (rows 0..side-1, columns, boxes; at most 75).
__extension__ typedef unsigned __int128 UnitSet;  // __extension__: GCC's 128-bit type under -Wpedantic

// The lowest unit of a non-empty set.
inline int lowest_unit(UnitSet units) {
  const auto low = static_cast<std::uint64_t>(units);
  return low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(units >> 64));
}

// The units (rows, then columns, then boxes) and each cell's peers.
template <int B>
struct Tables {
  using S = Shape<B>;
  std::array<std::array<std::int16_t, S::kSide>, S::kUnits> unit_cells{};
  std::array<std::array<std::int16_t, S::kPeers>, S::kCells> peers{};
  std::array<UnitSet, S::kCells> cell_units{};  // the row, column and box of each cell
  // The number of candidates of a mask, by table for 9 x 9 (without
  // -mpopcnt, std::popcount is a library call).
  std::array<std::uint8_t, (S::kSide <= 9 ? 1 << S::kSide : 1)> candidates_of{};

  constexpr Tables() {
    for (int u = 0; u < S::kSide; ++u)
      for (int k = 0; k < S::kSide; ++k) {
        unit_cells[u][k] = static_cast<std::int16_t>(u * S::kSide + k);             // row u
        unit_cells[S::kSide + u][k] = static_cast<std::int16_t>(k * S::kSide + u);  // column u
        const int row = (u / B) * B + k / B, col = (u % B) * B + k % B;             // box u
        unit_cells[2 * S::kSide + u][k] = static_cast<std::int16_t>(row * S::kSide + col);
      }
    for (int m = 0; m < static_cast<int>(candidates_of.size()); ++m)
      candidates_of[m] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(m)));
    for (int cell = 0; cell < S::kCells; ++cell) {
      const int r = cell / S::kSide, c = cell % S::kSide;
      cell_units[cell] =
          UnitSet{1} << r | UnitSet{1} << (S::kSide + c) | UnitSet{1} << (2 * S::kSide + (r / B) * B + c / B);
      int n = 0;
      for (int other = 0; other < S::kCells; ++other) {
        const int r2 = other / S::kSide, c2 = other % S::kSide;
        const bool same_box = r / B == r2 / B && c / B == c2 / B;
        if (other != cell && (r == r2 || c == c2 || same_box)) peers[cell][n++] = static_cast<std::int16_t>(other);
      }
    }
  }
};

// const, not constexpr: building 25 x 25's peers (625 x 625 cells) passes
// clang's limit of steps in a constant expression; the compiler may still
// initialize it at compile time.
template <int B>
inline const Tables<B> kTables{};

// Depth-first search over propagated states; one object per solve (or per
// run of bulk grids), its state stack allocated once.
template <int B>
class Solver {
 public:
  using S = Shape<B>;
  using Mask = typename S::Mask;
  struct State {
    std::array<Mask, S::kCells> cand;
  };

  explicit Solver(core::SearchControl& control) : control_(control), stack_(S::kCells + 1) {}

  // Sets the root from `cells` (0 empty, 1..side) and propagates; false when
  // the clues contradict (no completion).
  bool start(const int* cells) {
    State& root = stack_[0];
    root.cand.fill(S::kAll);
    queued_ = 0;
    for (int cell = 0; cell < S::kCells; ++cell)
      if (cells[cell] != 0) {
        root.cand[cell] = static_cast<Mask>(Mask{1} << (cells[cell] - 1));
        queue_[queued_++] = static_cast<std::int16_t>(cell);
      }
    dirty_ = (UnitSet{1} << S::kUnits) - 1;
    return settle(root);
  }

  // Searches from the root set by start(). any / smallest: true when a
  // completion was found (then completion() holds it). count: adds to
  // count(); true when max_count was reached. Throws core::SearchAborted on
  // a limit.
  bool run(Goal goal, Count max_count) {
    goal_ = goal;
    max_count_ = max_count;
    count_ = 0;
    return dfs(0);
  }

  const State& completion() const { return found_; }
  const State& root() const { return stack_[0]; }
  Count count() const { return count_; }

  static int value_of(Mask mask) { return std::countr_zero(mask) + 1; }

 private:
  static bool single(Mask m) { return (m & (m - 1)) == 0; }

  // Removes each queued cell's number from its peers (a peer left with one
  // number is queued: a naked single), then looks for hidden singles in one
  // unit that changed since it was last looked at (dirty_); repeats until no
  // unit is dirty. False on a contradiction. Every unit holding a changed
  // cell is dirty, so a unit never looked at again is one where nothing
  // changed since it held no hidden single and every number had a place.
  bool propagate(State& s) {
    for (;;) {
      // Step 1. Naked singles.
      while (queued_ > 0) {
        const int cell = queue_[--queued_];
        const Mask bit = s.cand[cell];
        for (const std::int16_t peer : kTables<B>.peers[cell]) {
          Mask& m = s.cand[peer];
          if ((m & bit) == 0) continue;
          m = static_cast<Mask>(m ^ bit);
          if (m == 0) return false;
          dirty_ |= kTables<B>.cell_units[peer];
          if (single(m)) queue_[queued_++] = peer;
        }
      }
      // Step 2. Hidden singles in one dirty unit: a number with one place.
      if (dirty_ == 0) return true;
      const int u = lowest_unit(dirty_);
      dirty_ &= ~(UnitSet{1} << u);
      const auto& unit = kTables<B>.unit_cells[u];
      Mask once = 0, twice = 0, fixed = 0;
      for (const std::int16_t cell : unit) {
        const Mask m = s.cand[cell];
        twice = static_cast<Mask>(twice | (once & m));
        once = static_cast<Mask>(once | m);
        if (single(m)) fixed = static_cast<Mask>(fixed | m);
      }
      if (once != S::kAll) return false;
      Mask hidden = static_cast<Mask>(once & ~twice & ~fixed);
      while (hidden != 0) {
        const Mask bit = static_cast<Mask>(hidden & (~hidden + 1));
        hidden = static_cast<Mask>(hidden ^ bit);
        for (const std::int16_t cell : unit)
          if ((s.cand[cell] & bit) != 0) {
            s.cand[cell] = bit;  // not yet single: `fixed` holds the numbers of single cells
            queue_[queued_++] = cell;
            dirty_ |= kTables<B>.cell_units[cell];
            break;
          }
      }
    }
  }

  // Locked candidates, once singles are exhausted: within a row (or
  // column), the B cells it shares with one box are a segment. A number of
  // the row found only in one segment must go there, so it leaves the box's
  // other cells (claiming); a number of the box found only in one of its
  // row segments leaves the rest of that row (pointing). Both remove only
  // candidates no completion holds (the soundness argument above). Removes
  // them, queueing the cells left with one; false on a contradiction.
  bool locked_candidates(State& s) {
    for (int lines = 0; lines < 2; ++lines) {  // 0: rows, 1: columns
      // The cell at (line, k) of the lines' direction.
      const auto at = [lines](int line, int k) { return lines == 0 ? line * S::kSide + k : k * S::kSide + line; };
      std::array<std::array<Mask, B>, S::kSide> seg{};
      for (int line = 0; line < S::kSide; ++line)
        for (int k = 0; k < S::kSide; ++k) seg[line][k / B] = static_cast<Mask>(seg[line][k / B] | s.cand[at(line, k)]);
      for (int line = 0; line < S::kSide; ++line)
        for (int stack = 0; stack < B; ++stack) {
          Mask rest_of_line = 0, rest_of_box = 0;
          for (int k = 0; k < B; ++k)
            if (k != stack) rest_of_line = static_cast<Mask>(rest_of_line | seg[line][k]);
          const int band = line - line % B;
          for (int l = band; l < band + B; ++l)
            if (l != line) rest_of_box = static_cast<Mask>(rest_of_box | seg[l][stack]);
          const Mask claiming = static_cast<Mask>(seg[line][stack] & ~rest_of_line & rest_of_box);
          const Mask pointing = static_cast<Mask>(seg[line][stack] & ~rest_of_box & rest_of_line);
          if (claiming != 0)
            for (int l = band; l < band + B; ++l)
              for (int k = stack * B; k < stack * B + B && l != line; ++k)
                if (!remove(s, at(l, k), claiming)) return false;
          if (pointing != 0)
            for (int k = 0; k < S::kSide; ++k)
              if (k / B != stack && !remove(s, at(line, k), pointing)) return false;
        }
    }
    return true;
  }

  // Removes the numbers of `gone` from `cell` (marking its units dirty,
  // queueing it when one is left); false when none is left.
  bool remove(State& s, int cell, Mask gone) {
    Mask& m = s.cand[cell];
    if ((m & gone) == 0) return true;
    m = static_cast<Mask>(m & ~gone);
    if (m == 0) return false;
    dirty_ |= kTables<B>.cell_units[cell];
    if (single(m)) queue_[queued_++] = static_cast<std::int16_t>(cell);
    return true;
  }

  // Singles, then locked candidates, until neither changes anything.
  bool settle(State& s) {
    for (;;) {
      if (!propagate(s)) return false;
      if (!locked_candidates(s)) return false;
      if (dirty_ == 0 && queued_ == 0) return true;
    }
  }

  static int candidate_count(Mask m) {
    if constexpr (S::kSide <= 9) {
      return kTables<B>.candidates_of[m];
    } else {
      return std::popcount(m);
    }
  }

  // The branch cell of `s`: the first open cell (smallest) or one with the
  // fewest candidates; -1 when every cell is placed.
  int branch_cell(const State& s) const {
    if (goal_ == Goal::smallest) {
      for (int cell = 0; cell < S::kCells; ++cell)
        if (!single(s.cand[cell])) return cell;
      return -1;
    }
    int best = -1, fewest = S::kSide + 1;
    for (int cell = 0; cell < S::kCells; ++cell) {
      const Mask m = s.cand[cell];
      if (single(m)) continue;
      const int n = candidate_count(m);
      if (n < fewest) {
        fewest = n;
        best = cell;
        if (n == 2) break;
      }
    }
    return best;
  }

  // The search from stack_[depth], propagated and consistent.
  bool dfs(int depth) {
    control_.visit();
    const State& s = stack_[depth];
    const int cell = branch_cell(s);
    if (cell < 0) {
      if (goal_ != Goal::count) {
        found_ = s;
        return true;
      }
      ++count_;
      return max_count_ != 0 && count_ >= max_count_;
    }
    Mask left = s.cand[cell];
    while (left != 0) {
      const Mask bit = static_cast<Mask>(left & (~left + 1));
      left = static_cast<Mask>(left ^ bit);
      State& child = stack_[depth + 1];
      child = stack_[depth];
      child.cand[cell] = bit;
      queued_ = 0;
      queue_[queued_++] = static_cast<std::int16_t>(cell);
      dirty_ = kTables<B>.cell_units[cell];  // the parent was propagated: only the branch cell changed
      if (settle(child) && dfs(depth + 1)) return true;
    }
    return false;
  }

  core::SearchControl& control_;
  std::vector<State> stack_;
  std::array<std::int16_t, S::kCells * 2> queue_{};
  int queued_ = 0;
  UnitSet dirty_ = 0;  // units changed since they were last looked at for hidden singles
  Goal goal_ = Goal::any;
  Count max_count_ = 0;
  Count count_ = 0;
  State found_{};
};

}  // namespace boardsearch::sudoku::detail
