#pragma once
// The tour tests' independent check of a solved tour: the line replayed with
// the reference's own rolling, not the solver's rules.

#include <gtest/gtest.h>

#include <vector>

#include "games/tour/generators.hpp"
#include "games/tour/search.hpp"

namespace boardsearch::tour::testing {

// Replays `result` on `rows` with the reference's own rolling (not the
// solver's rules): every step moves at least one cell, the ball stops where
// the rules say, every empty cell ends visited, and the step count matches.
inline void expect_tour_replays(const Rows& rows, const TourResult& result) {
  ASSERT_TRUE(result.search.value.has_value());
  const int n = static_cast<int>(rows.size());
  const int m = static_cast<int>(rows[0].size());
  std::vector<std::vector<bool>> visited(static_cast<std::size_t>(n), std::vector<bool>(static_cast<std::size_t>(m)));
  auto open = [&](int r, int c) {
    return r >= 0 && c >= 0 && r < n && c < m &&
           rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '.' &&
           !visited[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  };
  int r = result.start.row, c = result.start.col;
  ASSERT_TRUE(open(r, c)) << "start is not an empty cell";
  visited[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
  for (const Move& move : result.search.line) {
    const int dr = move.direction == Direction::up ? -1 : move.direction == Direction::down ? 1 : 0;
    const int dc = move.direction == Direction::left ? -1 : move.direction == Direction::right ? 1 : 0;
    int rolled = 0;
    while (open(r + dr, c + dc)) {
      r += dr;
      c += dc;
      visited[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
      ++rolled;
    }
    ASSERT_GT(rolled, 0) << "a step that moves no cell";
    ASSERT_EQ(rolled, move.length);
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      if (rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] == '.') {
        ASSERT_TRUE(visited[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]) << "cell " << i << "," << j;
      }
  EXPECT_EQ(static_cast<int>(result.search.line.size()), *result.search.value);
}

}  // namespace boardsearch::tour::testing
