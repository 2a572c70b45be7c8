// The JSON API: request validation, one call to Puzzle::solve, the reply.
// No search logic lives here (the footholds play endpoint only rewrites the
// position so that the player to move is "A", and reads the first move of the
// principal variation back).

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
#include "games/footholds/board.hpp"  // kMaxCells: the play endpoint checks sizes itself

namespace boardsearch::server {

namespace {

using nlohmann::json;

// A request that cannot be served as asked; becomes a 400.
struct BadRequest {
  std::string message;
};

// Parses the body as a JSON object or throws BadRequest. Values nested
// deeper than app::kMaxJsonDepth are refused while parsing (see
// json_input.hpp: deeper ones would recurse once per level later on).
json parse_object(std::string_view body) {
  json document;
  try {
    document = app::parse_json(body);
  } catch (const app::InputError& e) {
    throw BadRequest{std::string("request body: ") + e.what()};
  }
  if (!document.is_object()) throw BadRequest{"the request body must be a JSON object"};
  return document;
}

// Throws BadRequest if `request` has a top-level field not in `known`, so
// that a misspelt field ("limit") is not silently ignored.
void refuse_unknown_fields(const json& request, std::initializer_list<std::string_view> known) {
  for (const auto& [key, value] : request.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string names;
    for (std::string_view name : known) names += fmt::format("{}{}", names.empty() ? "" : ", ", name);
    throw BadRequest{fmt::format("unknown field \"{}\" (known: {})", app::printable(key), names)};
  }
}

// `object[key]` as a string; throws BadRequest naming the field.
std::string required_string(const json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) throw BadRequest{fmt::format("missing field \"{}\"", key)};
  if (!it->is_string()) throw BadRequest{fmt::format("field \"{}\" must be a string", key)};
  return it->get<std::string>();
}

// An integer field (JSON number without fraction) or BadRequest.
long long integer_field(const json& value, const std::string& name) {
  if (value.is_number_integer()) return value.get<long long>();
  if (value.is_number_unsigned()) {
    const auto v = value.get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
      throw BadRequest{fmt::format("{} is too large", name)};
    return static_cast<long long>(v);
  }
  throw BadRequest{fmt::format("{} must be an integer", name)};
}

// Reads "options" into PuzzleOptions, passing on only what `puzzle` declares
// (a shared options object may carry both moves and pieces). Unknown keys are
// refused so that a typo does not silently fall back to a default.
app::PuzzleOptions read_options(const json& request, const app::Puzzle& puzzle) {
  app::PuzzleOptions options;
  const auto it = request.find("options");
  if (it == request.end() || it->is_null()) return options;
  if (!it->is_object()) throw BadRequest{"field \"options\" must be an object"};
  for (const auto& [key, value] : it->items()) {
    if (key == "moves") {
      const long long moves = integer_field(value, "options.moves");
      if (puzzle.options.moves) options.moves = moves;
    } else if (key == "pieces") {
      const long long pieces = integer_field(value, "options.pieces");
      if (puzzle.options.pieces) options.pieces = pieces;
    } else if (key == "board") {
      if (!value.is_string() && !value.is_object())
        throw BadRequest{"options.board must be a board object or its JSON text"};
      if (puzzle.options.board) {
        options.board = value.is_string() ? value.get<std::string>() : value.dump();
        options.board_source = "options.board";
      }
    } else {
      throw BadRequest{fmt::format("unknown option \"{}\" (known: moves, pieces, board)", app::printable(key))};
    }
  }
  return options;
}

// The server's budget, lowered by the request's optional "limits".
core::SearchLimits read_limits(const json& request, const Budget& budget, const std::atomic<bool>* cancel) {
  std::uint64_t max_nodes = budget.max_nodes;
  double seconds = budget.time_limit_seconds;
  const auto it = request.find("limits");
  if (it != request.end() && !it->is_null()) {
    if (!it->is_object()) throw BadRequest{"field \"limits\" must be an object"};
    for (const auto& [key, value] : it->items()) {
      if (key == "max_nodes") {
        const long long asked = integer_field(value, "limits.max_nodes");
        if (asked <= 0) throw BadRequest{"limits.max_nodes must be positive"};
        const auto nodes = static_cast<std::uint64_t>(asked);
        max_nodes = max_nodes == 0 ? nodes : std::min(max_nodes, nodes);
      } else if (key == "time_limit") {
        if (!value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
          throw BadRequest{"limits.time_limit must be a positive number of seconds"};
        const double asked = value.get<double>();
        seconds = seconds == 0 ? asked : std::min(seconds, asked);
      } else {
        throw BadRequest{fmt::format("unknown limit \"{}\" (known: max_nodes, time_limit)", app::printable(key))};
      }
    }
  }
  core::SearchLimits limits;
  limits.max_nodes = max_nodes;
  if (seconds > 0) limits.deadline = core::SearchLimits::deadline_in(seconds);
  limits.cancel = cancel;
  return limits;
}

json stats_json(const core::SearchStats& stats) {
  return {{"nodes", stats.nodes}, {"ms", stats.milliseconds()}, {"tt_hits", stats.tt_hits}};
}

// Runs `body_fn` and maps every failure to its status: BadRequest and
// InputError 400, LimitError and exhausted memory 422, anything else 500.
template <class Fn>
ApiResponse guarded(Fn&& body_fn) {
  try {
    return body_fn();
  } catch (const BadRequest& e) {
    return error_response(kStatusBadRequest, e.message);
  } catch (const app::InputError& e) {
    return error_response(kStatusBadRequest, e.what());
  } catch (const app::LimitError& e) {
    ApiResponse response = error_response(kStatusUnprocessable, e.what());
    response.body["reason"] = "budget";
    return response;
  } catch (const std::bad_alloc&) {
    ApiResponse response = error_response(kStatusUnprocessable, "out of memory");
    response.body["reason"] = "memory";
    return response;
  } catch (const std::exception& e) {
    return error_response(kStatusInternalError, std::string("internal error: ") + e.what());
  }
}

// ---------------------------------------------------------------------------
// Footholds play.

struct Cell {
  long long row = 0;
  long long column = 0;
};

// The player a position field belongs to: "a" -> "A", "b" -> "B".
std::string player_name(const char* key) { return key[0] == 'a' ? "A" : "B"; }

// A [row, column] pair inside an R x C board, or BadRequest.
Cell read_cell(const json& request, const char* key, std::size_t rows, std::size_t columns) {
  const auto it = request.find(key);
  if (it == request.end()) throw BadRequest{fmt::format("missing field \"{}\"", key)};
  if (!it->is_array() || it->size() != 2) throw BadRequest{fmt::format("field \"{}\" must be [row, column]", key)};
  const Cell cell{integer_field((*it)[0], fmt::format("{}[0]", key)),
                  integer_field((*it)[1], fmt::format("{}[1]", key))};
  if (cell.row < 0 || cell.column < 0 || static_cast<std::size_t>(cell.row) >= rows ||
      static_cast<std::size_t>(cell.column) >= columns)
    throw BadRequest{fmt::format("field \"{}\": {} stands at ({}, {}), off the {} x {} board", key, player_name(key),
                                 cell.row, cell.column, rows, columns)};
  return cell;
}

// True if `cell` (on the board) still has its foothold.
bool has_foothold(const std::vector<std::vector<int>>& board, Cell cell) {
  return board[static_cast<std::size_t>(cell.row)][static_cast<std::size_t>(cell.column)] == 1;
}

// The board as rows of 0/1, or BadRequest.
std::vector<std::vector<int>> read_footholds_board(const json& request) {
  const auto it = request.find("board");
  if (it == request.end()) throw BadRequest{"missing field \"board\""};
  if (!it->is_array() || it->empty()) throw BadRequest{"field \"board\" must be a non-empty array of rows"};
  // The solver's cell limit, checked as the rows arrive so that an absurd
  // request costs no more than reading kMaxCells cells.
  const auto too_many_cells = [&](std::size_t rows, std::size_t columns) {
    return BadRequest{fmt::format("field \"board\": a {} x {} board has {} cells; at most {} are supported", rows,
                                  columns, rows * columns, footholds::kMaxCells)};
  };
  const auto max_cells = static_cast<std::size_t>(footholds::kMaxCells);
  if (it->size() > max_cells) throw too_many_cells(it->size(), 1);
  std::vector<std::vector<int>> board;
  for (std::size_t r = 0; r < it->size(); ++r) {
    const json& row = (*it)[r];
    if (!row.is_array() || row.empty()) throw BadRequest{fmt::format("board row {} must be a non-empty array", r)};
    if (row.size() > max_cells / it->size()) throw too_many_cells(it->size(), row.size());
    if (!board.empty() && row.size() != board.front().size())
      throw BadRequest{fmt::format("board row {} has {} cells, row 0 has {}", r, row.size(), board.front().size())};
    std::vector<int>& cells = board.emplace_back();
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (!row[c].is_number_integer() || (row[c].get<long long>() != 0 && row[c].get<long long>() != 1))
        throw BadRequest{fmt::format("board[{}][{}] must be 0 or 1", r, c)};
      cells.push_back(row[c].get<int>());
    }
  }
  return board;
}

// The judge text form with `first` as the player who moves first ("A").
std::string footholds_text(const std::vector<std::vector<int>>& board, Cell first, Cell second) {
  std::string text = fmt::format("{} {}\n", board.size(), board.front().size());
  for (const auto& row : board) {
    for (std::size_t c = 0; c < row.size(); ++c) text += fmt::format("{}{}", c == 0 ? "" : " ", row[c]);
    text += '\n';
  }
  text += fmt::format("{} {}\n{} {}\n", first.row, first.column, second.row, second.column);
  return text;
}

json cell_json(Cell cell) { return json::array({cell.row, cell.column}); }

// The mover's cell after the first move of the principal variation. In the
// rewritten position the mover is always "A", so it is the "a" of the first
// step that has a move. Throws std::runtime_error (500) if the line has none.
Cell first_move_target(const json& line) {
  for (const json& step : line) {
    if (!step.is_object() || !step.contains("move") || step["move"].is_null()) continue;
    const json& a = step.at("board").at("a");
    return Cell{a.at(0).get<long long>(), a.at(1).get<long long>()};
  }
  throw std::runtime_error("the footholds solver returned a non-zero answer without a move in its line");
}

ApiResponse footholds_play(std::string_view body, const Budget& budget, const std::atomic<bool>* cancel) {
  // 1. Read and check the position, each fault named by the request's own
  //    field and player: the solver's parser would name lines of the text
  //    form built in step 3, with the players swapped when B is to move.
  const json request = parse_object(body);
  refuse_unknown_fields(request, {"board", "a", "b", "to_move", "limits"});
  const auto board = read_footholds_board(request);
  const std::size_t rows = board.size();
  const std::size_t columns = board.front().size();
  const Cell a = read_cell(request, "a", rows, columns);
  const Cell b = read_cell(request, "b", rows, columns);
  const std::string to_move = request.contains("to_move") ? required_string(request, "to_move") : "A";
  if (to_move != "A" && to_move != "B") throw BadRequest{"to_move must be \"A\" or \"B\""};
  const std::string waiting = to_move == "A" ? "B" : "A";
  const Cell mover = to_move == "A" ? a : b;
  const Cell other = to_move == "A" ? b : a;
  // The waiting player has just stepped onto its cell (or stands where the
  // game began): that cell always has its foothold.
  if (!has_foothold(board, other))
    throw BadRequest{fmt::format("field \"{}\": {} stands at ({}, {}), which has no foothold",
                                 to_move == "A" ? "b" : "a", waiting, other.row, other.column)};
  const core::SearchLimits limits = read_limits(request, budget, cancel);

  json reply = {{"to_move", to_move}, {"move", nullptr}};
  // 2. A mover whose foothold has vanished (the other player stepped off
  //    their shared cell) has lost before any search: the rules end the game.
  if (!has_foothold(board, mover)) {
    reply["over"] = true;
    reply["winner"] = waiting;
    reply["moves_left"] = 0;
    reply["text"] = fmt::format("{}'s foothold has vanished: {} wins", to_move, waiting);
    reply["stats"] = stats_json({});
    return {kStatusOk, reply};
  }

  // 3. Solve with the mover written as A (the solver's first player). Step 1
  //    checked everything the solver's parser checks, so an InputError here
  //    is a bug of this endpoint (500), never a message for the user.
  const app::Puzzle* puzzle = app::find_puzzle("footholds");
  if (puzzle == nullptr) throw std::runtime_error("the footholds puzzle is not registered");
  const std::string text = footholds_text(board, mover, other);
  app::SolveRequest solve_request{text, {}, limits};
  app::SolveReport report;
  try {
    report = puzzle->solve(solve_request);
  } catch (const app::InputError& e) {
    throw std::runtime_error(std::string("the footholds solver refused a position the play endpoint accepted: ") +
                             e.what());
  }
  long long moves_left = 0;
  try {
    moves_left = std::stoll(report.answer);
  } catch (const std::exception&) {
    throw std::runtime_error("the footholds solver's answer is not a number: " + report.answer);
  }

  // 4. Total moves left decides the winner: the mover makes moves 1, 3, 5...,
  //    so an odd count means the mover made the last move and the other player
  //    is stuck. Zero moves: the mover is stuck now.
  const bool mover_wins = moves_left % 2 == 1;
  const std::string winner = mover_wins ? to_move : waiting;
  reply["over"] = moves_left == 0;
  reply["winner"] = winner;
  reply["moves_left"] = moves_left;
  reply["stats"] = stats_json(report.stats);
  if (moves_left == 0) {
    reply["text"] = fmt::format("{} cannot step anywhere: {} wins", to_move, waiting);
    return {kStatusOk, reply};
  }
  const Cell target = first_move_target(report.line);
  // The solver's move must be a legal step; anything else is a bug upstream.
  const long long distance = std::llabs(target.row - mover.row) + std::llabs(target.column - mover.column);
  if (distance != 1 || board[static_cast<std::size_t>(target.row)][static_cast<std::size_t>(target.column)] != 1)
    throw std::runtime_error("the footholds solver proposed an illegal step");
  reply["move"] = {{"player", to_move}, {"from", cell_json(mover)}, {"to", cell_json(target)}};
  reply["text"] = fmt::format("{} steps to ({}, {}); with perfect play {} wins after {} more move{}", to_move,
                              target.row, target.column, winner, moves_left, moves_left == 1 ? "" : "s");
  return {kStatusOk, reply};
}

}  // namespace

