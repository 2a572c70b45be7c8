#include "games/queens/classes.hpp"

#include <bit>

namespace boardsearch::queens {

namespace {

// The search of one first-row column k: the N low bits, and per row the
// columns the border bounds forbid (classes.hpp).
struct ClassSearch {
  int n = 0;
  int k = 0;
  std::uint32_t full = 0;
  std::array<std::uint32_t, kMaxSide> forbidden{};
};

ClassSearch class_search(int n, int k) {
  ClassSearch search;
  search.n = n;
  search.k = k;
  search.full = n == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1;
  const std::uint32_t edges = std::uint32_t{1} | (std::uint32_t{1} << (n - 1));
  for (int r = 0; r < n; ++r) {
    std::uint32_t& mask = search.forbidden[static_cast<std::size_t>(r)];
    if (r < k || r > n - 1 - k) mask |= edges;  // columns 0 and N-1 only on rows k .. N-1-k
    if (r == n - 1)
      for (int c = 0; c < n; ++c)
        if (c < k || c > n - 1 - k) mask |= std::uint32_t{1} << c;  // the last row's queen on columns k .. N-1-k
  }
  return search;
}

// 0 when one of the 7 images of the placement `q` is smaller, else its
// class's size: 8 / (the symmetries that keep it). Image row i, with inv
// the inverse permutation (inv[c] = the row of column c's queen):
//   column mirror N-1-q[i]        row mirror q[N-1-i]        half turn N-1-q[N-1-i]
//   transpose inv[i]              anti-transpose N-1-inv[N-1-i]
//   quarter turn N-1-inv[i]       three-quarter turn inv[N-1-i]
unsigned class_weight(const std::array<std::int8_t, kMaxSide>& q, int n) {
  std::array<std::int8_t, kMaxSide> inv{};
  for (int r = 0; r < n; ++r)
    inv[static_cast<std::size_t>(q[static_cast<std::size_t>(r)])] = static_cast<std::int8_t>(r);
  const auto at = [](const std::array<std::int8_t, kMaxSide>& a, int i) {
    return static_cast<int>(a[static_cast<std::size_t>(i)]);
  };
  unsigned keeping = 1;  // the identity
  for (int symmetry = 0; symmetry < 7; ++symmetry) {
    int order = 0;  // the image against q: < 0 smaller, > 0 larger, 0 equal
    for (int i = 0; i < n && order == 0; ++i) {
      int image = 0;
      switch (symmetry) {
        case 0:
          image = n - 1 - at(q, i);
          break;
        case 1:
          image = at(q, n - 1 - i);
          break;
        case 2:
          image = n - 1 - at(q, n - 1 - i);
          break;
        case 3:
          image = at(inv, i);
          break;
        case 4:
          image = n - 1 - at(inv, n - 1 - i);
          break;
        case 5:
          image = n - 1 - at(inv, i);
          break;
        default:
          image = at(inv, n - 1 - i);
          break;
      }
      order = image - at(q, i);
    }
    if (order < 0) return 0;
    if (order == 0) ++keeping;
  }
  return 8 / keeping;
}

template <class Counter>
void classes_below(const ClassSearch& search, int row, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd,
                   std::array<std::int8_t, kMaxSide>& q, ClassCount& count, Counter& counter) {
  counter.visit();
  if (row == search.n) {
    if (const unsigned weight = class_weight(q, search.n); weight != 0) {
      count.total += weight;
      ++count.classes;
    }
    return;
  }
  for (std::uint32_t free = ~(cols | ld | rd | search.forbidden[static_cast<std::size_t>(row)]) & search.full;
       free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (~free + 1);
    q[static_cast<std::size_t>(row)] = static_cast<std::int8_t>(std::countr_zero(bit));
    classes_below(search, row + 1, cols | bit, ((ld | bit) << 1) & search.full, (rd | bit) >> 1, q, count, counter);
  }
}

void collect(const ClassSearch& search, int split, ClassTask task, std::vector<ClassTask>& tasks,
             core::SearchControl& control) {
  if (task.row == split || task.row == search.n) {
    tasks.push_back(task);
    return;
  }
  control.visit();
  for (std::uint32_t free =
           ~(task.cols | task.ld | task.rd | search.forbidden[static_cast<std::size_t>(task.row)]) & search.full;
       free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (~free + 1);
    ClassTask child = task;
    child.columns[static_cast<std::size_t>(task.row)] = static_cast<std::int8_t>(std::countr_zero(bit));
    child.row = task.row + 1;
    child.cols = task.cols | bit;
    child.ld = ((task.ld | bit) << 1) & search.full;
    child.rd = (task.rd | bit) >> 1;
    collect(search, split, child, tasks, control);
  }
}

template <class Counter>
ClassCount count_task(int n, const ClassTask& task, Counter& counter) {
  const ClassSearch search = class_search(n, task.k);
  std::array<std::int8_t, kMaxSide> q = task.columns;
  ClassCount count;
  classes_below(search, task.row, task.cols, task.ld, task.rd, q, count, counter);
  return count;
}

}  // namespace

std::vector<ClassTask> class_tasks(int n, int split, core::SearchControl& control) {
  std::vector<ClassTask> tasks;
  for (int k = 0; 2 * k <= n - 1; ++k) {
    // Row 0's queen on column k (the root of this k, one node).
    const ClassSearch search = class_search(n, k);
    control.visit();
    ClassTask root;
    root.k = k;
    root.row = 1;
    const std::uint32_t bit = std::uint32_t{1} << k;
    root.columns[0] = static_cast<std::int8_t>(k);
    root.cols = bit;
    root.ld = (bit << 1) & search.full;
    root.rd = bit >> 1;
    collect(search, split, root, tasks, control);
  }
  return tasks;
}

ClassCount count_class_task(int n, const ClassTask& task, core::SearchControl& counter) {
  return count_task(n, task, counter);
}
ClassCount count_class_task(int n, const ClassTask& task, core::SearchControl::Worker& counter) {
  return count_task(n, task, counter);
}

}  // namespace boardsearch::queens
