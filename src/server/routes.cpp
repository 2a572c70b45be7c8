// RequestHandler: every route of docs/api.md as a function of the request
// (method, path, headers, body), with no socket. The checks every request
// passes (Host, Origin, method, Content-Type) are here, in one place.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "boardsearch/app/text_input.hpp"
#include "server/http_text.hpp"
#include "server/jobs.hpp"
#include "server/server.hpp"
#include "server/static_files.hpp"

namespace boardsearch::server {

namespace {

constexpr const char* kJsonType = "application/json";
constexpr std::string_view kJobsPrefix = "/api/jobs/";

// The value of header `name` (first one), or nothing.
std::optional<std::string_view> header(const HttpRequest& request, std::string_view name) {
  for (const auto& [key, value] : request.headers)
    if (equal_ignoring_case(key, name)) return std::string_view(value);
  return std::nullopt;
}

// Serializes a reply; text that came from the request (echoed in an error
// message) may hold invalid UTF-8, which is replaced rather than thrown on.
HttpResponse json_reply(const ApiResponse& response) {
  HttpResponse reply;
  reply.status = response.status;
  reply.content_type = kJsonType;
  reply.headers.emplace_back("Cache-Control", "no-store");
  reply.body = response.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return reply;
}

HttpResponse json_error(int status, const app::Message& message, app::Lang lang) {
  return json_reply(error_response(status, message, lang));
}

// The language the request's Accept-Language header prefers (English
// without one); a body's "lang" field overrides it in the endpoints.
app::Lang header_lang(const HttpRequest& request) {
  return app::lang_from_accept_language(header(request, "Accept-Language").value_or(""));
}

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

// The methods a route takes, for 405's Allow header.
constexpr std::string_view kAllowPost = "POST";
constexpr std::string_view kAllowGet = "GET, HEAD";
constexpr std::string_view kAllowJob = "GET, HEAD, DELETE";

bool allows(std::string_view allow, std::string_view method) {
  while (!allow.empty()) {
    const std::size_t comma = allow.find(',');
    if (trimmed(allow.substr(0, comma)) == method) return true;
    if (comma == std::string_view::npos) break;
    allow.remove_prefix(comma + 1);
  }
  return false;
}

HttpResponse method_not_allowed(const HttpRequest& request, std::string_view allow) {
  HttpResponse reply =
      json_error(kStatusMethodNotAllowed,
                 app::msg("server.method_not_allowed", {{"path", app::printable(request.path, app::kShownPathChars)},
                                                        {"allow", allow},
                                                        {"method", app::printable(request.method, 20)}}),
                 header_lang(request));
  reply.headers.emplace_back("Allow", std::string(allow));
  return reply;
}

// "host" or "host:port" of a Host header, as (host, port) with the IPv6
// brackets kept ("[::1]"); port empty when absent.
std::pair<std::string_view, std::string_view> split_host(std::string_view value) {
  const std::size_t colon = value.rfind(':');
  const std::size_t bracket = value.rfind(']');
  if (colon == std::string_view::npos || (bracket != std::string_view::npos && colon < bracket)) return {value, {}};
  return {value.substr(0, colon), value.substr(colon + 1)};
}

}  // namespace

bool is_loopback_host(std::string_view host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (equal_ignoring_case(host, "localhost") || host == "::1") return true;
  // 127.0.0.0/8 written as a dotted quad.
  if (!host.starts_with("127.")) return false;
  int dots = 0;
  for (char c : host) {
    if (c == '.')
      ++dots;
    else if (std::isdigit(static_cast<unsigned char>(c)) == 0)
      return false;
  }
  return dots == 3;
}

struct RequestHandler::Impl {
  std::filesystem::path web_root;
  Budget budget;
  std::string bound_host;
  std::string bound_port;
  bool loopback = true;
  std::atomic<bool> stopping{false};  // the cancel flag of every /api/solve and play
  std::atomic<bool> jobs_cancelled{false};
  JobRegistry jobs;

  Impl(const ServerConfig& config, int port, JobExecutor run_job)
      : web_root(config.web_root),
        budget(config.budget),
        bound_host(config.host),
        bound_port(std::to_string(port)),
        loopback(is_loopback_host(config.host)),
        jobs(config.workers, run_job ? std::move(run_job) : JobExecutor([](std::function<void()> task) {
               task();
               return true;
             })) {}

