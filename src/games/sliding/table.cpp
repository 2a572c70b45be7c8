#include "games/sliding/table.hpp"

#include <fmt/format.h>

#include <bit>
#include <map>
#include <mutex>

namespace boardsearch::sliding {

namespace {

// Bump when the table layout or the search that fills it changes: files
// with another version are rebuilt.
constexpr int kTableVersion = 1;
constexpr std::uint8_t kUnseen = 0xFF;

struct NamedPartition {
  std::string_view name;
  std::vector<std::vector<int>> groups;  // goal cells for 4 x 4, blank first
};

// 6-6-3 as in Korf and Felner (2002): two 2 x 3 blocks and the bottom row's
// three cells. 5-5-5: three blocks of five around the blank's corner.
const std::vector<NamedPartition>& partitions() {
  static const std::vector<NamedPartition> all = {
      {"6-6-3", {{1, 4, 5, 8, 9, 12}, {2, 3, 6, 7, 10, 11}, {13, 14, 15}}},
      {"5-5-5", {{1, 2, 4, 5, 8}, {3, 6, 7, 10, 11}, {9, 12, 13, 14, 15}}},
  };
  return all;
}

// The cells next to the cells of `mask` on an R x C board.
std::uint32_t neighbours(std::uint32_t mask, int rows, int cols) {
  std::uint32_t left_col = 0;
  for (int r = 0; r < rows; ++r) left_col |= 1U << (r * cols);
  const std::uint32_t right_col = left_col << (cols - 1);
  const std::uint32_t all = (rows * cols == 32) ? ~0U : (1U << (rows * cols)) - 1;
  return (((mask & ~right_col) << 1) | ((mask & ~left_col) >> 1) | (mask << cols) | (mask >> cols)) & all;
}

// The cells the blank at `blank` reaches without crossing `occupied`.
std::uint32_t region(int blank, std::uint32_t occupied, int rows, int cols) {
  std::uint32_t reached = 1U << blank;
  for (std::uint32_t grown = reached;; reached = grown) {
    grown = (reached | neighbours(reached, rows, cols)) & ~occupied;
    if (grown == reached) return reached;
  }
}

std::mutex loaded_mutex;
// The tables mapped by this process, by key text (kept for its lifetime).
std::map<std::string, std::shared_ptr<const PatternTables>>& loaded() {
  static std::map<std::string, std::shared_ptr<const PatternTables>> tables;
  return tables;
}

}  // namespace

std::vector<std::string_view> partition_names() {
  std::vector<std::string_view> names;
  for (const NamedPartition& partition : partitions()) names.push_back(partition.name);
  return names;
}

std::vector<std::vector<int>> partition_groups(std::string_view name, int rows, int cols, GoalLayout layout) {
  if (rows != 4 || cols != 4) return {};
  for (const NamedPartition& partition : partitions()) {
    if (partition.name != name) continue;
    std::vector<std::vector<int>> groups = partition.groups;
    if (layout == GoalLayout::blank_last)
      for (std::vector<int>& group : groups) {
        for (int& cell : group) cell = rows * cols - 1 - cell;
        std::sort(group.begin(), group.end());
      }
    return groups;
  }
  return {};
}

std::uint64_t placements(int n, int k) {
  std::uint64_t count = 1;
  for (int i = 0; i < k; ++i) count *= static_cast<std::uint64_t>(n - i);
  return count;
}

std::uint64_t placement_index(const std::uint8_t* cells, int k, int n) {
  std::uint32_t used = 0;
  std::uint64_t index = 0;
  for (int i = 0; i < k; ++i) {
    const int cell = cells[i];
    const int below = std::popcount(used & ((1U << cell) - 1));
    index = index * static_cast<std::uint64_t>(n - i) + static_cast<std::uint64_t>(cell - below);
    used |= 1U << cell;
  }
  return index;
}

void placement_cells(std::uint64_t index, int k, int n, std::uint8_t* cells) {
  // Step 1. The digits a_i, last first.
  std::array<int, kMaxCells> digit{};
  for (int i = k - 1; i >= 0; --i) {
    const auto radix = static_cast<std::uint64_t>(n - i);
    digit[static_cast<std::size_t>(i)] = static_cast<int>(index % radix);
    index /= radix;
  }
  // Step 2. Digit a_i: the a_i-th cell not yet used.
  std::uint32_t used = 0;
  for (int i = 0; i < k; ++i) {
    int skip = digit[static_cast<std::size_t>(i)];
    int cell = 0;
    for (;; ++cell)
      if ((used & (1U << cell)) == 0 && skip-- == 0) break;
    cells[i] = static_cast<std::uint8_t>(cell);
    used |= 1U << cell;
  }
}

std::vector<std::uint8_t> build_pattern_table(int rows, int cols, const std::vector<int>& group, int blank_goal,
                                              core::SearchControl& control, core::MemoryBudget& memory,
                                              const std::function<void(std::string)>& progress) {
  const int n = rows * cols;
  const int k = static_cast<int>(group.size());
  const std::uint64_t entries = placements(n, k);
  // Step 1. Storage: the table, and the depth of each (placement, region)
  // state, indexed placement * n + the region's smallest cell.
  memory.allocate(entries + entries * static_cast<std::uint64_t>(n));
  std::vector<std::uint8_t> table(entries, kUnseen);
  std::vector<std::uint8_t> depth(entries * static_cast<std::uint64_t>(n), kUnseen);
  std::vector<std::uint64_t> frontier;
  std::vector<std::uint64_t> next;

  // Step 2. The goal: the group's tiles home, the blank in its goal region.
  std::array<std::uint8_t, kMaxCells> cells{};
  std::uint32_t occupied = 0;
  for (int i = 0; i < k; ++i) {
    cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(group[static_cast<std::size_t>(i)]);
    occupied |= 1U << group[static_cast<std::size_t>(i)];
  }
  const std::uint64_t goal_index = placement_index(cells.data(), k, n);
  const int goal_region = std::countr_zero(region(blank_goal, occupied, rows, cols));
  depth[goal_index * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(goal_region)] = 0;
  table[goal_index] = 0;
  frontier.push_back(goal_index * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(goal_region));

  // Step 3. Layer by layer: a group tile next to the blank's region moves
  // into it (cost 1); the blank's region is then recomputed.
  std::uint64_t filled = 1;
  for (int d = 0; !frontier.empty(); ++d) {
    progress(fmt::format("{} of {} placements, depth {}", filled, entries, d));
    for (const std::uint64_t state : frontier) {
      control.visit();
      const std::uint64_t index = state / static_cast<std::uint64_t>(n);
      placement_cells(index, k, n, cells.data());
      occupied = 0;
      for (int i = 0; i < k; ++i) occupied |= 1U << cells[static_cast<std::size_t>(i)];
      const std::uint32_t blank_region =
          region(static_cast<int>(state % static_cast<std::uint64_t>(n)), occupied, rows, cols);
      for (int i = 0; i < k; ++i) {
        const int from = cells[static_cast<std::size_t>(i)];
        std::uint32_t targets = neighbours(1U << from, rows, cols) & blank_region;
        for (; targets != 0; targets &= targets - 1) {
          const int to = std::countr_zero(targets);
          cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(to);
          const std::uint32_t moved = occupied ^ (1U << from) ^ (1U << to);
          const int rep = std::countr_zero(region(from, moved, rows, cols));
          const std::uint64_t child_index = placement_index(cells.data(), k, n);
          const std::uint64_t child = child_index * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(rep);
          if (depth[child] == kUnseen) {
            depth[child] = static_cast<std::uint8_t>(d + 1);
            next.push_back(child);
            if (table[child_index] == kUnseen) table[child_index] = static_cast<std::uint8_t>(d + 1), ++filled;
          }
        }
        cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(from);
      }
    }
    frontier.swap(next);
    next.clear();
  }
  memory.release(entries * static_cast<std::uint64_t>(n));
  return table;
}

app::TableKey pattern_table_key(int rows, int cols, const std::vector<int>& group, int blank_goal) {
  std::string cells;
  for (const int cell : group) cells += fmt::format("{}{}", cells.empty() ? "" : "-", cell);
  return {.file_name = fmt::format("sliding-{}x{}-blank{}-cells{}.pdb", rows, cols, blank_goal, cells),
          .header = fmt::format("sliding pattern database v{}; board {} x {}; blank goal cell {}; goal cells {}",
                                kTableVersion, rows, cols, blank_goal, cells),
          .bytes = placements(rows * cols, static_cast<int>(group.size()))};
}

TablesFound pattern_tables(std::string_view partition, int rows, int cols, GoalLayout layout, bool may_build,
                           const core::SearchLimits& limits) {
  const std::vector<std::vector<int>> groups = partition_groups(partition, rows, cols, layout);
  const int blank_goal = goal_cell(0, rows * cols, layout);
  const std::string name = fmt::format("{} {}x{} blank {}", partition, rows, cols, blank_goal);
  std::lock_guard lock(loaded_mutex);
  if (auto it = loaded().find(name); it != loaded().end()) return {it->second, {}, false};

  // Step 1. Map what the cache has; list or build the rest.
  auto tables = std::make_shared<PatternTables>();
  tables->rows = rows;
  tables->cols = cols;
  tables->partition = std::string(partition);
  tables->groups = groups;
  tables->mirrored = rows == cols && blank_goal / cols == blank_goal % cols;
  TablesFound found;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const app::TableKey key = pattern_table_key(rows, cols, groups[g], blank_goal);
    std::optional<app::MappedTable> mapped = app::open_table(key);
    if (!mapped && !may_build) {
      found.missing.push_back(app::table_path(key).string());
      continue;
    }
    if (!mapped) {
      // Step 2. A build, with its own count of states (not the solve's
      // nodes) and the solve's deadline, cancel flag and progress.
      core::SearchLimits build_limits = limits;
      build_limits.max_nodes = 0;
      std::string known;
      if (limits.on_progress)
        build_limits.on_progress = [&](const core::Progress& p) {
          limits.on_progress(core::Progress{p.nodes, p.elapsed, known});
        };
      core::SearchControl control(build_limits);
      core::MemoryBudget memory(limits.max_memory_bytes);
      const std::vector<std::uint8_t> table =
          build_pattern_table(rows, cols, groups[g], blank_goal, control, memory, [&](std::string done) {
            known = fmt::format("building pattern database {} of {} ({} tiles): {}", g + 1, groups.size(),
                                groups[g].size(), done);
          });
      mapped = app::store_table(key, table);
      found.built = true;
    }
    tables->tables.push_back(std::move(*mapped));
  }
  if (!found.missing.empty()) return found;
  found.tables = tables;
  loaded().emplace(name, tables);
  return found;
}

