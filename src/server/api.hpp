#pragma once
// The web app's JSON API, independent of HTTP: each endpoint takes the raw
// request body and returns a status code and a JSON body. server.cpp only
// wires these to routes; the tests call them through a real HTTP client.
//
//   POST /api/solve           solve_endpoint           see docs/api.md
//   POST /api/<puzzle>/play   play_endpoint            see docs/api.md
//   GET  /api/puzzles         puzzles_endpoint         see docs/api.md

#include <atomic>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

namespace boardsearch::server {

// HTTP statuses the API answers with.
constexpr int kStatusOk = 200;
constexpr int kStatusBadRequest = 400;  // malformed JSON, bad fields, bad puzzle input
constexpr int kStatusNotFound = 404;
constexpr int kStatusLengthRequired = 411;   // a body with neither Content-Length nor chunked framing
constexpr int kStatusPayloadTooLarge = 413;  // body over the server's cap
constexpr int kStatusUnprocessable = 422;    // the search budget ran out before a proof
constexpr int kStatusInternalError = 500;

// What one solve may spend. A request may lower these ("limits" field) but
// never raise them. Zero means "no limit" for that dimension.
struct Budget {
  std::uint64_t max_nodes = 0;
  double time_limit_seconds = 0;
};

struct ApiResponse {
  int status = kStatusOk;
  nlohmann::json body;
};

// {"error": message} with the given status.
ApiResponse error_response(int status, std::string_view message);

// POST /api/solve. Body: {"puzzle": name, "input": judge text,
// "options": {name: value, ...} (the puzzle's schema), "limits":
// {"max_nodes": N, "time_limit": seconds}} ("options" and "limits" optional).
// 200: {"puzzle", "answer", "explanation", "line", "document", "stats"}.
// `cancel` (may be null) stops a running solve, e.g. at server shutdown.
ApiResponse solve_endpoint(std::string_view body, const Budget& budget, const std::atomic<bool>* cancel);

// POST /api/<puzzle>/play, for puzzles with a play entry (two-player ones).
// Body: the puzzle's position (docs/api.md) plus optional "limits". 200: the
// engine's move for the player to move and the result of perfect play from
// here; 404 for a puzzle without a play entry.
ApiResponse play_endpoint(std::string_view puzzle, std::string_view body, const Budget& budget,
                          const std::atomic<bool>* cancel);

// GET /api/puzzles: every puzzle's description: names, titles (English and
// Korean), judge problems and limits, option schema, whether it has play.
ApiResponse puzzles_endpoint();

}  // namespace boardsearch::server
