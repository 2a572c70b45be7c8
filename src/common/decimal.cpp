// Plain-decimal option values; see decimal.hpp.

#include "boardsearch/app/decimal.hpp"

#include <fmt/format.h>

#include <charconv>
#include <limits>
#include <system_error>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::app {

namespace {

constexpr std::uint64_t kDecimalBase = 10;
// A refused value is quoted up to this many bytes: all of a 20-digit number
// and a sign, not a pasted paragraph.
constexpr std::size_t kShownValueChars = 40;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// `text` without its one optional leading '+'.
std::string_view without_plus(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  return text;
}

}  // namespace

std::optional<std::uint64_t> parse_decimal_integer(std::string_view text, std::uint64_t minimum,
                                                   std::uint64_t maximum) {
  const std::string_view digits = without_plus(text);
  if (digits.empty()) return std::nullopt;
  // Accumulate with an overflow check per digit: value * 10 + digit must stay
  // <= 2^64 - 1, i.e. value <= (max - digit) / 10.
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t value = 0;
  for (const char c : digits) {
    if (!is_digit(c)) return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kMax - digit) / kDecimalBase) return std::nullopt;
    value = value * kDecimalBase + digit;
  }
  if (value < minimum || value > maximum) return std::nullopt;
  return value;
}

std::optional<double> parse_positive_decimal(std::string_view text, double maximum) {
  const std::string_view number = without_plus(text);
  bool seen_point = false;
  bool seen_digit = false;
  for (const char c : number) {
    if (c == '.' && !seen_point) {
      seen_point = true;
    } else if (is_digit(c)) {
      seen_digit = true;
    } else {
      return std::nullopt;
    }
  }
  if (!seen_digit) return std::nullopt;
  // Only digits and one point are left, which from_chars reads as the
  // decimal they are (never hex, never an exponent).
  const std::string canonical = canonical_decimal(text);
  double value = 0;
  const auto [end, error] = std::from_chars(canonical.data(), canonical.data() + canonical.size(), value);
  if (error != std::errc() || end != canonical.data() + canonical.size()) return std::nullopt;
  if (!(value > 0 && value <= maximum)) return std::nullopt;
  return value;
}

std::string canonical_decimal(std::string_view text) {
  std::string_view number = without_plus(text);
  while (number.size() > 1 && number.front() == '0' && is_digit(number[1])) number.remove_prefix(1);
  std::string canonical(number);
  if (!canonical.empty() && canonical.back() == '.') canonical.pop_back();  // "5." -> "5"
  if (canonical.empty() || canonical.front() == '.') canonical.insert(canonical.begin(), '0');
  return canonical;
}

Message integer_range_message_of(std::string_view text, std::uint64_t minimum, std::uint64_t maximum) {
  return msg("option.integer_range",
             {{"min", minimum}, {"max", maximum}, {"text", app::printable(text, kShownValueChars)}});
}

Message positive_range_message_of(std::string_view text, double maximum) {
  return msg("option.positive_range",
             {{"max", fmt::format("{}", maximum)}, {"text", app::printable(text, kShownValueChars)}});
}

std::string integer_range_message(std::string_view text, std::uint64_t minimum, std::uint64_t maximum) {
  return app::text(Lang::en, integer_range_message_of(text, minimum, maximum));
}

std::string positive_range_message(std::string_view text, double maximum) {
  return app::text(Lang::en, positive_range_message_of(text, maximum));
}

std::uint64_t decimal_option(std::string_view text, std::string_view option, std::uint64_t minimum,
                             std::uint64_t maximum) {
  const std::optional<std::uint64_t> value = parse_decimal_integer(text, minimum, maximum);
  if (!value)
    throw InputError(
        msg("option.named", {{"option", option}, {"detail", integer_range_message_of(text, minimum, maximum)}}));
  return *value;
}

double positive_decimal_option(std::string_view text, std::string_view option, double maximum) {
  const std::optional<double> value = parse_positive_decimal(text, maximum);
  if (!value)
    throw InputError(msg("option.named", {{"option", option}, {"detail", positive_range_message_of(text, maximum)}}));
  return *value;
}

}  // namespace boardsearch::app
