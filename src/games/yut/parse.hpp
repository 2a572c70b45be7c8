#pragma once
// Text in for dice yut: the judge's dice schedule, a board document
// (--board, JSON, format in docs/yut.md) and the random-dice options that
// carry text (--weights, --position).

#include <cstdint>
#include <string_view>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut {

// Parses and validates a board file. `source` names the file in messages.
// Throws app::InputError "<source>: <what is wrong>" (naming the square when
// one is at fault) on bad JSON, unknown keys or ids, missing start or finish,
// paths that never reach finish, or bad faces.
Board parse_board(std::string_view text, std::string_view source);

// The dice schedule: values separated by blanks, any number per line, read
// until end of input (the judge gives ten on one line). Throws
// app::InputError naming the line and field for a value that is not an
// integer or not a face of `board`, and when there is no value at all.
std::vector<int> parse_dice(std::string_view input, const Board& board);

// The weights of `board`'s faces from --weights ("W1,W2,..." one per face,
// or "sticks": 4,6,4,1,1 on a five-face board); all 1 when absent. Throws
// app::InputError naming --weights and the field.
std::vector<std::uint64_t> read_weights(const app::OptionValues& options, const Board& board);

// The squares of --position ("S1 S2 ..." square ids, one per piece). Throws
// app::InputError naming --position and the field.
std::vector<int> read_position(std::string_view text, const Board& board, int pieces);

}  // namespace boardsearch::yut
