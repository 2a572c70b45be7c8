#pragma once
// Text out for dice yut: the board document (the format parse_board reads),
// the dice schedule, and the pieces of the answers, --explain text, --json
// documents and viewer lines of every mode: the known-dice report
// (schedule_report) and the random-dice values (exact fractions, rounded).

#include <gmpxx.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/core/result.hpp"
#include "games/yut/expected.hpp"
#include "games/yut/rules.hpp"
#include "games/yut/search.hpp"

namespace boardsearch::yut {

// Decimals of the expected values shown (answers, --explain, "rounded").
inline constexpr int kValueDecimals = 6;

// The board in the file format parse_board reads (round trip exact).
nlohmann::json board_to_json(const Board& board);

// The schedule as one line of values separated by single spaces
// (parse_dice(format_dice(d), board) == d for non-empty d of board's faces).
std::string format_dice(std::span<const int> dice);

// The known-dice answer of `dice` (a proven result of solve_schedule): the
// maximum, the plan replayed as --explain text, the --json document and the
// viewer line.
app::SolveReport schedule_report(const Board& board, std::span<const int> dice, int pieces,
                                 const core::SearchResult<Move, long long>& result, app::Lang lang);

// The ids of `squares` (indices into board.squares) as a JSON array, in
// their order: the viewer line's "pieces" and the documents' positions.
nlohmann::json square_ids_json(const Board& board, const std::vector<int>& squares);
// The first step of a viewer line: every piece on start, no score, no die.
nlohmann::json start_step(const Board& board, int pieces, app::Lang lang);

// The ids of `squares` separated by single spaces.
std::string squares_text(const Board& board, const std::vector<int>& squares);

// The weights separated by commas, as --weights takes them.
std::string weights_text(const std::vector<std::uint64_t>& weights);

// `value` rounded half up (ties toward +infinity) to `decimals` decimals,
// e.g. "-0.500000", "123.456790".
std::string rounded_decimal(const mpq_class& value, int decimals = 6);

// An exact value as the documents give it: numerator, denominator and the
// value rounded to kValueDecimals.
nlohmann::json fraction_json(const mpq_class& value);

// Choices as the documents give them: from, to, points and value.
nlohmann::json choices_json(const Board& board, const std::vector<ExpectedChoice>& choices);

}  // namespace boardsearch::yut
