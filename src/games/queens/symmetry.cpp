#include "games/queens/symmetry.hpp"

#include <array>
#include <cstdint>

namespace boardsearch::queens {

namespace {

// The pairs search: columns, and the diagonals by index (d1 = r + c,
// d2 = r - c + N - 1, each in [0, 2N - 2], so 63 bits for N = 32).
struct HalfTurnSearch {
  int n = 0;
  std::array<int, kMaxSide> column{};  // the queen's column on each row
  RotationFixed fixed;
  core::SearchControl* control = nullptr;

  static bool is_free(std::uint32_t cols, std::uint64_t d1, std::uint64_t d2, int r, int c, int n) {
    return ((cols >> c) & 1U) == 0 && ((d1 >> (r + c)) & 1U) == 0 && ((d2 >> (r - c + n - 1)) & 1U) == 0;
  }

  // Rows [0, r) and [n - r, n) hold queens; places rows r and n-1-r.
  void place_pair(int r, std::uint32_t cols, std::uint64_t d1, std::uint64_t d2) {
    control->visit();
    if (r == n / 2) {
      ++fixed.half_turn;
      bool quarter = true;
      for (int row = 0; row < n && quarter; ++row)
        quarter = column[static_cast<std::size_t>(column[static_cast<std::size_t>(row)])] == n - 1 - row;
      if (quarter) ++fixed.quarter_turn;
      return;
    }
    const int mirror_row = n - 1 - r;
    for (int c = 0; c < n; ++c) {
      if (!is_free(cols, d1, d2, r, c, n)) continue;
      // The top queen first, then its image checked against it as well.
      const std::uint32_t cols_top = cols | (1U << c);
      const std::uint64_t d1_top = d1 | (std::uint64_t{1} << (r + c));
      const std::uint64_t d2_top = d2 | (std::uint64_t{1} << (r - c + n - 1));
      const int mirror_col = n - 1 - c;
      if (!is_free(cols_top, d1_top, d2_top, mirror_row, mirror_col, n)) continue;
      column[static_cast<std::size_t>(r)] = c;
      column[static_cast<std::size_t>(mirror_row)] = mirror_col;
      place_pair(r + 1, cols_top | (1U << mirror_col), d1_top | (std::uint64_t{1} << (mirror_row + mirror_col)),
                 d2_top | (std::uint64_t{1} << (mirror_row - mirror_col + n - 1)));
    }
  }
};

}  // namespace

RotationFixed count_rotation_fixed(int n, core::SearchControl& control) {
  HalfTurnSearch search;
  search.n = n;
  search.control = &control;
  if (n % 2 == 0) {
    search.place_pair(0, 0, 0, 0);
  } else {
    // The middle row's queen is its own image: the centre.
    const int m = n / 2;
    search.column[static_cast<std::size_t>(m)] = m;
    search.place_pair(0, 1U << m, std::uint64_t{1} << (2 * m), std::uint64_t{1} << (n - 1));
  }
  return search.fixed;
}

Count classes_under_symmetry(int n, Count total, RotationFixed fixed) {
  if (n == 1) return 1;
  return (total + fixed.half_turn + 2 * fixed.quarter_turn) / 8;
}

}  // namespace boardsearch::queens
