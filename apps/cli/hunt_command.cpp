// Placeholder until `boardsearch hunt` lands (its issue replaces this file).
#include "cli/commands.hpp"

namespace boardsearch::cli {

void add_hunt_command(CLI::App& app, int& status) {
  (void)app;
  (void)status;
}

}  // namespace boardsearch::cli
