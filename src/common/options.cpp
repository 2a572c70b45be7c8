// Reading option values against a puzzle's schema (options.hpp): the one
// place where an option's text or JSON value is checked, for every front end.

#include "boardsearch/app/options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::app {

namespace {

using nlohmann::json;

const OptionValue* find_value(const std::map<std::string, OptionValue, std::less<>>& values, std::string_view name) {
  const auto it = values.find(name);
  return it == values.end() ? nullptr : &it->second;
}

std::string choices_text(const OptionSpec& spec) {
  std::string text;
  for (std::string_view choice : spec.choices) text += fmt::format("{}{}", text.empty() ? "" : ", ", choice);
  return text;
}

// The range of an integer spec as decimal_option takes it. Schemas declare
// non-negative ranges only (every count and limit a puzzle takes is one).
std::uint64_t unsigned_bound(std::int64_t bound) {
  if (bound < 0) throw std::logic_error("option schemas declare non-negative integer ranges only");
  return static_cast<std::uint64_t>(bound);
}

OptionValue choice_value(const OptionSpec& spec, std::string_view text, std::string_view where) {
  for (std::string_view choice : spec.choices)
    if (choice == text) return {std::string(text), {}, true};
  throw InputError(fmt::format("{}: expected one of {}, found '{}'", where, choices_text(spec), printable(text)));
}

}  // namespace

bool OptionValues::given(std::string_view name) const {
  const OptionValue* value = find_value(values_, name);
  return value != nullptr && value->given;
}

std::int64_t OptionValues::integer(std::string_view name) const {
  const OptionValue* value = find_value(values_, name);
  if (value == nullptr || !std::holds_alternative<std::int64_t>(value->value))
    throw std::logic_error(fmt::format("option '{}' has no integer value", name));
  return std::get<std::int64_t>(value->value);
}

bool OptionValues::flag(std::string_view name) const {
  const OptionValue* value = find_value(values_, name);
  return value != nullptr && std::holds_alternative<bool>(value->value) && std::get<bool>(value->value);
}

const std::string* OptionValues::text(std::string_view name) const {
  const OptionValue* value = find_value(values_, name);
  if (value == nullptr) return nullptr;
  return std::get_if<std::string>(&value->value);
}

std::string_view OptionValues::source(std::string_view name) const {
  const OptionValue* value = find_value(values_, name);
  return value == nullptr ? std::string_view() : std::string_view(value->source);
}

const OptionSpec* find_option(std::span<const OptionSpec> schema, std::string_view name) {
  for (const OptionSpec& spec : schema)
    if (spec.name == name) return &spec;
  return nullptr;
}

OptionValue read_option_text(const OptionSpec& spec, std::string_view text, std::string source) {
  const std::string where = fmt::format("--{}", spec.name);
  switch (spec.kind) {
    case OptionKind::integer: {
      const std::uint64_t value =
          decimal_option(text, where, unsigned_bound(spec.minimum), unsigned_bound(spec.maximum));
      return {static_cast<std::int64_t>(value), std::move(source), true};
    }
    case OptionKind::choice:
      return choice_value(spec, text, where);
    case OptionKind::flag:
      return {true, std::move(source), true};
    case OptionKind::document:
    case OptionKind::text:
      return {std::string(text), source.empty() ? where : std::move(source), true};
  }
  throw std::logic_error("unknown option kind");
}

OptionValue read_option_json(const OptionSpec& spec, const json& value, std::string_view field) {
  switch (spec.kind) {
    case OptionKind::integer: {
      // nlohmann keeps 2^63 .. 2^64-1 as unsigned and larger values as
      // floating point: each is compared as what it is, never converted
      // first (a conversion would wrap or round).
      const auto minimum = unsigned_bound(spec.minimum);
      const auto maximum = unsigned_bound(spec.maximum);
      std::optional<std::uint64_t> number;
      if (value.is_number_unsigned()) number = value.get<std::uint64_t>();
      if (value.is_number_integer() && !value.is_number_unsigned() && value.get<std::int64_t>() >= 0)
        number = static_cast<std::uint64_t>(value.get<std::int64_t>());
      const bool negative = value.is_number_integer() && !value.is_number_unsigned() && value.get<std::int64_t>() < 0;
      if (!value.is_number_integer() && !value.is_number_unsigned())
        throw InputError(fmt::format("{} must be an integer", field));
      if (negative || !number || *number < minimum || *number > maximum)
        throw InputError(fmt::format("{}: expected an integer in [{}, {}], found {}", field, minimum, maximum,
                                     printable(value.dump())));
      return {static_cast<std::int64_t>(*number), std::string(field), true};
    }
    case OptionKind::choice:
      if (value.is_string()) return choice_value(spec, value.get<std::string>(), field);
      if (value.is_number_integer()) return choice_value(spec, value.dump(), field);
      throw InputError(fmt::format("{} must be one of {}", field, choices_text(spec)));
    case OptionKind::flag:
      if (!value.is_boolean()) throw InputError(fmt::format("{} must be true or false", field));
      return {value.get<bool>(), std::string(field), true};
    case OptionKind::document:
      if (value.is_string()) return {value.get<std::string>(), std::string(field), true};
      if (value.is_object()) return {value.dump(), std::string(field), true};
      throw InputError(fmt::format("{} must be an object or its JSON text", field));
    case OptionKind::text:
      if (!value.is_string()) throw InputError(fmt::format("{} must be a string", field));
      return {value.get<std::string>(), std::string(field), true};
  }
  throw std::logic_error("unknown option kind");
}

