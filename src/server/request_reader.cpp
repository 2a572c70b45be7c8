// The pre-reader's event loop and its small HTTP/1.1 framing parser (see
// request_reader.hpp). It parses only what framing needs: the request line,
// header lines as "name: value", Content-Length and chunked bodies.
// Everything else is left to httplib's parser on the worker.

#include "server/request_reader.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <list>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "server/http_status.hpp"
#include "server/http_text.hpp"

namespace boardsearch::server {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::string_view kCrlf = "\r\n";
// A chunk-size line ("1a2b;ext") longer than this is refused: sizes up to
// the body cap need a few hex digits.
constexpr std::size_t kMaxChunkLineBytes = 1024;
// Bytes per recv.
constexpr std::size_t kReadBytes = 16 * 1024;
// The loop wakes at least this often (to see deadlines and stop()).
constexpr int kPollMilliseconds = 100;
// A refused request is drained for at most this long after its reply.
constexpr std::chrono::seconds kDrainTime{2};

// Why a request is refused: the status and the message of its reply.
struct Refusal {
  int status;
  std::string message;
};

// One connection being read.
struct Connection {
  int socket = -1;
  Clock::time_point deadline;
  bool draining = false;  // refused: reading on and dropping until closed
  std::size_t drained = 0;
  std::unique_ptr<RequestFramer> framer;
};

}  // namespace

void send_refusal(int socket, int status, std::string_view message) {
  // The body has the API's error shape, {"error": message} (docs/api.md).
  const std::string body =
      nlohmann::json{{"error", std::string(message)}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::string reply = fmt::format(
      "HTTP/1.1 {} {}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
      "X-Content-Type-Options: nosniff\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
      status, reason_phrase(status), body.size(), body);
  [[maybe_unused]] const ssize_t sent = ::send(socket, reply.data(), reply.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  ::shutdown(socket, SHUT_WR);
}

struct RequestFramer::State {
  enum class Phase { head, length_body, chunked_body, done } phase = Phase::head;
  std::string buffer;  // received, not yet consumed
  bool any_byte = false;
  bool continue_due = false;
  std::optional<Refusal> refusal;
  // Known once the head is whole.
  std::string method, target, head;  // head: request line and kept header lines, CRLF-terminated
  std::size_t head_bytes = 0, header_lines = 0;
  // The body.
  std::string body;
  std::size_t length_left = 0;  // length_body: bytes still to come
  enum class Chunk { size_line, data, data_end, trailer } chunk = Chunk::size_line;
  std::size_t chunk_left = 0;
  std::size_t raw_body_bytes = 0;
};

namespace {

// Step 1. The head: request line, header lines, up to the empty line.
std::optional<Refusal> parse_head(const ReaderLimits& limits, RequestFramer::State& c, std::size_t head_end) {
  const std::string_view head(c.buffer.data(), head_end);
  const std::size_t line_end = head.find(kCrlf);
  const std::string_view request_line = head.substr(0, line_end);
  if (request_line.size() > kMaxRequestLineBytes) return Refusal{kStatusUriTooLong, "request line too long"};
  const std::size_t space1 = request_line.find(' ');
  const std::size_t space2 = request_line.find(' ', space1 == std::string_view::npos ? 0 : space1 + 1);
  if (space1 == std::string_view::npos || space2 == std::string_view::npos)
    return Refusal{kStatusBadRequest, "malformed request line"};
  c.method = request_line.substr(0, space1);
  c.target = request_line.substr(space1 + 1, space2 - space1 - 1);
  c.head = std::string(request_line) + std::string(kCrlf);
  std::vector<std::string_view> lengths, codings;
  bool expects_continue = false;
  std::size_t at = line_end == std::string_view::npos ? head.size() : line_end + kCrlf.size();
  while (at < head.size()) {
    std::size_t end = head.find(kCrlf, at);
    if (end == std::string_view::npos) end = head.size();
    const std::string_view line = head.substr(at, end - at);
    at = end + kCrlf.size();
    if (++c.header_lines > limits.max_header_count)
      return Refusal{kStatusHeadersTooLarge, fmt::format("more than {} header lines", limits.max_header_count)};
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) return Refusal{kStatusBadRequest, "malformed header line"};
    const std::string_view name = line.substr(0, colon);
    const std::string_view value = trimmed(line.substr(colon + 1));
    if (equal_ignoring_case(name, "Content-Length")) {
      lengths.push_back(value);
    } else if (equal_ignoring_case(name, "Transfer-Encoding")) {
      codings.push_back(value);
    } else if (equal_ignoring_case(name, "Expect")) {
      expects_continue = equal_ignoring_case(value, "100-continue");
    } else if (!equal_ignoring_case(name, "Connection")) {
      c.head += std::string(line) + std::string(kCrlf);
    }
  }
  c.head_bytes = head_end;
  // Step 2. The framing of the body.
  if (!codings.empty()) {
    if (!lengths.empty())
      return Refusal{kStatusBadRequest, "a request has Content-Length or Transfer-Encoding, not both"};
    if (codings.size() != 1 || !equal_ignoring_case(codings[0], "chunked"))
      return Refusal{kStatusLengthRequired, "the only Transfer-Encoding taken is chunked; or send Content-Length"};
    c.phase = RequestFramer::State::Phase::chunked_body;
  } else if (!lengths.empty()) {
    if (lengths.size() != 1) return Refusal{kStatusBadRequest, "Content-Length given more than once"};
    const std::string_view text = lengths[0];
    std::size_t length = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), length);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size())
      return Refusal{kStatusBadRequest, "Content-Length must be one decimal number"};
    if (length > limits.max_body_bytes)
      return Refusal{kStatusPayloadTooLarge, fmt::format("request body larger than {} bytes", limits.max_body_bytes)};
    c.length_left = length;
    c.phase = RequestFramer::State::Phase::length_body;
  } else if (c.method == "POST") {
    return Refusal{kStatusLengthRequired, "a POST needs Content-Length or Transfer-Encoding: chunked"};
  } else {
    c.phase = RequestFramer::State::Phase::length_body;  // no body
  }
  // The head is consumed (the views above point into it: only now).
  c.buffer.erase(0, head_end + 2 * kCrlf.size());
  // A client that waits for "100 Continue" before its body gets it now.
  c.continue_due = expects_continue && (c.phase == RequestFramer::State::Phase::chunked_body || c.length_left > 0);
  return std::nullopt;
}

