// Marble escape inputs for `boardsearch hunt` (Baekjoon 13460 family): a line
// `N M` and N rows, within the judge's 3 <= N, M <= 10, whatever the judge
// and tilt limit chosen (the same boards test all four problems).
//
// Generation, by case index:
//   edge cases   the six samples and the page's traps (both marbles falling
//                in one tilt, the marble behind stopping one cell short, the
//                blue marble stopping the red one where no wall does, a tilt
//                that changes nothing), placed where random boards reach
//                their size
//   random       sides up to a cap that grows from 5 to 10 with the index,
//                0 to 50 % inner walls, the hole and marbles on distinct
//                inner cells; a third of the time red shares the hole's row
//                or column, half of the time blue shares red's (where the
//                rules are subtle)
// Shrinking (each step lowers a row count, a column count or the walls; the
// hole and the marbles stay where they are):
//   remove an inner row, remove an inner column (neither holding O, R, B),
//   turn an inner wall into an empty cell.
// --slow, within the judge's limits (3 <= N, M <= 10):
//   knobs         the largest side of the random boards above (5 .. 10);
//   mutations     one inner cell other than O, R, B flipped between wall
//                 and empty;
//   extremes      10 x 10 open, sparse, dense (the pieces anywhere or in
//                 three corners); 3 x 10 and 10 x 3; 3 x 5 (kFamilies);
//   harder        an empty inner row or column more, up to 10.
// Size: N * M.

#include "games/marble/hunt_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <vector>

#include "boardsearch/app/hunt_cases.hpp"
#include "games/marble/format.hpp"
#include "games/marble/parse.hpp"
#include "games/marble/rules.hpp"

namespace boardsearch::marble {

namespace {

constexpr int kSmallestSideCap = 5;
constexpr std::uint64_t kCasesPerSideStep = 8;
constexpr int kMaxWallPercent = 50;

const std::array<std::string_view, 12> kEdgeTexts = {
    // The samples of the puzzle page: 1, 5, 5, -1, 1, -1.
    "5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n",
    "7 7\n#######\n#...RB#\n#.#####\n#.....#\n#####.#\n#O....#\n#######\n",
    "7 7\n#######\n#..R#B#\n#.#####\n#.....#\n#####.#\n#O....#\n#######\n",
    "10 10\n##########\n#R#...##B#\n#...#.##.#\n#####.##.#\n#......#.#\n#.######.#\n#.#....#.#\n#.#.#.#..#\n"
    "#...#.O#.#\n##########\n",
    "3 7\n#######\n#R.O.B#\n#######\n",
    "3 10\n##########\n#.O....RB#\n##########\n",
    // Traps: both fall in one tilt (red in front, blue in front, a column).
    "3 6\n######\n#ORB.#\n######\n",
    "3 7\n#######\n#.OBR.#\n#######\n",
    "6 3\n###\n#R#\n#B#\n#.#\n#O#\n###\n",
    // The marble behind stops one cell short (row, column): 2 tilts.
    "4 5\n#####\n#BR.#\n#..O#\n#####\n",
    "5 4\n####\n#B.#\n#R.#\n#.O#\n####\n",
    // Blue stops red where no wall does: 2 tilts.
    "4 6\n######\n#R..B#\n##.O##\n######\n",
};

const std::vector<app::EdgeCase<Board>>& edge_cases() {
  static const std::vector<app::EdgeCase<Board>> placed = [] {
    std::vector<app::EdgeCase<Board>> edges;
    for (const std::string_view text : kEdgeTexts) {
      Board board = parse_board(text);
      const int side = std::max(board.rows, board.cols);
      edges.push_back({app::first_index_with_cap(side, kSmallestSideCap, kCasesPerSideStep), std::move(board)});
    }
    return edges;
  }();
  return placed;
}

// A rows x cols board walled round, each inner cell a wall with probability
// wall_percent / 100; no hole and no marbles yet.
Board walled_board(int rows, int cols, int wall_percent, core::SplitMix64& rng) {
  Board board;
  board.rows = rows;
  board.cols = cols;
  board.wall.assign(static_cast<std::size_t>(rows * cols), 0);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const bool border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
      if (border || static_cast<int>(rng.below(100)) < wall_percent) board.wall[board.index(r, c)] = 1;
    }
  return board;
}

// A random board with sides up to `cap` (>= kSmallestSideCap).
Board random_board(std::uint64_t index, core::SplitMix64& rng) {
  const int cap = app::size_cap(index, kSmallestSideCap, kCasesPerSideStep, kJudgeMaxSide);
  const auto side = [&] {
    return kMinSide + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap - kMinSide + 1)));
  };
  int rows = side(), cols = side();
  while ((rows - 2) * (cols - 2) < 3) cols = side();  // room for O, R and B
  const int wall_percent = static_cast<int>(rng.below(kMaxWallPercent + 1));

  Board board = walled_board(rows, cols, wall_percent, rng);
  // Places a piece on an inner cell not taken (a wall there gives way); a
  // row or column >= 0 is asked for first, then given up after a few tries.
  std::vector<int> taken;
  const auto place = [&](int row, int col) {
    for (int attempt = 0;; ++attempt) {
      const bool keep_line = attempt < 32;
      const int r = keep_line && row >= 0 ? row : 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(rows - 2)));
      const int c = keep_line && col >= 0 ? col : 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cols - 2)));
      const int cell = board.index(r, c);
      if (std::find(taken.begin(), taken.end(), cell) != taken.end()) continue;
      taken.push_back(cell);
      board.wall[cell] = 0;
      return cell;
    }
  };
  board.hole = place(-1, -1);
  const std::uint64_t red_choice = rng.below(6);
  const core::GridCell hole = board.cell(board.hole);
  board.red = place(red_choice == 0 ? hole.row : -1, red_choice == 1 ? hole.col : -1);
  const std::uint64_t blue_choice = rng.below(4);
  const core::GridCell red = board.cell(board.red);
  board.blue = place(blue_choice == 0 ? red.row : -1, blue_choice == 1 ? red.col : -1);
  return board;
}