PatternHeuristic::PatternHeuristic(const PatternTables& tables, GoalLayout layout)
    : tables_(tables), cells_(tables.rows * tables.cols) {
  // tile_of_goal[cell]: the tile that belongs in `cell`.
  std::array<std::uint8_t, kMaxCells> tile_of_goal{};
  for (int tile = 0; tile < cells_; ++tile)
    tile_of_goal[static_cast<std::size_t>(goal_cell(tile, cells_, layout))] = static_cast<std::uint8_t>(tile);
  for (int cell = 0; cell < cells_; ++cell)
    mirror_cell_[static_cast<std::size_t>(cell)] =
        static_cast<std::uint8_t>((cell % tables.cols) * tables.cols + cell / tables.cols);
  group_of_tile_.fill(-1);
  mirror_group_of_tile_.fill(-1);
  for (std::size_t g = 0; g < tables.groups.size(); ++g) {
    group_tiles_.emplace_back();
    mirror_tiles_.emplace_back();
    for (const int cell : tables.groups[g]) {
      const std::uint8_t tile = tile_of_goal[static_cast<std::size_t>(cell)];
      group_tiles_[g].push_back(tile);
      group_of_tile_[tile] = static_cast<std::int8_t>(g);
      const std::uint8_t mirror_tile = tile_of_goal[mirror_cell_[static_cast<std::size_t>(cell)]];
      mirror_tiles_[g].push_back(mirror_tile);
      mirror_group_of_tile_[mirror_tile] = static_cast<std::int8_t>(g);
    }
  }
}

