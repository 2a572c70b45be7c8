// The HTTP layer. httplib accepts connections; the pre-reader
// (request_reader.hpp) reads each request whole; a worker then runs
// httplib's request parser over the bytes read and answers through
// RequestHandler, which holds every route. Everything a route does is
// parse, call, reply.
//
//   accept (httplib's listen loop) -> RequestReader::add   (one event loop)
//     -> whole request -> solve workers (/api/solve, play, jobs)
//                      or page workers  (everything else: files, polls, ...)
//     -> httplib parses it (process_request over the bytes read) -> route
//     -> RequestHandler::handle -> reply written on the socket

#include "server/server.hpp"

#include <arpa/inet.h>
#include <dirent.h>
#include <fmt/format.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "server/request_reader.hpp"

namespace boardsearch::server {

namespace {

// Workers for everything but solves (files, the puzzle list, job polls and
// cancels): each answers in well under a millisecond, so two keep a page
// loading and its progress polls answered while every solve worker is busy.
constexpr std::size_t kPageWorkers = 2;
// Requests waiting for a worker, at most: per solve worker, and for the
// page workers. More is 503 at once instead of a queue that grows.
constexpr std::size_t kQueuedSolvesPerWorker = 8;
constexpr std::size_t kQueuedPageRequests = 256;
// Writing a reply: each send may wait this long for the client to read, the
// whole reply at most kReplyDeadline.
constexpr int kSendTimeoutSeconds = 5;
constexpr std::chrono::seconds kReplyDeadline{30};

// Start time of the request this thread is handling, for the log line.
thread_local std::chrono::steady_clock::time_point request_started;

// A fixed set of threads running queued tasks in order.
class WorkerPool {
 public:
  WorkerPool(std::size_t threads, std::size_t max_queued) : max_queued_(max_queued) {
    for (std::size_t i = 0; i < std::max<std::size_t>(threads, 1); ++i) threads_.emplace_back([this] { work(); });
  }
  ~WorkerPool() { stop(); }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues `task`; false if max_queued tasks wait already or the pool stopped.
  bool submit(std::function<void()> task) {
    {
      const std::lock_guard lock(mutex_);
      if (stopped_ || queue_.size() >= max_queued_) return false;
      queue_.push_back(std::move(task));
    }
    ready_.notify_one();
    return true;
  }
  // Runs what is queued, then joins the threads.
  void stop() {
    {
      const std::lock_guard lock(mutex_);
      stopped_ = true;
    }
    ready_.notify_all();
    for (std::thread& thread : threads_)
      if (thread.joinable()) thread.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return stopped_ || !queue_.empty(); });
        if (queue_.empty()) return;
        task = std::move(queue_.front());
        queue_.pop_front();
      }
      task();
    }
  }

  std::size_t max_queued_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;
  bool stopped_ = false;
  std::vector<std::thread> threads_;
};

// httplib's listen loop hands every accepted socket to its task queue; this
// one runs the hand-over at once, on the listen thread (it only passes the
// socket to the pre-reader).
class InlineQueue : public httplib::TaskQueue {
 public:
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override {}
};

