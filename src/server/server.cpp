// The HTTP layer: routes to the API of api.hpp and to static files of the web
// root. Everything a handler does is parse, call, reply.

#include "server/server.hpp"

#include <arpa/inet.h>
#include <dirent.h>
#include <fmt/format.h>
#include <httplib.h>
#include <netinet/in.h>
#include <strings.h>  // strcasecmp, as httplib tests for chunked
#include <sys/socket.h>

#include <chrono>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <utility>

#include "server/static_files.hpp"

namespace boardsearch::server {

namespace {

constexpr const char* kJsonType = "application/json";

// "/api/<puzzle>/play" -> "<puzzle>"; any other path -> nullopt.
std::optional<std::string_view> play_route(std::string_view path) {
  constexpr std::string_view kPrefix = "/api/";
  constexpr std::string_view kSuffix = "/play";
  if (path.size() <= kPrefix.size() + kSuffix.size() || !path.starts_with(kPrefix) || !path.ends_with(kSuffix))
    return std::nullopt;
  const std::string_view name = path.substr(kPrefix.size(), path.size() - kPrefix.size() - kSuffix.size());
  if (name.find('/') != std::string_view::npos) return std::nullopt;
  return name;
}
// An idle keep-alive connection holds a worker thread until this runs out; a
// browser keeps up to six open, so keep it short to leave workers for solves.
constexpr time_t kKeepAliveSeconds = 2;
// One request per connection: after any refusal (a body over the cap, a
// malformed multipart form or gzip body that httplib gives up on halfway)
// whatever the client still sends can never be parsed as a next request.
// Keep-alive buys little for a page served from localhost.
constexpr std::size_t kRequestsPerConnection = 1;
// A body over the cap is drained up to this many bytes so the client can
// read the 413 (closing a socket with unread data resets it); a client that
// sends more is cut off, so it cannot hold a worker forever.
constexpr std::size_t kMaxDrainedBytes = std::size_t{64} << 20;

// Serializes a reply; text that came from the request (echoed in an error
// message) may hold invalid UTF-8, which is replaced rather than thrown on.
std::string to_json_text(const nlohmann::json& body) {
  return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void send(httplib::Response& res, const ApiResponse& response) {
  res.status = response.status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(to_json_text(response.body), kJsonType);
}

// The reason phrase a JSON error body carries for statuses that the HTTP
// layer sets by itself (unknown route, oversized body, ...).
std::string default_error_text(int status, std::size_t max_body_bytes) {
  switch (status) {
    case kStatusNotFound:
      return "not found";
    case kStatusPayloadTooLarge:
      return fmt::format("request body larger than {} bytes", max_body_bytes);
    case kStatusBadRequest:
      return "bad request";
    default:
      return fmt::format("HTTP error {}", status);
  }
}

// Start time of the request this thread is handling, for the log line.
thread_local std::chrono::steady_clock::time_point request_started;

}  // namespace

struct Server::Impl {
  ServerConfig config;
  httplib::Server http;
  std::atomic<bool> stopping{false};  // also the cancel flag of every solve
  int bound_port = 0;

  explicit Impl(ServerConfig config_in) : config(std::move(config_in)) {}

