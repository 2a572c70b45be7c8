#pragma once
// `boardsearch serve`: the local web app. An HTTP server (cpp-httplib, one
// thread per connection from a fixed pool) that serves the page from the web
// root and the JSON API of api.hpp. Binds to 127.0.0.1 unless told otherwise.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/api.hpp"

namespace boardsearch::server {

// Defaults, each with its reason.
constexpr int kDefaultPort = 8080;
// Largest request body: a judge input for the biggest boards we solve is a
// few KiB; 64 KiB leaves room and keeps a stray upload from eating memory.
constexpr std::size_t kDefaultMaxBodyBytes = 64 * 1024;
// Per-solve budget: every sample solves in well under a million nodes and a
// few milliseconds; the hardest boards a person brings need about a second. Ten
// seconds and half a billion nodes stop a runaway request without refusing
// anything a person would wait for.
constexpr std::uint64_t kDefaultMaxNodes = 500'000'000;
constexpr double kDefaultTimeLimitSeconds = 10.0;
// Worker threads: a browser keeps up to six connections open, so a pool of
// at least that size plus room for a solve or two keeps one long solve from
// blocking page loads.
constexpr std::size_t kDefaultThreads = 12;

struct ServerConfig {
  std::string host = "127.0.0.1";
  int port = kDefaultPort;  // 0: any free port (see Server::port)
  std::filesystem::path web_root;
  Budget budget{kDefaultMaxNodes, kDefaultTimeLimitSeconds};
  std::size_t max_body_bytes = kDefaultMaxBodyBytes;
  std::size_t threads = kDefaultThreads;
  // Called once per request with a one-line summary ("POST /api/solve 200
  // 3.1 ms"); empty: no log.
  std::function<void(const std::string&)> log;
};

class Server {
 public:
  // Registers the routes; binds nothing yet.
  explicit Server(ServerConfig config);
  ~Server();  // stops the server if it is still running
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the listening socket. Returns false (with nothing bound) if the
  // host/port cannot be bound. After success, port() is the real port.
  bool bind();
  int port() const;

  // Serves until stop(). Call after a successful bind(), from one thread.
  void run();

  // Thread-safe and safe from a signal handler: cancels running solves
  // (they answer 422) and makes run() return.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Where the page lives when --web-root is not given, first match wins (a
// folder counts if it holds index.html):
//   1. <folder of the executable>/web
//   2. <folder of the executable>/../web          (build/ inside the checkout)
//   3. <folder of the executable>/../share/boardsearch/web   (installed)
//   4. the source tree's web/ recorded at configure time
// Returns nothing if none of them holds index.html.
std::optional<std::filesystem::path> find_web_root();

// True if `folder` holds an index.html.
bool is_web_root(const std::filesystem::path& folder);

}  // namespace boardsearch::server