  std::optional<HttpResponse> refuse_foreign(const HttpRequest& request) const;
  HttpResponse route(const HttpRequest& request);
  HttpResponse serve_static(const HttpRequest& request) const;
};

// Step 1 of handle(): a request that names another site is refused (403).
//   Host: for a loopback server, the Host header must be a loopback name or
//   address with the bound port (or none). A page on another site that the
//   user visits may send requests here, and with DNS rebinding (its own
//   name pointed at 127.0.0.1) its scripts could read the replies; such a
//   request carries that site's name in Host. For any other --host the
//   server cannot know every name it is reached by, so Host is not checked
//   (serve prints a warning that the server has no authentication).
//   Origin: when sent (browsers send it with every POST and with
//   cross-origin requests), it must be this server's own origin, "http://"
//   followed by the request's Host.
std::optional<HttpResponse> RequestHandler::Impl::refuse_foreign(const HttpRequest& request) const {
  const std::optional<std::string_view> host = header(request, "Host");
  if (loopback) {
    if (!host) return json_error(kStatusForbidden, app::msg("server.host_missing"), header_lang(request));
    const auto [name, port] = split_host(trimmed(*host));
    if (!is_loopback_host(name) || (!port.empty() && port != bound_port))
      return json_error(kStatusForbidden,
                        app::msg("server.host_foreign", {{"host", app::printable(*host, 80)}, {"port", bound_port}}),
                        header_lang(request));
  }
  if (const std::optional<std::string_view> origin = header(request, "Origin")) {
    const std::string own = fmt::format("http://{}", host ? trimmed(*host) : std::string_view());
    if (!host || !equal_ignoring_case(trimmed(*origin), own))
      return json_error(kStatusForbidden, app::msg("server.origin_foreign", {{"origin", app::printable(*origin, 80)}}),
                        header_lang(request));
  }
  return std::nullopt;
}

// Steps 2 to 4 of handle(): the route, its method, the body's type, the
// endpoint.
HttpResponse RequestHandler::Impl::route(const HttpRequest& request) {
  const std::string_view path = request.path;
  const std::string_view method = request.method;
  // Step 2. Which route, and the methods it takes.
  enum class Route { puzzles, messages, solve, play, jobs, job, none, page };
  Route which = Route::none;
  std::string_view allow;
  std::optional<std::string_view> play_name;
  if (path == "/api/puzzles") {
    which = Route::puzzles, allow = kAllowGet;
  } else if (path == "/api/messages") {
    which = Route::messages, allow = kAllowGet;
  } else if (path == "/api/solve") {
    which = Route::solve, allow = kAllowPost;
  } else if (path == "/api/jobs") {
    which = Route::jobs, allow = kAllowPost;
  } else if (path.starts_with(kJobsPrefix) && path.size() > kJobsPrefix.size() &&
             path.find('/', kJobsPrefix.size()) == std::string_view::npos) {
    which = Route::job, allow = kAllowJob;
  } else if ((play_name = play_route(path))) {
    const app::Puzzle* puzzle = app::find_puzzle(*play_name);
    if (puzzle != nullptr && puzzle->play != nullptr) which = Route::play, allow = kAllowPost;
  } else if (!path.starts_with("/api/") && path != "/api") {
    which = Route::page, allow = kAllowGet;
  }
  const app::Lang lang = header_lang(request);
  if (which == Route::none) return json_error(kStatusNotFound, app::msg("server.no_endpoint"), lang);
  // Step 3. The method (HEAD is a GET without the body; httplib drops it).
  if (!allows(allow, method)) {
    if (which == Route::page) {
      HttpResponse reply{kStatusMethodNotAllowed,
                         "text/plain; charset=utf-8",
                         {{"Allow", std::string(allow)}},
                         "method not allowed\n"};
      return reply;
    }
    return method_not_allowed(request, allow);
  }
  // Step 4. A POST body is JSON, and says so: a form or text/plain body is
  // what a page on another site can send without asking (no CORS preflight).
  if (method == "POST") {
    const std::string_view type = header(request, "Content-Type").value_or("");
    const std::string_view media = trimmed(type.substr(0, type.find(';')));
    if (!equal_ignoring_case(media, kJsonType))
      return json_error(kStatusUnsupportedMediaType,
                        app::msg("server.content_type", {{"type", app::printable(type, 60)}}), lang);
  }
  // Step 5. The endpoint.
  switch (which) {
    case Route::puzzles:
      return json_reply(puzzles_endpoint());
    case Route::solve:
      return json_reply(solve_endpoint(request.body, budget, &stopping, lang));
    case Route::play:
      return json_reply(play_endpoint(*play_name, request.body, budget, &stopping, lang));
    case Route::jobs:
      return json_reply(jobs.start(request.body, budget, lang));
    case Route::job: {
      const std::string_view id = path.substr(kJobsPrefix.size());
      return json_reply(method == "DELETE" ? jobs.cancel(id, lang) : jobs.poll(id, lang));
    }
    case Route::messages:
      return json_reply(messages_endpoint());
    case Route::page:
      return serve_static(request);
    case Route::none:
      break;
  }
  return json_error(kStatusNotFound, app::msg("server.no_endpoint"), lang);
}

// GET of anything outside /api/: a file of the web root or 404.
HttpResponse RequestHandler::Impl::serve_static(const HttpRequest& request) const {
  const HttpResponse missing{kStatusNotFound, "text/plain; charset=utf-8", {}, "not found\n"};
  const auto file = resolve_static_path(web_root, request.path);
  if (!file) return missing;
  std::ifstream in(*file, std::ios::binary);
  if (!in) return missing;
  HttpResponse reply;
  reply.content_type = content_type_for(*file);
  reply.headers.emplace_back("Cache-Control", "no-cache");
  reply.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return reply;
}

RequestHandler::RequestHandler(const ServerConfig& config, int bound_port, JobExecutor run_job)
    : impl_(std::make_unique<Impl>(config, bound_port, std::move(run_job))) {}

RequestHandler::~RequestHandler() { cancel_jobs(); }

HttpResponse RequestHandler::handle(const HttpRequest& request) {
  try {
    if (impl_->stopping.load() && !impl_->jobs_cancelled.exchange(true)) impl_->jobs.cancel_all();
    if (std::optional<HttpResponse> refused = impl_->refuse_foreign(request)) return std::move(*refused);
    return impl_->route(request);
  } catch (const std::exception& e) {  // a bug, or memory for the reply ran out
    return json_error(kStatusInternalError, app::msg("server.internal_error", {{"detail", e.what()}}),
                      header_lang(request));
  }
}

void RequestHandler::stop() { impl_->stopping.store(true); }

void RequestHandler::cancel_jobs() {
  impl_->stopping.store(true);
  impl_->jobs_cancelled.store(true);
  impl_->jobs.cancel_all();
}

}  // namespace boardsearch::server
