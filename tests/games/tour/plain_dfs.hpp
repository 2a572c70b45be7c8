#pragma once
// The reference: the plain search accepted judge solutions use, written as
// simply as possible and sharing no code with src/games/tour. For every start
// cell, depth-first over the four directions, rolling cell by cell, with only
// the best-so-far bound (a path already as long as the best tour stops).

#include <cstdint>
#include <string>
#include <vector>

namespace boardsearch::tour::reference {

struct PlainDfsResult {
  int steps = -1;           // fewest steps, -1 if no tour
  std::uint64_t nodes = 0;  // positions visited
  bool capped = false;      // node_cap reached: steps is not proven
};

class PlainDfs {
 public:
  // rows: the board, '.' empty and '*' obstacle. node_cap 0: no cap.
  explicit PlainDfs(std::vector<std::string> rows, std::uint64_t node_cap = 0)
      : grid_(std::move(rows)), node_cap_(node_cap) {}

  PlainDfsResult solve() {
    const int n = static_cast<int>(grid_.size());
    const int m = n == 0 ? 0 : static_cast<int>(grid_[0].size());
    int empty = 0;
    for (const auto& row : grid_)
      for (char cell : row) empty += cell == '.';
    visited_.assign(static_cast<std::size_t>(n), std::vector<bool>(static_cast<std::size_t>(m), false));
    for (int r = 0; r < n && !result_.capped; ++r)
      for (int c = 0; c < m && !result_.capped; ++c) {
        if (grid_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] != '.') continue;
        visited_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
        search(r, c, 0, empty - 1);
        visited_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = false;
      }
    result_.steps = best_;
    return result_;
  }

 private:
  bool open(int r, int c) const {
    return r >= 0 && c >= 0 && r < static_cast<int>(grid_.size()) && c < static_cast<int>(grid_[0].size()) &&
           grid_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '.' &&
           !visited_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  }

  void search(int r, int c, int steps, int left) {
    if (result_.capped) return;
    if (node_cap_ != 0 && result_.nodes >= node_cap_) {
      result_.capped = true;
      return;
    }
    ++result_.nodes;
    if (left == 0) {
      if (best_ < 0 || steps < best_) best_ = steps;
      return;
    }
    if (best_ >= 0 && steps + 1 >= best_) return;
    static const int dr[4] = {-1, 1, 0, 0};
    static const int dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; ++d) {
      int rr = r, cc = c, rolled = 0;
      while (open(rr + dr[d], cc + dc[d])) {
        rr += dr[d];
        cc += dc[d];
        visited_[static_cast<std::size_t>(rr)][static_cast<std::size_t>(cc)] = true;
        ++rolled;
      }
      if (rolled == 0) continue;
      search(rr, cc, steps + 1, left - rolled);
      for (int i = 0; i < rolled; ++i) {
        visited_[static_cast<std::size_t>(rr)][static_cast<std::size_t>(cc)] = false;
        rr -= dr[d];
        cc -= dc[d];
      }
    }
  }

  std::vector<std::string> grid_;
  std::uint64_t node_cap_;
  std::vector<std::vector<bool>> visited_;
  int best_ = -1;
  PlainDfsResult result_;
};

}  // namespace boardsearch::tour::reference
