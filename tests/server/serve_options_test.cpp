// `boardsearch-server serve` option checks, through the built executable:
// a bad --time-limit or --max-nodes is a usage error (exit 2) with one short
// line on stderr that names the option, before anything is bound.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "server_process.hpp"

namespace {

using boardsearch::server::testing::run_server;
using boardsearch::server::testing::ServerRun;

// Longest message accepted: one readable line.
constexpr std::size_t kMaxMessageChars = 120;

TEST(ServeOptions, BadBudgetsAreShortUsageErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--time-limit 0", "--time-limit: expected a decimal number in (0, 1000000000], found '0'"},
      {"--time-limit -1", "--time-limit: expected a decimal number in (0, 1000000000], found '-1'"},
      {"--time-limit 1e10", "--time-limit: expected a decimal number in (0, 1000000000], found '1e10'"},
      {"--time-limit inf", "--time-limit: expected a decimal number in (0, 1000000000], found 'inf'"},
      {"--time-limit nan", "--time-limit: expected a decimal number in (0, 1000000000], found 'nan'"},
      {"--time-limit 2s", "--time-limit: expected a decimal number in (0, 1000000000], found '2s'"},
      {"--max-nodes 0", "--max-nodes: expected a decimal integer in [1, 18446744073709551615], found '0'"},
      {"--max-nodes -5", "--max-nodes: expected a decimal integer in [1, 18446744073709551615], found '-5'"},
      {"--max-nodes 1e6", "--max-nodes: expected a decimal integer in [1, 18446744073709551615], found '1e6'"},
      {"--max-memory 0", "--max-memory: expected a decimal integer in [1, 1048576], found '0'"},
      {"--max-memory 2GB", "--max-memory: expected a decimal integer in [1, 1048576], found '2GB'"},
      {"--threads 0", "--threads: expected a decimal integer in [1, 256], found '0'"},
      {"--threads 257", "--threads: expected a decimal integer in [1, 256], found '257'"},
      {"--threads two", "--threads: expected a decimal integer in [1, 256], found 'two'"},
      {"--max-nodes 99999999999999999999",
       "--max-nodes: expected a decimal integer in [1, 18446744073709551615], found "
       "'99999999999999999999'"},
  };
  for (const auto& [arguments, message] : cases) {
    SCOPED_TRACE(arguments);
    // A web root check follows the budget checks, so that a value wrongly
    // accepted ends the run there instead of starting a server.
    const ServerRun run = run_server(arguments + " --port 0 --web-root /nonexistent-web-root");
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.output, "boardsearch: " + message + "\n");
    EXPECT_LE(run.output.size(), kMaxMessageChars);
  }
}

// Good values pass the checks: the run then stops at the next one (a web
// root without index.html), which comes after them.
TEST(ServeOptions, GoodBudgetsPassTheChecks) {
  for (const std::string arguments :
       {"--time-limit 2.5 --max-nodes 1000", "--time-limit 1000000000", "--time-limit 0.001", "--max-memory 64",
        "--threads 1", "--threads 256 --workers 2", "--workers 1"}) {
    SCOPED_TRACE(arguments);
    const ServerRun run = run_server(arguments + " --port 0 --web-root /nonexistent-web-root");
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.output, "boardsearch: --web-root /nonexistent-web-root: no index.html there\n");
  }
}

}  // namespace
