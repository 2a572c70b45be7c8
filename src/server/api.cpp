// The JSON API: request validation, one call to Puzzle::solve or
// Puzzle::play, the reply. No puzzle is named here: options are read by the
// puzzle's schema, positions are the puzzle's own JSON, passed on.

#include "server/api.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <exception>
#include <initializer_list>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "boardsearch/app/json_input.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::server {

namespace {

using nlohmann::json;

// A request that cannot be served as asked; becomes a 400.
struct BadRequest {
  app::Message message;
};

// Parses the body as a JSON object or throws BadRequest. Values nested
// deeper than app::kMaxJsonDepth are refused while parsing (see
// json_input.hpp: deeper ones would recurse once per level later on).
json parse_object(std::string_view body) {
  json document;
  try {
    document = app::parse_json(body);
  } catch (const app::InputError& e) {
    throw BadRequest{app::msg("server.request_body", {{"detail", e.message()}})};
  }
  if (!document.is_object()) throw BadRequest{app::msg("server.body_not_object")};
  return document;
}

// Throws BadRequest if `request` has a top-level field not in `known`, so
// that a misspelt field ("limit") is not silently ignored.
void refuse_unknown_fields(const json& request, std::initializer_list<std::string_view> known) {
  for (const auto& [key, value] : request.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string names;
    for (std::string_view name : known) names += fmt::format("{}{}", names.empty() ? "" : ", ", name);
    throw BadRequest{app::msg("server.unknown_field", {{"field", app::printable(key)}, {"known", names}})};
  }
}

// `object[key]` as a string; throws BadRequest naming the field.
std::string required_string(const json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) throw BadRequest{app::msg("server.missing_field", {{"field", key}})};
  if (!it->is_string()) throw BadRequest{app::msg("server.field_not_string", {{"field", key}})};
  return it->get<std::string>();
}

// An integer field (JSON number without fraction) or BadRequest.
long long integer_field(const json& value, const std::string& name) {
  if (value.is_number_integer() && !value.is_number_unsigned()) return value.get<long long>();
  if (value.is_number_unsigned()) {
    const auto v = value.get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
      throw BadRequest{app::msg("server.too_large", {{"field", name}})};
    return static_cast<long long>(v);
  }
  throw BadRequest{app::msg("server.not_integer", {{"field", name}})};
}

// Reads "options" by the puzzle's schema. An option the puzzle does not take
// is refused, naming the puzzles that take it, so that a typo or a field
// meant for another puzzle does not silently fall back to a default.
app::OptionValues read_options(const json& request, const app::Puzzle& puzzle) {
  app::OptionValues options;
  const auto it = request.find("options");
  if (it == request.end() || it->is_null()) return options;
  if (!it->is_object()) throw BadRequest{app::msg("server.field_not_object", {{"field", "options"}})};
  for (const auto& [key, value] : it->items()) {
    const app::OptionSpec* spec = app::find_option(puzzle.options, key);
    if (spec == nullptr) {
      bool taken_elsewhere = false;
      for (const app::Puzzle* other : app::all_puzzles())
        taken_elsewhere = taken_elsewhere || app::find_option(other->options, key) != nullptr;
      if (taken_elsewhere) throw BadRequest{app::foreign_option_message_of(puzzle, key, "options.")};
      std::string known;
      for (const app::OptionSpec& own : puzzle.options)
        known += fmt::format("{}{}", known.empty() ? "" : ", ", own.name);
      throw BadRequest{
          known.empty()
              ? app::msg("server.unknown_option_none", {{"option", app::printable(key)}, {"puzzle", puzzle.name}})
              : app::msg("server.unknown_option",
                         {{"option", app::printable(key)}, {"puzzle", puzzle.name}, {"known", known}})};
    }
    if (spec->command_line_only)
      throw BadRequest{fmt::format("option \"{}\" is for the command line only ({} does not take it here)",
                                   app::printable(key), puzzle.name)};
    options.set(key, app::read_option_json(*spec, value, "options." + key));
  }
  return options;
}

