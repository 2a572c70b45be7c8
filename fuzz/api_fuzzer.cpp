// Fuzz target: the JSON API's request bodies, without HTTP (src/server/api.hpp).
// The input is a body for POST /api/solve and for POST /api/<p>/play of every
// puzzle with a play entry, answered under a tiny budget. The reply must be
// a documented status (500 means a solver threw something it should not),
// an error reply one line in {"error": ...}, and serializable the way the
// server sends it. Seeds: fuzz/corpus/api/ (requests built from the samples).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "boardsearch/app/puzzle.hpp"
#include "fuzz_support.hpp"
#include "server/api.hpp"

namespace {

using namespace boardsearch;

// The server's budget for a fuzzed request: a handful of nodes, and a clock
// limit only as a backstop (node counting keeps replays deterministic).
constexpr double kBackstopSeconds = 5.0;

server::Budget tiny_budget() {
  server::Budget budget;
  budget.max_nodes = fuzz::kMaxNodes;
  budget.time_limit_seconds = kBackstopSeconds;
  return budget;
}
const server::Budget kBudget = tiny_budget();

void check_reply(const server::ApiResponse& reply, std::string_view route) {
  switch (reply.status) {
    case server::kStatusOk:
      break;
    case server::kStatusBadRequest:
    case server::kStatusNotFound:
    case server::kStatusUnprocessable: {
      const auto error = reply.body.find("error");
      if (error == reply.body.end() || !error->is_string()) fuzz::fail(route, "an error reply without \"error\"");
      fuzz::check_message(error->get<std::string>(), route);
      break;
    }
    default:
      fuzz::fail(route, "undocumented status " + std::to_string(reply.status) + ": " +
                            reply.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  }
  // What server.cpp sends: bytes that are not UTF-8 replaced, never thrown on.
  (void)reply.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  // Both languages' error paths (the body's "lang" may override it).
  const app::Lang lang = size % 2 == 0 ? app::Lang::en : app::Lang::ko;
  // 1. POST /api/solve.
  check_reply(server::solve_endpoint(body, kBudget, nullptr, lang), "solve_endpoint");
  // 2. POST /api/<p>/play for every puzzle that plays.
  for (const app::Puzzle* puzzle : app::all_puzzles())
    if (puzzle->play != nullptr)
      check_reply(server::play_endpoint(puzzle->name, body, kBudget, nullptr, lang), "play_endpoint");
  return 0;
}
