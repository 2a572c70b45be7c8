#include "games/queens/search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "boardsearch/core/parallel.hpp"
#include "games/queens/classes.hpp"
#include "games/queens/format.hpp"

namespace boardsearch::queens {

namespace {

// The board as the search reads it (bit layout: search.hpp).
struct Rows {
  int n = 0;
  std::uint32_t full = 0;  // the N low bits
  std::array<std::uint32_t, kMaxSide>
      blocked{};                       // per row without a placed queen: '#' cells and cells a placed queen attacks
  std::array<int, kMaxSide> placed{};  // per row: the placed queen's column, or -1
};

// Every cell a placed queen attacks is blocked for the other rows, so the
// search never puts a queen there and need not hold the placed queens in
// its masks: a row with a placed queen is passed over (its queen attacks
// nothing the search could take). Precondition: no two placed queens attack
// each other.
Rows rows_of(const Board& board) {
  Rows rows;
  rows.n = board.n;
  rows.full = board.n == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << board.n) - 1;
  rows.placed.fill(-1);
  for (int r = 0; r < board.n; ++r)
    for (int c = 0; c < board.n; ++c) {
      if (board.at(r, c) == kBlocked) rows.blocked[static_cast<std::size_t>(r)] |= std::uint32_t{1} << c;
      if (board.at(r, c) != kQueen) continue;
      rows.placed[static_cast<std::size_t>(r)] = c;
      for (int other = 0; other < board.n; ++other) {
        const int distance = std::abs(other - r);
        std::uint32_t& mask = rows.blocked[static_cast<std::size_t>(other)];
        mask |= std::uint32_t{1} << c;
        if (c - distance >= 0) mask |= std::uint32_t{1} << (c - distance);
        if (c + distance < board.n) mask |= std::uint32_t{1} << (c + distance);
      }
    }
  return rows;
}

// A subtree: rows [0, row) are done; the masks of the queens on them.
struct Task {
  int row = 0;
  std::uint32_t cols = 0, ld = 0, rd = 0;
};

// The free cells of row `row` (a row with a placed queen: none to choose).
std::uint32_t free_cells(const Rows& rows, int row, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd) {
  return ~(cols | ld | rd | rows.blocked[static_cast<std::size_t>(row)]) & rows.full;
}

// The completions below a node (the node counted on `counter`: a
// SearchControl or a Worker). The nodes counted are the calls: every
// partial placement of rows [0, row) the search reaches, but not the
// completions themselves (the last row's free cells are counted at once).
template <class Counter>
Count count_below(const Rows& rows, int row, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd, Counter& counter) {
  counter.visit();
  if (row == rows.n) return 1;
  if (rows.placed[static_cast<std::size_t>(row)] >= 0)
    return count_below(rows, row + 1, cols, (ld << 1) & rows.full, rd >> 1, counter);
  std::uint32_t free = free_cells(rows, row, cols, ld, rd);
  // The last row: each free cell is a completion (no node for it).
  if (row + 1 == rows.n) return static_cast<Count>(std::popcount(free));
  Count total = 0;
  for (; free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (~free + 1);  // the lowest column left
    total += count_below(rows, row + 1, cols | bit, ((ld | bit) << 1) & rows.full, (rd | bit) >> 1, counter);
  }
  return total;
}

// The tasks: the nodes of row `split` (or the leaves above it), in search
// order, every node above them counted on `control`.
void collect_tasks(const Rows& rows, int split, const Task& node, std::vector<Task>& tasks,
                   core::SearchControl& control) {
  if (node.row == split || node.row == rows.n) {
    tasks.push_back(node);
    return;
  }
  control.visit();
  if (rows.placed[static_cast<std::size_t>(node.row)] >= 0) {
    collect_tasks(rows, split, {node.row + 1, node.cols, (node.ld << 1) & rows.full, node.rd >> 1}, tasks, control);
    return;
  }
  for (std::uint32_t free = free_cells(rows, node.row, node.cols, node.ld, node.rd); free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (~free + 1);
    collect_tasks(rows, split,
                  {node.row + 1, node.cols | bit, ((node.ld | bit) << 1) & rows.full, (node.rd | bit) >> 1}, tasks,
                  control);
  }
}

// The first completion below a node in row order (lowest column first),
// written into `columns`; false when there is none.
bool first_below(const Rows& rows, int row, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd,
                 std::vector<int>& columns, core::SearchControl& control) {
  control.visit();
  if (row == rows.n) return true;
  const int placed = rows.placed[static_cast<std::size_t>(row)];
  if (placed >= 0) {
    columns[static_cast<std::size_t>(row)] = placed;
    return first_below(rows, row + 1, cols, (ld << 1) & rows.full, rd >> 1, columns, control);
  }
  for (std::uint32_t free = free_cells(rows, row, cols, ld, rd); free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (~free + 1);
    columns[static_cast<std::size_t>(row)] = std::countr_zero(bit);
    if (first_below(rows, row + 1, cols | bit, ((ld | bit) << 1) & rows.full, (rd | bit) >> 1, columns, control))
      return true;
  }
  return false;
}

// The completions of the tasks finished so far, for the progress reports
// ("what is known"): written once per task, read by the progress callback,
// from any thread.
class Tally {
 public:
  void add(Count count) {
    std::lock_guard lock(mutex_);
    total_ += count;
    ++tasks_;
  }
  // "at least X completions (T of N parts counted)".
  std::string known(std::size_t all_tasks) const {
    std::lock_guard lock(mutex_);
    return fmt::format("at least {} completions ({} of {} parts of the board counted)", decimal(total_), tasks_,
                       all_tasks);
  }

