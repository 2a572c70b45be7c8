#pragma once
// Judge text out, and what the front ends show of a perfectly played game:
// the --explain text (the board after every move), the --json move list and
// the viewer's steps.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "boardsearch/app/messages.hpp"
#include "games/footholds/rules.hpp"

namespace boardsearch::footholds {

// The text form of `board` (parse_board(to_text(b)) == b).
std::string to_text(const Board& board);

// A game shown three ways (format_game).
struct GameViews {
  std::string explanation;                         // --explain: the verdict, then the board after every move
  nlohmann::json moves = nlohmann::json::array();  // --json: {player, move, to} per move
  nlohmann::json line = nlohmann::json::array();   // the viewer: the start, then one step per move
};

// The game `line` played from `board` (A to move), `total` moves long with
// `line.size() == total` (the solver's perfectly played game, which ends
// when the player to move loses), shown as text, --json moves and viewer
// steps, the texts worded in `lang`. Precondition: every move of `line` is
// legal where it is played.
GameViews format_game(const Board& board, const std::vector<Direction>& line, int total, app::Lang lang);

}  // namespace boardsearch::footholds