int PatternHeuristic::direct_entry(int group, const Position& position) const {
  const std::vector<std::uint8_t>& tiles = group_tiles_[static_cast<std::size_t>(group)];
  std::array<std::uint8_t, kMaxCells> cells{};
  for (std::size_t i = 0; i < tiles.size(); ++i) cells[i] = position.where[tiles[i]];
  return tables_.tables[static_cast<std::size_t>(group)]
      .bytes()[placement_index(cells.data(), static_cast<int>(tiles.size()), cells_)];
}

int PatternHeuristic::mirror_entry(int group, const Position& position) const {
  const std::vector<std::uint8_t>& tiles = mirror_tiles_[static_cast<std::size_t>(group)];
  std::array<std::uint8_t, kMaxCells> cells{};
  for (std::size_t i = 0; i < tiles.size(); ++i) cells[i] = mirror_cell_[position.where[tiles[i]]];
  return tables_.tables[static_cast<std::size_t>(group)]
      .bytes()[placement_index(cells.data(), static_cast<int>(tiles.size()), cells_)];
}

PatternHeuristic::Value PatternHeuristic::start(const Position& position) const {
  Value value;
  for (std::size_t g = 0; g < group_tiles_.size(); ++g) {
    value.direct[g] = static_cast<std::uint8_t>(direct_entry(static_cast<int>(g), position));
    value.direct_sum += value.direct[g];
    if (!tables_.mirrored) continue;
    value.mirror[g] = static_cast<std::uint8_t>(mirror_entry(static_cast<int>(g), position));
    value.mirror_sum += value.mirror[g];
  }
  return value;
}

PatternHeuristic::Value PatternHeuristic::after(const Value& value, const Position& position, int, int to) const {
  // Only the moved tile's group changes, in each of the two sums.
  Value next = value;
  const int tile = position.cells[static_cast<std::size_t>(to)];
  const int group = group_of_tile_[static_cast<std::size_t>(tile)];
  const int entry = direct_entry(group, position);
  next.direct_sum += entry - next.direct[static_cast<std::size_t>(group)];
  next.direct[static_cast<std::size_t>(group)] = static_cast<std::uint8_t>(entry);
  if (!tables_.mirrored) return next;
  const int mirror_group = mirror_group_of_tile_[static_cast<std::size_t>(tile)];
  const int mirrored = mirror_entry(mirror_group, position);
  next.mirror_sum += mirrored - next.mirror[static_cast<std::size_t>(mirror_group)];
  next.mirror[static_cast<std::size_t>(mirror_group)] = static_cast<std::uint8_t>(mirrored);
  return next;
}

}  // namespace boardsearch::sliding
