// 2048 inputs for `boardsearch hunt` (Baekjoon 12100 / 12094): an N x N
// board of empty cells and power-of-two tiles, at least one tile.
//
// Generation, by case index:
//   random boards     N drawn from 1 .. cap, where cap grows by one every
//                     kCasesPerSizeStep cases up to the judge's 20; the tile
//                     density and the value spread vary per case, so boards
//                     with many equal neighbours (merge chains) and sparse
//                     or full boards all appear.
//   edge cases        fixed boards from the puzzle page (sample, traps) and
//                     the judge's extremes, each placed where the random
//                     boards reach its size (small inputs come first).
// Shrinking (each step lowers N, the tile count or the tile sum):
//   drop one row and one column (the board must stay square),
//   remove one tile (at least one stays), halve one tile (down to 2).
// --slow, within the judge's limits (N <= 20, tiles 2 .. 1024):
//   knobs         N, tile density, the largest exponent, and how strongly
//                 values lean toward 2 (0: uniform up to the largest, 1:
//                 almost all 2s), so both "one big tile among small ones"
//                 and "many equal neighbours" are reachable by climbing;
//   mutations     one cell: emptied (one tile stays), set to a random
//                 value, doubled or halved (staying in 2 .. 1024);
//   extremes      full 20 x 20 boards of one value, of two alternating
//                 values, of equal rows, of a staircase, of random values,
//                 of random small values (2 to 32 at most); one big tile alone or among 2s; half full; 1 x 1
//                 (kFamilies);
//   harder        a row and a column more (copying the board's cells), or
//                 an empty cell filled.
// Size: the number of cells (N * N).

#include "games/2048/hunt_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "boardsearch/app/hunt_cases.hpp"
#include "games/2048/format.hpp"
#include "games/2048/parse.hpp"
#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

namespace {

// The judge's limits (Baekjoon 12100): 1 <= N <= 20, tiles 2 .. 1024.
constexpr int kJudgeMaxSide = 20;
constexpr int kJudgeMaxExponent = 10;  // 2^10 = 1024
// The largest random board side grows by one every this many cases.
constexpr std::uint64_t kCasesPerSizeStep = 24;
constexpr int kSmallestCap = 2;
// Densities (percent of cells holding a tile) drawn from.
constexpr std::array<int, 6> kDensities = {15, 35, 55, 75, 90, 100};
// Largest exponents drawn from: few distinct values make long merge chains,
// many make merges rare; 10 is the judge's 1024.
constexpr std::array<int, 4> kMaxExponents = {1, 2, 4, 10};

std::size_t cell_count(const Board& board) { return static_cast<std::size_t>(board.side() * board.side()); }

// Sets cell `cell` (row-major index) to exponent e.
void set_cell(Board& board, std::size_t cell, Exponent e) {
  const int index = static_cast<int>(cell);
  board.set(index / board.side(), index % board.side(), e);
}

// A board from rows of tile values (0 empty, powers of two).
Board board_from_rows(const std::vector<std::vector<std::uint32_t>>& rows) {
  Board board(static_cast<int>(rows.size()));
  for (std::size_t row = 0; row < rows.size(); ++row)
    for (std::size_t col = 0; col < rows[row].size(); ++col)
      if (rows[row][col] != 0)
        board.set(static_cast<int>(row), static_cast<int>(col),
                  static_cast<Exponent>(std::countr_zero(rows[row][col])));
  return board;
}

// A board of side n, every cell holding exponent e.
Board full_board(int n, Exponent e) {
  Board board(n);
  for (std::size_t cell = 0; cell < cell_count(board); ++cell) set_cell(board, cell, e);
  return board;
}

// The fixed boards: the puzzle page's sample and traps, and the extremes of
// the judge's limits. Each is tried when random boards reach its size.
const std::vector<app::EdgeCase<Board>>& edge_cases() {
  static const std::vector<app::EdgeCase<Board>> edges = [] {
    const std::vector<Board> boards = {
        board_from_rows({{2}}),                              // one cell, one tile
        board_from_rows({{2, 2, 2}, {4, 4, 4}, {8, 8, 8}}),  // the sample (16)
        board_from_rows({{2, 2, 4}, {0, 0, 0}, {0, 0, 0}}),  // same direction twice (8)
        board_from_rows({{2, 2, 2}, {0, 0, 0}, {0, 0, 0}}),  // 2 2 2 -> 4 2, not 2 4
        board_from_rows({{2, 2, 2, 2}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}),
        board_from_rows({{0, 0}, {0, 1024}}),  // one large tile
        board_from_rows({{4, 2, 2, 4}, {2, 0, 0, 2}, {2, 0, 0, 2}, {4, 2, 2, 4}}),
        full_board(4, 1),
        full_board(kJudgeMaxSide, kJudgeMaxExponent),  // largest values: 2^15 after 5 moves
    };
    std::vector<app::EdgeCase<Board>> placed;
    for (const Board& board : boards)
      placed.push_back({app::first_index_with_cap(board.side(), kSmallestCap, kCasesPerSizeStep), board});
    return placed;
  }();
  return edges;
}

// A tile exponent drawn from 1 .. max_exponent.
Exponent random_exponent(core::SplitMix64& rng, int max_exponent) {
  return static_cast<Exponent>(1 + rng.below(static_cast<std::uint64_t>(max_exponent)));
}

Board random_board(std::uint64_t index, core::SplitMix64& rng) {
  const int cap = app::size_cap(index, kSmallestCap, kCasesPerSizeStep, kJudgeMaxSide);
  Board board(1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap))));
  const int density = kDensities[rng.below(kDensities.size())];
  const int max_exponent = kMaxExponents[rng.below(kMaxExponents.size())];
  for (std::size_t cell = 0; cell < cell_count(board); ++cell)
    if (static_cast<int>(rng.below(100)) < density) set_cell(board, cell, random_exponent(rng, max_exponent));
  if (board.counts().tiles == 0) set_cell(board, rng.below(cell_count(board)), random_exponent(rng, max_exponent));
  return board;
}

