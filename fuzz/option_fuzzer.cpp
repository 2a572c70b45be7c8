// Fuzz target: option values, the way every front end reads them. The first
// byte picks an option of some puzzle's schema (all of them, in registry
// order) or the shared decimal readers (serve's and hunt's numbers); the
// rest is the value: as CLI text (read_option_text), and, when it parses as
// JSON, as the API's value (read_option_json). Accepted values must lie in
// the schema's range and read back the same; the decimal readers must agree
// with a plain reference reader written here.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/json_input.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace boardsearch;

struct SchemaOption {
  const app::Puzzle* puzzle;
  const app::OptionSpec* spec;
};

std::vector<SchemaOption> schema_options() {
  std::vector<SchemaOption> all;
  for (const app::Puzzle* puzzle : app::all_puzzles())
    for (const app::OptionSpec& spec : puzzle->options) all.push_back({puzzle, &spec});
  return all;
}

// An accepted value fits its spec: integers in range, choices among the
// choices.
void check_fits(const app::OptionSpec& spec, const app::OptionValue& value, std::string_view where) {
  if (spec.kind == app::OptionKind::integer) {
    const auto* number = std::get_if<std::int64_t>(&value.value);
    if (number == nullptr) fuzz::fail(where, "integer option without an integer value");
    if (*number < spec.minimum || *number > spec.maximum) fuzz::fail(where, "integer accepted out of range");
  } else if (spec.kind == app::OptionKind::choice) {
    const auto* text = std::get_if<std::string>(&value.value);
    if (text == nullptr) fuzz::fail(where, "choice option without a text value");
    bool known = false;
    for (std::string_view choice : spec.choices) known = known || choice == *text;
    if (!known) fuzz::fail(where, "choice accepted that is not among the choices");
  }
}

// 1. CLI text: a value in range that reads back the same from its decimal
//    form, or one InputError line.
void fuzz_text(const SchemaOption& option, std::string_view text) {
  app::OptionValue value;
  try {
    value = app::read_option_text(*option.spec, text, "--fuzz");
  } catch (const app::InputError& e) {
    fuzz::check_message(e.what(), "read_option_text");
    return;
  }
  check_fits(*option.spec, value, "read_option_text");
  if (const auto* number = std::get_if<std::int64_t>(&value.value); number != nullptr && *number >= 0) {
    const app::OptionValue again = app::read_option_text(*option.spec, std::to_string(*number));
    if (again.value != value.value) fuzz::fail("read_option_text", "a value does not read back from its decimal");
  }
  // The schema's own completion takes every value the reader took.
  app::OptionValues values;
  values.set(std::string(option.spec->name), value);
  try {
    (void)app::with_defaults(option.puzzle->options, values);
  } catch (const std::exception& e) {
    fuzz::fail("with_defaults refused a value read_option_text accepted", e.what());
  }
}

// 2. API JSON: the same checks for the value the API would read.
void fuzz_json(const SchemaOption& option, std::string_view text) {
  nlohmann::json document;
  try {
    document = app::parse_json(text);
  } catch (const app::InputError& e) {
    fuzz::check_message(e.what(), "parse_json");
    return;
  }
  try {
    check_fits(*option.spec, app::read_option_json(*option.spec, document, "options.fuzz"), "read_option_json");
  } catch (const app::InputError& e) {
    fuzz::check_message(e.what(), "read_option_json");
  }
}

// The plain reading of [+]DIGITS: nullopt for anything else or past 2^64 - 1.
std::optional<std::uint64_t> reference_decimal(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kMax - digit) / 10) return std::nullopt;  // value * 10 + digit > kMax
    value = value * 10 + digit;
  }
  return value;
}

// 3. The decimal readers of serve, hunt and the CLI's limits.
void fuzz_decimals(std::string_view text) {
  constexpr std::uint64_t kLow = 1;
  constexpr std::uint64_t kHigh = 1'000'000;
  const std::optional<std::uint64_t> plain = reference_decimal(text);
  const std::optional<std::uint64_t> any =
      app::parse_decimal_integer(text, 0, std::numeric_limits<std::uint64_t>::max());
  if (any != plain) fuzz::fail("parse_decimal_integer disagrees with the plain reading");
  const std::optional<std::uint64_t> ranged = app::parse_decimal_integer(text, kLow, kHigh);
  const bool in_range = plain && *plain >= kLow && *plain <= kHigh;
  if (ranged.has_value() != in_range || (ranged && *ranged != *plain))
    fuzz::fail("parse_decimal_integer's range check disagrees with the plain reading");
  try {
    if (app::decimal_option(text, "--fuzz", kLow, kHigh) != *plain) fuzz::fail("decimal_option's value");
  } catch (const app::InputError& e) {
    if (in_range) fuzz::fail("decimal_option refused a value in range");
    fuzz::check_message(e.what(), "decimal_option");
  }
  const std::optional<double> seconds = app::parse_positive_decimal(text, app::kMaxTimeLimitSeconds);
  if (seconds) {
    if (!(*seconds > 0) || *seconds > app::kMaxTimeLimitSeconds) fuzz::fail("parse_positive_decimal out of range");
    const std::string canonical = app::canonical_decimal(text);
    if (app::parse_positive_decimal(canonical, app::kMaxTimeLimitSeconds) != seconds)
      fuzz::fail("canonical_decimal changes the value", canonical);
  }
  try {
    (void)app::positive_decimal_option(text, "--fuzz", app::kMaxTimeLimitSeconds);
    if (!seconds) fuzz::fail("positive_decimal_option accepted what parse_positive_decimal refuses");
  } catch (const app::InputError& e) {
    if (seconds) fuzz::fail("positive_decimal_option refused what parse_positive_decimal accepts");
    fuzz::check_message(e.what(), "positive_decimal_option");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<SchemaOption> options = schema_options();
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t pick = data[0] % (options.size() + 1);
  if (pick == options.size()) {
    fuzz_decimals(text);
    return 0;
  }
  fuzz_text(options[pick], text);
  fuzz_json(options[pick], text);
  return 0;
}
