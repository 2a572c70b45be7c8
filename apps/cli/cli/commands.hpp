#pragma once
// Subcommands beyond the puzzles. Each registers itself on `app` and, when it
// runs, sets `status` to its exit status (its callback does the work).

#include <CLI/CLI.hpp>
#include <memory>

namespace boardsearch::cli {

void add_extra_commands(CLI::App& app, int& status);
void add_serve_command(CLI::App& app, int& status);  // serve_command.cpp
void add_hunt_command(CLI::App& app, int& status);   // hunt_command.cpp
void add_check_command(CLI::App& app, int& status);  // check_command.cpp
void add_bench_command(CLI::App& app, int& status);  // bench_command.cpp

}  // namespace boardsearch::cli
