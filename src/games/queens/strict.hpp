#pragma once
// --strict for N-Queens (app::Puzzle::check_strict).

#include <string_view>

#include "boardsearch/app/options.hpp"

namespace boardsearch::queens {

// Whether `input` is a Baekjoon 9663 test: the line N alone, 1 <= N < 15.
// Throws app::InputError naming the limit and where the input breaks it (an
// input the parser refuses is refused with the parser's message first).
void check_strict(std::string_view input, const app::OptionValues& options);

}  // namespace boardsearch::queens
