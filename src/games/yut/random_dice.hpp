#pragma once
// Dice yut with random dice through the puzzle contract: the options
// --expected, --turns, --weights, --position, --turn, --die and --luck read
// and checked, the solves run, and the answer, --explain text, --json
// document and viewer line written (format: docs/yut.md, "Random dice").

#include <cstdint>
#include <string_view>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "games/yut/board.hpp"

namespace boardsearch::yut {

// The weights of `board`'s faces from --weights ("W1,W2,..." one per face,
// or "sticks": 4,6,4,1,1 on a five-face board); all 1 when absent. Throws
// app::InputError naming --weights and the field.
std::vector<std::uint64_t> read_weights(const app::OptionValues& options, const Board& board);

// The squares of --position ("S1 S2 ..." square ids, one per piece). Throws
// app::InputError naming --position and the field.
std::vector<int> read_position(std::string_view text, const Board& board, int pieces);

// Whether the options ask for random dice (--expected or --luck); refuses
// (app::InputError) the random-dice options without them and conflicting
// ones.
bool random_dice_requested(const app::OptionValues& options);

// --expected (with or without advice) and --luck. Precondition:
// random_dice_requested(options).
app::SolveReport solve_random_dice(const app::SolveRequest& request, const app::OptionValues& options,
                                   const Board& board, int pieces);

}  // namespace boardsearch::yut
