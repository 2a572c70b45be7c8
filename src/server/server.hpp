#pragma once
// `boardsearch serve`: the local web app. An HTTP server that serves the
// page from the web root and the JSON API of api.hpp (routes: RequestHandler).
// Connections are read by one event loop with a deadline and caps
// (request_reader.hpp); whole requests go to cpp-httplib's request parser
// and then to RequestHandler on a pool of workers. Binds to 127.0.0.1 unless
// told otherwise.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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
// Solve workers: how many solves (from /api/solve, /api/<puzzle>/play and
// jobs together) run at once. Connections are read by one event loop, not
// by workers (see RequestReader), so this bounds only the searches: a few
// more than the cores of a laptop, so that one long solve never holds up
// another's answer for long.
constexpr std::size_t kDefaultWorkers = 4;
// Memory of all solves together by default: the per-solve budget is this
// divided among the solve workers (256 MiB each with the default 4), so the
// server's searches never ask for more than this at once.
constexpr std::uint64_t kDefaultTotalSolveMemoryBytes = std::uint64_t{1} << 30;
// Reading a request: the whole of it (request line, headers, body) must
// arrive within this many seconds of the connection's start, or it is
// answered 408 and closed. A page's requests are sent in milliseconds; ten
// seconds leaves room for a slow link and frees a stalled connection soon.
constexpr double kDefaultRequestDeadlineSeconds = 10.0;
// The request head: at most this many bytes (request line and header
// lines together) and header lines; more is 431. A browser sends well under
// 2 KiB in about 15 lines.
constexpr std::size_t kDefaultMaxHeadBytes = 16 * 1024;
constexpr std::size_t kDefaultMaxHeaderCount = 64;
// Connections still being read: at most this many; a new one beyond it
// evicts the one that has been reading longest (a client that trickles its
// request loses its place to one that sends it at once). Well under the
// usual 1024 open files, with room for the workers' sockets.
constexpr std::size_t kDefaultMaxPendingConnections = 256;

// The per-solve memory budget for `workers` solve workers (see
// kDefaultTotalSolveMemoryBytes).
constexpr std::uint64_t default_solve_memory_bytes(std::size_t workers) {
  return kDefaultTotalSolveMemoryBytes / (workers == 0 ? 1 : workers);
}

struct ServerConfig {
  std::string host = "127.0.0.1";
  int port = kDefaultPort;  // 0: any free port (see Server::port)
  std::filesystem::path web_root;
  Budget budget{kDefaultMaxNodes, kDefaultTimeLimitSeconds, default_solve_memory_bytes(kDefaultWorkers)};
  std::size_t max_body_bytes = kDefaultMaxBodyBytes;
  std::size_t workers = kDefaultWorkers;  // solve workers; also the most jobs running at once
  double request_deadline_seconds = kDefaultRequestDeadlineSeconds;
  std::size_t max_head_bytes = kDefaultMaxHeadBytes;
  std::size_t max_header_count = kDefaultMaxHeaderCount;
  std::size_t max_pending_connections = kDefaultMaxPendingConnections;
  // Called once per request with a one-line summary ("POST /api/solve 200
  // 3.1 ms"); empty: no log.
  std::function<void(const std::string&)> log;
};

// True for the names and addresses of this machine's loopback interface
// ("127.0.0.1" and the rest of 127.0.0.0/8, "::1", "localhost").
bool is_loopback_host(std::string_view host);

// ---------------------------------------------------------------------------
// Request handling without the socket: what every route does, as a function
// of the request. The HTTP layer (Server) reads and frames the request
// (caps, deadline, chunked bodies) and calls RequestHandler::handle; a fuzz
// target or a test can call it directly.

struct HttpRequest {
  std::string method;                                        // "GET", "POST", ... as sent (case matters, as in HTTP)
  std::string path;                                          // percent-decoded, without the query
  std::vector<std::pair<std::string, std::string>> headers;  // as sent; names compared case-insensitively
  std::string body;                                          // the whole body, already de-chunked
};

struct HttpResponse {
  int status = kStatusOk;
  std::string content_type;                                  // "application/json", ...
  std::vector<std::pair<std::string, std::string>> headers;  // more headers (Allow, Cache-Control)
  std::string body;
};

class RequestHandler {
 public:
  // Runs a job's solve (see JobRegistry::Executor): the server hands it to
  // its solve workers; empty runs it at once, inside handle() (what a fuzz
  // target wants: every request finishes before handle returns).
  using JobExecutor = std::function<bool(std::function<void()> task)>;

  // `bound_port` is the port the server listens on (what a Host header must
  // name); `config.host`, `web_root`, `budget` and `threads` are read.
  RequestHandler(const ServerConfig& config, int bound_port, JobExecutor run_job = {});
  ~RequestHandler();  // cancels running jobs
  RequestHandler(const RequestHandler&) = delete;
  RequestHandler& operator=(const RequestHandler&) = delete;

  // Every route of docs/api.md. Thread-safe. Order of checks: Host and
  // Origin (403), the route (404), the method (405 with Allow), for a POST
  // the Content-Type (415), then the endpoint itself.
  HttpResponse handle(const HttpRequest& request);

  // Cancels running solves (they answer 422 "cancelled") and jobs, and
  // refuses new jobs. Safe from a signal handler: it only stores a flag; the
  // jobs are cancelled by the next handle() or by cancel_jobs().
  void stop();
  void cancel_jobs();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
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
  // Returns once every worker has finished (running solves are cancelled).
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
