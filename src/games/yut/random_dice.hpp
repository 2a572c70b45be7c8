#pragma once
// Dice yut with random dice through the puzzle contract: the options
// --expected, --turns, --weights, --position, --turn, --die and --luck read
// and checked, the solves run, and the answer, --explain text, --json
// document and viewer line written (format: docs/yut.md, "Random dice").

#include "boardsearch/app/puzzle.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut {

// Whether the options ask for random dice (--expected or --luck); refuses
// (app::InputError) the random-dice options without them and conflicting
// ones.
bool random_dice_requested(const app::OptionValues& options);

// --expected (with or without advice) and --luck. Precondition:
// random_dice_requested(options).
app::SolveReport solve_random_dice(const app::SolveRequest& request, const app::OptionValues& options,
                                   const Board& board, int pieces);

}  // namespace boardsearch::yut