bool holds_a_piece(const Board& board, int cell) {
  return cell == board.hole || cell == board.red || cell == board.blue;
}

// `board` without row `row` (or column `col`): the pieces keep their cells.
Board without(const Board& board, int row, int col) {
  Board smaller;
  smaller.rows = board.rows - (row >= 0 ? 1 : 0);
  smaller.cols = board.cols - (col >= 0 ? 1 : 0);
  for (int r = 0; r < board.rows; ++r) {
    if (r == row) continue;
    for (int c = 0; c < board.cols; ++c) {
      if (c == col) continue;
      const int from = board.index(r, c);
      const int to = static_cast<int>(smaller.wall.size());
      smaller.wall.push_back(board.wall[from]);
      if (from == board.hole) smaller.hole = to;
      if (from == board.red) smaller.red = to;
      if (from == board.blue) smaller.blue = to;
    }
  }
  return smaller;
}

std::size_t inner_walls(const Board& board) {
  std::size_t walls = 0;
  for (int r = 1; r + 1 < board.rows; ++r)
    for (int c = 1; c + 1 < board.cols; ++c) walls += board.is_wall(board.index(r, c)) ? 1 : 0;
  return walls;
}

// A rows x cols board with inner walls at `wall_percent` %, the hole and the
// marbles on distinct inner cells: `spread` puts them in three corners of
// the inner area (hole, red, blue), else they go anywhere.
Board board_with_walls(int rows, int cols, int wall_percent, bool spread, core::SplitMix64& rng) {
  Board board = walled_board(rows, cols, wall_percent, rng);
  std::vector<int> cells;
  if (spread) {
    for (const int cell :
         {board.index(rows - 2, cols - 2), board.index(1, 1), board.index(1, cols - 2), board.index(rows - 2, 1)})
      if (cells.size() < 3 && std::find(cells.begin(), cells.end(), cell) == cells.end()) cells.push_back(cell);
  }
  while (cells.size() < 3) {
    const int cell = board.index(app::draw_in(rng, 1, rows - 2), app::draw_in(rng, 1, cols - 2));
    if (std::find(cells.begin(), cells.end(), cell) == cells.end()) cells.push_back(cell);
  }
  for (const int cell : cells) board.wall[static_cast<std::size_t>(cell)] = 0;
  board.hole = cells[0];
  board.red = cells[1];
  board.blue = cells[2];
  return board;
}

