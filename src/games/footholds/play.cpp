// Perfect play from a position given as JSON: the position is rewritten so
// that the player to move is the solver's first player, solved, and the
// first step of the perfectly played game is the answer.

#include "games/footholds/play.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "boardsearch/app/text_input.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/rules.hpp"
#include "games/footholds/search.hpp"

namespace boardsearch::footholds {

namespace {

using nlohmann::json;

constexpr std::string_view kFields[] = {"board", "a", "b", "to_move"};

struct Square {
  long long row = 0;
  long long col = 0;
};

// An integer element of the request, or InputError naming it.
// (nlohmann keeps every non-negative integer it parses as unsigned.)
long long integer_at(const json& value, const std::string& name) {
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
      throw app::InputError(app::msg("server.too_large", {{"field", name}}));
    return static_cast<long long>(value.get<std::uint64_t>());
  }
  if (value.is_number_integer()) return value.get<long long>();
  throw app::InputError(app::msg("server.not_integer", {{"field", name}}));
}

void refuse_unknown_fields(const json& position) {
  for (const auto& [key, value] : position.items()) {
    bool known = false;
    for (std::string_view field : kFields) known = known || key == field;
    if (!known)
      throw app::InputError(app::msg("server.unknown_field",
                                     {{"field", app::printable(key)}, {"known", "board, a, b, to_move, limits"}}));
  }
}

// The board as rows of 0/1. The cell limit is checked as the rows arrive,
// so an absurd request costs no more than reading kMaxCells cells.
std::vector<std::vector<int>> read_rows(const json& position) {
  const auto it = position.find("board");
  if (it == position.end()) throw app::InputError(app::msg("server.missing_field", {{"field", "board"}}));
  if (!it->is_array() || it->empty()) throw app::InputError(app::msg("footholds.play.board_not_rows"));
  const auto too_many_cells = [&](std::size_t rows, std::size_t columns) {
    return app::InputError(app::msg("footholds.error.too_many_cells", {{"where", "field \"board\""},
                                                                       {"rows", rows},
                                                                       {"cols", columns},
                                                                       {"cells", rows * columns},
                                                                       {"max", kMaxCells}}));
  };
  const auto max_cells = static_cast<std::size_t>(kMaxCells);
  if (it->size() > max_cells) throw too_many_cells(it->size(), 1);
  std::vector<std::vector<int>> rows;
  for (std::size_t r = 0; r < it->size(); ++r) {
    const json& row = (*it)[r];
    if (!row.is_array() || row.empty()) throw app::InputError(app::msg("footholds.play.row_not_array", {{"row", r}}));
    if (row.size() > max_cells / it->size()) throw too_many_cells(it->size(), row.size());
    if (!rows.empty() && row.size() != rows.front().size())
      throw app::InputError(
          app::msg("footholds.play.row_length", {{"row", r}, {"count", row.size()}, {"first", rows.front().size()}}));
    std::vector<int>& cells = rows.emplace_back();
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (!row[c].is_number_integer() || (row[c].get<long long>() != 0 && row[c].get<long long>() != 1))
        throw app::InputError(app::msg("footholds.play.not_0_or_1", {{"row", r}, {"column", c}}));
      cells.push_back(row[c].get<int>());
    }
  }
  return rows;
}

// The player a position field belongs to: "a" -> "A", "b" -> "B".
std::string player_of(std::string_view key) { return key == "a" ? "A" : "B"; }

// A [row, column] pair inside the board, or InputError.
Square read_square(const json& position, const char* key, std::size_t rows, std::size_t columns) {
  const auto it = position.find(key);
  if (it == position.end()) throw app::InputError(app::msg("server.missing_field", {{"field", key}}));
  if (!it->is_array() || it->size() != 2)
    throw app::InputError(app::msg("footholds.play.not_a_square", {{"field", key}}));
  const Square square{integer_at((*it)[0], fmt::format("{}[0]", key)), integer_at((*it)[1], fmt::format("{}[1]", key))};
  if (square.row < 0 || square.col < 0 || static_cast<std::size_t>(square.row) >= rows ||
      static_cast<std::size_t>(square.col) >= columns)
    throw app::InputError(app::msg("footholds.play.off_board", {{"field", key},
                                                                {"player", player_of(key)},
                                                                {"row", square.row},
                                                                {"column", square.col},
                                                                {"rows", rows},
                                                                {"cols", columns}}));
  return square;
}

