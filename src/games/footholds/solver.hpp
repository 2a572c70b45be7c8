#pragma once
// Solving a footholds position: the total number of moves under perfect play
// and the perfectly played game itself.

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/result.hpp"
#include "games/footholds/board.hpp"

namespace boardsearch::footholds {

// Solves `board` (A to move). On success (outcome proven) `value` is the total
// number of moves of the perfectly played game and `line` that game, move by
// move from A's first step until the player to move loses (so line.size() ==
// *value; A wins iff it is odd). Stats: nodes of the game search plus the
// longest-path searches, tt_hits, wall time. A limit gives outcome != proven,
// no value and an empty line. Precondition: a board parse_board accepts.
core::SearchResult<Direction, int> solve_board(const Board& board, const core::SearchLimits& limits = {});

}  // namespace boardsearch::footholds