OptionValues read_settings(std::span<const OptionSpec> schema, std::string_view settings) {
  OptionValues values;
  std::vector<std::string_view> words;
  for (std::size_t pos = 0; pos < settings.size();) {
    const std::size_t start = settings.find_first_not_of(' ', pos);
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(settings.find(' ', start), settings.size());
    words.push_back(settings.substr(start, end - start));
    pos = end;
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (!words[i].starts_with("--"))
      throw InputError(fmt::format("settings: expected an option --NAME, found '{}'", printable(words[i])));
    const std::string_view name = words[i].substr(2);
    const OptionSpec* spec = find_option(schema, name);
    if (spec == nullptr) throw InputError(fmt::format("settings: unknown option --{}", printable(name)));
    if (spec->kind == OptionKind::document)
      throw InputError(fmt::format("settings: --{} names a file, which settings cannot hold", name));
    if (spec->kind == OptionKind::flag) {
      values.set(std::string(name), read_option_text(*spec, ""));
      continue;
    }
    if (i + 1 == words.size()) throw InputError(fmt::format("settings: --{} needs a value", name));
    values.set(std::string(name), read_option_text(*spec, words[++i]));
  }
  return values;
}

OptionValues with_defaults(std::span<const OptionSpec> schema, OptionValues values) {
  // Step 1. What a caller set directly (not through the readers above) is
  // checked too: a name the schema lacks, an integer out of its range.
  for (const auto& [name, value] : values.all()) {
    const OptionSpec* spec = find_option(schema, name);
    if (spec == nullptr) throw InputError(fmt::format("unknown option --{}", printable(name)));
    if (const auto* number = std::get_if<std::int64_t>(&value.value);
        number != nullptr && (*number < spec->minimum || *number > spec->maximum))
      throw InputError(
          fmt::format("--{}: expected an integer in [{}, {}], found {}", name, spec->minimum, spec->maximum, *number));
  }
  // Step 2. The defaults of the rest.
  for (const OptionSpec& spec : schema) {
    if (values.has(spec.name) || spec.default_value.empty()) continue;
    OptionValue value = read_option_text(spec, spec.default_value);
    value.given = false;
    values.set(std::string(spec.name), std::move(value));
  }
  return values;
}

std::string_view to_string(OptionKind kind) {
  switch (kind) {
    case OptionKind::integer:
      return "integer";
    case OptionKind::choice:
      return "choice";
    case OptionKind::document:
      return "document";
    case OptionKind::flag:
      return "flag";
    case OptionKind::text:
      return "text";
  }
  return "unknown";
}

json schema_json(std::span<const OptionSpec> schema) {
  json options = json::array();
  for (const OptionSpec& spec : schema) {
    if (spec.cli_only) continue;
    json option = {
        {"name", spec.name}, {"kind", to_string(spec.kind)}, {"value_name", spec.value_name}, {"help", spec.help}};
    if (spec.kind == OptionKind::integer) {
      option["minimum"] = spec.minimum;
      option["maximum"] = spec.maximum;
    }
    if (spec.kind == OptionKind::choice) {
      option["choices"] = json::array();
      for (std::string_view choice : spec.choices) option["choices"].push_back(choice);
    }
    if (!spec.default_value.empty()) option["default"] = spec.default_value;
    options.push_back(std::move(option));
  }
  return options;
}

}  // namespace boardsearch::app