// The extreme families (HuntCases::extremes): the judge's largest board
// (10 x 10) open, sparse, dense, with the pieces far apart; the longest and
// the smallest boards.
enum Family : std::size_t { kOpen, kOpenSpread, kSparse, kDense, kDenseSpread, kLines, kSmallest };
constexpr std::array<app::ExtremeFamily, 7> kFamilies = {{
    {"10 x 10 open", 4},
    {"10 x 10 open, pieces in three corners", 1},
    {"10 x 10 sparse (5-15 % inner walls)", 6},
    {"10 x 10 dense (35-50 % inner walls)", 6},
    {"10 x 10 dense, pieces in three corners", 4},
    {"3 x 10 and 10 x 3 lines", 4},
    {"3 x 5 (three inner cells)", 2},
}};

Board extreme_board(std::size_t family, std::uint64_t sample, core::SplitMix64& rng) {
  constexpr int kSide = kJudgeMaxSide;
  switch (family) {
    case kOpen:
      return board_with_walls(kSide, kSide, 0, false, rng);
    case kOpenSpread:
      return board_with_walls(kSide, kSide, 0, true, rng);
    case kSparse:
      return board_with_walls(kSide, kSide, app::draw_in(rng, 5, 15), false, rng);
    case kDense:
      return board_with_walls(kSide, kSide, app::draw_in(rng, 35, 50), false, rng);
    case kDenseSpread:
      return board_with_walls(kSide, kSide, app::draw_in(rng, 35, 50), true, rng);
    case kLines:
      return sample % 2 == 0 ? board_with_walls(3, kSide, 0, sample >= 2, rng)
                             : board_with_walls(kSide, 3, 0, sample >= 2, rng);
    default:  // kSmallest: 3 x 3 has one inner cell; the judge needs three
      return board_with_walls(3, 5, 0, sample == 0, rng);
  }
}

// One step toward the hardest boards: an inner row or column more while
// below the judge's 10 (inserted before the last border line, empty), else
// one inner cell flipped (mutate).
Board grown_board(const Board& board, core::SplitMix64& rng) {
  const bool grow_rows = board.rows < kJudgeMaxSide && (board.cols == kJudgeMaxSide || rng.below(2) == 0);
  if (!grow_rows && board.cols >= kJudgeMaxSide) return board;
  Board grown;
  grown.rows = board.rows + (grow_rows ? 1 : 0);
  grown.cols = board.cols + (grow_rows ? 0 : 1);
  grown.wall.assign(static_cast<std::size_t>(grown.rows * grown.cols), 0);
  for (int r = 0; r < grown.rows; ++r)
    for (int c = 0; c < grown.cols; ++c) {
      // Cells past the inserted line come from one line further back.
      const int from_r = grow_rows && r >= board.rows - 1 ? r - 1 : r;
      const int from_c = !grow_rows && c >= board.cols - 1 ? c - 1 : c;
      const bool inserted = grow_rows ? r == board.rows - 1 : c == board.cols - 1;
      const bool border = r == 0 || c == 0 || r == grown.rows - 1 || c == grown.cols - 1;
      const int from = board.index(from_r, from_c);
      const int to = grown.index(r, c);
      grown.wall[static_cast<std::size_t>(to)] = border ? 1 : inserted ? 0 : board.wall[static_cast<std::size_t>(from)];
      if (!inserted) {
        if (from == board.hole) grown.hole = to;
        if (from == board.red) grown.red = to;
        if (from == board.blue) grown.blue = to;
      }
    }
  return grown;
}

