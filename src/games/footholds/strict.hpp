#pragma once
// --strict for footholds (app::Puzzle::check_strict).

#include <string_view>

#include "boardsearch/app/options.hpp"

namespace boardsearch::footholds {

// Whether `input` is a judge test of Programmers 92345: a board of
// 1 <= R, C <= 5 (in either form parse_board reads). Throws app::InputError
// naming the limit and where the input breaks it (an input the parser
// refuses is refused with the parser's message first).
void check_strict(std::string_view input, const app::OptionValues& options);

}  // namespace boardsearch::footholds
