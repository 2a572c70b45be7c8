#pragma once
// The plain oracle: breadth-first search from the goal over every board a
// shape has, written as simply as possible and sharing nothing with the
// solver (its own cells, its own moves, a hash map of strings). The
// distance of each reachable board; a board missing from the map cannot
// reach the goal.

#include <deque>
#include <string>
#include <unordered_map>

namespace boardsearch::sliding::testing {

// A board as a string of cells, row by row, tile t as the char 'a' + t.
using PlainBoard = std::string;

inline std::unordered_map<PlainBoard, int> plain_distances(int rows, int cols, bool blank_first) {
  const int cells = rows * cols;
  PlainBoard goal(static_cast<std::size_t>(cells), 'a');
  for (int i = 0; i < cells; ++i)
    goal[static_cast<std::size_t>(i)] = static_cast<char>('a' + (blank_first ? i : (i + 1) % cells));
  std::unordered_map<PlainBoard, int> distance{{goal, 0}};
  std::deque<PlainBoard> queue{goal};
  while (!queue.empty()) {
    const PlainBoard board = queue.front();
    queue.pop_front();
    const int blank = static_cast<int>(board.find('a'));
    const int row = blank / cols;
    const int col = blank % cols;
    const int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (const auto& step : steps) {
      const int r = row + step[0];
      const int c = col + step[1];
      if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
      PlainBoard next = board;
      std::swap(next[static_cast<std::size_t>(blank)], next[static_cast<std::size_t>(r * cols + c)]);
      if (distance.emplace(next, distance[board] + 1).second) queue.push_back(next);
    }
  }
  return distance;
}

}  // namespace boardsearch::sliding::testing
