// The message catalog: languages, the embedded catalog, wording a Message
// with fmt's named arguments (see boardsearch/app/messages.hpp).

#include "boardsearch/app/messages.hpp"

#include <fmt/args.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <span>
#include <string>

#include "catalog_entry.hpp"

namespace boardsearch::app {

namespace detail {
// catalog_text.cpp, generated from messages/catalog.json: the entries
// sorted by key, and the catalog's JSON text.
extern const std::span<const CatalogEntry> kCatalogEntries;
extern const std::string_view kMessageCatalogText;
}  // namespace detail

namespace {

bool starts_with_language(std::string_view name, std::string_view code) {
  if (name.size() < code.size()) return false;
  for (std::size_t i = 0; i < code.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(name[i])) != code[i]) return false;
  // "ko", "ko-KR", "ko_KR.UTF-8", "ko@euro": the language, then a separator.
  return name.size() == code.size() || name[code.size()] == '-' || name[code.size()] == '_' ||
         name[code.size()] == '.' || name[code.size()] == '@';
}

// A parameter worded in `lang`: a nested message, a list, a string, a number.
std::string worded_parameter(Lang lang, const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_object() && value.contains("key")) {
    Message nested{value["key"].is_string() ? value["key"].get<std::string>() : std::string(),
                   value.value("params", nlohmann::json::object())};
    return text(lang, nested);
  }
  if (value.is_array()) {
    std::string joined;
    for (const nlohmann::json& item : value) {
      if (!joined.empty()) joined += ", ";
      joined += worded_parameter(lang, item);
    }
    return joined;
  }
  if (value.is_null()) return "";
  return value.dump();
}

// The catalog entry of `key` (binary search of the sorted table), or nullptr.
const detail::CatalogEntry* find_entry(std::string_view key) {
  const auto entries = detail::kCatalogEntries;
  const auto it = std::lower_bound(entries.begin(), entries.end(), key,
                                   [](const detail::CatalogEntry& entry, std::string_view k) { return entry.key < k; });
  return it != entries.end() && it->key == key ? &*it : nullptr;
}

// Formats `pattern` with the message's parameters as fmt named arguments.
// Throws fmt::format_error when the pattern names a parameter not given.
std::string formatted(Lang lang, std::string_view pattern, const nlohmann::json& params) {
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  if (params.is_object()) {
    for (const auto& [name, value] : params.items()) {
      if (value.is_number_integer() && !value.is_number_unsigned())
        store.push_back(fmt::arg(name.c_str(), value.get<std::int64_t>()));
      else if (value.is_number_unsigned())
        store.push_back(fmt::arg(name.c_str(), value.get<std::uint64_t>()));
      else if (value.is_number_float())
        store.push_back(fmt::arg(name.c_str(), value.get<double>()));
      else
        store.push_back(fmt::arg(name.c_str(), worded_parameter(lang, value)));
    }
  }
  return fmt::vformat(pattern, store);
}

}  // namespace

std::string_view lang_code(Lang lang) { return lang == Lang::ko ? "ko" : "en"; }

std::optional<Lang> lang_named(std::string_view name) {
  if (starts_with_language(name, "ko")) return Lang::ko;
  if (starts_with_language(name, "en")) return Lang::en;
  if (name == "C" || name == "POSIX" || name.starts_with("C.")) return Lang::en;
  return std::nullopt;
}

Lang lang_from_env() {
  for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(variable);
    if (value == nullptr || *value == '\0') continue;
    return starts_with_language(value, "ko") ? Lang::ko : Lang::en;
  }
  return Lang::en;
}

Lang lang_from_accept_language(std::string_view header) {
  // "ko-KR,ko;q=0.9,en-US;q=0.8": ranges separated by ',', each with an
  // optional ";q=" weight (1 when absent; 0 means "not acceptable").
  std::optional<Lang> best;
  double best_q = 0;
  while (!header.empty()) {
    const std::size_t comma = header.find(',');
    std::string_view range = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    double q = 1;
    if (const std::size_t semicolon = range.find(';'); semicolon != std::string_view::npos) {
      std::string_view weight = range.substr(semicolon + 1);
      range = range.substr(0, semicolon);
      while (!weight.empty() && weight.front() == ' ') weight.remove_prefix(1);
      if (weight.starts_with("q=")) q = std::atof(std::string(weight.substr(2)).c_str());
    }
    while (!range.empty() && range.front() == ' ') range.remove_prefix(1);
    while (!range.empty() && range.back() == ' ') range.remove_suffix(1);
    std::optional<Lang> lang;
    if (starts_with_language(range, "ko")) lang = Lang::ko;
    if (starts_with_language(range, "en")) lang = Lang::en;
    if (lang && q > best_q) best = lang, best_q = q;
  }
  return best.value_or(Lang::en);
}

void to_json(nlohmann::json& out, const Message& message) {
  out = nlohmann::json{{"key", message.key}, {"params", message.params}};
}

Message msg(std::string_view key, nlohmann::json params) {
  return Message{std::string(key), params.is_null() ? nlohmann::json::object() : std::move(params)};
}

Message direction_message(core::Direction direction) {
  switch (direction) {
    case core::Direction::up:
      return msg("direction.up");
    case core::Direction::down:
      return msg("direction.down");
    case core::Direction::left:
      return msg("direction.left");
    case core::Direction::right:
      return msg("direction.right");
  }
  return verbatim("?");
}

Message verbatim(std::string_view text) { return Message{"", {{"text", std::string(text)}}}; }

const nlohmann::json& message_catalog() {
  static const nlohmann::json catalog = nlohmann::json::parse(detail::kMessageCatalogText);
  return catalog;
}

std::string text(Lang lang, const Message& message) {
  // Text not in the catalog (WordedError from a string): shown as is.
  if (message.key.empty()) return worded_parameter(lang, message.params.value("text", nlohmann::json("")));
  if (const detail::CatalogEntry* entry = find_entry(message.key)) {
    for (const Lang wording : {lang, Lang::en}) {
      try {
        return formatted(lang, wording == Lang::ko ? entry->ko : entry->en, message.params);
      } catch (const fmt::format_error&) {
        // A parameter the pattern names is missing: try English, then the raw form.
      }
    }
  }
  return message.key + " " + message.params.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace boardsearch::app
