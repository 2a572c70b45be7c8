#pragma once
// Judge text in: cases until the end of input, each a line `N M` and N rows
// of M characters '.' (empty) or '*' (obstacle). The text out is format.hpp.

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "boardsearch/app/text_input.hpp"
#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// Reads the cases one at a time, so that a many-case input is never held
// as boards all at once (memory does not grow with the number of cases).
class CaseReader {
 public:
  // Precondition: `text` outlives the reader.
  explicit CaseReader(std::string_view text);
  // The next case; nullopt after the last one. Throws app::InputError as
  // parse_boards does (an input without any case included, on the first
  // call that finds its end).
  std::optional<Board> next();
  // How many cases next() has returned.
  std::size_t cases_read() const { return cases_; }
  // The line of the last returned case's header 'N M'.
  std::size_t header_line() const { return header_line_; }

 private:
  app::TextInput input_;
  std::size_t cases_ = 0;
  std::size_t header_line_ = 0;
};

// The number of cases of `text` after checking all of it (the errors of
// parse_boards), without keeping any board.
std::size_t count_cases(std::string_view text);

// Parses every case. Throws app::InputError naming the line (and field or
// column) for: no case at all, a header that is not two integers in
// [1, kMaxSide], a missing row, a row of the wrong length, a character other
// than '.' and '*', and anything after the last case that is not a case.
std::vector<Board> parse_boards(std::string_view text);

}  // namespace boardsearch::tour
