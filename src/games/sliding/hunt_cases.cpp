// Sliding-tile inputs for `boardsearch hunt` (Baekjoon 1525: a 3 x 3 board).
//
// Generation, by case index:
//   edge cases   the goal (0 moves), a board one move away, the sample's
//                unsolvable board, a farthest 3 x 3 board (31 moves)
//   random       shapes from 2 x 2 growing to 3 x 4 with the index; half
//                random permutations (half of them unsolvable), half random
//                walks from the goal
// Shrinking (each step lowers the number of cells): the last row or the
//   last column cut off, the tiles left renumbered in order (0 stays the
//   blank; the blank cut off becomes the largest tile's cell).
// --slow, within the judge's 3 x 3:
//   knobs       a random walk's length (0 .. 60) or, past 0.9, a random permutation
//   mutations   two cells swapped (the parity flips: solvable <-> not)
// Size: cells.

#include "games/sliding/hunt_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <numeric>

#include "boardsearch/app/hunt_cases.hpp"
#include "games/sliding/format.hpp"
#include "games/sliding/parse.hpp"
#include "games/sliding/rules.hpp"

namespace boardsearch::sliding {

namespace {

constexpr int kSmallestCellsCap = 4;
constexpr int kLargestHuntCells = 12;
constexpr std::uint64_t kCasesPerStep = 16;
constexpr int kLongestWalk = 60;
constexpr double kPermutationKnob = 0.9;

Board from_text(std::string_view text) { return parse_board(text); }

const std::vector<app::EdgeCase<Board>>& edge_cases() {
  static const std::vector<app::EdgeCase<Board>> placed = {
      {0, from_text("1 2 3\n4 5 6\n7 8 0\n")},
      {1, from_text("1 2 3\n4 5 6\n7 0 8\n")},
      {2, from_text("3 6 0\n8 1 2\n7 4 5\n")},
      {3, from_text("8 6 7\n2 5 4\n3 0 1\n")},
  };
  return placed;
}

Board walk(Board board, int moves, core::SplitMix64& rng) {
  for (int m = 0; m < moves; ++m) {
    const std::vector<Slide> slides = legal_slides(board);
    board = after_slide(board, slides[static_cast<std::size_t>(rng.below(slides.size()))]);
  }
  return board;
}

Board permutation(int rows, int cols, core::SplitMix64& rng) {
  Board board{.rows = rows, .cols = cols};
  std::vector<int> tiles(static_cast<std::size_t>(rows * cols));
  std::iota(tiles.begin(), tiles.end(), 0);
  for (std::size_t i = tiles.size(); i > 1; --i) std::swap(tiles[i - 1], tiles[rng.below(i)]);
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    board.cells[i] = static_cast<std::uint8_t>(tiles[i]);
    if (tiles[i] == 0) board.blank = static_cast<int>(i);
  }
  return board;
}

Board random_board(std::uint64_t index, core::SplitMix64& rng) {
  const int cap = app::size_cap(index, kSmallestCellsCap, kCasesPerStep, kLargestHuntCells);
  std::vector<std::pair<int, int>> shapes;
  for (int rows = kMinSide; rows <= kMaxSide; ++rows)
    for (int cols = kMinSide; cols <= kMaxSide; ++cols)
      if (rows * cols <= cap) shapes.emplace_back(rows, cols);
  const auto [rows, cols] = shapes[static_cast<std::size_t>(rng.below(shapes.size()))];
  if (rng.below(2) == 0) return permutation(rows, cols, rng);
  return walk(goal_board(rows, cols, GoalLayout::blank_last), app::draw_in(rng, 0, kLongestWalk), rng);
}

// The board without its last row (`row`) or column, the tiles renumbered.
Board cut(const Board& board, bool row) {
  Board smaller{.rows = board.rows - (row ? 1 : 0), .cols = board.cols - (row ? 0 : 1)};
  std::vector<int> kept;
  for (int r = 0; r < smaller.rows; ++r)
    for (int c = 0; c < smaller.cols; ++c) kept.push_back(board.at(r, c));
  const bool has_blank = std::find(kept.begin(), kept.end(), 0) != kept.end();
  if (!has_blank) *std::max_element(kept.begin(), kept.end()) = 0;
  std::vector<int> order = kept;
  std::sort(order.begin(), order.end());
  for (std::size_t i = 0; i < kept.size(); ++i) {
    const int rank = static_cast<int>(std::lower_bound(order.begin(), order.end(), kept[i]) - order.begin());
    smaller.cells[i] = static_cast<std::uint8_t>(rank);
    if (rank == 0) smaller.blank = static_cast<int>(i);
  }
  return smaller;
}

Board judge_board(core::SplitMix64& rng, double knob) {
  if (knob > kPermutationKnob) return permutation(kJudgeSide, kJudgeSide, rng);
  return walk(goal_board(kJudgeSide, kJudgeSide, GoalLayout::blank_last),
              app::knob_in(knob / kPermutationKnob, 0, kLongestWalk), rng);
}

enum Family : std::size_t { kFarthest, kUnsolvable, kGoal };
constexpr std::array<app::ExtremeFamily, 3> kFamilies = {{
    {"3 x 3 at 31 moves, the farthest", 2},
    {"3 x 3 that cannot reach the goal", 2},
    {"the goal itself, 0 moves", 1},
}};

struct Cases {
  using Input = Board;
  static constexpr const std::array<app::ExtremeFamily, 3>& kExtremes = kFamilies;

