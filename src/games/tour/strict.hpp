#pragma once
// --strict for the tour (app::Puzzle::check_strict).

#include <string_view>

#include "boardsearch/app/options.hpp"

namespace boardsearch::tour {

// Whether every case of `input` is within the limits of Baekjoon 9944:
// 1 <= N, M <= 30. Throws app::InputError naming the limit, the case and its
// line (an input the parser refuses is refused with the parser's message
// first). The judge's other promise, at most 1,000,000 move paths per case,
// is not checked: counting the paths is as hard as the search itself.
void check_strict(std::string_view input, const app::OptionValues& options);

}  // namespace boardsearch::tour
