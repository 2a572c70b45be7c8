// Vanishing footholds inputs for `boardsearch hunt` (Programmers 92345): an
// R x C board of footholds (1) and holes (0), and the cells of players A and
// B, both on footholds (possibly the same cell).
//
// Generation, by case index:
//   random games      R and C drawn from 1 .. cap (cap grows to the judge's
//                     5), foothold density 30 .. 100 %, the players on
//                     random footholds, on the same one about one case in six
//   edge cases        the four samples and the page's traps (stepping onto
//                     the other player, a shared start cell), a player
//                     stuck at once, non-square boards (index row * C),
//                     each placed where random games reach its size.
// Shrinking (each step lowers (cells, footholds) lexicographically):
//   drop a row or a column (coordinates follow; a player standing on it
//   steps to a neighbouring line), remove a foothold no player stands on.
// --slow, within the judge's limits (1 <= R, C <= 5, players on footholds):
//   knobs         R, C, the foothold density, and how often both players
//                 share a cell;
//   mutations     a foothold no player stands on flipped to a hole or back,
//                 or one player moved to another foothold;
//   extremes      the full 5 x 5 board with the players in opposite
//                 corners, both in corners, on edges, adjacent, far apart,
//                 on one cell, anywhere; 5 x 5 with one hole; sparse 5 x 5;
//                 the 1 x 5 and 5 x 1 lines (kFamilies);
//   harder        a row or column more (footholds), a hole filled, a player
//                 one step farther from the other.
// Size: R * C.

#include "games/footholds/hunt_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "boardsearch/app/hunt_cases.hpp"
#include "games/footholds/format.hpp"
#include "games/footholds/parse.hpp"

namespace boardsearch::footholds {

namespace {

// The judge's limits: 1 <= R, C <= 5.
constexpr int kJudgeMaxSide = 5;
constexpr std::uint64_t kCasesPerSizeStep = 20;
constexpr int kSmallestCap = 2;
constexpr std::array<int, 5> kFootholdPercents = {30, 50, 70, 85, 100};
// One case in this many puts both players on the same cell.
constexpr std::uint64_t kSameCellOneIn = 6;

struct Spot {
  int row = 0;
  int col = 0;
};

Board game(const std::vector<std::vector<std::uint8_t>>& rows, Spot a, Spot b) {
  Board board;
  board.rows = static_cast<int>(rows.size());
  board.cols = static_cast<int>(rows.front().size());
  for (const auto& row : rows) board.footholds.insert(board.footholds.end(), row.begin(), row.end());
  board.a = board.cell_at(a.row, a.col);
  board.b = board.cell_at(b.row, b.col);
  return board;
}

int foothold_count(const Board& board) {
  return static_cast<int>(std::count(board.footholds.begin(), board.footholds.end(), std::uint8_t{1}));
}

const std::vector<app::EdgeCase<Board>>& edge_cases() {
  static const std::vector<app::EdgeCase<Board>> edges = [] {
    const std::vector<Board> games = {
        game({{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, {1, 0}, {1, 2}),  // samples: 5
        game({{1, 1, 1}, {1, 0, 1}, {1, 1, 1}}, {1, 0}, {1, 2}),  // 4
        game({{1, 1, 1, 1, 1}}, {0, 0}, {0, 4}),                  // 4
        game({{1}}, {0, 0}, {0, 0}),                              // 0
        game({{1, 1}}, {0, 1}, {0, 0}),                           // step onto the other player: 1
        game({{1, 1, 1}}, {0, 1}, {0, 1}),                        // same start cell: 1
        game({{1, 0}, {0, 1}}, {0, 0}, {1, 1}),                   // A cannot move: 0
        game({{1, 1, 1}, {1, 1, 1}}, {0, 0}, {1, 2}),             // non-square: row * C + column
        game({{1, 1}, {1, 1}, {1, 1}}, {0, 0}, {2, 1}),
        game(std::vector<std::vector<std::uint8_t>>(kJudgeMaxSide, std::vector<std::uint8_t>(kJudgeMaxSide, 1)), {0, 0},
             {kJudgeMaxSide - 1, kJudgeMaxSide - 1}),
    };
    std::vector<app::EdgeCase<Board>> placed;
    for (const Board& g : games)
      placed.push_back({app::first_index_with_cap(std::max(g.rows, g.cols), kSmallestCap, kCasesPerSizeStep), g});
    return placed;
  }();
  return edges;
}

Board random_game(std::uint64_t index, core::SplitMix64& rng) {
  const int cap = app::size_cap(index, kSmallestCap, kCasesPerSizeStep, kJudgeMaxSide);
  Board board;
  board.rows = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap)));
  board.cols = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap)));
  const int percent = kFootholdPercents[rng.below(kFootholdPercents.size())];
  board.footholds.assign(static_cast<std::size_t>(board.cells()), 0);
  for (auto& cell : board.footholds) cell = static_cast<int>(rng.below(100)) < percent ? 1 : 0;
  auto random_cell = [&] {
    const int row = static_cast<int>(rng.below(static_cast<std::uint64_t>(board.rows)));
    const int col = static_cast<int>(rng.below(static_cast<std::uint64_t>(board.cols)));
    return board.cell_at(row, col);
  };
  board.a = random_cell();
  board.b = rng.below(kSameCellOneIn) == 0 ? board.a : random_cell();
  // Players stand on footholds (the judge guarantees it).
  board.footholds[static_cast<std::size_t>(board.a)] = 1;
  board.footholds[static_cast<std::size_t>(board.b)] = 1;
  return board;
}

