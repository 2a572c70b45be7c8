#pragma once
// Judge-format input and the text / JSON forms of boards and tiles.
//
// Input: N (kMinSide..kMaxSide), then N lines of N integers, each 0 (empty)
// or a power of two >= 2. At least one tile, and the sum of all tiles must fit
// in 64 bits (so every reachable tile, at most the sum, prints exactly as an
// unsigned 64-bit integer and as a JSON number). Anything else is an
// app::InputError naming the line and field.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

// Parses the judge input. Throws app::InputError on bad input.
Board parse_board(std::string_view input);

// The judge input for `board`: N, then one line per row of N values
// separated by single spaces, 0 for empty (parse_board(format_board(b)) == b).
std::string format_board(const Board& board);

// The value of a tile with exponent e (0: empty) as an exact integer.
std::uint64_t tile_value(int exponent);
std::string tile_text(int exponent);

// The board as text: one line per row, values right-aligned, 0 for empty.
// Every line is indented by `indent` spaces.
std::string board_text(const Board& board, int indent = 2);

// {"cells": [[values, 0 for empty], ...], "exponents": [[e, ...], ...]} as
// the API's board object. Both hold the same board: cells the tile values
// (exact integers in the JSON text, but JavaScript rounds them above 2^53),
// exponents the e of each tile 2^e (0 empty), which every reader keeps exact.
nlohmann::json board_json(const Board& board);
// The rows of tile values (0 empty) of board_json's "cells".
nlohmann::json cells_json(const Board& board);
// The rows of exponents (0 empty, e for 2^e) of board_json's "exponents".
nlohmann::json exponents_json(const Board& board);

}  // namespace boardsearch::game2048
