#pragma once
// The judge text out (the fewest moves or -1), boards as text (the judge's
// rows, and the aligned rows of --explain and the viewer), and the words
// for a move ("tile 5 slides up").

#include <string>
#include <vector>

#include "games/sliding/rules.hpp"

namespace boardsearch::sliding {

// The judge text of `board`: its rows, numbers separated by one space.
std::string judge_text(const Board& board);
// One line of all the cells (--bulk's input format).
std::string bulk_line(const Board& board);

// The rows of `board` with each number right-aligned in the width of the
// largest, the blank drawn as '.' ("  1  2  3", "  4  .  6").
std::vector<std::string> drawn_rows(const Board& board);

// "tile 5 slides up". Precondition: `slide` is legal on `board`.
std::string slide_words(const Board& board, Slide slide);

// "U", "D", "L", "R": the letter of a slide in a line of moves.
char slide_letter(Slide slide);

}  // namespace boardsearch::sliding