// Where a player goes when the row (or column) it stands in is dropped: to
// the neighbouring line before it (index - 1) or after it (the line that
// takes the dropped one's index).
enum class Shift { to_lower, to_higher };

// One coordinate after dropping line `dropped`: indices past it move down by
// one; a player on it moves to a neighbour as `shift` says.
int after_drop(int coordinate, int dropped, Shift shift) {
  if (coordinate > dropped) return coordinate - 1;
  if (coordinate == dropped && shift == Shift::to_lower) return coordinate - 1;
  return coordinate;
}

// The board without row `dropped_row` (or column `dropped_col`; the other
// is -1); players on the dropped line move as `shift` says and keep (or get)
// a foothold under them. Precondition: the shift stays on the board.
Board without_line(const Board& board, int dropped_row, int dropped_col, Shift shift) {
  Board smaller;
  smaller.rows = board.rows - (dropped_row >= 0 ? 1 : 0);
  smaller.cols = board.cols - (dropped_col >= 0 ? 1 : 0);
  for (int row = 0; row < board.rows; ++row)
    for (int col = 0; col < board.cols; ++col)
      if (row != dropped_row && col != dropped_col)
        smaller.footholds.push_back(board.footholds[static_cast<std::size_t>(board.cell_at(row, col))]);
  auto moved = [&](int cell) {
    const int row = board.row_of(cell);
    const int col = board.col_of(cell);
    return smaller.cell_at(dropped_row >= 0 ? after_drop(row, dropped_row, shift) : row,
                           dropped_col >= 0 ? after_drop(col, dropped_col, shift) : col);
  };
  smaller.a = moved(board.a);
  smaller.b = moved(board.b);
  smaller.footholds[static_cast<std::size_t>(smaller.a)] = 1;
  smaller.footholds[static_cast<std::size_t>(smaller.b)] = 1;
  return smaller;
}

// A full kJudgeMaxSide x kJudgeMaxSide board (every cell a foothold) with A
// and B on `a` and `b`.
Board full_board(int a, int b) {
  Board board;
  board.rows = board.cols = kJudgeMaxSide;
  board.footholds.assign(static_cast<std::size_t>(board.cells()), 1);
  board.a = a;
  board.b = b;
  return board;
}

int manhattan(const Board& board, int from, int to) {
  return std::abs(board.row_of(from) - board.row_of(to)) + std::abs(board.col_of(from) - board.col_of(to));
}

// The extreme families (HuntCases::extremes): the judge's largest board,
// full, with every class of start positions (all 25 x 25 start pairs are
// too many to try whole: each class is sampled), then the largest board
// with holes, and the longest lines.
enum Family : std::size_t {
  kFullOppositeCorners,
  kFullCorners,
  kFullEdges,
  kFullAdjacent,
  kFullFarApart,
  kFullSameCell,
  kFullRandomStarts,
  kOneHole,
  kSparse,
  kLines,
};
constexpr std::array<app::ExtremeFamily, 10> kFamilies = {{
    {"full 5 x 5, opposite corners", 4},
    {"full 5 x 5, both in corners", 6},
    {"full 5 x 5, both on edges", 6},
    {"full 5 x 5, adjacent", 6},
    {"full 5 x 5, far apart", 6},
    {"full 5 x 5, same cell", 4},
    {"full 5 x 5, random starts", 6},
    {"5 x 5 with one hole", 6},
    {"sparse 5 x 5", 4},
    {"1 x 5 and 5 x 1 lines", 4},
}};

