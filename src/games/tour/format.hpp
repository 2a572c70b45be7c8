#pragma once
// Judge text out, and what a solved case shows: the judge's line, the
// --explain text (the board with the step at which each cell was visited),
// the case's --json entry and the viewer's steps.

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "boardsearch/app/messages.hpp"
#include "games/tour/rules.hpp"
#include "games/tour/search.hpp"

namespace boardsearch::tour {

// The judge input for `boards`, one case after the other: `N M`, then N rows
// of '.' and '*' (parse_boards(format_boards(b)) == b for non-empty b).
std::string format_boards(std::span<const Board> boards);

// The judge's answer line of case `number` (from 1): "Case k: v\n", v the
// fewest steps or -1.
std::string answer_line(std::size_t number, int answer);

// Case `number` of a solve, proven (tour.search.proven()): appends its
// --explain text to `explanation` (the start, the directions and the board
// with each cell's step; or "no tour exists") and, when `line` is given, its
// viewer steps to `line` (the tour replayed through the rules, one step per
// entry), and returns its --json entry (case, answer, start, directions and
// the given nodes and ms). Throws std::logic_error if the tour does not
// replay (a bug of the search, never of the input). Texts are worded in
// `lang`; the --json entry's values are not texts and never change with it.
nlohmann::json format_case(const Board& board, std::size_t number, const TourResult& tour, std::uint64_t nodes,
                           double ms, std::string& explanation, nlohmann::json* line, app::Lang lang);

}  // namespace boardsearch::tour