// The server's budget, lowered by the request's optional "limits".
// `seconds`, when given, receives the time limit (0: none), for a caller
// that sets the deadline itself when the search starts.
core::SearchLimits read_limits(const json& request, const Budget& budget, const std::atomic<bool>* cancel,
                               double* seconds_out = nullptr) {
  std::uint64_t max_nodes = budget.max_nodes;
  double seconds = budget.time_limit_seconds;
  std::size_t threads = std::max<std::size_t>(budget.threads, 1);
  const auto it = request.find("limits");
  if (it != request.end() && !it->is_null()) {
    if (!it->is_object()) throw BadRequest{app::msg("server.field_not_object", {{"field", "limits"}})};
    for (const auto& [key, value] : it->items()) {
      if (key == "max_nodes") {
        const long long asked = integer_field(value, "limits.max_nodes");
        if (asked <= 0) throw BadRequest{app::msg("server.not_positive", {{"field", "limits.max_nodes"}})};
        const auto nodes = static_cast<std::uint64_t>(asked);
        max_nodes = max_nodes == 0 ? nodes : std::min(max_nodes, nodes);
      } else if (key == "time_limit") {
        if (!value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
          throw BadRequest{app::msg("server.time_limit_invalid")};
        const double asked = value.get<double>();
        seconds = seconds == 0 ? asked : std::min(seconds, asked);
      } else if (key == "threads") {
        const long long asked = integer_field(value, "limits.threads");
        if (asked <= 0) throw BadRequest{app::msg("server.not_positive", {{"field", "limits.threads"}})};
        threads = std::min(threads, static_cast<std::size_t>(asked));
      } else {
        throw BadRequest{app::msg("server.unknown_limit", {{"limit", app::printable(key)}})};
      }
    }
  }
  core::SearchLimits limits;
  limits.max_nodes = max_nodes;
  limits.max_memory_bytes = budget.max_memory_bytes;
  limits.threads = threads;
  if (seconds > 0) limits.deadline = core::SearchLimits::deadline_in(seconds);
  if (seconds_out != nullptr) *seconds_out = seconds;
  limits.cancel = cancel;
  return limits;
}

// "strict": true or false (absent: false).
bool read_strict(const json& request) {
  const auto it = request.find("strict");
  if (it == request.end() || it->is_null()) return false;
  if (!it->is_boolean()) throw BadRequest{app::msg("server.field_not_bool", {{"field", "strict"}})};
  return it->get<bool>();
}

// "lang": "en" or "ko" (absent or null: `otherwise`, the Accept-Language
// header's choice).
app::Lang read_lang(const json& request, app::Lang otherwise) {
  const auto it = request.find("lang");
  if (it == request.end() || it->is_null()) return otherwise;
  if (it->is_string()) {
    const std::string name = it->get<std::string>();
    if (name == "en") return app::Lang::en;
    if (name == "ko") return app::Lang::ko;
  }
  throw BadRequest{app::msg("server.lang_invalid")};
}

// The statistics of a reply: the puzzles' own (app::stats_json) and what
// the API adds (docs/api.md).
json reply_stats_json(const core::SearchStats& stats) {
  json fields = app::stats_json(stats);
  fields["tt_hits"] = stats.tt_hits;
  fields["memory_bytes"] = stats.memory_bytes;
  return fields;
}

// Runs `body_fn` and maps every failure to its status: BadRequest and
// InputError 400, LimitError and exhausted memory 422, anything else 500.
// Errors are worded in `lang` as it is when they are thrown (body_fn may
// change it once it has read the request's "lang").
template <class Fn>
ApiResponse guarded(const app::Lang& lang, Fn&& body_fn) {
  try {
    return body_fn();
  } catch (const BadRequest& e) {
    return error_response(kStatusBadRequest, e.message, lang);
  } catch (const app::InputError& e) {
    return error_response(kStatusBadRequest, e.message(), lang);
  } catch (const app::LimitError& e) {
    ApiResponse response = error_response(kStatusUnprocessable, e.message(), lang);
    const std::string_view message = e.what();
    response.body["reason"] = message.find("memory limit") != std::string_view::npos ? "memory"
                              : message.find("cancelled") != std::string_view::npos  ? "cancelled"
                                                                                     : "budget";
    return response;
  } catch (const std::bad_alloc&) {
    // Storage outside the puzzle's budgeted tables ran out: still the
    // memory limit as far as the client is concerned.
    ApiResponse response = error_response(kStatusUnprocessable, app::msg("server.out_of_memory"), lang);
    response.body["reason"] = "memory";
    return response;
  } catch (const std::exception& e) {
    return error_response(kStatusInternalError, app::msg("server.internal_error", {{"detail", e.what()}}), lang);
  }
}

}  // namespace

ApiResponse error_response(int status, const app::Message& message, app::Lang lang) {
  std::string worded = app::text(lang, message);
  return {status, json{{"error", worded},
                       {"message", worded},
                       {"code", message.key.empty() ? std::string("error") : message.key},
                       {"params", message.params}}};
}

