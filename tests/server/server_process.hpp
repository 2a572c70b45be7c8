#pragma once
// The serve executable run as a user runs it, for the tests of its options
// and messages: fixed words as arguments (no shell quoting needed), stdin
// closed, stdout and stderr collected together.

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace boardsearch::server::testing {

struct ServerRun {
  int status = -1;     // exit status, or -1 if the process did not exit normally
  std::string output;  // stdout and stderr together
};

// Runs `boardsearch-server serve <arguments>` (BOARDSEARCH_SERVER_EXE) to
// its end and returns what it printed and its exit status.
inline ServerRun run_server(const std::string& arguments) {
  const std::string command = std::string(BOARDSEARCH_SERVER_EXE) + " serve " + arguments + " </dev/null 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return {};
  ServerRun run;
  std::array<char, 4096> buffer{};
  while (const std::size_t length = std::fread(buffer.data(), 1, buffer.size(), pipe))
    run.output.append(buffer.data(), length);
  const int wait_status = pclose(pipe);
  if (wait_status != -1 && WIFEXITED(wait_status)) run.status = WEXITSTATUS(wait_status);
  return run;
}

}  // namespace boardsearch::server::testing
