#pragma once
// The best move from any footholds position, for the play entry of the
// module contract (a viewer playing against the engine).

#include <nlohmann/json.hpp>

#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::footholds {

// `position`: {"board": [[0/1, ...], ...], "a": [row, col], "b": [row, col],
// "to_move": "A" | "B" (default "A")}, rows and columns from 0. Returns the
// move of perfect play for the player to move ({"player", "from", "to"}),
// the winner and the moves left (docs/api.md). Throws app::InputError
// naming the field that is wrong, app::LimitError when a limit stops the
// search.
app::PlayResult play(const nlohmann::json& position, const core::SearchLimits& limits);

// The position above of a judge input (A to move).
nlohmann::json position_of(std::string_view input);

}  // namespace boardsearch::footholds