 private:
  mutable std::mutex mutex_;
  Count total_ = 0;
  std::size_t tasks_ = 0;
};

// The tasks' counts, on one thread or several; `done[i]` says task i ended
// (so a stopped count still knows a lower bound).
std::size_t count_tasks(const Rows& rows, std::span<const Task> tasks, std::size_t threads, std::vector<Count>& counts,
                        std::vector<char>& done, Tally& tally, core::SearchControl& control) {
  counts.assign(tasks.size(), 0);
  done.assign(tasks.size(), 0);
  if (threads <= 1) {
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      const Task& task = tasks[i];
      counts[i] = count_below(rows, task.row, task.cols, task.ld, task.rd, control);
      done[i] = 1;
      tally.add(counts[i]);
    }
    return 1;
  }
  const std::size_t used = std::min({threads, tasks.size(), core::default_search_threads()});
  std::vector<std::unique_ptr<core::SearchControl::Worker>> workers;
  for (std::size_t t = 0; t < used; ++t)
    workers.push_back(std::make_unique<core::SearchControl::Worker>(control, t == 0));
  core::for_each_task(used, tasks.size(), [&](std::size_t thread, std::size_t i) {
    const Task& task = tasks[i];
    counts[i] = count_below(rows, task.row, task.cols, task.ld, task.rd, *workers[thread]);
    done[i] = 1;
    tally.add(counts[i]);
  });
  return used;
}

// The class tasks' counts (classes.hpp), as count_tasks.
std::size_t count_class_tasks(int n, std::span<const ClassTask> tasks, std::size_t threads, std::vector<Count>& counts,
                              std::vector<Count>& classes, std::vector<char>& done, Tally& tally,
                              core::SearchControl& control) {
  counts.assign(tasks.size(), 0);
  classes.assign(tasks.size(), 0);
  done.assign(tasks.size(), 0);
  const auto finish = [&](std::size_t i, const ClassCount& count) {
    counts[i] = count.total;
    classes[i] = count.classes;
    done[i] = 1;
    tally.add(count.total);
  };
  if (threads <= 1) {
    for (std::size_t i = 0; i < tasks.size(); ++i) finish(i, count_class_task(n, tasks[i], control));
    return 1;
  }
  const std::size_t used = std::min({threads, tasks.size(), core::default_search_threads()});
  std::vector<std::unique_ptr<core::SearchControl::Worker>> workers;
  for (std::size_t t = 0; t < used; ++t)
    workers.push_back(std::make_unique<core::SearchControl::Worker>(control, t == 0));
  core::for_each_task(used, tasks.size(), [&](std::size_t thread, std::size_t i) {
    finish(i, count_class_task(n, tasks[i], *workers[thread]));
  });
  return used;
}

// Rows of the first rows that split the count into tasks: a few hundred
// tasks from N = 12 on (about N/2 x (N-2) x (N-4) on the empty board), enough to
// balance two to a few dozen threads.
constexpr int kSplitRows = 3;

}  // namespace

std::vector<int> first_completion(const Board& board) {
  if (placed_queens_attack(board)) return {};
  const Rows rows = rows_of(board);
  core::SearchControl control(core::SearchLimits{});
  std::vector<int> columns(static_cast<std::size_t>(rows.n), -1);
  if (!first_below(rows, 0, 0, 0, 0, columns, control)) return {};
  return columns;
}

