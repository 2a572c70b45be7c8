// `boardsearch serve ARGS`: runs the web app, which lives in its own
// executable next to this one (apps/server), as `boardsearch-server serve
// ARGS`. Everything after `serve`, --help included, belongs to the server.

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "cli/commands.hpp"
#include "cli/lang.hpp"

namespace boardsearch::cli {

namespace {

constexpr const char* kServerExecutable = "boardsearch-server";

// Replaces this process with the server; returns only on failure.
int exec_server(const std::vector<std::string>& arguments) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path server = self.parent_path() / kServerExecutable;
  if (error || access(server.c_str(), X_OK) != 0)
    throw app::InputError(fmt::format("serve: cannot find {} next to boardsearch ({})", kServerExecutable,
                                      error ? error.message() : server.string()));
  std::vector<std::string> words{server.string(), "serve"};
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  std::cout.flush();
  execv(server.c_str(), argv.data());
  throw app::InputError(fmt::format("serve: cannot run {}: {}", server.string(), std::strerror(errno)));
}

}  // namespace

void add_serve_command(CLI::App& app, int& status) {
  CLI::App* sub = app.add_subcommand("serve", say(app::msg("cli.help.serve")));
  sub->prefix_command();  // pass every argument through, unparsed
  sub->set_help_flag();   // --help too: the server prints its own
  sub->callback([sub, &status] { status = exec_server(sub->remaining()); });
}

}  // namespace boardsearch::cli