// Step 3b. A chunked body: size line, data, CRLF, ..., the last chunk (size
// 0), trailer lines, the empty line.
std::optional<Refusal> advance_chunked(const ReaderLimits& limits, RequestFramer::State& c, bool& whole) {
  const std::size_t raw_cap = 8 * limits.max_body_bytes + limits.max_head_bytes;
  std::size_t at = 0;
  std::optional<Refusal> refusal;
  while (!refusal && !whole) {
    if (c.chunk == RequestFramer::State::Chunk::data) {
      const std::size_t take = std::min(c.chunk_left, c.buffer.size() - at);
      if (take == 0) break;
      if (take > limits.max_body_bytes - c.body.size()) {
        refusal =
            Refusal{kStatusPayloadTooLarge, fmt::format("request body larger than {} bytes", limits.max_body_bytes)};
        break;
      }
      c.body.append(c.buffer, at, take);
      at += take;
      c.chunk_left -= take;
      if (c.chunk_left == 0) c.chunk = RequestFramer::State::Chunk::data_end;
      continue;
    }
    const std::size_t end = c.buffer.find(kCrlf, at);
    if (end == std::string::npos) {
      if (c.buffer.size() - at > kMaxChunkLineBytes) refusal = Refusal{kStatusBadRequest, "chunk line too long"};
      break;
    }
    const std::string_view line(c.buffer.data() + at, end - at);
    at = end + kCrlf.size();
    if (c.chunk == RequestFramer::State::Chunk::data_end) {
      if (!line.empty()) refusal = Refusal{kStatusBadRequest, "a chunk is longer than its size"};
      c.chunk = RequestFramer::State::Chunk::size_line;
    } else if (c.chunk == RequestFramer::State::Chunk::size_line) {
      const std::string_view digits = trimmed(line.substr(0, line.find(';')));
      std::size_t size = 0;
      const auto [stop, error] = std::from_chars(digits.data(), digits.data() + digits.size(), size, 16);
      if (digits.empty() || error != std::errc{} || stop != digits.data() + digits.size()) {
        refusal = Refusal{kStatusBadRequest, "malformed chunk size"};
      } else if (size > limits.max_body_bytes - c.body.size()) {
        refusal =
            Refusal{kStatusPayloadTooLarge, fmt::format("request body larger than {} bytes", limits.max_body_bytes)};
      } else if (size == 0) {
        c.chunk = RequestFramer::State::Chunk::trailer;
      } else {
        c.chunk_left = size;
        c.chunk = RequestFramer::State::Chunk::data;
      }
    } else if (line.empty()) {  // trailer section ends
      whole = true;
    } else {  // a trailer line: counted as a header line, dropped
      c.head_bytes += line.size() + kCrlf.size();
      if (++c.header_lines > limits.max_header_count || c.head_bytes > limits.max_head_bytes)
        refusal = Refusal{kStatusHeadersTooLarge, "trailer lines over the header caps"};
    }
  }
  c.raw_body_bytes += at;
  c.buffer.erase(0, at);
  if (!refusal && c.raw_body_bytes > raw_cap)
    refusal = Refusal{kStatusPayloadTooLarge, "chunked body framing too large"};
  return refusal;
}

