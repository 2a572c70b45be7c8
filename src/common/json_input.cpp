#include "boardsearch/app/json_input.hpp"

#include <fmt/format.h>

#include <set>
#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::app {

namespace {

// nlohmann's messages start with "[json.exception.parse_error.101] "; the
// bracketed tag helps nobody reading the message.
std::string without_exception_tag(std::string message) {
  if (!message.empty() && message.front() == '[') {
    const auto end = message.find("] ");
    if (end != std::string::npos) message.erase(0, end + 2);
  }
  return message;
}

// Thrown from the parser callback, caught in parse_json.
struct TooDeep {};
struct DuplicateKey {
  std::string key;
};

// How much of nlohmann's message (which quotes the input) is kept.
constexpr std::size_t kMaxJsonMessageChars = 200;
// How much of a repeated key is quoted.
constexpr std::size_t kMaxKeyChars = 60;

}  // namespace

nlohmann::json parse_json(std::string_view text, int max_depth) {
  // What Windows editors put before UTF-8 text (text_input.hpp): not part of the document.
  if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
  // The keys seen so far in each object being parsed, innermost last. Keys
  // only occur directly inside objects, so the innermost open object is the
  // one a key event belongs to (an array in between opens no set, and an
  // object inside it pushes its own). At most max_depth sets are open.
  std::vector<std::set<std::string>> open_objects;
  // The parser reports every event with its depth; an object or array that
  // opens at depth max_depth would put its members one level deeper.
  const nlohmann::json::parser_callback_t check =
      [max_depth, &open_objects](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        if ((event == Event::object_start || event == Event::array_start) && depth >= max_depth) throw TooDeep{};
        if (event == Event::object_start) open_objects.emplace_back();
        if (event == Event::object_end && !open_objects.empty()) open_objects.pop_back();
        if (event == Event::key && !open_objects.empty() && parsed.is_string()) {
          std::string key = parsed.get<std::string>();
          if (!open_objects.back().insert(key).second) throw DuplicateKey{std::move(key)};
        }
        return true;
      };
  try {
    return nlohmann::json::parse(text.begin(), text.end(), check);
  } catch (const TooDeep&) {
    throw InputError(msg("input.json_too_deep", {{"depth", max_depth}}));
  } catch (const DuplicateKey& e) {
    // Last-wins would silently drop what the writer meant by the first one.
    throw InputError(msg("input.json_duplicate_key", {{"key", printable(e.key, kMaxKeyChars)}}));
  } catch (const nlohmann::json::exception& e) {
    // A syntax error (parse_error) or a number literal beyond every number
    // type (out_of_range 406, thrown while parsing). The message quotes the
    // offending text; keep it on one short line.
    throw InputError(
        msg("input.json_invalid", {{"detail", printable(without_exception_tag(e.what()), kMaxJsonMessageChars)}}));
  }
}

}  // namespace boardsearch::app
