#pragma once
// Reading JSON that a user wrote (board files, web requests) so that no value
// can hurt the process: syntax errors become one-line InputErrors, and values
// nested deeper than any board or request needs, or objects that repeat a
// key, are refused while parsing.
// (nlohmann::json parses without recursion, but dump() and comparisons
// recurse once per level: a value nested 100,000 deep overflows the stack.)

#include <nlohmann/json.hpp>
#include <string_view>

namespace boardsearch::app {

// Deeper than any document the project reads (a board file is 4 levels).
inline constexpr int kMaxJsonDepth = 64;

// Parses `text` as one JSON value; a leading UTF-8 byte order mark is
// skipped. Throws InputError: "not valid JSON: <why, where>" (one line),
// "JSON nested deeper than <max_depth> levels", or "JSON object has the key
// "<k>" twice" (an object that repeats a key: refused, like unknown keys,
// rather than keeping the last value silently).
nlohmann::json parse_json(std::string_view text, int max_depth = kMaxJsonDepth);

}  // namespace boardsearch::app
