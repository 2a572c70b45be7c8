#pragma once
// Board generators shared by the tests and the benchmark (deterministic from
// a SplitMix64 seed).

#include <string>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"

namespace boardsearch::tour::testing {

using Rows = std::vector<std::string>;

// n x m board, each cell an obstacle with probability percent / 100.
inline Rows random_board(core::SplitMix64& rng, int n, int m, int obstacle_percent) {
  Rows rows(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(m), '.'));
  for (auto& row : rows)
    for (char& cell : row)
      if (static_cast<int>(rng.below(100)) < obstacle_percent) cell = '*';
  return rows;
}

// Simulates a random sliding walk on the open n x m board from a random start
// until the ball is stuck, then turns every cell it never visited into an
// obstacle: the walk itself is a tour, so the board is solvable.
inline Rows walk_board(core::SplitMix64& rng, int n, int m) {
  std::vector<std::vector<bool>> visited(static_cast<std::size_t>(n), std::vector<bool>(static_cast<std::size_t>(m)));
  auto open = [&](int r, int c) {
    return r >= 0 && c >= 0 && r < n && c < m && !visited[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  };
  int r = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
  int c = static_cast<int>(rng.below(static_cast<std::uint64_t>(m)));
  visited[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
  static const int dr[4] = {-1, 1, 0, 0};
  static const int dc[4] = {0, 0, -1, 1};
  while (true) {
    int choices[4];
    int count = 0;
    for (int d = 0; d < 4; ++d)
      if (open(r + dr[d], c + dc[d])) choices[count++] = d;
    if (count == 0) break;
    const int d = choices[rng.below(static_cast<std::uint64_t>(count))];
    while (open(r + dr[d], c + dc[d])) {
      r += dr[d];
      c += dc[d];
      visited[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
    }
  }
  Rows rows(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(m), '*'));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      if (visited[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)])
        rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = '.';
  return rows;
}

// The judge-format text of one case.
inline std::string case_text(const Rows& rows) {
  std::string text = std::to_string(rows.size()) + " " + std::to_string(rows.empty() ? 0 : rows[0].size()) + "\n";
  for (const auto& row : rows) text += row + "\n";
  return text;
}

}  // namespace boardsearch::tour::testing