ApiResponse error_response(int status, std::string_view message) {
  return {status, json{{"error", std::string(message)}}};
}

ApiResponse solve_endpoint(std::string_view body, const Budget& budget, const std::atomic<bool>* cancel) {
  return guarded([&]() -> ApiResponse {
    const json request = parse_object(body);
    refuse_unknown_fields(request, {"puzzle", "input", "options", "limits"});
    const std::string name = required_string(request, "puzzle");
    const app::Puzzle* puzzle = app::find_puzzle(name);
    if (puzzle == nullptr) {
      std::string names;
      for (const app::Puzzle& p : app::all_puzzles()) names += fmt::format("{}{}", names.empty() ? "" : ", ", p.name);
      throw BadRequest{fmt::format("unknown puzzle \"{}\" (puzzles: {})", app::printable(name), names)};
    }
    const std::string input = required_string(request, "input");
    app::SolveRequest solve_request{input, read_options(request, *puzzle), read_limits(request, budget, cancel)};
    app::SolveReport report = puzzle->solve(solve_request);
    json reply = {{"puzzle", name},
                  {"answer", std::move(report.answer)},
                  {"explanation", std::move(report.explanation)},
                  {"line", std::move(report.line)},
                  {"document", std::move(report.document)},
                  {"stats", stats_json(report.stats)}};
    return {kStatusOk, std::move(reply)};
  });
}

ApiResponse footholds_play_endpoint(std::string_view body, const Budget& budget, const std::atomic<bool>* cancel) {
  return guarded([&] { return footholds_play(body, budget, cancel); });
}

ApiResponse puzzles_endpoint() {
  json puzzles = json::array();
  for (const app::Puzzle& puzzle : app::all_puzzles()) {
    json options = json::array();
    if (puzzle.options.moves) options.push_back("moves");
    if (puzzle.options.pieces) options.push_back("pieces");
    if (puzzle.options.board) options.push_back("board");
    puzzles.push_back({{"name", puzzle.name},
                       {"title", puzzle.title},
                       {"description", puzzle.description},
                       {"options", std::move(options)}});
  }
  return {kStatusOk, json{{"puzzles", std::move(puzzles)}}};
}

}  // namespace boardsearch::server
