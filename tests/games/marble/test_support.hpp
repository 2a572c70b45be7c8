#pragma once
// Shared helpers of the marble escape tests: sample files, and the checks
// every solve must pass (the line replays under the plain rules).

#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "games/marble/format.hpp"
#include "games/marble/parse.hpp"
#include "games/marble/plain_simulation.hpp"
#include "games/marble/rules.hpp"
#include "games/marble/search.hpp"
#include "support/read_file.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::marble::testing {

using boardsearch::testing::scaled;

inline std::string read_text(const std::string& path) { return boardsearch::testing::read_file(path); }

inline std::string sample_path(int number, std::string_view extension) {
  return std::string(BOARDSEARCH_SOURCE_DIR) + "/tests/data/marble/0" + std::to_string(number) + "." +
         std::string(extension);
}
inline constexpr int kSampleCount = 6;
// Sample `number`'s board.
inline Board sample(int number) { return parse_board(read_text(sample_path(number, "in"))); }

inline constexpr Strategy kStrategies[] = {Strategy::breadth_first, Strategy::a_star};

inline Solution solve_with(const Board& board, std::optional<int> max_tilts, Strategy strategy = Strategy::a_star,
                           const core::SearchLimits& limits = {}, std::size_t memory_budget_bytes = 0) {
  return solve(board, SolveOptions{max_tilts, strategy, memory_budget_bytes}, limits);
}

// Solves with each engine and no node or time limit; checks each search is
// proven, both agree, and each line replays under the plain rules to
// success in exactly the answer's number of tilts. Returns the answer, -1
// for none.
inline int checked_answer(const Board& board, std::optional<int> max_tilts) {
  std::optional<int> agreed;
  // Both strategies, A* with the dense closed bits (forced: by size it takes
  // them on 100 x 100 boards only) and with its 16-byte table
  // (SolveOptions::a_star_closed).
  for (int engine = 0; engine < 3; ++engine) {
    const Strategy strategy = engine == 0 ? Strategy::breadth_first : Strategy::a_star;
    SolveOptions options{max_tilts, strategy};
    options.a_star_closed = engine == 2 ? ClosedSet::table : ClosedSet::bits;
    const Solution solution = solve(board, options, {});
    const char* name = engine == 0 ? "breadth-first" : engine == 1 ? "A* (closed bits)" : "A* (table)";
    EXPECT_TRUE(solution.search.proven()) << name << ": " << core::to_string(solution.search.outcome);
    EXPECT_GE(solution.states, 1u);
    const int tilts = solution.search.value.value_or(-1);
    if (agreed) {
      EXPECT_EQ(tilts, *agreed) << name << " on\n" << judge_text(board);
    }
    agreed = tilts;
    if (!solution.search.value) {
      EXPECT_TRUE(solution.search.line.empty());
      continue;
    }
    EXPECT_EQ(solution.search.line.size(), static_cast<std::size_t>(tilts));
    EXPECT_TRUE(plain_line_succeeds(board, solution.search.line))
        << name << ": line " << letters(solution.search.line) << " on\n"
        << judge_text(board);
    if (max_tilts) {
      EXPECT_LE(tilts, *max_tilts);
    }
  }
  return *agreed;
}

}  // namespace boardsearch::marble::testing