struct SplitCount::Parts {
  Rows rows;
  bool plain = false;
  int split = 0;
  std::vector<Task> tasks;
  std::vector<ClassTask> class_tasks;
};

SplitCount::SplitCount(const Board& board, std::size_t at_least) {
  auto parts = std::make_shared<Parts>();
  parts->rows = rows_of(board);
  parts->plain = board.plain();
  core::SearchControl control(core::SearchLimits{});
  // One more row at a time until there are enough tasks (or no row is left).
  for (int split = std::min(board.n, kSplitRows);; ++split) {
    parts->split = split;
    parts->tasks.clear();
    if (parts->plain)
      parts->class_tasks = class_tasks(board.n, split, control);
    else
      collect_tasks(parts->rows, split, Task{}, parts->tasks, control);
    const std::size_t made = parts->plain ? parts->class_tasks.size() : parts->tasks.size();
    if (made >= at_least || split >= board.n) break;
  }
  parts_ = std::move(parts);
}

std::size_t SplitCount::tasks() const { return parts_->plain ? parts_->class_tasks.size() : parts_->tasks.size(); }

int SplitCount::split_rows() const { return parts_->split; }

ClassCount SplitCount::count(std::size_t i, std::uint64_t& nodes) const {
  core::SearchControl control(core::SearchLimits{});
  ClassCount counted;
  if (parts_->plain) {
    counted = count_class_task(parts_->rows.n, parts_->class_tasks[i], control);
  } else {
    const Task& task = parts_->tasks[i];
    counted.total = count_below(parts_->rows, task.row, task.cols, task.ld, task.rd, control);
  }
  nodes += control.stats().nodes;
  return counted;
}

Counted count_completions(const Board& board, const core::SearchLimits& given) {
  // The progress reports say what is known: the completions of the tasks
  // finished so far.
  Tally tally;
  std::size_t all_tasks = 0;
  core::SearchLimits limits = given;
  if (given.on_progress)
    limits.on_progress = [&tally, &all_tasks, report = given.on_progress](const core::Progress& progress) {
      core::Progress described = progress;
      if (all_tasks > 0) described.known = tally.known(all_tasks);
      report(described);
    };
  core::SearchControl control(limits);
  Counted result;
  std::vector<Count> counts;
  std::vector<char> done;
  try {
    // Step 1. Placed queens that attack each other: no completion.
    if (placed_queens_attack(board)) {
      control.visit();
      result.stats = control.finish();
      return result;
    }
    const Rows rows = rows_of(board);
    const bool plain = board.plain();
    const int free_rows = static_cast<int>(std::count(rows.placed.begin(), rows.placed.begin() + rows.n, -1));

    const std::size_t threads = free_rows >= kThreadsFromFreeRows ? limits.threads : 1;
    const int split = std::min(rows.n, kSplitRows);
    if (plain) {
      // Step 2. The empty board: its tasks by symmetry class (classes.hpp),
      // and Step 3, each class's placements and the classes.
      const std::vector<ClassTask> tasks = class_tasks(rows.n, split, control);
      all_tasks = tasks.size();
      std::vector<Count> classes;
      result.stats.threads = count_class_tasks(rows.n, tasks, threads, counts, classes, done, tally, control);
      Count class_total = 0;
      for (const Count count : classes) class_total += count;
      result.classes = class_total;
    } else {
      // Step 2. A partial board: its tasks, the nodes of the first rows,
      // and Step 3, the count of every task.
      std::vector<Task> tasks;
      collect_tasks(rows, split, Task{}, tasks, control);
      all_tasks = tasks.size();
      result.stats.threads = count_tasks(rows, tasks, threads, counts, done, tally, control);
    }
    for (const Count count : counts) result.total += count;

    // Step 4. The first completion in row order.
    if (result.total > 0) {
      result.first.assign(static_cast<std::size_t>(rows.n), -1);
      first_below(rows, 0, 0, 0, 0, result.first, control);
    }

  } catch (const core::SearchAborted& aborted) {
    result.outcome = aborted.outcome;
    for (std::size_t i = 0; i < done.size(); ++i)
      if (done[i] != 0) result.known += counts[i];
  }
  const std::size_t threads = result.stats.threads;
  result.stats = control.finish();
  result.stats.threads = threads;
  return result;
}

}  // namespace boardsearch::queens