// The board without row `dropped_row` and column `dropped_col`.
Board without_row_and_column(const Board& board, int dropped_row, int dropped_col) {
  Board smaller(board.side() - 1);
  for (int row = 0, to_row = 0; row < board.side(); ++row) {
    if (row == dropped_row) continue;
    for (int col = 0, to_col = 0; col < board.side(); ++col) {
      if (col == dropped_col) continue;
      smaller.set(to_row, to_col++, board.at(row, col));
    }
    ++to_row;
  }
  return smaller;
}

// A tile exponent in 1 .. max_exponent leaning toward 1 by `lean` (0:
// uniform; near 1: almost always 1).
Exponent leaning_exponent(core::SplitMix64& rng, int max_exponent, double lean) {
  int e = 1;
  const auto keep_going = static_cast<std::uint64_t>((1.0 - lean) * 1000.0);
  while (e < max_exponent && rng.below(1000) < keep_going) ++e;
  // Without a lean, the geometric walk above is replaced by a uniform draw.
  if (lean <= 0.0) e = static_cast<int>(random_exponent(rng, max_exponent));
  return static_cast<Exponent>(e);
}

// The extreme families (HuntCases::extremes), all on the judge's largest
// board (20 x 20) but the smallest one: every cell the same value (sample s:
// 2^(s+1)), two values alternating like a checkerboard, one big tile alone,
// one big tile among 2s, rows of equal values, a staircase of values,
// random full and half-full boards, and the one-cell board.
enum Family : std::size_t {
  kAllEqual,
  kSmallRandom,
  kAlternating,
  kSingleBigTile,
  kBigAmongTwos,
  kEqualRows,
  kStaircase,
  kFullRandom,
  kHalfFull,
  kOneCell,
};
constexpr std::array<app::ExtremeFamily, 10> kFamilies = {{
    {"full 20 x 20, all equal", kJudgeMaxExponent},
    {"full 20 x 20, random small values", 4},
    {"full 20 x 20, two values alternating", 6},
    {"20 x 20, a single big tile", 4},
    {"full 20 x 20, one big tile among 2s", 4},
    {"full 20 x 20, rows of equal values", 4},
    {"full 20 x 20, values in a staircase", 2},
    {"full 20 x 20, random values", 4},
    {"20 x 20 half full", 4},
    {"1 x 1", 1},
}};

