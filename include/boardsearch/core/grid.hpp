#pragma once
// The grid vocabulary every board puzzle shares: the four directions and a
// cell coordinate. Rows grow downwards and columns to the right, both
// counted from 0 (as the judges' 0-based inputs and the JSON API count):
//
//          col 0   col 1   col 2
//   row 0  (0,0)   (0,1)   (0,2)        up:    row - 1
//   row 1  (1,0)   (1,1)   (1,2)        down:  row + 1
//   row 2  (2,0)   (2,1)   (2,2)        left:  col - 1, right: col + 1

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string_view>

namespace boardsearch::core {

enum class Direction : std::uint8_t { up, down, left, right };

// Every direction, in the order searches try them unless they sort moves.
inline constexpr std::array<Direction, 4> kDirections = {Direction::up, Direction::down, Direction::left,
                                                         Direction::right};

// "up", "down", "left", "right".
constexpr std::string_view to_string(Direction direction) {
  switch (direction) {
    case Direction::up:
      return "up";
    case Direction::down:
      return "down";
    case Direction::left:
      return "left";
    case Direction::right:
      return "right";
  }
  return "?";
}

// The direction whose to_string is `name`, or nullopt.
constexpr std::optional<Direction> direction_named(std::string_view name) {
  for (const Direction direction : kDirections)
    if (to_string(direction) == name) return direction;
  return std::nullopt;
}

constexpr bool is_horizontal(Direction direction) {
  return direction == Direction::left || direction == Direction::right;
}

// The direction that undoes `direction`.
constexpr Direction opposite(Direction direction) {
  switch (direction) {
    case Direction::up:
      return Direction::down;
    case Direction::down:
      return Direction::up;
    case Direction::left:
      return Direction::right;
    case Direction::right:
      return Direction::left;
  }
  return direction;
}

// A cell of a grid (possibly off the board: callers check bounds).
struct GridCell {
  int row = 0;
  int col = 0;
  friend constexpr auto operator<=>(const GridCell&, const GridCell&) = default;
};

// The cell `distance` cells from `cell` towards `direction`.
constexpr GridCell shifted(GridCell cell, Direction direction, int distance = 1) {
  switch (direction) {
    case Direction::up:
      return {cell.row - distance, cell.col};
    case Direction::down:
      return {cell.row + distance, cell.col};
    case Direction::left:
      return {cell.row, cell.col - distance};
    case Direction::right:
      return {cell.row, cell.col + distance};
  }
  return cell;
}

}  // namespace boardsearch::core
