#include "games/sliding/bound.hpp"

#include <algorithm>
#include <cstdlib>

namespace boardsearch::sliding {

Position Position::of(const Board& board) {
  Position position{.rows = board.rows, .cols = board.cols, .cells_count = board.size(), .blank = board.blank};
  for (int cell = 0; cell < board.size(); ++cell) {
    const std::uint8_t tile = board.cells[static_cast<std::size_t>(cell)];
    position.cells[static_cast<std::size_t>(cell)] = tile;
    position.where[tile] = static_cast<std::uint8_t>(cell);
  }
  return position;
}

Board Position::board() const {
  Board board{.rows = rows, .cols = cols, .blank = blank};
  for (int cell = 0; cell < cells_count; ++cell)
    board.cells[static_cast<std::size_t>(cell)] = cells[static_cast<std::size_t>(cell)];
  return board;
}

GoalPlaces::GoalPlaces(int rows_, int cols_, GoalLayout layout) : rows(rows_), cols(cols_) {
  for (int tile = 0; tile < rows * cols; ++tile) {
    const int cell = goal_cell(tile, rows * cols, layout);
    row[static_cast<std::size_t>(tile)] = static_cast<std::int8_t>(cell / cols);
    col[static_cast<std::size_t>(tile)] = static_cast<std::int8_t>(cell % cols);
  }
}

int Manhattan::tile_distance(int tile, int cell) const {
  return std::abs(cell / goal_.cols - goal_.row[static_cast<std::size_t>(tile)]) +
         std::abs(cell % goal_.cols - goal_.col[static_cast<std::size_t>(tile)]);
}

Manhattan::Value Manhattan::start(const Position& position) const {
  Value value;
  for (int tile = 1; tile < position.cells_count; ++tile)
    value.manhattan += tile_distance(tile, position.where[static_cast<std::size_t>(tile)]);
  return value;
}

Manhattan::Value Manhattan::after(const Value& value, const Position& position, int from, int to) const {
  const int tile = position.cells[static_cast<std::size_t>(to)];
  return {value.manhattan - tile_distance(tile, from) + tile_distance(tile, to)};
}

int removals_to_increase(const std::array<int, kMaxSide>& values, int count) {
  // longest[i]: the longest increasing subsequence ending at values[i].
  std::array<int, kMaxSide> longest{};
  int best = 0;
  for (int i = 0; i < count; ++i) {
    longest[static_cast<std::size_t>(i)] = 1;
    for (int j = 0; j < i; ++j)
      if (values[static_cast<std::size_t>(j)] < values[static_cast<std::size_t>(i)])
        longest[static_cast<std::size_t>(i)] =
            std::max(longest[static_cast<std::size_t>(i)], longest[static_cast<std::size_t>(j)] + 1);
    best = std::max(best, longest[static_cast<std::size_t>(i)]);
  }
  return count - best;
}

int ManhattanLinear::row_conflicts(const Position& position, int r) const {
  std::array<int, kMaxSide> goal_cols{};
  int count = 0;
  for (int c = 0; c < position.cols; ++c) {
    const int tile = position.cells[static_cast<std::size_t>(r * position.cols + c)];
    if (tile != kBlank && goal_.row[static_cast<std::size_t>(tile)] == r)
      goal_cols[static_cast<std::size_t>(count++)] = goal_.col[static_cast<std::size_t>(tile)];
  }
  return 2 * removals_to_increase(goal_cols, count);
}

int ManhattanLinear::col_conflicts(const Position& position, int c) const {
  std::array<int, kMaxSide> goal_rows{};
  int count = 0;
  for (int r = 0; r < position.rows; ++r) {
    const int tile = position.cells[static_cast<std::size_t>(r * position.cols + c)];
    if (tile != kBlank && goal_.col[static_cast<std::size_t>(tile)] == c)
      goal_rows[static_cast<std::size_t>(count++)] = goal_.row[static_cast<std::size_t>(tile)];
  }
  return 2 * removals_to_increase(goal_rows, count);
}

ManhattanLinear::Value ManhattanLinear::start(const Position& position) const {
  Value value;
  value.manhattan = Manhattan::start(position).manhattan;
  for (int r = 0; r < position.rows; ++r) {
    value.row[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(row_conflicts(position, r));
    value.conflicts += value.row[static_cast<std::size_t>(r)];
  }
  for (int c = 0; c < position.cols; ++c) {
    value.col[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(col_conflicts(position, c));
    value.conflicts += value.col[static_cast<std::size_t>(c)];
  }
  return value;
}

ManhattanLinear::Value ManhattanLinear::after(const Value& value, const Position& position, int from, int to) const {
  Value next = value;
  next.manhattan = Manhattan::after({value.manhattan}, position, from, to).manhattan;
  // A vertical move changes the tiles of two rows; the order of tiles in
  // its column is unchanged (it trades places with the blank). A horizontal
  // move, the same with columns.
  auto update = [&](std::array<std::int8_t, kMaxSide>& lines, int line, int conflicts) {
    next.conflicts += conflicts - lines[static_cast<std::size_t>(line)];
    lines[static_cast<std::size_t>(line)] = static_cast<std::int8_t>(conflicts);
  };
  if (from % position.cols == to % position.cols) {
    update(next.row, from / position.cols, row_conflicts(position, from / position.cols));
    update(next.row, to / position.cols, row_conflicts(position, to / position.cols));
  } else {
    update(next.col, from % position.cols, col_conflicts(position, from % position.cols));
    update(next.col, to % position.cols, col_conflicts(position, to % position.cols));
  }
  return next;
}

}  // namespace boardsearch::sliding