Board extreme_board(std::size_t family, std::uint64_t sample, core::SplitMix64& rng) {
  const auto exponent = [&] { return static_cast<Exponent>(app::draw_in(rng, 1, kJudgeMaxExponent)); };
  const auto any_cell = [&] { return rng.below(static_cast<std::uint64_t>(kJudgeMaxSide * kJudgeMaxSide)); };
  Board board(kJudgeMaxSide);
  switch (family) {
    case kAllEqual:
      return full_board(kJudgeMaxSide, static_cast<Exponent>(1 + sample % kJudgeMaxExponent));
    case kSmallRandom: {
      // Values 2 to 2^(5 - sample % 4) (32, 16, 8, 4): merges stay plentiful for all K
      // moves, so a search that prunes only unchanged boards branches 4 ways
      // at every depth (a random judge board of 2 to 32 is such a board).
      const auto largest = static_cast<int>(5 - sample % 4);
      for (std::size_t cell = 0; cell < cell_count(board); ++cell)
        set_cell(board, cell, static_cast<Exponent>(app::draw_in(rng, 1, largest)));
      return board;
    }
    case kAlternating: {
      const Exponent a = sample == 0 ? 1 : exponent();
      Exponent b = sample == 0 ? 2 : exponent();
      if (b == a) b = static_cast<Exponent>(a == 1 ? 2 : a - 1);
      for (int row = 0; row < kJudgeMaxSide; ++row)
        for (int col = 0; col < kJudgeMaxSide; ++col) board.set(row, col, (row + col) % 2 == 0 ? a : b);
      return board;
    }
    case kSingleBigTile: {
      const std::size_t cell = sample == 0 ? 0 : sample == 1 ? cell_count(board) / 2 + kJudgeMaxSide / 2 : any_cell();
      set_cell(board, cell, kJudgeMaxExponent);
      return board;
    }
    case kBigAmongTwos:
      board = full_board(kJudgeMaxSide, 1);
      set_cell(board, any_cell(), kJudgeMaxExponent);
      return board;
    case kEqualRows:
      for (int row = 0; row < kJudgeMaxSide; ++row) {
        const Exponent e = sample == 0 ? static_cast<Exponent>(1 + row % 2) : exponent();
        for (int col = 0; col < kJudgeMaxSide; ++col) board.set(row, col, e);
      }
      return board;
    case kStaircase:
      for (int row = 0; row < kJudgeMaxSide; ++row)
        for (int col = 0; col < kJudgeMaxSide; ++col)
          board.set(row, col, static_cast<Exponent>(1 + (sample == 0 ? row + col : row) % kJudgeMaxExponent));
      return board;
    case kFullRandom:
      for (std::size_t cell = 0; cell < cell_count(board); ++cell) set_cell(board, cell, exponent());
      return board;
    case kHalfFull:
      for (std::size_t cell = 0; cell < cell_count(board); ++cell)
        if (rng.below(2) == 0) set_cell(board, cell, exponent());
      if (board.counts().tiles == 0) set_cell(board, 0, 1);
      return board;
    default:  // kOneCell
      return board_from_rows({{2}});
  }
}

// One step toward the hardest boards: a row and a column more while below
// the judge's 20 (their cells filled like the board's), else an empty cell
// filled with a copy of a neighbouring tile or a 2.
Board harder_board(const Board& board, core::SplitMix64& rng) {
  const int side = board.side();
  if (side < kJudgeMaxSide) {
    Board grown(side + 1);
    for (int row = 0; row < side; ++row)
      for (int col = 0; col < side; ++col) grown.set(row, col, board.at(row, col));
    for (int k = 0; k <= side; ++k) {
      // The new cells copy random cells of the board (its density and values).
      const auto copy = [&] { return board.cells()[rng.below(cell_count(board))]; };
      grown.set(side, k, copy());
      grown.set(k, side, copy());
    }
    return grown;
  }
  std::vector<std::size_t> empty;
  for (std::size_t cell = 0; cell < cell_count(board); ++cell)
    if (board.cells()[cell] == 0) empty.push_back(cell);
  if (empty.empty()) return board;
  Board filled = board;
  const std::size_t cell = empty[rng.below(empty.size())];
  const std::size_t neighbour = cell + 1 < cell_count(board) ? cell + 1 : cell - 1;
  const Exponent e = board.cells()[neighbour];
  set_cell(filled, cell, e != 0 ? e : Exponent{1});
  return filled;
}