  void install_routes();
  std::optional<std::string> read_capped_body(const httplib::Request& req, const httplib::ContentReader& reader,
                                              httplib::Response& res) const;
  void serve_static(const httplib::Request& req, httplib::Response& res) const;
};

// Reads a request body of at most config.max_body_bytes (after any decoding
// httplib applies), framed by Content-Length or chunked (the pre-routing
// handler refuses unframed ones). Returns the body, or nothing after filling
// `res` with the error reply:
//   413  the body is over the cap. httplib skips a Content-Length body over
//        the cap by itself; any other body is read on with the part past
//        the cap dropped as it arrives (memory stays at the cap), so that the
//        client gets to read the reply, up to kMaxDrainedBytes, where the
//        connection is cut. Every connection serves one request
//        (kRequestsPerConnection), so nothing left unread is ever parsed as
//        a next request.
//   400  a multipart form (the API takes JSON only), or a body that could
//        not be read (bad chunk framing, the client left).
std::optional<std::string> Server::Impl::read_capped_body(const httplib::Request& req,
                                                          const httplib::ContentReader& reader,
                                                          httplib::Response& res) const {
  const std::size_t cap = config.max_body_bytes;
  if (req.is_multipart_form_data()) {
    // httplib splits a form into parts as it reads; drop them all (so the
    // client gets to read the reply) and refuse the form.
    reader([](const httplib::MultipartFormData&) { return true; }, [](const char*, std::size_t) { return true; });
    send(res, error_response(kStatusBadRequest, "the request body must be JSON, not a multipart form"));
    return std::nullopt;
  }
  std::string body;
  bool over_cap = false;
  std::size_t received = 0;
  const bool whole = reader([&](const char* data, std::size_t length) {
    received += length;
    if (!over_cap && length <= cap - body.size()) {
      body.append(data, length);
    } else if (!over_cap) {
      over_cap = true;
      body.clear();
      body.shrink_to_fit();
    }
    return received <= kMaxDrainedBytes;
  });
  if (whole && !over_cap) return body;
  const bool too_large = over_cap || res.status == kStatusPayloadTooLarge;
  send(res,
       error_response(too_large ? kStatusPayloadTooLarge : kStatusBadRequest,
                      too_large ? default_error_text(kStatusPayloadTooLarge, cap) : "cannot read the request body"));
  return std::nullopt;
}

// Every route, in the order httplib tries them (first match wins).
void Server::Impl::install_routes() {
  const std::size_t threads = config.threads == 0 ? 1 : config.threads;
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(config.max_body_bytes);
  http.set_keep_alive_timeout(kKeepAliveSeconds);
  http.set_keep_alive_max_count(kRequestsPerConnection);
  // httplib's default sets SO_REUSEPORT, which lets a second server bind the
  // same port and silently share it. SO_REUSEADDR alone still allows a quick
  // restart (past TIME_WAIT) but makes a busy port an error.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_default_headers({{"X-Content-Type-Options", "nosniff"}});

  // Every POST reads its body here, keeping at most the cap: httplib's own
  // cap (set_payload_max_length) only covers bodies sent with Content-Length,
  // and would read a chunked body of any size into memory.
  http.Post(".*", [this](const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader) {
    const std::optional<std::string> body = read_capped_body(req, reader, res);
    if (!body) return;
    if (req.path == "/api/solve") {
      send(res, solve_endpoint(*body, config.budget, &stopping));
    } else if (const std::optional<std::string_view> puzzle = play_route(req.path)) {
      send(res, play_endpoint(*puzzle, *body, config.budget, &stopping));
    } else {
      send(res, error_response(kStatusNotFound, default_error_text(kStatusNotFound, config.max_body_bytes)));
    }
  });
  // No route takes these methods; their bodies are read (capped) and
  // dropped all the same, so that the connection stays in step.
  const auto refuse_after_reading = [this](const httplib::Request& req, httplib::Response& res,
                                           const httplib::ContentReader& reader) {
    if (read_capped_body(req, reader, res))
      send(res, error_response(kStatusNotFound, default_error_text(kStatusNotFound, config.max_body_bytes)));
  };
  http.Put(".*", refuse_after_reading);
  http.Patch(".*", refuse_after_reading);
  http.Delete(".*", refuse_after_reading);
  http.Get("/api/puzzles", [](const httplib::Request&, httplib::Response& res) { send(res, puzzles_endpoint()); });
  http.Get("/api/.*", [](const httplib::Request&, httplib::Response& res) {
    send(res, error_response(kStatusNotFound, "no such API endpoint"));
  });
  http.Get("/.*", [this](const httplib::Request& req, httplib::Response& res) { serve_static(req, res); });

  // Statuses set by httplib itself (404 for an unknown route, 413 for a body
  // over the cap) get a JSON error body too; replies that already have a body
  // are left alone.
  http.set_error_handler(httplib::Server::HandlerWithResponse([this](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    send(res, error_response(res.status, default_error_text(res.status, config.max_body_bytes)));
    return httplib::Server::HandlerResponse::Handled;
  }));
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr error) {
    std::string what = "unknown exception";
    try {
      if (error) std::rethrow_exception(error);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send(res, error_response(kStatusInternalError, "internal error: " + what));
  });

