// IDA* (Korf, 1985): depth-first searches bounded by f = g + h, the bound
// raised to the least f that passed it, until the goal is reached. With an
// admissible h (bound.hpp, table.hpp) the first line found is optimal: an
// iteration with bound T finds every line of length <= T, and the bound
// starts at h(start) <= the answer and rises to the least f beyond the
// last iteration, never past the answer. So when a limit stops iteration
// T, no line is shorter than T: "at least T moves".
#include "games/sliding/search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>

#include "games/sliding/bound.hpp"
#include "games/sliding/table.hpp"

namespace boardsearch::sliding {

namespace {

constexpr int kNoCell = -1;

// from_cell[blank][slide]: the cell of the tile that slides into the blank.
using SlideCells = std::array<std::array<std::int8_t, 4>, kMaxCells>;

SlideCells slide_cells(int rows, int cols) {
  SlideCells table{};
  for (int blank = 0; blank < rows * cols; ++blank) {
    const Board board{.rows = rows, .cols = cols, .blank = blank};
    for (const Slide slide : core::kDirections) {
      const std::optional<int> from = sliding_tile_cell(board, slide);
      table[static_cast<std::size_t>(blank)][static_cast<std::size_t>(slide)] =
          static_cast<std::int8_t>(from ? *from : kNoCell);
    }
  }
  return table;
}

template <class H>
class IdaStar {
 public:
  IdaStar(const Board& board, const H& heuristic, core::SearchControl& control)
      : position_(Position::of(board)),
        heuristic_(heuristic),
        control_(control),
        cells_(slide_cells(board.rows, board.cols)) {}

  int start_estimate() const { return H::estimate(heuristic_.start(position_)); }

  // Step by step: bound = h(start); an iteration; the least f beyond it.
  SearchLine run(int& bound) {
    const typename H::Value start = heuristic_.start(position_);
    bound = H::estimate(start);
    while (true) {
      next_bound_ = std::numeric_limits<int>::max();
      if (search(0, start, kNoCell, bound)) return {true, line_, bound};
      bound = next_bound_;
    }
  }

 private:
  // Whether a line of at most `bound` moves continues from here.
  bool search(int moves, const typename H::Value& value, int previous_blank, int bound) {
    control_.visit();
    const int estimate = H::estimate(value);
    if (moves + estimate > bound) {
      next_bound_ = std::min(next_bound_, moves + estimate);
      return false;
    }
    // h = 0 only at the goal: every tile is home.
    if (estimate == 0) return true;
    const int blank = position_.blank;
    for (const Slide slide : core::kDirections) {
      const int from = cells_[static_cast<std::size_t>(blank)][static_cast<std::size_t>(slide)];
      if (from == kNoCell || from == previous_blank) continue;  // no tile, or the last move undone
      position_.slide_from(from);
      line_.push_back(slide);
      if (search(moves + 1, heuristic_.after(value, position_, from, blank), blank, bound)) return true;
      line_.pop_back();
      position_.slide_from(blank);
    }
    return false;
  }

  Position position_;
  const H& heuristic_;
  core::SearchControl& control_;
  SlideCells cells_;
  std::vector<Slide> line_;
  int next_bound_ = 0;
};

template <class H>
void run_ida(const Board& board, const H& heuristic, core::SearchControl& control, Solution& solution) {
  IdaStar<H> search(board, heuristic, control);
  solution.start_estimate = search.start_estimate();
  solution.method = fmt::format("IDA* with {}", H::kName);
  int bound = 0;
  try {
    solution.search = search.run(bound);
  } catch (const core::SearchAborted& aborted) {
    solution.outcome = aborted.outcome;
    solution.search = {false, {}, bound};
  }
}

}  // namespace

Solution ida_star(const Board& board, GoalLayout layout, Heuristic heuristic, const core::SearchLimits& limits,
                  const PatternTables* tables) {
  Solution solution;
  core::SearchControl control(limits);
  const GoalPlaces goal(board.rows, board.cols, layout);
  switch (heuristic) {
    case Heuristic::manhattan:
      run_ida(board, Manhattan(goal), control, solution);
      break;
    case Heuristic::manhattan_linear:
      run_ida(board, ManhattanLinear(goal), control, solution);
      break;
    case Heuristic::pattern_databases:
      run_ida(board, PatternHeuristic(*tables, layout), control, solution);
      solution.method += fmt::format(" ({})", tables->partition);
      break;
  }
  solution.stats = control.finish();
  return solution;
}

Solution solve(const Board& board, const SolveOptions& options, const core::SearchLimits& limits) {
  // Step 1. Parity: half of all boards cannot reach the goal (rules.hpp).
  if (!solvable(board, options.layout)) {
    Solution solution;
    solution.solvable = false;
    solution.method = "parity";
    return solution;
  }

  // Step 2. Small boards: breadth-first search.
  if (board.size() <= kBreadthFirstMaxCells) {
    Solution solution;
    solution.method = "breadth-first search from both ends";
    core::SearchControl control(limits);
    core::MemoryBudget memory(limits.max_memory_bytes);
    int bound = 0;
    try {
      solution.search = breadth_first(board, options.layout, control, memory, bound);
    } catch (const core::SearchAborted& aborted) {
      solution.outcome = aborted.outcome;
      solution.search = {false, {}, bound};
    }
    solution.stats = control.finish();
    solution.stats.memory_bytes = memory.peak();
    return solution;
  }

  // Step 3. Bigger boards: IDA*, with the pattern databases when there are
  // some for this board and they exist (or may be built).
  std::vector<std::string> missing;
  bool built = false;
  if (options.partition != kNoTables &&
      !partition_groups(options.partition, board.rows, board.cols, options.layout).empty()) {
    TablesFound found;
    try {
      found =
          pattern_tables(options.partition, board.rows, board.cols, options.layout, options.may_build_tables, limits);
    } catch (const core::SearchAborted& aborted) {
      Solution solution;
      solution.outcome = aborted.outcome;
      solution.method = "building pattern databases";
      solution.search.lower_bound = ManhattanLinear::estimate(
          ManhattanLinear(GoalPlaces(board.rows, board.cols, options.layout)).start(Position::of(board)));
      return solution;
    }
    if (found.tables) {
      Solution solution = ida_star(board, options.layout, Heuristic::pattern_databases, limits, found.tables.get());
      solution.tables_built = found.built;
      return solution;
    }
    missing = std::move(found.missing);
    built = found.built;
  }
  Solution solution = ida_star(board, options.layout, Heuristic::manhattan_linear, limits);
  solution.missing = std::move(missing);
  solution.tables_built = built;
  return solution;
}

}  // namespace boardsearch::sliding