struct Cases {
  using Input = Board;
  static constexpr std::size_t kKnobCount = 4;  // side, density, largest exponent, lean toward 2
  static constexpr std::uint64_t kJudgeMaxSize = kJudgeMaxSide * kJudgeMaxSide;
  static constexpr std::string_view kJudgeMaxWords = "20 x 20";
  static constexpr const std::array<app::ExtremeFamily, 10>& kExtremes = kFamilies;

  static Board extreme(std::size_t family, std::uint64_t sample, core::SplitMix64& rng, const app::OptionValues&) {
    return extreme_board(family, sample, rng);
  }
  static Board harden(const Board& board, core::SplitMix64& rng, const app::OptionValues&) {
    return harder_board(board, rng);
  }

  static std::uint64_t size(const Board& board) { return cell_count(board); }

  static Board judge_sized(std::span<const double> knobs, core::SplitMix64& rng, const app::OptionValues&) {
    Board board(app::knob_in(knobs[0], 1, kJudgeMaxSide));
    const int density = app::knob_in(knobs[1], 5, 100);
    const int max_exponent = app::knob_in(knobs[2], 1, kJudgeMaxExponent);
    const double lean = knobs[3];
    for (std::size_t cell = 0; cell < cell_count(board); ++cell)
      if (static_cast<int>(rng.below(100)) < density) set_cell(board, cell, leaning_exponent(rng, max_exponent, lean));
    if (board.counts().tiles == 0) set_cell(board, rng.below(cell_count(board)), random_exponent(rng, max_exponent));
    return board;
  }

  static Board mutate(const Board& board, core::SplitMix64& rng, const app::OptionValues&) {
    Board changed = board;
    const std::size_t cell = rng.below(cell_count(board));
    const Exponent e = board.cells()[cell];
    switch (rng.below(4)) {
      case 0:  // emptied, unless it is the last tile
        if (e != 0 && board.counts().tiles > 1) set_cell(changed, cell, 0);
        break;
      case 1:
        set_cell(changed, cell, random_exponent(rng, kJudgeMaxExponent));
        break;
      case 2:
        set_cell(changed, cell, static_cast<Exponent>(std::clamp(e + 1, 1, kJudgeMaxExponent)));
        break;
      default:
        if (e > 1) set_cell(changed, cell, static_cast<Exponent>(e - 1));
        break;
    }
    return changed;
  }

  static Board generate(std::uint64_t index, core::SplitMix64& rng, const app::OptionValues&) {
    return app::with_edge_cases<Board>(edge_cases(), index, rng, random_board);
  }

  static Board parse(std::string_view text) { return parse_board(text); }
  static std::string format(const Board& board) { return format_board(board); }

  static std::vector<Board> shrink(const Board& board, const app::OptionValues&) {
    std::vector<Board> candidates;
    // 1. A smaller board: every (row, column) pair to drop, last ones first
    //    (the failure is often near the top left, where boards are written).
    if (board.side() > 1)
      for (int row = board.side() - 1; row >= 0; --row)
        for (int col = board.side() - 1; col >= 0; --col) {
          Board smaller = without_row_and_column(board, row, col);
          if (smaller.counts().tiles > 0) candidates.push_back(std::move(smaller));
        }
    // 2. One tile fewer (the judge wants at least one).
    if (board.counts().tiles > 1)
      for (std::size_t cell = 0; cell < cell_count(board); ++cell)
        if (board.cells()[cell] != 0) {
          Board fewer = board;
          set_cell(fewer, cell, 0);
          candidates.push_back(std::move(fewer));
        }
    // 3. A smaller value: first straight down to 2, then halved.
    for (std::size_t cell = 0; cell < cell_count(board); ++cell) {
      const Exponent e = board.cells()[cell];
      if (e <= 1) continue;
      Board lower = board;
      set_cell(lower, cell, 1);
      candidates.push_back(lower);
      if (e > 2) {
        set_cell(lower, cell, static_cast<Exponent>(e - 1));
        candidates.push_back(std::move(lower));
      }
    }
    return candidates;
  }

  static std::string summary(const Board& board) {
    const std::uint32_t tiles = board.counts().tiles;
    return fmt::format("board {}x{} with {} tile{}, largest {}", board.side(), board.side(), tiles,
                       tiles == 1 ? "" : "s", tile_text(board.max_exponent()));
  }
};

}  // namespace

app::HuntCases hunt_cases() { return app::typed_hunt_cases<Cases>(); }

}  // namespace boardsearch::game2048
