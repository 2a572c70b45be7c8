#pragma once
// The admissible bounds of the IDA* search (never more than the true
// number of moves left), on the search's Position. Each heuristic gives a
// small Value kept per node and updated after each move in O(row length):
//
//   Manhattan               sum over tiles of |row - goal row| + |col - goal col|
//   ManhattanLinear         Manhattan + 2 per tile that must leave its goal
//                           row (or column) to let the others pass
//   (table.hpp)             additive pattern databases, with the reflection
//
// Proofs at each heuristic below.

#include <array>
#include <cstdint>

#include "games/sliding/rules.hpp"

namespace boardsearch::sliding {

// The search's state: the board both ways (cell -> tile, tile -> cell).
struct Position {
  int rows = 0;
  int cols = 0;
  int cells_count = 0;
  int blank = 0;
  std::array<std::uint8_t, kMaxCells> cells{};  // cell -> tile (0 the blank)
  std::array<std::uint8_t, kMaxCells> where{};  // tile -> cell

  static Position of(const Board& board);
  Board board() const;
  // Moves the tile at `from` (next to the blank) into the blank.
  void slide_from(int from) {
    const std::uint8_t tile = cells[static_cast<std::size_t>(from)];
    cells[static_cast<std::size_t>(blank)] = tile;
    where[tile] = static_cast<std::uint8_t>(blank);
    cells[static_cast<std::size_t>(from)] = kBlank;
    where[kBlank] = static_cast<std::uint8_t>(from);
    blank = from;
  }
};

// Where each tile belongs, by row and column, for one board shape and goal.
struct GoalPlaces {
  int rows = 0;
  int cols = 0;
  std::array<std::int8_t, kMaxCells> row{};  // tile -> goal row
  std::array<std::int8_t, kMaxCells> col{};  // tile -> goal column
  GoalPlaces(int rows, int cols, GoalLayout layout);
};

// Manhattan distance. Admissible: a move changes one tile's row or column
// by one, so it lowers the sum by at most 1, and the goal's sum is 0.
class Manhattan {
 public:
  struct Value {
    int manhattan = 0;
  };
  explicit Manhattan(const GoalPlaces& goal) : goal_(goal) {}
  Value start(const Position& position) const;
  // The value after the tile now at `to` came from `from`.
  Value after(const Value& value, const Position& position, int from, int to) const;
  static int estimate(const Value& value) { return value.manhattan; }
  static constexpr const char* kName = "Manhattan distance";

 protected:
  int tile_distance(int tile, int cell) const;
  const GoalPlaces& goal_;
};

// Manhattan distance plus linear conflicts.
//
// Admissibility. Take a row and the tiles in it whose goal row it is, in
// order from left to right, with their goal columns. Tiles of one row
// cannot pass each other while both stay in it, so the tiles that never
// leave the row keep their order: their goal columns form an increasing
// subsequence, and at least k - LIS of the k tiles must leave the row (LIS:
// the longest increasing subsequence). Such a tile makes a vertical move out
// and one back, 2 vertical moves beyond its Manhattan distance, whose
// vertical part is 0 (it is in its goal row). The same holds for columns
// with horizontal moves. Each move moves one tile along one axis, so the
// extra vertical moves of row conflicts, the extra horizontal moves of
// column conflicts and the moves that Manhattan distance counts are
// disjoint: h = MD + 2 (row removals) + 2 (column removals) never exceeds
// the moves left. (k - LIS is the fewest removals, at least the classical
// count of Hansson, Mayer and Yung.)
class ManhattanLinear : public Manhattan {
 public:
  struct Value {
    int manhattan = 0;
    int conflicts = 0;  // 2 x removals, summed over rows and columns
    std::array<std::int8_t, kMaxSide> row{};
    std::array<std::int8_t, kMaxSide> col{};
  };
  explicit ManhattanLinear(const GoalPlaces& goal) : Manhattan(goal) {}
  Value start(const Position& position) const;
  Value after(const Value& value, const Position& position, int from, int to) const;
  static int estimate(const Value& value) { return value.manhattan + value.conflicts; }
  static constexpr const char* kName = "Manhattan distance + linear conflicts";

  // 2 x the fewest tiles that must leave row `r` (column `c`).
  int row_conflicts(const Position& position, int r) const;
  int col_conflicts(const Position& position, int c) const;
};

// The number of elements outside a longest increasing subsequence of
// values[0 .. count) (count <= kMaxSide).
int removals_to_increase(const std::array<int, kMaxSide>& values, int count);

}  // namespace boardsearch::sliding
