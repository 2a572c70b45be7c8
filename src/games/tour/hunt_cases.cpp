// Board tour inputs for `boardsearch hunt` (Baekjoon 9944): a file of one or
// more cases, each an N x M grid of '.' (empty) and '*' (obstacle).
//
// Generation, by case index:
//   random files      1 .. 3 cases; each side drawn from 1 .. cap
//                     independently (so most boards are not square), cap
//                     growing by one every kCasesPerSizeStep files up to 30;
//                     obstacle density from 0 % (open boards) through the
//                     6-20 % "scattered" range the puzzle page warns about
//                     to 50 %.
//   edge cases        the sample file, one-cell and one-line boards, tall and
//                     wide (non-square) boards, boards split in two (-1),
//                     each placed where random boards reach its size.
// Shrinking:
//   a file of several cases: first each case alone (the failing case is
//   usually one of them), then the file without one case; a single case:
//   drop a row or a column, then turn one obstacle into an empty cell.
//   Each step lowers (cases, cells, obstacles) lexicographically.
//   Every board keeps at least one empty cell.
// --slow, within the judge's limits and promise: 1 <= N, M <= 30, and at
// most 1,000,000 move paths per case (count_move_paths below checks it);
// the hunter measures files of kSlowCases copies of one case (the judge
// reads cases until the end of the file, and its 3 s are per file):
//   knobs         N, M, the obstacle density (0 .. 50 %);
//   mutations     one cell flipped between empty and obstacle (one empty
//                 cell stays); a board that breaks the promise is not taken;
//   extremes      30 x 30 at the promise's edge (the most move paths a
//                 draw finds), open, sparse, near 5 %, 10-20 %, dense, with
//                 one empty cell; 1 x 30 and 30 x 1; 29 x 30 and 30 x 29
//                 (kFamilies), each keeping the promise;
//   harder        a case a row or a column bigger (cells like its own), or
//                 the cell flip among a few that gives the most move paths
//                 within the promise.
// Size: the cells of the largest case.
//
// Why move paths: a plain search (every start, every direction, no pruning
// but the bound on the steps of a tour found) visits every move path when
// no tour exists; its time grows with their number (measured with such a
// search in C++: 0.13-0.16 s per million paths on 30 x 30 boards with 2-6 %
// obstacles). So within the promise one case takes 0.2 s at most, and a
// judge file is slow by holding many such cases: 30 of them pass 3 s.

#include "games/tour/hunt_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "boardsearch/app/hunt_cases.hpp"
#include "games/tour/format.hpp"
#include "games/tour/parse.hpp"
#include "games/tour/rules.hpp"

