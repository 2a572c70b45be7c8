#pragma once
// The judge text in: a marble board from its N M header and rows.

#include <string_view>

#include "games/marble/rules.hpp"

namespace boardsearch::marble {

// Parses the judge text: a line `N M`, then N rows of M characters. Throws
// app::InputError, one line naming line and column ("line 3, column 4: ..."),
// for: a header that is not two integers in [kMinSide, kMaxSide], a missing
// row, a row shorter or longer than M, a character other than . # O R B, a
// border cell that is not '#', a second O, R or B, a missing O, R or B, and
// anything after the last row.
Board parse_board(std::string_view text);

}  // namespace boardsearch::marble
