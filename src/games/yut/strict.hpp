#pragma once
// --strict for dice yut (app::Puzzle::check_strict).

#include <string_view>

#include "boardsearch/app/options.hpp"

namespace boardsearch::yut {

// Whether `input` and `options` are a judge test of Baekjoon 17825: the
// standard board (no --board), 4 pieces, and exactly 10 dice values of 1 to 5
// on one line. Throws app::InputError naming the limit and where the input or
// the option breaks it (an input the parser refuses is refused with the
// parser's message first).
void check_strict(std::string_view input, const app::OptionValues& options);

}  // namespace boardsearch::yut
