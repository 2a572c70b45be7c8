// Registers the subcommands that are not puzzles. Each command lives in its
// own file; this list is the one place that names them.

#include "cli/commands.hpp"

namespace boardsearch::cli {

void add_extra_commands(CLI::App& app, int& status) {
  add_serve_command(app, status);
  add_hunt_command(app, status);
  add_check_command(app, status);
  add_bench_command(app, status);
}

}  // namespace boardsearch::cli
