#pragma once
// The pre-reader of requests: one event loop (poll) that reads every new
// connection until its request is whole, within a deadline and under caps,
// and only then hands it to a worker. Debian's cpp-httplib (a prebuilt 0.11
// library) reads each connection on a worker thread with a per-recv timeout
// only, no cap on the number of header lines and no deadline for the whole
// request, so a handful of clients that trickle bytes could hold every
// worker; and its limits are compile-time constants of the shared library.
// Here a slow or idle connection costs one entry in a poll set, no thread.
//
// What it checks (statuses as in docs/api.md):
//   deadline   the whole request within `deadline_seconds` of the accept: 408
//   head       at most `max_head_bytes` and `max_header_count` lines: 431
//              (a request line over kMaxRequestLineBytes: 414)
//   framing    exactly one Content-Length (repeats and lists are refused:
//              400), or Transfer-Encoding: chunked alone (both: 400; any
//              other coding: 411), a POST without either: 411
//   body       at most `max_body_bytes` after de-chunking: 413
//   trailers   after the last chunk: read and dropped (they count against
//              the head caps)
// A refused request gets its reply at once, then the connection is read on
// and dropped (up to kMaxDrainedBytes or the deadline) so that the client
// can read the reply. A request read whole is rewritten for the worker with
// a plain Content-Length body (chunks joined, trailers and Expect dropped,
// Connection: close) so that httplib's parser sees one simple form.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace boardsearch::server {

// A request line longer than this is refused (414): as httplib's own cap.
constexpr std::size_t kMaxRequestLineBytes = 8192;
// How much of a refused request's body is read and dropped before the
// connection is cut.
constexpr std::size_t kMaxDrainedBytes = std::size_t{64} << 20;

struct ReaderLimits {
  double deadline_seconds = 10;
  std::size_t max_head_bytes = 16 * 1024;
  std::size_t max_header_count = 64;
  std::size_t max_body_bytes = 64 * 1024;
  std::size_t max_pending = 256;
};

// A request read whole.
struct WholeRequest {
  int socket = -1;     // blocking again; the receiver closes it
  std::string bytes;   // the rewritten request: head, then exactly Content-Length bytes of body
  std::string method;  // from the request line
  std::string target;  // the request target as sent (not decoded)
};

// The framing parser alone: one per connection, fed the bytes as they
// arrive; no socket (a fuzz target can feed it anything, in any pieces).
class RequestFramer {
 public:
  enum class Status { reading, whole, refused };

  explicit RequestFramer(ReaderLimits limits);
  ~RequestFramer();
  RequestFramer(const RequestFramer&) = delete;
  RequestFramer& operator=(const RequestFramer&) = delete;

  // Consumes `bytes` (the next ones received). Returns reading until the
  // request is whole or refused; after that, the same answer whatever
  // follows (bytes past the request are dropped: one request per
  // connection).
  Status feed(std::string_view bytes);
  // Whether any byte came (a connection that sent none is closed silently).
  bool received_any() const;
  // True once, when the head asked for "100 Continue" and a body is due.
  bool take_continue();
  // After refused: the reply's status and message.
  int refusal_status() const;
  std::string refusal_message() const;
  // After whole: the rewritten request (socket left at -1). Once.
  WholeRequest take_request();

  struct State;  // the parser's state (request_reader.cpp)

 private:
  ReaderLimits limits_;
  std::unique_ptr<State> state_;
};

// Writes a small JSON error reply on `socket` without blocking (it fits an
// empty socket buffer) and shuts the sending side; does not close it.
void send_refusal(int socket, int status, std::string_view message);

class RequestReader {
 public:
  // Called on the reader's thread for every whole request; must not block.
  using Deliver = std::function<void(WholeRequest request)>;

  RequestReader(ReaderLimits limits, Deliver deliver);
  ~RequestReader();  // stop()
  RequestReader(const RequestReader&) = delete;
  RequestReader& operator=(const RequestReader&) = delete;

  // Takes over a newly accepted connection. Thread-safe. After stop(), the
  // socket is closed at once.
  void add(int socket);
  // Closes every connection still being read and joins the thread.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace boardsearch::server
