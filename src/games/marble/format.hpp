#pragma once
// The judge text out: the letters of a line, the board's rows, the four
// judges' answers, the explained line (--explain), and the check of a 15644
// answer (any optimal line is accepted): what the front-end module
// (puzzle.cpp) prints, kept apart from the contract it is written to.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/app/messages.hpp"
#include "boardsearch/core/grid.hpp"
#include "games/marble/rules.hpp"
#include "games/marble/search.hpp"

namespace boardsearch::marble {

// The judge's letters: U D L R.
char letter(core::Direction direction);
std::optional<core::Direction> direction_of_letter(char letter);
// The letters of a line, e.g. "RDL".
std::string letters(const std::vector<core::Direction>& line);

// The N rows of the board with the marbles at `marbles` (a marble in the hole
// is not drawn), each row ending in '\n'.
std::string format_rows(const Board& board, Marbles marbles);
// The judge text of `board`: "N M\n" then its rows with the start marbles.
std::string judge_text(const Board& board);

// The judge's output for a proven solution, ending in '\n'.
std::string judge_answer(Judge judge, const Solution& solution);

// The line tilt by tilt, the board after each (from the rule in rules.cpp),
// then how it ends; "no line..." when there is none.
std::string explain_line(const Board& board, const Solution& solution, std::optional<int> max_tilts, app::Lang lang);

// Whether `output` is a correct 15644 answer for `board`, whose fewest tilts
// (within 10) are `fewest` (nullopt: impossible): "-1" alone when
// impossible, else the number on the first line and, on the second, a line
// of that many letters L R U D that drops red alone exactly at its last
// tilt. Trailing white space is ignored. nullopt if accepted, else why not.
std::optional<std::string> reject_15644(const Board& board, std::optional<int> fewest, std::string_view output);

}  // namespace boardsearch::marble
