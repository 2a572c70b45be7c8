#pragma once
// Small helpers for tests that call a puzzle's solve directly.

#include <exception>
#include <string>
#include <string_view>

#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::testing {

// A request for `input` with no limits (the input must outlive it).
inline app::SolveRequest request_of(std::string_view input) {
  app::SolveRequest request;
  request.input = input;
  return request;
}

// The message of the `Error` that f() throws, or "no error" when it returns;
// an exception of another type escapes (and fails the test).
template <class Error = std::exception>
std::string error_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace boardsearch::testing
