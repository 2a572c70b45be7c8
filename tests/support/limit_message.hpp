#pragma once
// Reading the node count out of a LimitError message
// ("search stopped ...: node limit reached after N nodes and T ms; ..."), so
// the puzzles' tests can check what --max-nodes reports.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace boardsearch::testing {

// N from "... after N nodes ..."; a failed expectation (and 0) if absent.
inline std::uint64_t nodes_in_limit_message(const std::string& message) {
  const std::string marker = " after ";
  const std::size_t after = message.find(marker);
  EXPECT_NE(after, std::string::npos) << message;
  return after == std::string::npos ? 0 : std::stoull(message.substr(after + marker.size()));
}

}  // namespace boardsearch::testing
