#pragma once
// --strict for the sliding-tile puzzle (app::Puzzle::check_strict).

#include <string_view>

#include "boardsearch/app/options.hpp"

namespace boardsearch::sliding {

// Whether `input` is a Baekjoon 1525 test: three lines of three numbers,
// the blank-last goal, one board (no --bulk). Throws app::InputError naming
// the limit and where the input breaks it (an input the parser refuses is
// refused with the parser's message first).
void check_strict(std::string_view input, const app::OptionValues& options);

}  // namespace boardsearch::sliding