json square_json(const Board& board, int cell) { return json::array({board.row_of(cell), board.col_of(cell)}); }

}  // namespace

app::PlayResult play(const json& position, const core::SearchLimits& limits) {
  // Step 1. Read and check the position, each fault named by the request's
  // own field and player.
  if (!position.is_object()) throw app::InputError(app::msg("footholds.play.not_an_object"));
  refuse_unknown_fields(position);
  const auto rows = read_rows(position);
  const Square a = read_square(position, "a", rows.size(), rows.front().size());
  const Square b = read_square(position, "b", rows.size(), rows.front().size());
  std::string to_move = "A";
  if (const auto it = position.find("to_move"); it != position.end()) {
    if (!it->is_string() || (*it != "A" && *it != "B")) throw app::InputError(app::msg("footholds.play.to_move"));
    to_move = it->get<std::string>();
  }
  const std::string waiting = to_move == "A" ? "B" : "A";

  // Step 2. The position with the player to move as the solver's first
  // player ("a" in Board).
  Board board;
  board.rows = static_cast<int>(rows.size());
  board.cols = static_cast<int>(rows.front().size());
  for (const auto& row : rows)
    for (int value : row) board.footholds.push_back(static_cast<std::uint8_t>(value));
  const Square mover = to_move == "A" ? a : b;
  const Square other = to_move == "A" ? b : a;
  board.a = board.cell_at(static_cast<int>(mover.row), static_cast<int>(mover.col));
  board.b = board.cell_at(static_cast<int>(other.row), static_cast<int>(other.col));
  const auto has_foothold = [&](int cell) { return board.footholds[static_cast<std::size_t>(cell)] != 0; };
  // The waiting player has just stepped onto its cell (or stands where the
  // game began): that cell always has its foothold.
  if (!has_foothold(board.b))
    throw app::InputError(
        app::msg("footholds.error.no_foothold", {{"where", fmt::format("field \"{}\"", to_move == "A" ? "b" : "a")},
                                                 {"player", waiting},
                                                 {"row", other.row},
                                                 {"column", other.col}}));

  app::PlayResult result;
  result.to_move = to_move;
  // Step 3. A mover whose foothold has vanished (the other player stepped
  // off their shared cell) has lost before any search: the rules end the game.
  if (!has_foothold(board.a)) {
    result.over = true;
    result.winner = waiting;
    result.text = app::msg("footholds.play.vanished", {{"player", to_move}, {"winner", waiting}});
    return result;
  }

  // Step 4. Perfect play. The mover makes moves 1, 3, 5, ..., so an odd total
  // means the mover made the last move and the other player is stuck.
  const auto solved = solve_board(board, limits);
  if (!solved.proven()) throw app::LimitError(app::limit_message(solved.outcome, solved.stats));
  const int moves_left = *solved.value;
  result.winner = moves_left % 2 == 1 ? to_move : waiting;
  result.moves_left = moves_left;
  result.over = moves_left == 0;
  result.stats = solved.stats;
  if (moves_left == 0) {
    result.text = app::msg("footholds.play.stuck", {{"player", to_move}, {"winner", waiting}});
    return result;
  }
  const int target = board.step(board.a, solved.line.front());
  result.move = {{"player", to_move}, {"from", square_json(board, board.a)}, {"to", square_json(board, target)}};
  const json params = {{"player", to_move},
                       {"row", board.row_of(target)},
                       {"column", board.col_of(target)},
                       {"winner", result.winner},
                       {"moves_left", moves_left}};
  result.text = moves_left == 1 ? app::msg("footholds.play.best_move_one", params)
                                : app::msg("footholds.play.best_move_many", params);
  return result;
}

json position_of(std::string_view input) {
  const Board board = parse_board(input);
  json rows = json::array();
  for (int r = 0; r < board.rows; ++r) {
    json row = json::array();
    for (int c = 0; c < board.cols; ++c) row.push_back(board.footholds[static_cast<std::size_t>(board.cell_at(r, c))]);
    rows.push_back(std::move(row));
  }
  return {{"board", std::move(rows)},
          {"a", {board.row_of(board.a), board.col_of(board.a)}},
          {"b", {board.row_of(board.b), board.col_of(board.b)}},
          {"to_move", "A"}};
}

}  // namespace boardsearch::footholds