namespace boardsearch::tour {

namespace {

using File = std::vector<Board>;

// The judge's limits: 1 <= N, M <= 30; several cases per file (the
// correctness hunt writes at most three, so that one failing case does not
// hide in many).
constexpr int kJudgeMaxSide = 30;
constexpr std::uint64_t kMaxCasesPerFile = 3;
constexpr std::uint64_t kCasesPerSizeStep = 30;
constexpr int kSmallestCap = 3;
// Obstacle densities in percent; 6-20 % is where plain searches blow up.
constexpr std::array<int, 7> kObstaclePercents = {0, 5, 8, 12, 20, 35, 50};

void set_empty(Board& board, int row, int col, bool empty) {
  LineMask& mask = board.empty[static_cast<std::size_t>(row)];
  const LineMask bit = LineMask{1} << col;
  mask = empty ? (mask | bit) : (mask & ~bit);
}

Board open_board(int rows, int cols) {
  Board board;
  board.rows = rows;
  board.cols = cols;
  for (int row = 0; row < rows; ++row)
    for (int col = 0; col < cols; ++col) set_empty(board, row, col, true);
  return board;
}

// A board from its rows of '.' and '*'.
Board board_from_rows(const std::vector<std::string>& rows) {
  Board board = open_board(static_cast<int>(rows.size()), static_cast<int>(rows.front().size()));
  for (int row = 0; row < board.rows; ++row)
    for (int col = 0; col < board.cols; ++col)
      set_empty(board, row, col, rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] == '.');
  return board;
}

const std::vector<app::EdgeCase<File>>& edge_cases() {
  static const std::vector<app::EdgeCase<File>> edges = [] {
    const std::vector<File> files = {
        // The sample file: two cases (10 and 3).
        {board_from_rows({"**...", ".....", "....*", "..*..", "....."}), board_from_rows({"****", "*...", "*..*"})},
        {board_from_rows({"."})},         // one empty cell: 0 steps
        {board_from_rows({"*.", "**"})},  // one empty cell among obstacles
        {open_board(1, 2)},               // one step
        {open_board(2, 1)},
        {open_board(2, 3), open_board(3, 2)},      // non-square: loop over M, not N
        {board_from_rows({".*.", "***", "..."})},  // two regions: -1
        {open_board(1, kJudgeMaxSide)},
        {open_board(kJudgeMaxSide, 1)},
        {board_from_rows({"...", ".*.", "..."})},
        {open_board(kJudgeMaxSide, kJudgeMaxSide)},  // open boards are easy
    };
    std::vector<app::EdgeCase<File>> placed;
    for (const File& file : files) {
      int side = 1;
      for (const Board& board : file) side = std::max({side, board.rows, board.cols});
      placed.push_back({app::first_index_with_cap(side, kSmallestCap, kCasesPerSizeStep), file});
    }
    return placed;
  }();
  return edges;
}

Board random_board(std::uint64_t index, core::SplitMix64& rng) {
  const auto cap = static_cast<std::uint64_t>(app::size_cap(index, kSmallestCap, kCasesPerSizeStep, kJudgeMaxSide));
  // M is drawn before N: the order the hunter has always used, so that a
  // seed keeps giving the same boards.
  const int cols = 1 + static_cast<int>(rng.below(cap));
  const int rows = 1 + static_cast<int>(rng.below(cap));
  Board board = open_board(rows, cols);
  const int percent = kObstaclePercents[rng.below(kObstaclePercents.size())];
  for (int row = 0; row < rows; ++row)
    for (int col = 0; col < cols; ++col)
      if (static_cast<int>(rng.below(100)) < percent) set_empty(board, row, col, false);
  if (board.empty_count() == 0) {
    const auto cell = static_cast<int>(rng.below(static_cast<std::uint64_t>(rows * cols)));
    set_empty(board, cell / cols, cell % cols, true);
  }
  return board;
}

File random_file(std::uint64_t index, core::SplitMix64& rng) {
  File file;
  const std::uint64_t count = 1 + rng.below(kMaxCasesPerFile);
  for (std::uint64_t k = 0; k < count; ++k) file.push_back(random_board(index, rng));
  return file;
}

// The board without row (dropped_row >= 0) or column (dropped_col >= 0).
Board without_line(const Board& board, int dropped_row, int dropped_col) {
  Board smaller;
  smaller.rows = board.rows - (dropped_row >= 0 ? 1 : 0);
  smaller.cols = board.cols - (dropped_col >= 0 ? 1 : 0);
  for (int row = 0, to_row = 0; row < board.rows; ++row) {
    if (row == dropped_row) continue;
    for (int col = 0, to_col = 0; col < board.cols; ++col) {
      if (col == dropped_col) continue;
      set_empty(smaller, to_row, to_col++, board.is_empty(row, col));
    }
    ++to_row;
  }
  return smaller;
}

std::vector<Board> shrink_board(const Board& board) {
  std::vector<Board> candidates;
  auto keep = [&](Board smaller) {
    if (smaller.empty_count() > 0) candidates.push_back(smaller);
  };
  // 1. Fewer rows or columns.
  if (board.rows > 1)
    for (int row = board.rows - 1; row >= 0; --row) keep(without_line(board, row, -1));
  if (board.cols > 1)
    for (int col = board.cols - 1; col >= 0; --col) keep(without_line(board, -1, col));
  // 2. One obstacle fewer.
  for (int row = 0; row < board.rows; ++row)
    for (int col = 0; col < board.cols; ++col)
      if (!board.is_empty(row, col)) {
        Board opened = board;
        set_empty(opened, row, col, true);
        candidates.push_back(opened);
      }
  return candidates;
}

// The judge's promise: at most this many move paths per case.
constexpr std::uint64_t kJudgeMaxMovePaths = 1'000'000;
// Draws of a judge-sized board before falling back to a promise-keeping one.
constexpr int kJudgeSizedAttempts = 8;

// Move paths counted, and whether one of those counted is a tour (visits
// every empty cell).
struct PathCount {
  std::uint64_t paths = 0;
  bool tour = false;
};

// The move paths of the plain search from `position`: every sequence of
// steps that ends where the ball cannot move, counted into `count`; stops
// counting once count.paths passes `cap`.
void count_paths_from(Position& position, PathCount& count, std::uint64_t cap) {
  bool moved = false;
  for (const Direction direction : kDirections) {
    if (count.paths > cap) return;
    const int length = position.slide_length(direction);
    if (length == 0) continue;
    moved = true;
    const Move move{direction, static_cast<std::uint8_t>(length)};
    position.apply(move);
    count_paths_from(position, count, cap);
    position.undo(move);
  }
  if (!moved) {
    ++count.paths;
    count.tour = count.tour || position.all_visited();
  }
}

// The move paths of `board` over every start cell (cap + 1 once there are
// more than `cap`), and whether a tour was among those counted.
PathCount count_move_paths(const Board& board, std::uint64_t cap) {
  PathCount count;
  for (int row = 0; row < board.rows && count.paths <= cap; ++row)
    for (int col = 0; col < board.cols && count.paths <= cap; ++col)
      if (board.is_empty(row, col)) {
        Position position(board, Cell{row, col});
        count_paths_from(position, count, cap);
      }
  count.paths = std::min(count.paths, cap + 1);
  return count;
}

bool keeps_the_promise(const Board& board) {
  return count_move_paths(board, kJudgeMaxMovePaths).paths <= kJudgeMaxMovePaths;
}

// The work of a plain search on `board` (every start, every direction, its
// only pruning the steps of the best tour found so far): the move paths
// when no tour exists (it visits every one), 0 when the board breaks the
// promise (not a judge input) or has a tour (the bound then cuts paths).
std::uint64_t plain_search_work(const Board& board) {
  const PathCount count = count_move_paths(board, kJudgeMaxMovePaths);
  return count.paths <= kJudgeMaxMovePaths && !count.tour ? count.paths : 0;
}

// Draws of an extreme board at one density before the density is lowered
// (each draw that breaks the promise costs a count of a million paths).
constexpr int kExtremeAttemptsPerDensity = 2;

// A rows x cols board with obstacles at `percent` % (one empty cell stays)
// that keeps the judge's promise: kExtremeAttemptsPerDensity draws, then the
// density lowered by a quarter, and so on (an open board keeps it).
Board promised_board(int rows, int cols, int percent, core::SplitMix64& rng) {
  for (int attempt = 0;; ++attempt) {
    if (attempt >= kExtremeAttemptsPerDensity) percent = percent * 3 / 4;
    Board board = open_board(rows, cols);
    for (int row = 0; row < rows; ++row)
      for (int col = 0; col < cols; ++col)
        if (static_cast<int>(rng.below(100)) < percent) set_empty(board, row, col, false);
    if (board.empty_count() == 0) set_empty(board, 0, 0, true);
    if (percent == 0 || keeps_the_promise(board)) return board;
  }
}

// Draws of a board at the promise's edge at most, and the plain-search
// work at which a draw is taken at once (measured: 9 of 60 30 x 30 boards
// with 2-6 % obstacles have 0.7-1.0 million move paths and no tour, 5 of
// them 0.9 million or more; a plain C++ search takes 0.12-0.18 s on each,
// and 3.3-3.4 s on 30 copies of one with 0.85 million).
constexpr int kEdgeAttempts = 48;
constexpr std::uint64_t kEdgeEnough = kJudgeMaxMovePaths * 9 / 10;

// A 30 x 30 board with 2-6 % obstacles and as much plain-search work
// (plain_search_work) as a few draws find: the first draw with kEdgeEnough
// or more, else the most of kEdgeAttempts (an open board if none keeps the
// promise without a tour). Each draw costs a count of up to a million
// paths (about 30 ms).
Board edge_board(core::SplitMix64& rng) {
  Board best = open_board(kJudgeMaxSide, kJudgeMaxSide);
  std::uint64_t best_work = 0;
  for (int attempt = 0; attempt < kEdgeAttempts && best_work < kEdgeEnough; ++attempt) {
    const int percent = app::draw_in(rng, 2, 6);
    Board board = open_board(kJudgeMaxSide, kJudgeMaxSide);
    for (int row = 0; row < kJudgeMaxSide; ++row)
      for (int col = 0; col < kJudgeMaxSide; ++col)
        if (static_cast<int>(rng.below(100)) < percent) set_empty(board, row, col, false);
    if (const std::uint64_t work = plain_search_work(board); work > best_work) {
      best = board;
      best_work = work;
    }
  }
  return best;
}

// The extreme families (HuntCases::extremes): the judge's largest board,
// 30 x 30, at the promise's edge (first: it is the slowest for a plain
// search), open, sparse (1-3 % obstacles), near 5 % and 10-20 % (where
// plain searches blow up), dense; one empty cell; the longest lines;
// 29 x 30 boards (non-square). Every board keeps the judge's promise;
// checking it costs up to a count of a million paths per draw, which is
// what the sample counts are kept low for.
enum Family : std::size_t { kEdge, kOpen, kSparse, kNearFive, kScattered, kDense, kOneEmpty, kLines, kNonSquare };
constexpr std::array<app::ExtremeFamily, 9> kFamilies = {{
    {"30 x 30 with close to 1,000,000 move paths", 4},
    {"30 x 30 open", 1},
    {"30 x 30 sparse (1-3 % obstacles)", 4},
    {"30 x 30 with about 5 % obstacles", 4},
    {"30 x 30 with 10-20 % obstacles", 4},
    {"30 x 30 dense (35-50 % obstacles)", 2},
    {"30 x 30 with one empty cell", 2},
    {"1 x 30 and 30 x 1 lines", 2},
    {"29 x 30 and 30 x 29 sparse", 2},
}};

Board extreme_board(std::size_t family, std::uint64_t sample, core::SplitMix64& rng) {
  constexpr int kSide = kJudgeMaxSide;
  switch (family) {
    case kEdge:
      return edge_board(rng);
    case kOpen:
      return open_board(kSide, kSide);
    case kSparse:
      return promised_board(kSide, kSide, app::draw_in(rng, 1, 3), rng);
    case kNearFive:
      return promised_board(kSide, kSide, app::draw_in(rng, 4, 6), rng);
    case kScattered:
      return promised_board(kSide, kSide, app::draw_in(rng, 10, 20), rng);
    case kDense:
      return promised_board(kSide, kSide, app::draw_in(rng, 35, 50), rng);
    case kOneEmpty: {
      Board board = open_board(kSide, kSide);
      for (int row = 0; row < kSide; ++row)
        for (int col = 0; col < kSide; ++col) set_empty(board, row, col, false);
      const int cell = sample == 0 ? 0 : static_cast<int>(rng.below(kSide * kSide));
      set_empty(board, cell / kSide, cell % kSide, true);
      return board;
    }
    case kLines:
      return sample % 2 == 0 ? open_board(1, kSide) : open_board(kSide, 1);
    default:  // kNonSquare
      return sample % 2 == 0 ? promised_board(kSide - 1, kSide, app::draw_in(rng, 1, 6), rng)
                             : promised_board(kSide, kSide - 1, app::draw_in(rng, 1, 6), rng);
  }
}

// One step toward the hardest boards: one case (drawn at random) a row or
// a column bigger while below the judge's 30, its new cells like the
// board's (an obstacle where a random cell of it has one), if the board
// keeps the promise; else one cell flipped (mutate).
Board harder_board(const Board& board, core::SplitMix64& rng) {
  const bool grow_rows = board.rows < kJudgeMaxSide && (board.cols == kJudgeMaxSide || rng.below(2) == 0);
  if (!grow_rows && board.cols >= kJudgeMaxSide) return board;
  Board grown = open_board(board.rows + (grow_rows ? 1 : 0), board.cols + (grow_rows ? 0 : 1));
  for (int row = 0; row < grown.rows; ++row)
    for (int col = 0; col < grown.cols; ++col) {
      const bool old = row < board.rows && col < board.cols;
      const auto any = static_cast<int>(rng.below(static_cast<std::uint64_t>(board.rows * board.cols)));
      set_empty(grown, row, col, old ? board.is_empty(row, col) : board.is_empty(any / board.cols, any % board.cols));
    }
  return keeps_the_promise(grown) ? grown : board;
}

// Cell flips tried by one step toward the promise's edge.
constexpr int kEdgeFlips = 4;

// One step toward more work for a plain search within the promise
// (plain_search_work): of kEdgeFlips random cell flips, the one with the
// most work, if more than the board's own; else the board unchanged.
// Costs up to kEdgeFlips + 1 counts of a million paths.
Board more_paths(const Board& board, core::SplitMix64& rng) {
  Board best = board;
  std::uint64_t best_work = plain_search_work(board);
  for (int flip = 0; flip < kEdgeFlips; ++flip) {
    const auto cell = static_cast<int>(rng.below(static_cast<std::uint64_t>(board.rows * board.cols)));
    const int row = cell / board.cols, col = cell % board.cols;
    const bool was_empty = board.is_empty(row, col);
    if (was_empty && board.empty_count() == 1) continue;
    Board flipped = board;
    set_empty(flipped, row, col, !was_empty);
    if (const std::uint64_t work = plain_search_work(flipped); work > best_work) {
      best = flipped;
      best_work = work;
    }
  }
  return best;
}

struct Cases {
  using Input = File;
  static constexpr std::size_t kKnobCount = 3;  // N, M, obstacle density
  static constexpr std::uint64_t kJudgeMaxSize = kJudgeMaxSide * kJudgeMaxSide;
  static constexpr std::string_view kJudgeMaxWords = "30 x 30 per case";
  static constexpr const std::array<app::ExtremeFamily, 9>& kExtremes = kFamilies;
  // Cases per --slow input: a file of 30 copies of one case (see the top).
  static constexpr std::uint64_t kSlowCases = 30;

