#pragma once
// The text of numeric command-line options (the puzzle commands, serve,
// hunt): plain decimal only.
//
//   accepted   [+]DIGITS            integers ("010" is ten: leading zeros are decimal)
//              [+]DIGITS[.DIGITS]   --seconds and --time-limit also take a fraction (".5" and "5." too)
//   refused    "-1", "0x10", "1e3", " 5", "", "inf", and anything out of range
//
// A general-purpose parser (CLI11's, strtoull with base 0) reads "010" as
// octal, "0x10" as hex and wraps "-1" into an unsigned type; these functions
// take the digits as the user meant them and check the range on the exact
// value, before any conversion could clamp or wrap it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "boardsearch/app/messages.hpp"

namespace boardsearch::app {

// The value of `text` if it is [+]DIGITS and lies in [minimum, maximum];
// nullopt otherwise (including values beyond 2^64 - 1).
std::optional<std::uint64_t> parse_decimal_integer(std::string_view text, std::uint64_t minimum, std::uint64_t maximum);

// The value of `text` if it is [+]DIGITS[.DIGITS] (at least one digit, at
// most one '.') and lies in (0, maximum]; nullopt otherwise.
std::optional<double> parse_positive_decimal(std::string_view text, double maximum);

// `text` as accepted by parse_positive_decimal, rewritten without '+' and
// leading zeros ("+007.50" -> "7.50", ".5" -> "0.5", "5." -> "5") so that any number
// parser reads the same value. Precondition: parse_positive_decimal accepted it.
std::string canonical_decimal(std::string_view text);

// The one-line complaint for a refused value, naming the range and the text
// as typed (control bytes escaped, cut after 40 bytes):
// "expected a decimal integer in [0, 10], found '-1'".
std::string integer_range_message(std::string_view text, std::uint64_t minimum, std::uint64_t maximum);
// The same for parse_positive_decimal: "expected a decimal number in (0, 86400], found 'inf'".
std::string positive_range_message(std::string_view text, double maximum);
// The two as catalog messages (the English above is their wording).
Message integer_range_message_of(std::string_view text, std::uint64_t minimum, std::uint64_t maximum);
Message positive_range_message_of(std::string_view text, double maximum);

// Longest --time-limit the puzzle commands and serve accept (about 31
// years): anything longer is no limit at all, and more likely a typo.
inline constexpr double kMaxTimeLimitSeconds = 1e9;

// An option's value, or InputError "<option>: <the range message>" (the
// front ends print it as their one usage-error line, exit 2).
std::uint64_t decimal_option(std::string_view text, std::string_view option, std::uint64_t minimum,
                             std::uint64_t maximum);
double positive_decimal_option(std::string_view text, std::string_view option, double maximum);

}  // namespace boardsearch::app
