// `boardsearch serve`: starts the local web app (src/server) and prints its
// address. Parses options, calls the server, prints; nothing else.

#include "serve_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <limits>
#include <mutex>
#include <optional>
#include <string>

#include "boardsearch/app/decimal.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "boardsearch/core/parallel.hpp"
#include "server/server.hpp"

namespace boardsearch::server_app {

namespace {

constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;
constexpr int kExitCannotListen = 1;

// The running server, for the SIGINT/SIGTERM handler (Server::stop is safe to
// call from a signal handler).
std::atomic<server::Server*> running_server{nullptr};

extern "C" void stop_on_signal(int) {
  if (server::Server* server = running_server.load()) server->stop();
}

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = server::kDefaultPort;
  std::string web_root;
  // As typed; read by node_budget / seconds_budget, whose messages are one
  // short line (CLI11's stock checks print the whole range of a double).
  std::optional<std::string> max_nodes;
  std::optional<std::string> time_limit;
  std::optional<std::string> max_memory_mb;
  std::size_t workers = server::kDefaultWorkers;
  std::optional<std::string> threads;  // search threads per solve; default: the cores
  bool quiet = false;
};

// --max-nodes: a decimal count of nodes, at least 1; not given: the default.
std::uint64_t node_budget(const std::optional<std::string>& option) {
  if (!option) return server::kDefaultMaxNodes;
  return app::decimal_option(*option, "--max-nodes", 1, std::numeric_limits<std::uint64_t>::max());
}

// --time-limit: decimal seconds in (0, app::kMaxTimeLimitSeconds]; not given: the default.
double seconds_budget(const std::optional<std::string>& option) {
  if (!option) return server::kDefaultTimeLimitSeconds;
  return app::positive_decimal_option(*option, "--time-limit", app::kMaxTimeLimitSeconds);
}

// The most --max-memory takes, in MiB: 1 TiB, far beyond any machine this
// runs on, and small enough that the byte count cannot overflow.
constexpr std::uint64_t kMaxMemoryMegabytes = std::uint64_t{1} << 20;
constexpr std::uint64_t kBytesPerMegabyte = std::uint64_t{1} << 20;

// --max-memory: decimal MiB per solve, at least 1; not given: the default
// share of kDefaultTotalSolveMemoryBytes for `workers` workers.
std::uint64_t memory_budget(const std::optional<std::string>& option, std::size_t workers) {
  if (!option) return server::default_solve_memory_bytes(workers);
  return app::decimal_option(*option, "--max-memory", 1, kMaxMemoryMegabytes) * kBytesPerMegabyte;
}

// Runs the server until interrupted; returns the exit status.
int serve(const ServeOptions& options) {
  server::ServerConfig config;
  config.host = options.host;
  config.port = options.port;
  try {
    config.budget = {
        node_budget(options.max_nodes), seconds_budget(options.time_limit),
        memory_budget(options.max_memory_mb, options.workers),
        // More threads than cores would only queue: at most the cores.
        std::min(options.threads ? app::decimal_option(*options.threads, "--threads", 1, core::kMaxSearchThreads)
                                 : core::default_search_threads(),
                 core::default_search_threads())};
  } catch (const app::InputError& e) {  // a bad option value: one line, exit 2
    std::cerr << "boardsearch: " << e.what() << '\n';
    return kExitUsage;
  }
  config.workers = options.workers;
  if (!options.web_root.empty()) {
    config.web_root = options.web_root;
    if (!server::is_web_root(config.web_root)) {
      std::cerr << fmt::format("boardsearch: --web-root {}: no index.html there\n", options.web_root);
      return kExitUsage;
    }
  } else if (auto found = server::find_web_root()) {
    config.web_root = *found;
  } else {
    std::cerr << "boardsearch: cannot find the web page (web/index.html); pass --web-root DIR\n";
    return kExitUsage;
  }
  if (!options.quiet) {
    // Log lines come from several worker threads; keep each whole.
    static std::mutex log_mutex;
    config.log = [](const std::string& line) {
      const std::lock_guard lock(log_mutex);
      std::cerr << line << '\n';
    };
  }

  server::Server server(config);
  if (!server.bind()) {
    std::cerr << fmt::format("boardsearch: cannot listen on {}:{}\n", options.host, options.port);
    return kExitCannotListen;
  }
  // Ctrl-C is honoured from the moment the address shows (a script that
  // reads it may stop the server at once; run() then returns at once).
  running_server.store(&server);
  std::signal(SIGINT, stop_on_signal);
  std::signal(SIGTERM, stop_on_signal);
  // The address line is the one thing on stdout, flushed, so that scripts
  // (and the browser tests, which pass --port 0) can read the real port.
  const bool ipv6 = options.host.find(':') != std::string::npos;
  std::cout << fmt::format("serving http://{}{}{}:{}/ (web root {}; Ctrl-C stops)", ipv6 ? "[" : "", options.host,
                           ipv6 ? "]" : "", server.port(), config.web_root.string())
            << std::endl;
  if (!server::is_loopback_host(options.host))
    std::cerr << fmt::format(
        "boardsearch: warning: --host {} is not a loopback address: anyone who can reach it can run solves "
        "(the server has no authentication)\n",
        options.host);
  server.run();
  running_server.store(nullptr);
  return kExitOk;
}

}  // namespace

void add_run_server_command(CLI::App& app, int& status) {
  static ServeOptions options;
  // Help and errors name the command as users type it, not this
  // executable's path (`boardsearch serve` execs it).
  app.name("boardsearch");
  CLI::App* sub = app.add_subcommand("serve", "start the local web app (board editor, solver, stepper, play)");
  sub->footer(
      "Serves the page from web/ and the JSON API (docs/api.md) until Ctrl-C. "
      "Binds to 127.0.0.1 unless --host says otherwise (another address prints a warning: "
      "the server has no authentication).");
  sub->add_option("--host", options.host, "address to bind (default 127.0.0.1)")->type_name("ADDRESS");
  sub->add_option("--port", options.port, "TCP port; 0 picks a free one (default 8080)")
      ->check(CLI::Range(0, 65535).description(""))
      ->type_name("PORT (0..65535)");
  sub->add_option("--web-root", options.web_root,
                  "folder holding index.html (default: found next to the executable, see docs/web.md)")
      ->type_name("DIR");
  sub->add_option("--max-nodes", options.max_nodes, "node budget per solve (default 500000000)")
      ->type_name("N (integer >= 1)");
  sub->add_option("--time-limit", options.time_limit, "seconds per solve (default 10)")
      ->type_name("SECONDS (decimal > 0)");
  sub->add_option("--max-memory", options.max_memory_mb,
                  "memory budget per solve in MiB (default 1024 divided among the --workers)")
      ->type_name("MB (integer >= 1)");
  sub->add_option("--workers", options.workers, "solves that run at once, jobs included (default 4)")
      ->check(CLI::Range(1, 256).description(""))
      ->type_name("N (1..256)");
  sub->add_option("--threads", options.threads,
                  fmt::format("search threads per solve, for searches long enough to gain from them (default: the "
                              "cores, here {}); a request's limits.threads may lower it",
                              core::default_search_threads()))
      ->type_name("N (1..256)");
  sub->add_flag("--quiet", options.quiet, "do not log requests on stderr");
  sub->callback([&status] { status = serve(options); });
}

}  // namespace boardsearch::server_app
