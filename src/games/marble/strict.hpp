#pragma once
// --strict for marble escape (app::Puzzle::check_strict).

#include <string_view>

#include "boardsearch/app/options.hpp"

namespace boardsearch::marble {

// Whether `input` and `options` are a judge test of the problem --judge
// selects (13460, 13459, 15644, 15653): 3 <= N, M <= 10 and the judge's own
// tilt limit (no --moves). Throws app::InputError naming the limit and where
// the input or the option breaks it (an input the parser refuses is refused
// with the parser's message first).
void check_strict(std::string_view input, const app::OptionValues& options);

}  // namespace boardsearch::marble
