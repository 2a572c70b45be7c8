// N-Queens inputs for `boardsearch hunt` (Baekjoon 9663: the line N).
//
// Generation, by case index:
//   edge cases   N = 1, 2, 3 (1, 0, 0 placements) and the sample 8, placed
//                where random inputs reach their size
//   random       half N alone, N up to a cap that grows from 4 to 12 with
//                the index; half partial boards of side up to min(cap, 10),
//                0 to 30 % blocked cells and a few placed queens (which may
//                attack each other: 0 completions)
// Shrinking (each step lowers N, or the marks of a board, or turns an
// unmarked board into N alone):
//   N alone: N - 1; a board: the last row and column cut off, each mark
//   turned into '.', a board with no mark written as N alone.
// --slow, within the judge's 1 <= N < 15:
//   knobs       N (1 .. 14);  mutations  N one up or down, within 1 .. 14.
// Size: N * N cells.

#include "games/queens/hunt_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <vector>

#include "boardsearch/app/hunt_cases.hpp"
#include "games/queens/format.hpp"
#include "games/queens/parse.hpp"
#include "games/queens/rules.hpp"

namespace boardsearch::queens {

namespace {

constexpr int kSmallestSideCap = 4;
constexpr int kLargestHuntSide = 12;
constexpr int kLargestHuntBoard = 10;
constexpr std::uint64_t kCasesPerSideStep = 8;
constexpr int kMaxBlockedPercent = 30;

const std::vector<app::EdgeCase<Board>>& edge_cases() {
  static const std::vector<app::EdgeCase<Board>> placed = [] {
    std::vector<app::EdgeCase<Board>> edges;
    for (const int n : {1, 2, 3, 8})
      edges.push_back({app::first_index_with_cap(n, kSmallestSideCap, kCasesPerSideStep), empty_board(n)});
    return edges;
  }();
  return placed;
}

Board random_board(std::uint64_t index, core::SplitMix64& rng) {
  const int cap = app::size_cap(index, kSmallestSideCap, kCasesPerSideStep, kLargestHuntSide);
  if (rng.below(2) == 0) return empty_board(app::draw_in(rng, kMinSide, cap));
  Board board = empty_board(app::draw_in(rng, kMinSide, std::min(cap, kLargestHuntBoard)));
  board.written_as_board = true;
  const int blocked_percent = app::draw_in(rng, 0, kMaxBlockedPercent);
  for (std::string& row : board.rows)
    for (char& cell : row)
      if (app::draw_in(rng, 0, 99) < blocked_percent) cell = kBlocked;
  const int queens = app::draw_in(rng, 0, std::max(1, board.n / 3));
  for (int q = 0; q < queens; ++q)
    board.rows[rng.below(static_cast<std::uint64_t>(board.n))][rng.below(static_cast<std::uint64_t>(board.n))] = kQueen;
  return board;
}

int marks(const Board& board) {
  int count = 0;
  for (const std::string& row : board.rows)
    count += static_cast<int>(std::count_if(row.begin(), row.end(), [](char c) { return c != kFree; }));
  return count;
}

// The extreme families (HuntCases::extremes): the judge's question is N
// alone, so its extremes are the largest N (14, where a plain backtracking
// takes longest), the sizes just below it, and the smallest N (1, and 2 and
// 3, which have no placement).
enum Family : std::size_t { kLargest, kNearLargest, kSmallest };
constexpr std::array<app::ExtremeFamily, 3> kFamilies = {{
    {"N = 14, the judge's largest", 1},
    {"N = 12 and 13", 2},
    {"N = 1, 2 and 3", 3},
}};

struct Cases {
  using Input = Board;
  static constexpr const std::array<app::ExtremeFamily, 3>& kExtremes = kFamilies;

  static Board extreme(std::size_t family, std::uint64_t sample, core::SplitMix64&, const app::OptionValues&) {
    switch (family) {
      case kLargest:
        return empty_board(kJudgeMaxSide);
      case kNearLargest:
        return empty_board(kJudgeMaxSide - 1 - static_cast<int>(sample % 2));
      default:  // kSmallest
        return empty_board(1 + static_cast<int>(sample % 3));
    }
  }

  // Harder: one size up, within the judge's limit.
  static Board harden(const Board& board, core::SplitMix64&, const app::OptionValues&) {
    return empty_board(std::min(board.n + 1, kJudgeMaxSide));
  }

  static constexpr std::size_t kKnobCount = 1;  // N
  static constexpr std::uint64_t kJudgeMaxSize = kJudgeMaxSide * kJudgeMaxSide;
  static constexpr std::string_view kJudgeMaxWords = "N = 14";

  static std::uint64_t size(const Board& board) { return static_cast<std::uint64_t>(board.n * board.n); }

  static Board judge_sized(std::span<const double> knobs, core::SplitMix64&, const app::OptionValues&) {
    return empty_board(app::knob_in(knobs[0], kMinSide, kJudgeMaxSide));
  }

  static Board mutate(const Board& board, core::SplitMix64& rng, const app::OptionValues&) {
    const int step = rng.below(2) == 0 ? -1 : 1;
    return empty_board(std::clamp(board.n + step, kMinSide, kJudgeMaxSide));
  }

  static Board generate(std::uint64_t index, core::SplitMix64& rng, const app::OptionValues&) {
    return app::with_edge_cases<Board>(edge_cases(), index, rng, random_board);
  }

  static Board parse(std::string_view text) { return parse_board(text); }
  static std::string format(const Board& board) { return judge_text(board); }

  static std::vector<Board> shrink(const Board& board, const app::OptionValues&) {
    std::vector<Board> candidates;
    // 1. One row and column fewer (the last ones).
    if (board.n > kMinSide) {
      Board smaller = empty_board(board.n - 1);
      smaller.written_as_board = board.written_as_board;
      for (int r = 0; r < smaller.n; ++r)
        smaller.rows[static_cast<std::size_t>(r)] =
            board.rows[static_cast<std::size_t>(r)].substr(0, static_cast<std::size_t>(smaller.n));
      candidates.push_back(std::move(smaller));
    }
    if (!board.written_as_board) return candidates;
    // 2. One mark fewer; 3. an unmarked board as N alone.
    for (int r = 0; r < board.n; ++r)
      for (int c = 0; c < board.n; ++c) {
        if (board.at(r, c) == kFree) continue;
        Board cleared = board;
        cleared.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = kFree;
        candidates.push_back(std::move(cleared));
      }
    if (marks(board) == 0) candidates.push_back(empty_board(board.n));
    return candidates;
  }

  static std::string summary(const Board& board) {
    if (!board.written_as_board) return fmt::format("N = {}", board.n);
    return fmt::format("board {}x{} with {} mark{}", board.n, board.n, marks(board), marks(board) == 1 ? "" : "s");
  }
};

}  // namespace

app::HuntCases hunt_cases() { return app::typed_hunt_cases<Cases>(); }

}  // namespace boardsearch::queens