std::optional<Refusal> advance(const ReaderLimits& limits, RequestFramer::State& c, bool& whole) {
  if (c.phase == RequestFramer::State::Phase::head) {
    const std::size_t head_end = c.buffer.find("\r\n\r\n");
    if (head_end == std::string::npos) {
      const std::size_t first_line = c.buffer.find(kCrlf);
      if (first_line == std::string::npos && c.buffer.size() > kMaxRequestLineBytes)
        return Refusal{kStatusUriTooLong, "request line too long"};
      if (c.buffer.size() > limits.max_head_bytes)
        return Refusal{kStatusHeadersTooLarge, fmt::format("request head larger than {} bytes", limits.max_head_bytes)};
      // Count complete lines now, so that many short lines are refused
      // without waiting for the byte cap.
      std::size_t lines = 0;
      for (std::size_t at = c.buffer.find(kCrlf); at != std::string::npos; at = c.buffer.find(kCrlf, at + 2)) ++lines;
      if (lines > limits.max_header_count + 1)
        return Refusal{kStatusHeadersTooLarge, fmt::format("more than {} header lines", limits.max_header_count)};
      return std::nullopt;
    }
    if (head_end > limits.max_head_bytes)
      return Refusal{kStatusHeadersTooLarge, fmt::format("request head larger than {} bytes", limits.max_head_bytes)};
    if (std::optional<Refusal> refusal = parse_head(limits, c, head_end)) return refusal;
  }
  if (c.phase == RequestFramer::State::Phase::length_body) {
    // Step 3a. A Content-Length body (or none).
    const std::size_t take = std::min(c.length_left, c.buffer.size());
    c.body.append(c.buffer, 0, take);
    c.buffer.erase(0, take);
    c.length_left -= take;
    whole = c.length_left == 0;
    return std::nullopt;
  }
  return advance_chunked(limits, c, whole);
}

}  // namespace

RequestFramer::RequestFramer(ReaderLimits limits) : limits_(limits), state_(std::make_unique<State>()) {}
RequestFramer::~RequestFramer() = default;

RequestFramer::Status RequestFramer::feed(std::string_view bytes) {
  State& c = *state_;
  if (c.refusal) return Status::refused;
  if (c.phase == State::Phase::done) return Status::whole;
  if (!bytes.empty()) c.any_byte = true;
  c.buffer.append(bytes);
  bool whole = false;
  if ((c.refusal = advance(limits_, c, whole))) {
    c.buffer.clear();
    c.buffer.shrink_to_fit();
    c.body.clear();
    return Status::refused;
  }
  if (!whole) return Status::reading;
  c.phase = State::Phase::done;
  return Status::whole;
}

bool RequestFramer::received_any() const { return state_->any_byte; }

bool RequestFramer::take_continue() { return std::exchange(state_->continue_due, false); }

int RequestFramer::refusal_status() const { return state_->refusal ? state_->refusal->status : 0; }

std::string RequestFramer::refusal_message() const { return state_->refusal ? state_->refusal->message : ""; }

WholeRequest RequestFramer::take_request() {
  State& c = *state_;
  WholeRequest request;
  request.method = std::move(c.method);
  request.target = std::move(c.target);
  request.bytes = std::move(c.head);
  if (!c.body.empty() || request.method == "POST" || request.method == "PUT" || request.method == "PATCH")
    request.bytes += fmt::format("Content-Length: {}\r\n", c.body.size());
  request.bytes += "Connection: close\r\n\r\n";
  request.bytes += c.body;
  return request;
}

struct RequestReader::Impl {
  ReaderLimits limits;
  Deliver deliver;
  std::mutex mutex;  // guards `arrived` and `stopped`
  std::vector<int> arrived;
  bool stopped = false;
  int wake[2] = {-1, -1};             // a pipe: add() and stop() write a byte to wake the loop
  std::list<Connection> connections;  // oldest first
  std::thread thread;

  void loop();
  // Reads what is there; false once the connection is finished with (closed
  // or handed over).
  bool on_readable(Connection& c);
  void refuse(Connection& c, int status, const std::string& message);
  void hand_over(Connection& c);
};

void RequestReader::Impl::refuse(Connection& c, int status, const std::string& message) {
  send_refusal(c.socket, status, message);
  c.draining = true;
  c.framer.reset();
  c.deadline = std::min(c.deadline, Clock::now() + kDrainTime);
}

void RequestReader::Impl::hand_over(Connection& c) {
  WholeRequest request = c.framer->take_request();
  request.socket = c.socket;
  const int flags = fcntl(c.socket, F_GETFL);
  fcntl(c.socket, F_SETFL, flags & ~O_NONBLOCK);
  c.socket = -1;
  deliver(std::move(request));
}

