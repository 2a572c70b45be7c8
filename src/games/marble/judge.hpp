#pragma once
// The four judges of the family, their answers, the explained line, and the
// check of a 15644 answer (any optimal line is accepted): what the front-end
// module (puzzle.cpp) prints, kept apart from the contract it is written to.

#include <optional>
#include <string>
#include <string_view>

#include "games/marble/board.hpp"
#include "games/marble/solver.hpp"

namespace boardsearch::marble {

enum class Judge {
  escape_2,  // 13460: the fewest tilts within 10, or -1
  escape,    // 13459: 1 if possible within 10, else 0
  escape_3,  // 15644: the fewest within 10 and one optimal line, or -1
  escape_4,  // 15653: the fewest with no limit, or -1
};

inline constexpr std::string_view kJudgeNumbers[] = {"13460", "13459", "15644", "15653"};

// "13460" -> Judge::escape_2, ...; nullopt for anything else.
std::optional<Judge> judge_of(std::string_view number);
std::string_view number_of(Judge judge);

// The judge's tilt limit: 10, none for 15653.
std::optional<int> judge_tilt_limit(Judge judge);

// The judge's output for a proven solution, ending in '\n'.
std::string judge_answer(Judge judge, const Solution& solution);

// The line tilt by tilt, the board after each (from the rule in board.cpp),
// then how it ends; "no line..." when there is none.
std::string explain_line(const Board& board, const Solution& solution, std::optional<int> max_tilts);

// Whether `output` is a correct 15644 answer for `board`, whose fewest tilts
// (within 10) are `fewest` (nullopt: impossible): "-1" alone when
// impossible, else the number on the first line and, on the second, a line
// of that many letters L R U D that drops red alone exactly at its last
// tilt. Trailing white space is ignored. nullopt if accepted, else why not.
std::optional<std::string> reject_15644(const Board& board, std::optional<int> fewest, std::string_view output);

}  // namespace boardsearch::marble