Board extreme_board(std::size_t family, std::uint64_t sample, core::SplitMix64& rng) {
  const int last = kJudgeMaxSide - 1;
  const Board shape = full_board(0, 0);
  const std::array<int, 4> corners = {shape.cell_at(0, 0), shape.cell_at(0, last), shape.cell_at(last, last),
                                      shape.cell_at(last, 0)};
  const auto any_cell = [&] { return static_cast<int>(rng.below(static_cast<std::uint64_t>(shape.cells()))); };
  const auto on_edge = [&] {
    for (;;) {
      const int cell = any_cell();
      const int row = shape.row_of(cell), col = shape.col_of(cell);
      if (row == 0 || col == 0 || row == last || col == last) return cell;
    }
  };
  switch (family) {
    case kFullOppositeCorners:
      return full_board(corners[sample % 4], corners[(sample + 2) % 4]);
    case kFullCorners: {
      const int a = corners[rng.below(4)];
      int b = corners[rng.below(4)];
      while (b == a) b = corners[rng.below(4)];
      return full_board(a, b);
    }
    case kFullEdges: {
      const int a = on_edge();
      int b = on_edge();
      while (b == a) b = on_edge();
      return full_board(a, b);
    }
    case kFullAdjacent:
      for (;;) {
        const int a = any_cell(), b = any_cell();
        if (manhattan(shape, a, b) == 1) return full_board(a, b);
      }
    case kFullFarApart:
      for (;;) {
        const int a = any_cell(), b = any_cell();
        if (manhattan(shape, a, b) >= 2 * last - 2) return full_board(a, b);
      }
    case kFullSameCell: {
      const int cell = sample == 0 ? shape.cell_at(last / 2, last / 2) : sample == 1 ? corners[0] : any_cell();
      return full_board(cell, cell);
    }
    case kFullRandomStarts:
      return full_board(any_cell(), any_cell());
    case kOneHole: {
      Board board = full_board(any_cell(), any_cell());
      const int hole = any_cell();
      if (hole != board.a && hole != board.b) board.footholds[static_cast<std::size_t>(hole)] = 0;
      return board;
    }
    case kSparse: {
      Board board = full_board(any_cell(), any_cell());
      for (int cell = 0; cell < board.cells(); ++cell)
        if (cell != board.a && cell != board.b && rng.below(100) >= 35)
          board.footholds[static_cast<std::size_t>(cell)] = 0;
      return board;
    }
    default: {  // kLines: 1 x 5 or 5 x 1, players at both ends or random
      Board board;
      board.rows = sample % 2 == 0 ? 1 : kJudgeMaxSide;
      board.cols = sample % 2 == 0 ? kJudgeMaxSide : 1;
      board.footholds.assign(static_cast<std::size_t>(board.cells()), 1);
      board.a = sample < 2 ? 0 : static_cast<int>(rng.below(kJudgeMaxSide));
      board.b = sample < 2 ? kJudgeMaxSide - 1 : static_cast<int>(rng.below(kJudgeMaxSide));
      return board;
    }
  }
}

// One step toward the hardest boards: a row or column more while below the
// judge's 5 (footholds, the players keep their places), else a hole
// filled, else a player moved one step away from the other.
Board harder_board(const Board& board, core::SplitMix64& rng) {
  const bool grow_rows = board.rows < kJudgeMaxSide && (board.cols == kJudgeMaxSide || rng.below(2) == 0);
  if (grow_rows || board.cols < kJudgeMaxSide) {
    Board grown;
    grown.rows = board.rows + (grow_rows ? 1 : 0);
    grown.cols = board.cols + (grow_rows ? 0 : 1);
    grown.footholds.assign(static_cast<std::size_t>(grown.cells()), 1);
    for (int cell = 0; cell < board.cells(); ++cell)
      grown.footholds[static_cast<std::size_t>(grown.cell_at(board.row_of(cell), board.col_of(cell)))] =
          board.footholds[static_cast<std::size_t>(cell)];
    grown.a = grown.cell_at(board.row_of(board.a), board.col_of(board.a));
    grown.b = grown.cell_at(board.row_of(board.b), board.col_of(board.b));
    return grown;
  }
  Board changed = board;
  std::vector<int> holes;
  for (int cell = 0; cell < board.cells(); ++cell)
    if (board.footholds[static_cast<std::size_t>(cell)] == 0) holes.push_back(cell);
  if (!holes.empty() && rng.below(2) == 0) {
    changed.footholds[static_cast<std::size_t>(holes[rng.below(holes.size())])] = 1;
    return changed;
  }
  // A player one step farther from the other, onto a foothold.
  int& mover = rng.below(2) == 0 ? changed.a : changed.b;
  const int other = &mover == &changed.a ? changed.b : changed.a;
  constexpr std::array<std::array<int, 2>, 4> kSteps = {{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}};
  const auto& step = kSteps[rng.below(4)];
  const int row = board.row_of(mover) + step[0], col = board.col_of(mover) + step[1];
  if (row < 0 || col < 0 || row >= board.rows || col >= board.cols) return changed;
  const int to = board.cell_at(row, col);
  if (board.footholds[static_cast<std::size_t>(to)] != 0 &&
      manhattan(board, to, other) > manhattan(board, mover, other))
    mover = to;
  return changed;
}