  // Before any body is read. httplib 0.11 frames a body by Content-Length
  // or by "Transfer-Encoding: chunked" (exactly that value); any other body
  // it reads up to the end of the connection. HTTP/1.1 says a request with
  // neither has no body, so ask for a length instead of waiting for the
  // client to hang up. A PRI request would have its body read with no cap
  // before routing, and no route takes it. Both are answered unread; the
  // connection then closes (one request per connection).
  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    request_started = std::chrono::steady_clock::now();
    const bool has_body_method = req.method == "POST" || req.method == "PUT" || req.method == "PATCH" ||
                                 req.method == "DELETE" || req.method == "PRI";
    if (!has_body_method) return httplib::Server::HandlerResponse::Unhandled;
    const bool framed = req.has_header("Content-Length") ||
                        strcasecmp(req.get_header_value("Transfer-Encoding").c_str(), "chunked") == 0;
    if (framed && req.method != "PRI") return httplib::Server::HandlerResponse::Unhandled;
    res.set_header("Connection", "close");
    if (req.method == "POST")
      send(res, error_response(kStatusLengthRequired, "a POST needs Content-Length or Transfer-Encoding: chunked"));
    else
      send(res, error_response(kStatusNotFound, default_error_text(kStatusNotFound, config.max_body_bytes)));
    return httplib::Server::HandlerResponse::Handled;
  });
  if (config.log) {
    http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - request_started).count();
      config.log(fmt::format("{} {} {} {:.1f} ms", req.method, req.path, res.status, ms));
    });
  }
}

// GET of anything outside /api/: a file of the web root or 404.
void Server::Impl::serve_static(const httplib::Request& req, httplib::Response& res) const {
  const auto file = resolve_static_path(config.web_root, req.path);
  if (!file) {
    res.status = kStatusNotFound;
    res.set_content("not found\n", "text/plain; charset=utf-8");
    return;
  }
  std::ifstream in(*file, std::ios::binary);
  if (!in) {
    res.status = kStatusNotFound;
    res.set_content("not found\n", "text/plain; charset=utf-8");
    return;
  }
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  res.set_header("Cache-Control", "no-cache");
  res.set_content(std::move(content), content_type_for(*file).c_str());
}

namespace {

// Debian's build of cpp-httplib listens with a backlog of 5 (a compile-time
// constant of the shared library, not settable through its API). A burst of
// more connections than that, such as a page loading its files while solves
// run, then loses handshakes and clients see "Read" errors (measured: 2 of 44
// runs of a 16-client burst failed; 0 of 60 with 5 clients). Linux lets a
// listening socket be given a new backlog by calling listen() again, so find
// the socket httplib is listening on for `port` and widen its queue.
// Best effort: if the socket is not found the server still works as before.
void widen_listen_backlog(int port) {
  DIR* fds = opendir("/proc/self/fd");
  if (fds == nullptr) return;
  while (const dirent* entry = readdir(fds)) {
    char* end = nullptr;
    const long fd = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0' || fd == dirfd(fds)) continue;
    int accepting = 0;
    socklen_t length = sizeof accepting;
    if (getsockopt(static_cast<int>(fd), SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) != 0 || !accepting) continue;
    sockaddr_storage address{};
    socklen_t address_length = sizeof address;
    if (getsockname(static_cast<int>(fd), reinterpret_cast<sockaddr*>(&address), &address_length) != 0) continue;
    int bound = -1;
    if (address.ss_family == AF_INET) bound = ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
    if (address.ss_family == AF_INET6) bound = ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
    if (bound == port) listen(static_cast<int>(fd), SOMAXCONN);
  }
  closedir(fds);
}

}  // namespace

Server::Server(ServerConfig config) : impl_(std::make_unique<Impl>(std::move(config))) { impl_->install_routes(); }

Server::~Server() { stop(); }

bool Server::bind() {
  if (impl_->config.port == 0) {
    impl_->bound_port = impl_->http.bind_to_any_port(impl_->config.host);
    if (impl_->bound_port <= 0) return false;
  } else {
    if (!impl_->http.bind_to_port(impl_->config.host, impl_->config.port)) return false;
    impl_->bound_port = impl_->config.port;
  }
  widen_listen_backlog(impl_->bound_port);
  return true;
}

int Server::port() const { return impl_->bound_port; }

void Server::run() {
  if (impl_->stopping.load()) return;
  impl_->http.listen_after_bind();
}

void Server::stop() {
  impl_->stopping.store(true);
  impl_->http.stop();
}

}  // namespace boardsearch::server
