#pragma once
// The reference for marble escape, written straight from the puzzle page and
// sharing only the board data with the library (walls, hole, start cells),
// not its rules: marbles roll one cell at a time, and the search tries every
// sequence of tilts, shortest first, with no table of stops and no visited set.

#include <set>
#include <utility>
#include <vector>

#include "boardsearch/core/grid.hpp"
#include "games/marble/rules.hpp"

namespace boardsearch::marble::testing {

// Marbles on the board by (row, column); on_board false once fallen in.
struct PlainMarble {
  int row = 0;
  int col = 0;
  bool on_board = true;
};

struct PlainPosition {
  PlainMarble red;
  PlainMarble blue;
};

class PlainRules {
 public:
  explicit PlainRules(const Board& board) : board_(board) {}

  PlainPosition start() const {
    const auto red = board_.cell(board_.red), blue = board_.cell(board_.blue);
    return {{red.row, red.col, true}, {blue.row, blue.col, true}};
  }

  // Tilts the board: again and again, each marble still on the board moves
  // one cell if that cell is neither a wall nor the other marble, and falls
  // in if it lands on the hole; until a round moves nothing. (A marble
  // blocked by the other one moves on in a later round once the other has
  // moved away or fallen in.)
  PlainPosition tilt(PlainPosition position, core::Direction direction) const {
    bool moved = true;
    while (moved) {
      moved = false;
      for (PlainMarble* marble : {&position.red, &position.blue}) {
        PlainMarble& other = marble == &position.red ? position.blue : position.red;
        if (!marble->on_board) continue;
        const core::GridCell next = core::shifted({marble->row, marble->col}, direction);
        if (is_wall(next)) continue;
        if (other.on_board && other.row == next.row && other.col == next.col) continue;
        marble->row = next.row;
        marble->col = next.col;
        moved = true;
        if (board_.index(next.row, next.col) == board_.hole) marble->on_board = false;
      }
    }
    return position;
  }

  static bool same(const PlainPosition& a, const PlainPosition& b) { return key(a) == key(b); }

  // A comparable form of a position (-1 for a marble in the hole).
  static std::vector<int> key(const PlainPosition& p) {
    return {p.red.on_board ? p.red.row : -1, p.red.on_board ? p.red.col : -1, p.blue.on_board ? p.blue.row : -1,
            p.blue.on_board ? p.blue.col : -1};
  }

 private:
  bool is_wall(core::GridCell cell) const { return board_.wall[board_.index(cell.row, cell.col)] != 0; }
  const Board& board_;
};

struct PlainAnswer {
  int tilts = -1;                     // -1: impossible within the limit
  std::vector<core::Direction> line;  // the first optimal sequence found
};

// Every sequence of tilts, one more tilt per round, until one drops red and
// not blue, or `max_tilts` rounds. Lines where blue fell are dropped, and so
// are tilts that move nothing (such a line has a shorter twin, so the fewest
// tilts do not change).
inline PlainAnswer plain_fewest_tilts(const Board& board, int max_tilts) {
  const PlainRules rules(board);
  struct Line {
    PlainPosition position;
    std::vector<core::Direction> tilts;
  };
  std::vector<Line> lines{{rules.start(), {}}};
  for (int round = 1; round <= max_tilts && !lines.empty(); ++round) {
    std::vector<Line> longer;
    for (const Line& line : lines) {
      for (const core::Direction direction : core::kDirections) {
        const PlainPosition next = rules.tilt(line.position, direction);
        if (!next.blue.on_board) continue;
        std::vector<core::Direction> tilts = line.tilts;
        tilts.push_back(direction);
        if (!next.red.on_board) return {round, tilts};
        if (PlainRules::same(next, line.position)) continue;
        longer.push_back({next, std::move(tilts)});
      }
    }
    lines = std::move(longer);
  }
  return {};
}

// With no limit (15653): breadth-first over positions with a std::set of the
// positions seen, so that it ends; the answer only.
inline int plain_fewest_tilts_unlimited(const Board& board) {
  const PlainRules rules(board);
  std::set<std::vector<int>> seen{PlainRules::key(rules.start())};
  std::vector<PlainPosition> layer{rules.start()};
  for (int round = 1; !layer.empty(); ++round) {
    std::vector<PlainPosition> next_layer;
    for (const PlainPosition& position : layer) {
      for (const core::Direction direction : core::kDirections) {
        const PlainPosition next = rules.tilt(position, direction);
        if (!next.blue.on_board) continue;
        if (!next.red.on_board) return round;
        if (seen.insert(PlainRules::key(next)).second) next_layer.push_back(next);
      }
    }
    layer = std::move(next_layer);
  }
  return -1;
}

// Replays `line` under the plain rules: true if every tilt but the last
// leaves both marbles on the board and the last drops red and not blue.
inline bool plain_line_succeeds(const Board& board, const std::vector<core::Direction>& line) {
  const PlainRules rules(board);
  PlainPosition position = rules.start();
  for (std::size_t i = 0; i < line.size(); ++i) {
    position = rules.tilt(position, line[i]);
    const bool last = i + 1 == line.size();
    if (!position.blue.on_board) return false;
    if (!position.red.on_board) return last;
  }
  return false;
}

}  // namespace boardsearch::marble::testing