struct Cases {
  using Input = Board;
  static constexpr std::size_t kKnobCount = 4;  // R, C, foothold density, shared start
  static constexpr std::uint64_t kJudgeMaxSize = kJudgeMaxSide * kJudgeMaxSide;
  static constexpr std::string_view kJudgeMaxWords = "5 x 5";
  static constexpr const std::array<app::ExtremeFamily, 10>& kExtremes = kFamilies;

  static Board extreme(std::size_t family, std::uint64_t sample, core::SplitMix64& rng, const app::OptionValues&) {
    return extreme_board(family, sample, rng);
  }
  static Board harden(const Board& board, core::SplitMix64& rng, const app::OptionValues&) {
    return harder_board(board, rng);
  }

  static std::uint64_t size(const Board& board) { return static_cast<std::uint64_t>(board.cells()); }

  static Board judge_sized(std::span<const double> knobs, core::SplitMix64& rng, const app::OptionValues&) {
    Board board;
    board.rows = app::knob_in(knobs[0], 1, kJudgeMaxSide);
    board.cols = app::knob_in(knobs[1], 1, kJudgeMaxSide);
    const int percent = app::knob_in(knobs[2], 20, 100);
    board.footholds.assign(static_cast<std::size_t>(board.cells()), 0);
    for (std::uint8_t& cell : board.footholds) cell = static_cast<int>(rng.below(100)) < percent ? 1 : 0;
    const auto random_cell = [&] { return static_cast<int>(rng.below(static_cast<std::uint64_t>(board.cells()))); };
    board.a = random_cell();
    board.b = static_cast<double>(rng.below(1000)) < knobs[3] * 1000 ? board.a : random_cell();
    board.footholds[static_cast<std::size_t>(board.a)] = 1;
    board.footholds[static_cast<std::size_t>(board.b)] = 1;
    return board;
  }

  static Board mutate(const Board& board, core::SplitMix64& rng, const app::OptionValues&) {
    Board changed = board;
    const int cell = static_cast<int>(rng.below(static_cast<std::uint64_t>(board.cells())));
    auto& foothold = changed.footholds[static_cast<std::size_t>(cell)];
    if (rng.below(3) != 0) {
      if (cell != board.a && cell != board.b) foothold = foothold != 0 ? 0 : 1;
    } else if (foothold != 0) {
      (rng.below(2) == 0 ? changed.a : changed.b) = cell;
    }
    return changed;
  }

  static Board generate(std::uint64_t index, core::SplitMix64& rng, const app::OptionValues&) {
    return app::with_edge_cases<Board>(edge_cases(), index, rng, random_game);
  }

  static Board parse(std::string_view text) { return parse_board(text); }
  static std::string format(const Board& board) { return to_text(board); }

  static std::vector<Board> shrink(const Board& board, const app::OptionValues&) {
    std::vector<Board> candidates;
    // 1. A row or a column fewer. A line without players just goes; players
    //    on a dropped line step to the line before or after it (both are
    //    tried), keeping a foothold under them. Either way the cell count
    //    drops, so this terminates even though a foothold may be added.
    auto drop_lines = [&](int count, auto holds_player, auto drop) {
      if (count <= 1) return;
      for (int line = count - 1; line >= 0; --line) {
        if (!holds_player(line)) {
          candidates.push_back(drop(line, Shift::to_higher));
          continue;
        }
        if (line > 0) candidates.push_back(drop(line, Shift::to_lower));
        if (line + 1 < count) candidates.push_back(drop(line, Shift::to_higher));
      }
    };
    drop_lines(
        board.rows, [&](int row) { return board.row_of(board.a) == row || board.row_of(board.b) == row; },
        [&](int row, Shift shift) { return without_line(board, row, -1, shift); });
    drop_lines(
        board.cols, [&](int col) { return board.col_of(board.a) == col || board.col_of(board.b) == col; },
        [&](int col, Shift shift) { return without_line(board, -1, col, shift); });
    // 2. A foothold fewer, never one a player stands on.
    for (int cell = 0; cell < board.cells(); ++cell) {
      if (board.footholds[static_cast<std::size_t>(cell)] == 0 || cell == board.a || cell == board.b) continue;
      Board fewer = board;
      fewer.footholds[static_cast<std::size_t>(cell)] = 0;
      candidates.push_back(std::move(fewer));
    }
    return candidates;
  }

  static std::string summary(const Board& board) {
    const int footholds = foothold_count(board);
    return fmt::format("board {}x{} with {} foothold{}, A ({},{}), B ({},{})", board.rows, board.cols, footholds,
                       footholds == 1 ? "" : "s", board.row_of(board.a), board.col_of(board.a), board.row_of(board.b),
                       board.col_of(board.b));
  }
};

}  // namespace

app::HuntCases hunt_cases() { return app::typed_hunt_cases<Cases>(); }

}  // namespace boardsearch::footholds