  // The cells of the largest case (the judge's limit is per case).
  static std::uint64_t size(const File& file) {
    std::uint64_t cells = 0;
    for (const Board& board : file) cells = std::max(cells, static_cast<std::uint64_t>(board.rows * board.cols));
    return cells;
  }

  static File extreme(std::size_t family, std::uint64_t sample, core::SplitMix64& rng, const app::OptionValues&) {
    return File{extreme_board(family, sample, rng)};
  }
  // One case (drawn at random) a row or a column bigger while below 30 x 30
  // (half the time), else the best of a few cell flips by move paths; a
  // step that changes nothing falls back to mutate.
  static File harden(const File& file, core::SplitMix64& rng, const app::OptionValues& options) {
    const std::size_t which = rng.below(file.size());
    const Board& old = file[which];
    const bool grow = (old.rows < kJudgeMaxSide || old.cols < kJudgeMaxSide) && rng.below(2) == 0;
    Board board = grow ? harder_board(old, rng) : more_paths(old, rng);
    if (board == old) return mutate(file, rng, options);
    File changed = file;
    changed[which] = std::move(board);
    return changed;
  }

  static File judge_sized(std::span<const double> knobs, core::SplitMix64& rng, const app::OptionValues&) {
    const int rows = app::knob_in(knobs[0], 1, kJudgeMaxSide);
    const int cols = app::knob_in(knobs[1], 1, kJudgeMaxSide);
    const int percent = app::knob_in(knobs[2], 0, 50);
    for (int attempt = 0; attempt < kJudgeSizedAttempts; ++attempt) {
      Board board = open_board(rows, cols);
      for (int row = 0; row < rows; ++row)
        for (int col = 0; col < cols; ++col)
          if (static_cast<int>(rng.below(100)) < percent) set_empty(board, row, col, false);
      if (board.empty_count() == 0) set_empty(board, 0, 0, true);
      if (keeps_the_promise(board)) return File{board};
    }
    return File{open_board(1, cols)};  // one line: at most two paths per start
  }

