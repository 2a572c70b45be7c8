#pragma once
// What the server tests share: a Server running on its own thread on a free
// loopback port, JSON requests through an httplib client, and raw socket
// exchanges for what a well-behaved client never sends.

#include <arpa/inet.h>
#include <fmt/format.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>

#include "server/server.hpp"

namespace boardsearch::server::testing {

// A server running on its own thread for the lifetime of the object.
class RunningServer {
 public:
  explicit RunningServer(ServerConfig config = {}) {
    config.host = "127.0.0.1";
    config.port = 0;
    config.web_root = BOARDSEARCH_TEST_WEB_ROOT;
    server_ = std::make_unique<Server>(std::move(config));
    if (!server_->bind()) throw std::runtime_error("cannot bind a loopback port");
    thread_ = std::thread([this] { server_->run(); });
    // Ready once it answers; the first request may race the listen call, so
    // retry, for up to a minute (a net for a server that never listens, not
    // a verdict on how fast a loaded machine starts it).
    httplib::Client client = this->client();
    for (int attempt = 0; attempt < 6000; ++attempt) {
      if (auto reply = client.Get("/api/puzzles"); reply && reply->status == 200) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    throw std::runtime_error("the server did not answer");
  }
  ~RunningServer() {
    server_->stop();
    thread_.join();
  }
  RunningServer(const RunningServer&) = delete;
  RunningServer& operator=(const RunningServer&) = delete;
  httplib::Client client() const {
    httplib::Client client("127.0.0.1", server_->port());
    client.set_read_timeout(60, 0);
    return client;
  }
  Server& server() { return *server_; }
  int port() const { return server_->port(); }
  // The Host header a client of this server sends.
  std::string host() const { return fmt::format("127.0.0.1:{}", port()); }

 private:
  std::unique_ptr<Server> server_;
  std::thread thread_;
};

struct Reply {
  int status = 0;
  nlohmann::json body;
  std::string content_type;
};

inline Reply to_reply(const httplib::Result& reply, const std::string& what) {
  if (!reply) throw std::runtime_error(fmt::format("{} failed: {}", what, httplib::to_string(reply.error())));
  return {reply->status, nlohmann::json::parse(reply->body, nullptr, false), reply->get_header_value("Content-Type")};
}

inline Reply post(const RunningServer& server, const std::string& path, const std::string& body) {
  httplib::Client client = server.client();
  return to_reply(client.Post(path.c_str(), body, "application/json"), "POST " + path);
}

inline Reply get(const RunningServer& server, const std::string& path) {
  httplib::Client client = server.client();
  return to_reply(client.Get(path.c_str()), "GET " + path);
}

inline Reply solve(const RunningServer& server, const nlohmann::json& request) {
  return post(server, "/api/solve", request.dump());
}

// A connected loopback socket to `port` (-1 on failure), with a receive
// timeout of `timeout_seconds` as a safety net.
inline int connect_to(int port, int timeout_seconds = 20) {
  const int sock = ::socket(AF_INET, SOCK_STREAM, 0);
  if (sock < 0) return -1;
  const timeval timeout{timeout_seconds, 0};
  setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (::connect(sock, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(sock);
    return -1;
  }
  return sock;
}

inline bool send_all(int sock, const std::string& bytes) {
  return ::send(sock, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
}

// Everything the server sends on `sock` until it closes the connection (or
// the receive timeout passes).
inline std::string receive_all(int sock) {
  std::string received;
  char buffer[4096];
  for (ssize_t n; (n = ::recv(sock, buffer, sizeof buffer, 0)) > 0;)
    received.append(buffer, static_cast<std::size_t>(n));
  return received;
}

// Sends `bytes` on one fresh connection and returns everything the server
// sends back until it closes the connection (or 20 s pass, a safety net
// for a server that waits for more: the test then sees no reply at all).
// With `half_close`, the client shuts its sending side after the request.
inline std::string raw_exchange(const RunningServer& server, const std::string& bytes, bool half_close = false) {
  const int sock = connect_to(server.port());
  if (sock < 0) throw std::runtime_error("cannot connect");
  std::string received;
  if (send_all(sock, bytes)) {
    if (half_close) ::shutdown(sock, SHUT_WR);
    received = receive_all(sock);
  }
  ::close(sock);
  return received;
}

// The status of the first reply in `received` (0 if none).
inline int status_of(const std::string& received) {
  if (received.rfind("HTTP/1.1 ", 0) != 0 || received.size() < 12) return 0;
  return std::stoi(received.substr(9, 3));
}

// The body of a raw reply (after the head).
inline std::string body_of(const std::string& received) {
  const std::size_t end = received.find("\r\n\r\n");
  return end == std::string::npos ? "" : received.substr(end + 4);
}

}  // namespace boardsearch::server::testing
