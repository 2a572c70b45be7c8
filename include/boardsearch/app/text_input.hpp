#pragma once
// Line- and field-aware reading of judge-format text, so every parser can say
// exactly where input is wrong ("line 4, field 3: ...").

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/app/messages.hpp"

namespace boardsearch::app {

struct InputLine {
  std::size_t number = 0;  // 1-based line number in the input
  std::string_view text;   // without the line terminator ('\n' or "\r\n")
};

// Splits a line into whitespace-separated fields.
std::vector<std::string_view> split_fields(std::string_view text);

// The UTF-8 byte order mark that Windows editors put at the start of a file.
inline constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// `text` without one leading UTF-8 BOM (unchanged when it has none). Every
// judge text a puzzle reads goes through TextInput, which applies this, so
// the CLI, the server, hunt and check all ignore the mark; a BOM anywhere
// else is text like any other (and refused by the parsers).
std::string_view without_bom(std::string_view text);

class TextInput {
 public:
  // Precondition: `text` outlives this object. A leading UTF-8 BOM is
  // skipped (without_bom); line 1 is the line after it.
  explicit TextInput(std::string_view text);

  // The next line that is not blank; nullopt at end of input.
  std::optional<InputLine> next_nonblank_line();
  // Like next_nonblank_line, but a missing line is an InputError naming `what`.
  InputLine expect_line(const Message& what);
  InputLine expect_line(std::string_view what) { return expect_line(verbatim(what)); }
  // The next line as is (blank or not); nullopt at end of input.
  std::optional<InputLine> next_line();
  // Throws InputError if anything but whitespace remains.
  void expect_end();
  // The line number of the next line to be read (for "missing" messages).
  std::size_t next_line_number() const { return line_number_ + 1; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_number_ = 0;
};

// Parses a decimal integer field in [min, max]. On failure throws InputError:
// "line L, field F: expected <what>, found '<field>'" (or "... out of range").
// `what` names the value in words (a catalog message, or verbatim text).
long long parse_integer(std::string_view field, std::size_t line, std::size_t field_index, const Message& what,
                        long long min, long long max);
inline long long parse_integer(std::string_view field, std::size_t line, std::size_t field_index, std::string_view what,
                               long long min, long long max) {
  return parse_integer(field, line, field_index, verbatim(what), min, max);
}

// Reads a line holding exactly `count` integers in [min, max].
std::vector<long long> parse_integer_line(const InputLine& line, std::size_t count, const Message& what, long long min,
                                          long long max);
inline std::vector<long long> parse_integer_line(const InputLine& line, std::size_t count, std::string_view what,
                                                 long long min, long long max) {
  return parse_integer_line(line, count, verbatim(what), min, max);
}

// "line L" / "line L, field F" ("L번째 줄" / "L번째 줄 F번째 값"): where an
// InputError's message says the input is wrong, as its {where} parameter;
// `where` is its English wording.
Message where_message(std::size_t line, std::size_t field = 0);
std::string where(std::size_t line, std::size_t field = 0);

// `text` made safe to quote inside a one-line message: control bytes and
// DEL are written as escapes (\n, \t, \r, \xNN; a NUL would otherwise end
// the C string the message travels as, a newline would split the line), and
// text longer than `max_chars` is cut to that many bytes plus "...".
inline constexpr std::size_t kShownChars = 24;
// How much of a file name a message quotes.
inline constexpr std::size_t kShownPathChars = 200;
std::string printable(std::string_view text, std::size_t max_chars = kShownChars);

}  // namespace boardsearch::app