std::optional<ApiResponse> prepare_solve(std::string_view body, const Budget& budget, const std::atomic<bool>* cancel,
                                         app::Lang lang, PreparedSolve& prepared) {
  prepared.lang = lang;
  ApiResponse refused = guarded(prepared.lang, [&]() -> ApiResponse {
    const json request = parse_object(body);
    prepared.lang = read_lang(request, lang);
    refuse_unknown_fields(request, {"puzzle", "input", "options", "limits", "strict", "lang"});
    const std::string name = required_string(request, "puzzle");
    const app::Puzzle* puzzle = app::find_puzzle(name);
    if (puzzle == nullptr)
      throw BadRequest{
          app::msg("server.unknown_puzzle", {{"puzzle", app::printable(name)}, {"puzzles", app::puzzle_names()}})};
    prepared.puzzle = puzzle;
    prepared.input = required_string(request, "input");
    prepared.options = read_options(request, *puzzle);
    prepared.limits = read_limits(request, budget, cancel, &prepared.time_limit_seconds);
    // The judge's exact limits, before any search (an InputError: 400).
    if (read_strict(request) && puzzle->check_strict != nullptr) puzzle->check_strict(prepared.input, prepared.options);
    return {kStatusOk, nullptr};
  });
  if (refused.status == kStatusOk) return std::nullopt;
  prepared = PreparedSolve{};
  return refused;
}

ApiResponse run_prepared_solve(const PreparedSolve& prepared) {
  return guarded(prepared.lang, [&]() -> ApiResponse {
    app::SolveRequest solve_request;
    solve_request.lang = prepared.lang;
    solve_request.input = prepared.input;
    solve_request.options = prepared.options;
    solve_request.limits = prepared.limits;
    // The time limit counts from now, not from when the request came: a
    // job that waited for a free worker still gets all of it.
    if (prepared.time_limit_seconds > 0)
      solve_request.limits.deadline = core::SearchLimits::deadline_in(prepared.time_limit_seconds);
    app::SolveReport report = prepared.puzzle->solve(solve_request);
    json reply = {{"puzzle", prepared.puzzle->name},
                  {"answer", std::move(report.answer)},
                  {"explanation", std::move(report.explanation)},
                  {"line", std::move(report.line)},
                  {"document", std::move(report.document)},
                  {"stats", reply_stats_json(report.stats)}};
    return {kStatusOk, std::move(reply)};
  });
}

ApiResponse solve_endpoint(std::string_view body, const Budget& budget, const std::atomic<bool>* cancel,
                           app::Lang lang) {
  PreparedSolve prepared;
  if (std::optional<ApiResponse> refused = prepare_solve(body, budget, cancel, lang, prepared))
    return std::move(*refused);
  return run_prepared_solve(prepared);
}

ApiResponse play_endpoint(std::string_view puzzle_name, std::string_view body, const Budget& budget,
                          const std::atomic<bool>* cancel, app::Lang lang) {
  return guarded(lang, [&]() -> ApiResponse {
    const app::Puzzle* puzzle = app::find_puzzle(puzzle_name);
    if (puzzle == nullptr || puzzle->play == nullptr)
      return error_response(kStatusNotFound, app::msg("server.no_endpoint"), lang);
    // The position is the request less "limits" and "lang": the puzzle
    // reads it, and refuses fields it does not know.
    json position = parse_object(body);
    lang = read_lang(position, lang);
    const core::SearchLimits limits = read_limits(position, budget, cancel);
    position.erase("limits");
    position.erase("lang");
    const app::PlayResult result = puzzle->play(position, limits);
    json reply = {{"to_move", result.to_move},
                  {"move", result.move},
                  {"over", result.over},
                  {"winner", result.winner},
                  {"moves_left", result.moves_left},
                  {"text", app::text(lang, result.text)},
                  {"text_message", result.text},
                  {"stats", reply_stats_json(result.stats)}};
    return {kStatusOk, std::move(reply)};
  });
}

ApiResponse puzzles_endpoint() {
  json puzzles = json::array();
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    json judges = json::array();
    for (const app::JudgeProblem& judge : puzzle->judges)
      judges.push_back({{"id", judge.id},
                        {"title", judge.title},
                        {"settings", judge.settings},
                        {"time_limit_ms", judge.time_limit_ms}});
    json limits = json::array();
    for (const app::JudgeLimit& limit : puzzle->judge_limits)
      limits.push_back({{"what", limit.what}, {"minimum", limit.minimum}, {"maximum", limit.maximum}});
    puzzles.push_back({{"name", puzzle->name},
                       {"title", puzzle->title},
                       {"title_ko", puzzle->title_ko},
                       {"description", puzzle->description},
                       {"judges", std::move(judges)},
                       {"judge_limits", std::move(limits)},
                       {"options", app::schema_json(puzzle->options)},
                       {"play", puzzle->play != nullptr}});
  }
  return {kStatusOk, json{{"puzzles", std::move(puzzles)}}};
}

ApiResponse messages_endpoint() { return {kStatusOk, app::message_catalog()}; }

}  // namespace boardsearch::server