  static Board extreme(std::size_t family, std::uint64_t sample, core::SplitMix64& rng, const app::OptionValues&) {
    switch (family) {
      case kFarthest:
        return from_text(sample % 2 == 0 ? "8 6 7\n2 5 4\n3 0 1\n" : "6 4 7\n8 5 0\n3 2 1\n");
      case kUnsolvable: {
        Board board = permutation(kJudgeSide, kJudgeSide, rng);
        if (solvable(board, GoalLayout::blank_last)) {
          // Two tiles swapped flip the parity.
          const int a = board.blank == 0 ? 1 : 0;
          const int b = board.blank == 8 ? 7 : 8;
          std::swap(board.cells[static_cast<std::size_t>(a)], board.cells[static_cast<std::size_t>(b)]);
        }
        return board;
      }
      default:  // kGoal
        return goal_board(kJudgeSide, kJudgeSide, GoalLayout::blank_last);
    }
  }

  static constexpr std::size_t kKnobCount = 1;
  static constexpr std::uint64_t kJudgeMaxSize = kJudgeSide * kJudgeSide;
  static constexpr std::string_view kJudgeMaxWords = "3 x 3";

  static std::uint64_t size(const Board& board) { return static_cast<std::uint64_t>(board.size()); }

  static Board judge_sized(std::span<const double> knobs, core::SplitMix64& rng, const app::OptionValues&) {
    return judge_board(rng, knobs[0]);
  }

  static Board mutate(const Board& board, core::SplitMix64& rng, const app::OptionValues&) {
    Board next = board;
    const auto a = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(board.size())));
    const auto b = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(board.size())));
    std::swap(next.cells[a], next.cells[b]);
    for (int i = 0; i < next.size(); ++i)
      if (next.cells[static_cast<std::size_t>(i)] == kBlank) next.blank = i;
    return next;
  }

  static Board generate(std::uint64_t index, core::SplitMix64& rng, const app::OptionValues&) {
    return app::with_edge_cases<Board>(edge_cases(), index, rng, random_board);
  }

  static Board parse(std::string_view text) { return parse_board(text); }
  static std::string format(const Board& board) { return judge_text(board); }

  static std::vector<Board> shrink(const Board& board, const app::OptionValues&) {
    std::vector<Board> candidates;
    if (board.rows > kMinSide) candidates.push_back(cut(board, true));
    if (board.cols > kMinSide) candidates.push_back(cut(board, false));
    return candidates;
  }

  static std::string summary(const Board& board) {
    return fmt::format("board {}x{}{}", board.rows, board.cols,
                       solvable(board, GoalLayout::blank_last) ? "" : ", cannot reach the goal");
  }
};

}  // namespace

app::HuntCases hunt_cases() { return app::typed_hunt_cases<Cases>(); }

}  // namespace boardsearch::sliding
