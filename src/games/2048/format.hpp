#pragma once
// Boards and tiles out: the judge's input form (parse.hpp reads it back),
// and the text and JSON forms of --explain and --json.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

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