// A request already read whole, as an httplib::Stream: reads come from the
// bytes, writes go to the socket (blocking, with a send timeout and a
// deadline for the whole reply).
class ReadStream : public httplib::Stream {
 public:
  ReadStream(int socket, std::string bytes)
      : socket_(socket), bytes_(std::move(bytes)), deadline_(std::chrono::steady_clock::now() + kReplyDeadline) {}
  bool is_readable() const override { return true; }
  bool is_writable() const override { return std::chrono::steady_clock::now() < deadline_; }
  ssize_t read(char* ptr, std::size_t size) override {
    const std::size_t n = std::min(size, bytes_.size() - offset_);
    std::memcpy(ptr, bytes_.data() + offset_, n);
    offset_ += n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, std::size_t size) override {
    if (!is_writable()) return -1;
    for (;;) {
      const ssize_t n = ::send(socket_, ptr, size, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      return n;
    }
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { address(false, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address(true, ip, port); }
  socket_t socket() const override { return socket_; }

 private:
  void address(bool local, std::string& ip, int& port) const {
    sockaddr_storage storage{};
    socklen_t length = sizeof storage;
    auto* any = reinterpret_cast<sockaddr*>(&storage);
    if ((local ? getsockname(socket_, any, &length) : getpeername(socket_, any, &length)) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (storage.ss_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(&storage);
      inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
      port = ntohs(v4->sin_port);
    } else if (storage.ss_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&storage);
      inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
      port = ntohs(v6->sin6_port);
    }
    ip = text;
  }

  int socket_;
  std::string bytes_;
  std::size_t offset_ = 0;
  std::chrono::steady_clock::time_point deadline_;
};

// httplib's server with the socket handling replaced: an accepted socket
// goes to `on_accept` (the pre-reader) instead of being read on a worker,
// and serve_read runs httplib's request processing over a request read
// whole. (process_and_close_socket is the virtual that httplib's own TLS
// server overrides the same way; process_request is its protected entry.)
class HttpCore : public httplib::Server {
 public:
  std::function<void(int socket)> on_accept;

  // Parses and answers one request read whole, then closes the socket.
  void serve_read(int socket, std::string bytes) {
    timeval timeout{kSendTimeoutSeconds, 0};
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    ReadStream stream(socket, std::move(bytes));
    bool closed = false;
    process_request(stream, true, closed, nullptr);
    ::shutdown(socket, SHUT_WR);
    ::close(socket);
  }

 private:
  bool process_and_close_socket(socket_t sock) override {
    if (on_accept)
      on_accept(sock);
    else
      ::close(sock);
    return true;
  }
};

// The httplib request as the handler sees it.
HttpRequest to_request(const httplib::Request& req) {
  HttpRequest request{req.method, req.path, {}, req.body};
  for (const auto& [name, value] : req.headers)
    if (name != "REMOTE_ADDR" && name != "REMOTE_PORT" && name != "LOCAL_ADDR" && name != "LOCAL_PORT")
      request.headers.emplace_back(name, value);
  return request;
}

void send(httplib::Response& res, const HttpResponse& response) {
  res.status = response.status;
  for (const auto& [name, value] : response.headers) res.set_header(name.c_str(), value);
  res.set_content(response.body, response.content_type.c_str());
}

// Solves go to the solve workers, everything else to the page workers. The
// target is not decoded here: a path with a percent escape might name a
// solve route once decoded, so it goes to the solve workers too.
bool is_solve_request(const WholeRequest& request) {
  if (request.method != "POST") return false;
  const std::string_view target = std::string_view(request.target).substr(0, request.target.find('?'));
  if (target.find('%') != std::string_view::npos) return true;
  return target == "/api/solve" || (target.starts_with("/api/") && target.ends_with("/play"));
}

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

struct Server::Impl {
  ServerConfig config;
  HttpCore http;
  std::atomic<bool> stopping{false};
  int bound_port = 0;
  std::unique_ptr<RequestHandler> handler;  // made by bind(), once the port is known
  std::unique_ptr<WorkerPool> solve_workers, page_workers;
  std::unique_ptr<RequestReader> reader;

  explicit Impl(ServerConfig config_in) : config(std::move(config_in)) {}

  void install_routes();
  void deliver(WholeRequest request);
};

// Every method on every path goes to RequestHandler; httplib's own replies
// (400 for a request line it cannot parse, 404 for a method no route takes)
// get a JSON body too.
void Server::Impl::install_routes() {
  http.new_task_queue = [] { return new InlineQueue; };
  http.set_payload_max_length(config.max_body_bytes);
  // httplib's default sets SO_REUSEPORT, which lets a second server bind the
  // same port and silently share it. SO_REUSEADDR alone still allows a quick
  // restart (past TIME_WAIT) but makes a busy port an error.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_default_headers({{"X-Content-Type-Options", "nosniff"}});
  const auto dispatch = [this](const httplib::Request& req, httplib::Response& res) {
    if (!handler) return;
    send(res, handler->handle(to_request(req)));
  };
  http.Get(".*", dispatch);
  http.Post(".*", dispatch);
  http.Put(".*", dispatch);
  http.Patch(".*", dispatch);
  http.Delete(".*", dispatch);
  http.Options(".*", dispatch);
  http.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    res.set_header("Cache-Control", "no-store");
    res.set_content(
        error_response(res.status, app::msg("server.http_error", {{"status", res.status}}), app::Lang::en).body.dump(),
        "application/json");
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
    res.status = kStatusInternalError;
    res.set_content(
        error_response(kStatusInternalError, app::msg("server.internal_error", {{"detail", what}}), app::Lang::en)
            .body.dump(),
        "application/json");
  });
  http.set_pre_routing_handler([](const httplib::Request&, httplib::Response&) {
    request_started = std::chrono::steady_clock::now();
    return httplib::Server::HandlerResponse::Unhandled;
  });
  if (config.log) {
    http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - request_started).count();
      config.log(fmt::format("{} {} {} {:.1f} ms", req.method, req.path, res.status, ms));
    });
  }
  http.on_accept = [this](int socket) {
    if (reader)
      reader->add(socket);
    else
      ::close(socket);
  };
}

