#pragma once
// Judge text in: the text form and the Programmers form of a position (the
// text out is format.hpp).

#include <string_view>

#include "games/footholds/rules.hpp"

namespace boardsearch::footholds {

// Parses the text form
//   R C
//   R lines of C values 0/1
//   ar ac
//   br bc
// or the Programmers form, the three literals of solution(board, aloc, bloc)
// separated by blanks, newlines or commas, each with or without its name:
//   [[1, 1, 1], [1, 1, 1], [1, 1, 1]]<TAB>[1, 0]<TAB>[1, 2]
//   board = [[1, 1, 1], [1, 1, 1]]  aloc = [1, 0]  bloc = [1, 2]
// (the Programmers form is the one whose first character other than blanks
// is '[', '{' or a letter). Also read: a pasted row of the site's test-case
// table, its trailing result column (one integer) dropped, and C++/Java
// brace literals `{{1, 1}, {1, 1}} {1, 0} {1, 1}`. Board rows and columns
// count from 0 in messages, as in aloc/bloc and the explanation. A leading UTF-8 BOM is ignored. Throws app::InputError
// for anything else, naming the line and field (text form) or the literal
// and the position in it, e.g. "board[1][2] (line 1, column 17): expected 0
// or 1, found 2": sizes out of range or R * C > kMaxCells, values other than
// 0/1, wrong counts or ragged rows, a player off the board or on a cell
// without a foothold, trailing text.
Board parse_board(std::string_view text);

// Whether parse_board reads `text` (BOM already removed) as the Programmers
// form: its first character other than blanks is '[', '{' or a letter (the
// text form starts with the number R).
bool is_programmers_form(std::string_view text);

}  // namespace boardsearch::footholds
