#pragma once
// --strict for sudoku (app::Puzzle::check_strict).

#include <string_view>

#include "boardsearch/app/options.hpp"

namespace boardsearch::sudoku {

// Whether `input` is a test of the judge the options select: 9 x 9 in its
// form (Baekjoon 2580: numbers separated by blanks; 2239: nine digits a
// line), and no option beyond the judge's question (--count, --max-count,
// --bulk). Throws app::InputError naming the limit and where the input
// breaks it (an input the parser refuses is refused with its message first).
void check_strict(std::string_view input, const app::OptionValues& options);

}  // namespace boardsearch::sudoku
