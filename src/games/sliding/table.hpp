#pragma once
// Additive (disjoint) pattern databases for the 4 x 4 board, built by
// backward breadth-first search and kept on disk (app/table_cache.hpp),
// and the heuristic that sums them, with the reflection.
//
// A pattern group is a set of goal cells; its tiles are the tiles whose
// goal cells they are (so one table serves any numbering of the tiles).
// The table of a group holds, for every placement of its k tiles on the
// n cells, the fewest moves OF THOSE TILES that bring them home, the other
// tiles being indistinguishable and their moves free. Index of a
// placement (cells p_0 .. p_{k-1} of the group's tiles, in the group's
// order): the mixed-radix number
//
//   index = (..((a_0) (n-1) + a_1) (n-2) + ..) (n-k+1) + a_{k-1}
//   a_i   = p_i - #{ j < i : p_j < p_i }         (0 <= a_i < n - i)
//
// so the table has n! / (n-k)! one-byte entries.
//
// Admissibility of the sum. Every move moves one tile, of exactly one
// group. A group's table counts only its own tiles' moves, and no fewer
// than the real puzzle needs for them (the abstraction lets the other
// tiles, unnumbered, move for free, so it only removes constraints). The
// groups are disjoint, so the moves counted by different tables are
// different moves, and the sum never exceeds the moves left.
//
// Reflection. On a square board whose blank goal cell lies on the main
// diagonal, mirroring every cell (r, c) -> (c, r) and renaming each tile
// after its mirrored goal cell maps the puzzle onto itself, goal to goal,
// move to move. So the same tables summed over the mirrored position are a
// second admissible bound, and so is the larger of the two.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "boardsearch/app/table_cache.hpp"
#include "boardsearch/core/limits.hpp"
#include "games/sliding/bound.hpp"

namespace boardsearch::sliding {

// The partitions offered for 4 x 4 (--tables): names and groups of goal
// cells for the blank-first goal; the blank-last goal uses them turned by
// 180 degrees (cell i -> 15 - i).
inline constexpr std::string_view kNoTables = "none";
std::vector<std::string_view> partition_names();
// The groups of goal cells of partition `name` for an R x C board and
// `layout`; empty when the board has no such partition (only 4 x 4 has).
std::vector<std::vector<int>> partition_groups(std::string_view name, int rows, int cols, GoalLayout layout);

// The number of placements of k tiles on n cells, n! / (n-k)!.
std::uint64_t placements(int n, int k);
// The index of a placement (see the top of this file).
std::uint64_t placement_index(const std::uint8_t* cells, int k, int n);
// Its inverse: the cells of index `index` (k of them).
void placement_cells(std::uint64_t index, int k, int n, std::uint8_t* cells);

// Builds the table of `group` (goal cells, increasing) on an R x C board
// whose blank goal cell is `blank_goal`, by breadth-first search backward
// from the goal over (placement, the blank's region): a state is the
// placement and the smallest cell of the region the blank can reach without
// moving a group tile (moves of other tiles cost nothing, so the blank
// anywhere in its region is one state); each move of a group tile into the
// region costs one. Entry = the least depth at which its placement appears.
// Calls `progress` with a line of what is done now and then; `control`
// counts each state expanded (a limit throws core::SearchAborted); its
// storage is counted in `memory`.
std::vector<std::uint8_t> build_pattern_table(int rows, int cols, const std::vector<int>& group, int blank_goal,
                                              core::SearchControl& control, core::MemoryBudget& memory,
                                              const std::function<void(std::string)>& progress);

// The cache key of a group's table (board, blank goal cell, goal cells,
// version).
app::TableKey pattern_table_key(int rows, int cols, const std::vector<int>& group, int blank_goal);

// A partition's tables, ready to look up.
struct PatternTables {
  int rows = 0;
  int cols = 0;
  std::string partition;
  std::vector<std::vector<int>> groups;
  std::vector<app::MappedTable> tables;  // one per group, the same order
  bool mirrored = false;                 // the reflection applies (square board, blank goal on the diagonal)
};

// What getting a partition's tables found.
struct TablesFound {
  std::shared_ptr<const PatternTables> tables;  // null when some are missing
  std::vector<std::string> missing;             // the missing tables' paths
  bool built = false;                           // some were built now
};

// The tables of `partition` for the board and layout: mapped from the cache
// (once per process), or, when `may_build`, built and stored first
// (progress through limits.on_progress, "known" saying which table and how
// far). Without `may_build`, missing tables are listed, never built.
// Throws core::SearchAborted when a limit stops a build, std::runtime_error
// when the cache cannot be written.
TablesFound pattern_tables(std::string_view partition, int rows, int cols, GoalLayout layout, bool may_build,
                           const core::SearchLimits& limits);

// The heuristic: the sum of the group tables, and the larger of it and
// the sum over the mirrored position when the reflection applies.
class PatternHeuristic {
 public:
  static constexpr int kMaxGroups = 4;
  struct Value {
    std::array<std::uint8_t, kMaxGroups> direct{};
    std::array<std::uint8_t, kMaxGroups> mirror{};
    int direct_sum = 0;
    int mirror_sum = 0;
  };
  PatternHeuristic(const PatternTables& tables, GoalLayout layout);
  Value start(const Position& position) const;
  Value after(const Value& value, const Position& position, int from, int to) const;
  static int estimate(const Value& value) { return std::max(value.direct_sum, value.mirror_sum); }
  static constexpr const char* kName = "additive pattern databases with reflection";

 private:
  int direct_entry(int group, const Position& position) const;
  int mirror_entry(int group, const Position& position) const;
  const PatternTables& tables_;
  int cells_ = 0;
  std::vector<std::vector<std::uint8_t>> group_tiles_;   // group -> its tiles, in goal-cell order
  std::vector<std::vector<std::uint8_t>> mirror_tiles_;  // group -> tiles whose mirrored goal cell is in it
  std::array<std::int8_t, kMaxCells> group_of_tile_{};
  std::array<std::int8_t, kMaxCells> mirror_group_of_tile_{};
  std::array<std::uint8_t, kMaxCells> mirror_cell_{};
};

}  // namespace boardsearch::sliding
