#pragma once
// The server executable's one command: `boardsearch-server serve ARGS`, what
// `boardsearch serve ARGS` execs (apps/cli/serve_command.cpp registers that
// one on the puzzle CLI).

#include <CLI/CLI.hpp>

namespace boardsearch::server_app {

// Registers `serve` with its options on `app`; when it runs, it serves until
// interrupted and sets `status` to its exit status.
void add_run_server_command(CLI::App& app, int& status);

}  // namespace boardsearch::server_app
