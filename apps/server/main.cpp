// boardsearch-server: the web app's own executable. `boardsearch serve ARGS`
// runs it as `boardsearch-server serve ARGS`, so that the puzzle CLI does not
// load the HTTP library on every start (Debian's libcpp-httplib pulls in and
// initializes OpenSSL: 8.4M of the CLI's 11M start-up instructions, measured
// with callgrind on `boardsearch --version`).

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "cli/one_line.hpp"
#include "serve_command.hpp"

namespace {

constexpr int kExitUsage = 2;

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"boardsearch: exact solver for classic exhaustive-search puzzles"};
  app.require_subcommand(1);
  int status = 0;
  boardsearch::server_app::add_run_server_command(app, status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "boardsearch: " << boardsearch::cli::one_line(e.what()) << " (see boardsearch serve --help)\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "boardsearch: internal error: " << e.what() << '\n';
    return 1;
  }
  return status;
}