  // One cell of one case flipped (the case drawn at random), if the board
  // keeps an empty cell and the judge's promise.
  static File mutate(const File& file, core::SplitMix64& rng, const app::OptionValues&) {
    const std::size_t which = rng.below(file.size());
    Board board = file[which];
    const auto cell = static_cast<int>(rng.below(static_cast<std::uint64_t>(board.rows * board.cols)));
    const int row = cell / board.cols, col = cell % board.cols;
    const bool was_empty = board.is_empty(row, col);
    if (was_empty && board.empty_count() == 1) return file;
    set_empty(board, row, col, !was_empty);
    if (!keeps_the_promise(board)) return file;
    File changed = file;
    changed[which] = std::move(board);
    return changed;
  }

  // The cases of every file, in order.
  static File join(std::span<const File> files) {
    File joined;
    for (const File& file : files) joined.insert(joined.end(), file.begin(), file.end());
    return joined;
  }

  static File generate(std::uint64_t index, core::SplitMix64& rng, const app::OptionValues&) {
    return app::with_edge_cases<File>(edge_cases(), index, rng, random_file);
  }

  static File parse(std::string_view text) { return parse_boards(text); }
  static std::string format(const File& file) { return format_boards(file); }

  static std::vector<File> shrink(const File& file, const app::OptionValues&) {
    std::vector<File> candidates;
    if (file.size() > 1) {
      // 1. Each case alone, then the file minus one case.
      for (const Board& board : file) candidates.push_back(File{board});
      for (std::size_t dropped = 0; dropped < file.size(); ++dropped) {
        File fewer = file;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(dropped));
        candidates.push_back(std::move(fewer));
      }
      return candidates;
    }
    // 2. A single case: a smaller board.
    for (const Board& board : shrink_board(file.front())) candidates.push_back(File{board});
    return candidates;
  }

  // "2 cases: 5x5 (21 empty), 3x4 (5 empty)"; a run of equal cases (a
  // --slow file of copies) is "30 copies of 30x30 (871 empty)".
  static std::string summary(const File& file) {
    std::string text;
    for (std::size_t first = 0, last = 0; first < file.size(); first = last) {
      while (last < file.size() && file[last] == file[first]) ++last;
      const Board& board = file[first];
      text += fmt::format("{}{}{}x{} ({} empty)", text.empty() ? "" : ", ",
                          last - first > 1 ? fmt::format("{} copies of ", last - first) : std::string(), board.rows,
                          board.cols, board.empty_count());
    }
    return fmt::format("{} case{}: {}", file.size(), file.size() == 1 ? "" : "s", text);
  }
};

}  // namespace

app::HuntCases hunt_cases() { return app::typed_hunt_cases<Cases>(); }

}  // namespace boardsearch::tour
