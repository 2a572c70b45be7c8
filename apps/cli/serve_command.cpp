// Placeholder until `boardsearch serve` lands (its issue replaces this file).
#include "cli/commands.hpp"

namespace boardsearch::cli {

void add_serve_command(CLI::App& app, int& status) {
  (void)app;
  (void)status;
}

}  // namespace boardsearch::cli