struct Cases {
  using Input = Board;
  static constexpr std::size_t kKnobCount = 1;  // the largest side
  static constexpr std::uint64_t kJudgeMaxSize = kJudgeMaxSide * kJudgeMaxSide;
  static constexpr std::string_view kJudgeMaxWords = "10 x 10";
  static constexpr const std::array<app::ExtremeFamily, 7>& kExtremes = kFamilies;

  static Board extreme(std::size_t family, std::uint64_t sample, core::SplitMix64& rng, const app::OptionValues&) {
    return extreme_board(family, sample, rng);
  }
  static Board harden(const Board& board, core::SplitMix64& rng, const app::OptionValues& options) {
    Board grown = grown_board(board, rng);
    return grown.rows == board.rows && grown.cols == board.cols ? mutate(board, rng, options) : grown;
  }

  static std::uint64_t size(const Board& board) { return static_cast<std::uint64_t>(board.rows * board.cols); }

  static Board judge_sized(std::span<const double> knobs, core::SplitMix64& rng, const app::OptionValues&) {
    const int cap = app::knob_in(knobs[0], kSmallestSideCap, kJudgeMaxSide);
    return random_board(app::first_index_with_cap(cap, kSmallestSideCap, kCasesPerSideStep), rng);
  }

  static Board mutate(const Board& board, core::SplitMix64& rng, const app::OptionValues&) {
    Board changed = board;
    const int r = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(board.rows - 2)));
    const int c = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(board.cols - 2)));
    const int cell = board.index(r, c);
    if (cell != board.hole && cell != board.red && cell != board.blue)
      changed.wall[static_cast<std::size_t>(cell)] = board.wall[static_cast<std::size_t>(cell)] != 0 ? 0 : 1;
    return changed;
  }

  static Board generate(std::uint64_t index, core::SplitMix64& rng, const app::OptionValues&) {
    return app::with_edge_cases<Board>(edge_cases(), index, rng, random_board);
  }

  static Board parse(std::string_view text) { return parse_board(text); }
  static std::string format(const Board& board) { return judge_text(board); }

  static std::vector<Board> shrink(const Board& board, const app::OptionValues&) {
    std::vector<Board> candidates;
    // 1. One inner row fewer, then one inner column fewer (none holding a piece).
    if (board.rows > kMinSide)
      for (int r = 1; r + 1 < board.rows; ++r) {
        bool free = true;
        for (int c = 0; c < board.cols; ++c) free = free && !holds_a_piece(board, board.index(r, c));
        if (free) candidates.push_back(without(board, r, -1));
      }
    if (board.cols > kMinSide)
      for (int c = 1; c + 1 < board.cols; ++c) {
        bool free = true;
        for (int r = 0; r < board.rows; ++r) free = free && !holds_a_piece(board, board.index(r, c));
        if (free) candidates.push_back(without(board, -1, c));
      }
    // 2. One inner wall fewer.
    for (int r = 1; r + 1 < board.rows; ++r)
      for (int c = 1; c + 1 < board.cols; ++c) {
        const int cell = board.index(r, c);
        if (!board.is_wall(cell)) continue;
        Board opened = board;
        opened.wall[cell] = 0;
        candidates.push_back(std::move(opened));
      }
    return candidates;
  }

  static std::string summary(const Board& board) {
    const std::size_t walls = inner_walls(board);
    return fmt::format("board {}x{} with {} inner wall{}", board.rows, board.cols, walls, walls == 1 ? "" : "s");
  }
};

}  // namespace

app::HuntCases hunt_cases() { return app::typed_hunt_cases<Cases>(); }

}  // namespace boardsearch::marble
