#pragma once
// HTTP header text, as the request reader and the routes compare it.

#include <string_view>

namespace boardsearch::server {

// Whether two header names (or tokens) are equal in ASCII letters of either
// case, as HTTP compares them.
bool equal_ignoring_case(std::string_view a, std::string_view b);

// A header value without its leading and trailing spaces and tabs (HTTP's
// optional whitespace); a view into `text`.
std::string_view trimmed(std::string_view text);

}  // namespace boardsearch::server