bool RequestReader::Impl::on_readable(Connection& c) {
  char chunk[kReadBytes];
  const ssize_t n = ::recv(c.socket, chunk, sizeof chunk, 0);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return true;
  if (n <= 0) {  // the client closed (or reset) before its request was whole
    ::close(c.socket);
    return false;
  }
  if (c.draining) {
    c.drained += static_cast<std::size_t>(n);
    if (c.drained > kMaxDrainedBytes) {
      ::close(c.socket);
      return false;
    }
    return true;
  }
  const RequestFramer::Status status = c.framer->feed(std::string_view(chunk, static_cast<std::size_t>(n)));
  if (c.framer->take_continue()) {
    constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
    [[maybe_unused]] const ssize_t sent =
        ::send(c.socket, kContinue.data(), kContinue.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  }
  if (status == RequestFramer::Status::refused) {
    refuse(c, c.framer->refusal_status(), c.framer->refusal_message());
    return true;
  }
  if (status == RequestFramer::Status::reading) return true;
  hand_over(c);
  return false;
}

void RequestReader::Impl::loop() {
  std::vector<pollfd> fds;
  for (;;) {
    // Step 1. New connections, and stop().
    {
      const std::lock_guard lock(mutex);
      if (stopped) break;
      const auto now = Clock::now();
      const auto deadline =
          now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.deadline_seconds));
      for (int socket : arrived) {
        // Full: the connection that has been reading longest makes room.
        if (connections.size() >= std::max<std::size_t>(limits.max_pending, 1)) {
          Connection& oldest = connections.front();
          if (!oldest.draining && oldest.framer->received_any())
            send_refusal(oldest.socket, kStatusRequestTimeout, "too many connections; the slowest was dropped");
          ::close(oldest.socket);
          connections.pop_front();
        }
        fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK);
        Connection c;
        c.socket = socket;
        c.deadline = deadline;
        c.framer = std::make_unique<RequestFramer>(limits);
        connections.push_back(std::move(c));
      }
      arrived.clear();
    }
    // Step 2. Deadlines: a request not whole in time is answered 408 (a
    // connection that never sent a byte is just closed).
    const auto now = Clock::now();
    for (auto it = connections.begin(); it != connections.end();) {
      if (now < it->deadline) {
        ++it;
        continue;
      }
      if (!it->draining && it->framer->received_any())
        send_refusal(it->socket, kStatusRequestTimeout,
                     fmt::format("the request was not received whole within {} s", limits.deadline_seconds));
      ::close(it->socket);
      it = connections.erase(it);
    }
    // Step 3. Wait for bytes (or a wake-up, or the next deadline).
    fds.clear();
    fds.push_back({wake[0], POLLIN, 0});
    for (const Connection& c : connections) fds.push_back({c.socket, POLLIN, 0});
    ::poll(fds.data(), fds.size(), kPollMilliseconds);
    if (fds[0].revents & POLLIN) {
      char drop[64];
      [[maybe_unused]] const ssize_t n = ::read(wake[0], drop, sizeof drop);
    }
    // Step 4. Read what came.
    std::size_t index = 1;
    for (auto it = connections.begin(); it != connections.end(); ++index) {
      if (index >= fds.size() || fds[index].revents == 0) {
        ++it;
        continue;
      }
      if (on_readable(*it))
        ++it;
      else
        it = connections.erase(it);
    }
  }
  for (Connection& c : connections)
    if (c.socket >= 0) ::close(c.socket);
  connections.clear();
}

RequestReader::RequestReader(ReaderLimits limits, Deliver deliver) : impl_(std::make_unique<Impl>()) {
  impl_->limits = limits;
  impl_->deliver = std::move(deliver);
  if (::pipe2(impl_->wake, O_NONBLOCK | O_CLOEXEC) != 0) throw std::runtime_error("cannot create a pipe");
  impl_->thread = std::thread([impl = impl_.get()] { impl->loop(); });
}

RequestReader::~RequestReader() {
  stop();
  ::close(impl_->wake[0]);
  ::close(impl_->wake[1]);
}

void RequestReader::add(int socket) {
  {
    const std::lock_guard lock(impl_->mutex);
    if (impl_->stopped) {
      ::close(socket);
      return;
    }
    impl_->arrived.push_back(socket);
  }
  const char byte = 1;
  [[maybe_unused]] const ssize_t n = ::write(impl_->wake[1], &byte, 1);
}

void RequestReader::stop() {
  {
    const std::lock_guard lock(impl_->mutex);
    if (impl_->stopped && !impl_->thread.joinable()) return;
    impl_->stopped = true;
    for (int socket : impl_->arrived) ::close(socket);
    impl_->arrived.clear();
  }
  const char byte = 1;
  [[maybe_unused]] const ssize_t n = ::write(impl_->wake[1], &byte, 1);
  if (impl_->thread.joinable()) impl_->thread.join();
}

}  // namespace boardsearch::server
