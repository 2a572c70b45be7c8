// Fuzz target: the server's request handling without the socket
// (server::RequestHandler, src/server/server.hpp): every route, the Host and
// Origin checks, methods, Content-Type, the endpoints and the static files.
// The input is a request written like HTTP, read leniently here (this
// reader is only a way to shape requests, not what is tested):
//   METHOD PATH\n  then "Name: value" lines, an empty line, the body.
// A reply must not be a 500 (a bug), a 405 names its Allow, an /api/ JSON
// reply parses and an error in it is one line; a job started is polled and
// cancelled. Seeds: fuzz/corpus/http/.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>

#include "fuzz_support.hpp"
#include "server/server.hpp"

namespace {

using namespace boardsearch;

// The port the handler believes it listens on: Host headers name it.
constexpr int kPort = 8080;
constexpr double kBackstopSeconds = 5.0;

server::RequestHandler& handler() {
  static const std::unique_ptr<server::RequestHandler> instance = [] {
    server::ServerConfig config;
    config.web_root = BOARDSEARCH_FUZZ_WEB_ROOT;
    config.budget.max_nodes = fuzz::kMaxNodes;
    config.budget.time_limit_seconds = kBackstopSeconds;
    config.budget.max_memory_bytes = fuzz::kMaxMemoryBytes;
    config.workers = 1;
    // No job executor: a job runs inside handle(), so every input ends with
    // its work done.
    return std::make_unique<server::RequestHandler>(config, kPort);
  }();
  return *instance;
}

// The next line of `text` from `at` (without '\n'), advancing `at`.
std::string_view next_line(std::string_view text, std::size_t& at) {
  const std::size_t end = std::min(text.find('\n', at), text.size());
  std::string_view line = text.substr(at, end - at);
  at = end + 1;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

server::HttpRequest read_request(std::string_view text) {
  server::HttpRequest request;
  std::size_t at = 0;
  const std::string_view first = next_line(text, at);
  const std::size_t space = first.find(' ');
  request.method = std::string(first.substr(0, space));
  request.path = space == std::string_view::npos ? "/" : std::string(first.substr(space + 1));
  while (at < text.size()) {
    const std::string_view line = next_line(text, at);
    if (line.empty()) break;
    const std::size_t colon = line.find(':');
    std::string_view value = colon == std::string_view::npos ? std::string_view{} : line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    request.headers.emplace_back(std::string(line.substr(0, colon)), std::string(value));
  }
  if (at < text.size()) request.body = std::string(text.substr(at));
  return request;
}

bool has_header(const server::HttpResponse& reply, std::string_view name) {
  for (const auto& [key, value] : reply.headers)
    if (key == name) return true;
  return false;
}

// The reply contract; returns the JSON body of an /api/ reply (null otherwise).
nlohmann::json check_reply(const server::HttpRequest& request, const server::HttpResponse& reply) {
  if (reply.status >= server::kStatusInternalError && reply.status != server::kStatusUnavailable)
    fuzz::fail("handle", "status " + std::to_string(reply.status) + ": " + reply.body.substr(0, 300));
  if (reply.status < 200 || reply.status > 599) fuzz::fail("handle", "status out of range");
  if (reply.status == server::kStatusMethodNotAllowed && !has_header(reply, "Allow"))
    fuzz::fail("handle", "405 without Allow");
  if (reply.content_type.rfind("application/json", 0) != 0) return nullptr;
  nlohmann::json body = nlohmann::json::parse(reply.body, nullptr, false);
  if (body.is_discarded()) fuzz::fail("handle", "a JSON reply that is not JSON for " + request.path);
  if (reply.status >= 400) {
    const auto error = body.find("error");
    if (error == body.end() || !error->is_string()) fuzz::fail("handle", "an error reply without \"error\"");
    fuzz::check_message(error->get<std::string>(), "handle");
  }
  return body;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const server::HttpRequest request = read_request(std::string_view(reinterpret_cast<const char*>(data), size));
  // 1. The request itself.
  const nlohmann::json body = check_reply(request, handler().handle(request));
  // 2. A job it started: poll it, then cancel it, as the page does.
  if (!body.is_object() || !body.contains("job") || !body["job"].is_string()) return 0;
  server::HttpRequest follow = request;
  follow.path = "/api/jobs/" + body["job"].get<std::string>();
  follow.body.clear();
  for (const char* method : {"GET", "DELETE"}) {
    follow.method = method;
    check_reply(follow, handler().handle(follow));
  }
  return 0;
}
