#include "boardsearch/app/json_input.hpp"

#include <fmt/format.h>

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

struct TooDeep {};

// How much of nlohmann's message (which quotes the input) is kept.
constexpr std::size_t kMaxJsonMessageChars = 200;

}  // namespace

nlohmann::json parse_json(std::string_view text, int max_depth) {
  // The parser reports every event with its depth; an object or array that
  // opens at depth max_depth would put its members one level deeper.
  const nlohmann::json::parser_callback_t refuse_deep = [max_depth](int depth, nlohmann::json::parse_event_t event,
                                                                    nlohmann::json&) {
    if ((event == nlohmann::json::parse_event_t::object_start || event == nlohmann::json::parse_event_t::array_start) &&
        depth >= max_depth)
      throw TooDeep{};
    return true;
  };
  try {
    return nlohmann::json::parse(text.begin(), text.end(), refuse_deep);
  } catch (const TooDeep&) {
    throw InputError(fmt::format("JSON nested deeper than {} levels", max_depth));
  } catch (const nlohmann::json::exception& e) {
    // A syntax error (parse_error) or a number literal beyond every number
    // type (out_of_range 406, thrown while parsing). The message quotes the
    // offending text; keep it on one short line.
    throw InputError("not valid JSON: " + printable(without_exception_tag(e.what()), kMaxJsonMessageChars));
  }
}

}  // namespace boardsearch::app
