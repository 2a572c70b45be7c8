#pragma once
// The web app's JSON API, independent of HTTP: each endpoint takes the raw
// request body and returns a status code and a JSON body. routes.cpp maps
// HTTP requests onto these (see RequestHandler in server.hpp); the tests call
// them through a real HTTP client.
//
//   POST /api/solve           solve_endpoint           see docs/api.md
//   POST /api/jobs            prepare_solve + run_prepared_solve (jobs.hpp)
//   POST /api/<puzzle>/play   play_endpoint            see docs/api.md
//   GET  /api/puzzles         puzzles_endpoint         see docs/api.md

#include <atomic>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "boardsearch/app/puzzle.hpp"
#include "server/http_status.hpp"  // the statuses the API answers with

namespace boardsearch::server {

// What one solve may spend. A request may lower these ("limits" field) but
// never raise them. Zero means "no limit" for that dimension.
struct Budget {
  std::uint64_t max_nodes = 0;
  double time_limit_seconds = 0;
  std::uint64_t max_memory_bytes = 0;  // SearchLimits::max_memory_bytes of every solve
  std::size_t threads = 1;             // SearchLimits::threads: search threads per solve (at least 1)
};

struct ApiResponse {
  int status = kStatusOk;
  nlohmann::json body;
};

// An error reply with the given status: {"error": text, "message": text,
// "code": the message's catalog key ("error" for text not in the catalog),
// "params": its parameters}, the text worded in `lang`. "error" is kept
// for clients written before "message".
ApiResponse error_response(int status, const app::Message& message, app::Lang lang);

// POST /api/solve. Body: {"puzzle": name, "input": judge text,
// "options": {name: value, ...} (the puzzle's schema), "limits":
// {"max_nodes": N, "time_limit": seconds, "threads": N}, "strict": bool} (all but
// "puzzle" and "input" optional).
// 200: {"puzzle", "answer", "explanation", "line", "document", "stats"}.
// `cancel` (may be null) stops a running solve, e.g. at server shutdown.
// The same as prepare_solve followed by run_prepared_solve.
// `lang`: the Accept-Language header's language; the body's "lang" field
// ("en" or "ko") overrides it. Step texts, explanations, progress and
// errors are worded in it; the answer never changes with it.
ApiResponse solve_endpoint(std::string_view body, const Budget& budget, const std::atomic<bool>* cancel,
                           app::Lang lang);

// A /api/solve body that passed every check that needs no search: the
// request's fields, the puzzle, its options, the limits and, with "strict":
// true, the puzzle's check_strict. `limits` carries the budget and the
// cancel flag; a caller may add on_progress before running it.
struct PreparedSolve {
  const app::Puzzle* puzzle = nullptr;
  std::string input;
  app::OptionValues options;
  core::SearchLimits limits;
  // The time limit in seconds (0: none). run_prepared_solve sets the
  // deadline from it when the search starts, so a job queued behind busy
  // workers does not spend its time waiting.
  double time_limit_seconds = 0;
  app::Lang lang = app::Lang::en;  // the request's language (solve_endpoint)
};

// Checks `body` as solve_endpoint does. Returns the error reply (400) or
// nothing, with `prepared` filled in.
std::optional<ApiResponse> prepare_solve(std::string_view body, const Budget& budget, const std::atomic<bool>* cancel,
                                         app::Lang lang, PreparedSolve& prepared);

// Runs a prepared solve: 200 with the reply above, 400 for input the
// puzzle's parser refuses, 422 when a limit stopped it ("memory limit",
// "cancelled", ...), 500 for a bug.
ApiResponse run_prepared_solve(const PreparedSolve& prepared);

// POST /api/<puzzle>/play, for puzzles with a play entry (two-player ones).
// Body: the puzzle's position (docs/api.md) plus optional "limits". 200: the
// engine's move for the player to move and the result of perfect play from
// here; 404 for a puzzle without a play entry.
ApiResponse play_endpoint(std::string_view puzzle, std::string_view body, const Budget& budget,
                          const std::atomic<bool>* cancel, app::Lang lang);

// GET /api/puzzles: every puzzle's description: names, titles (English and
// Korean), judge problems and limits, option schema, whether it has play.
ApiResponse puzzles_endpoint();

// GET /api/messages: the message catalog (messages/catalog.json), key ->
// {"en": ..., "ko": ...}, for a client that words codes and params itself.
ApiResponse messages_endpoint();

}  // namespace boardsearch::server
