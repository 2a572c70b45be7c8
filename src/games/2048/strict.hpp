#pragma once
// --strict for 2048 (app::Puzzle::check_strict).

#include <string_view>

#include "boardsearch/app/options.hpp"

namespace boardsearch::game2048 {

// Whether `input` and `options` are a judge test of Baekjoon 12100 (--moves
// 5) or 12094 (--moves 10): 1 <= N <= 20 and every tile 0 or a power of two
// from 2 to 1024. Throws app::InputError naming the limit and where the input
// or the option breaks it (an input the parser refuses is refused with the
// parser's message first).
void check_strict(std::string_view input, const app::OptionValues& options);

}  // namespace boardsearch::game2048