// A request read whole goes to its workers; when they are all busy and
// their queue is full, it is answered 503 at once.
void Server::Impl::deliver(WholeRequest request) {
  WorkerPool& workers = is_solve_request(request) ? *solve_workers : *page_workers;
  const int socket = request.socket;
  const bool queued = workers.submit(
      [this, socket, bytes = std::move(request.bytes)]() mutable { http.serve_read(socket, std::move(bytes)); });
  if (!queued) {
    send_refusal(socket, kStatusUnavailable, "the server is busy; try again soon");
    ::close(socket);
  }
}

Server::Server(ServerConfig config) : impl_(std::make_unique<Impl>(std::move(config))) { impl_->install_routes(); }

Server::~Server() {
  stop();
  // Workers and the reader go first: they use the handler.
  impl_->reader.reset();
  impl_->page_workers.reset();
  impl_->solve_workers.reset();
  impl_->handler.reset();
}

bool Server::bind() {
  if (impl_->config.port == 0) {
    impl_->bound_port = impl_->http.bind_to_any_port(impl_->config.host);
    if (impl_->bound_port <= 0) return false;
  } else {
    if (!impl_->http.bind_to_port(impl_->config.host, impl_->config.port)) return false;
    impl_->bound_port = impl_->config.port;
  }
  widen_listen_backlog(impl_->bound_port);
  impl_->handler = std::make_unique<RequestHandler>(
      impl_->config, impl_->bound_port, [impl = impl_.get()](std::function<void()> task) {
        return impl->solve_workers && impl->solve_workers->submit(std::move(task));
      });
  return true;
}

int Server::port() const { return impl_->bound_port; }

void Server::run() {
  Impl& impl = *impl_;
  if (impl.stopping.load() || !impl.handler) return;
  const std::size_t threads = std::max<std::size_t>(impl.config.workers, 1);
  impl.solve_workers = std::make_unique<WorkerPool>(threads, threads * kQueuedSolvesPerWorker);
  impl.page_workers = std::make_unique<WorkerPool>(kPageWorkers, kQueuedPageRequests);
  ReaderLimits limits{impl.config.request_deadline_seconds, impl.config.max_head_bytes, impl.config.max_header_count,
                      impl.config.max_body_bytes, impl.config.max_pending_connections};
  impl.reader =
      std::make_unique<RequestReader>(limits, [&impl](WholeRequest request) { impl.deliver(std::move(request)); });
  if (!impl.stopping.load()) impl.http.listen_after_bind();
  // Shutting down: running solves and jobs are cancelled, nothing new is
  // read, and what the workers hold is answered (at once: cancelled).
  impl.stopping.store(true);
  impl.handler->cancel_jobs();
  impl.reader->stop();
  impl.page_workers->stop();
  impl.solve_workers->stop();
}

void Server::stop() {
  impl_->stopping.store(true);
  if (impl_->handler) impl_->handler->stop();
  impl_->http.stop();
}

}  // namespace boardsearch::server
