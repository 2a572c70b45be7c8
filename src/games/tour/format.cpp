// Judge text out and the views of a solved case (format.hpp).
#include "games/tour/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

namespace boardsearch::tour {

namespace {

using nlohmann::json;

// Step number at which each cell was visited (0: start), -1 where never.
using VisitOrder = std::vector<std::vector<int>>;

VisitOrder empty_order(const Board& board) {
  return VisitOrder(static_cast<std::size_t>(board.rows), std::vector<int>(static_cast<std::size_t>(board.cols), -1));
}

int& at(VisitOrder& order, Cell cell) {
  return order[static_cast<std::size_t>(cell.row)][static_cast<std::size_t>(cell.col)];
}

json board_rows(const Board& board) {
  json rows = json::array();
  for (int r = 0; r < board.rows; ++r) {
    std::string row;
    for (int c = 0; c < board.cols; ++c) row += board.is_empty(r, c) ? '.' : '*';
    rows.push_back(row);
  }
  return rows;
}

json order_json(const VisitOrder& order) {
  json rows = json::array();
  for (const auto& row : order) {
    json cells = json::array();
    for (int step : row) cells.push_back(step < 0 ? json(nullptr) : json(step));
    rows.push_back(cells);
  }
  return rows;
}

json cell_json(Cell cell) { return json::array({cell.row, cell.col}); }

// The board with the step number on each visited cell, '*' on obstacles.
std::string draw_order(const Board& board, const VisitOrder& order) {
  int widest = 1;
  for (const auto& row : order)
    for (int step : row) widest = std::max(widest, static_cast<int>(fmt::format("{}", step).size()));
  std::string text;
  for (int r = 0; r < board.rows; ++r) {
    for (int c = 0; c < board.cols; ++c) {
      const int step = order[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      const std::string cell = !board.is_empty(r, c) ? "*" : step < 0 ? "." : fmt::format("{}", step);
      text += fmt::format("{:>{}}", cell, widest + 1);
    }
    text += '\n';
  }
  return text;
}

// Replays a found tour through the rules, filling the visit order and, if
// `line` is given, the viewer steps. The tour came from the search over the
// same rules, so every move is legal; a mismatch would be a bug, reported as
// such.
void replay(const Board& board, int case_number, const TourResult& tour, VisitOrder& order, json* line,
            app::Lang lang) {
  Position position(board, tour.start);
  at(order, tour.start) = 0;
  const auto step_json = [&](json move, std::string text) {
    return json{
        {"case", case_number},
        {"move", std::move(move)},
        {"text", std::move(text)},
        {"board", {{"rows", board_rows(board)}, {"order", order_json(order)}, {"ball", cell_json(position.ball())}}}};
  };
  if (line != nullptr)
    line->push_back(step_json(nullptr, app::text(lang, app::msg("tour.step.start", {{"case", case_number},
                                                                                    {"row", tour.start.row},
                                                                                    {"column", tour.start.col}}))));
  for (const Move& move : tour.search.line) {
    if (position.slide_length(move.direction) != move.length)
      throw std::logic_error("tour replay: the search returned an illegal step");
    const Cell from = position.ball();
    position.apply(move);
    for (int i = 1; i <= move.length; ++i) at(order, shifted(from, move.direction, i)) = position.steps();
    if (line != nullptr)
      line->push_back(
          step_json(std::string(core::to_string(move.direction)),
                    app::text(lang, app::msg(move.length == 1 ? "tour.step.move_one" : "tour.step.move_many",
                                             {{"case", case_number},
                                              {"step", position.steps()},
                                              {"direction", app::direction_message(move.direction)},
                                              {"cells", move.length}}))));
  }
  if (!position.all_visited()) throw std::logic_error("tour replay: the search returned an incomplete tour");
}

}  // namespace

std::string format_boards(std::span<const Board> boards) {
  std::string text;
  for (const Board& board : boards) {
    text += fmt::format("{} {}\n", board.rows, board.cols);
    for (int r = 0; r < board.rows; ++r) {
      for (int c = 0; c < board.cols; ++c) text += board.is_empty(r, c) ? '.' : '*';
      text += '\n';
    }
  }
  return text;
}

std::string answer_line(std::size_t number, int answer) { return fmt::format("Case {}: {}\n", number, answer); }

json format_case(const Board& board, std::size_t number, const TourResult& tour, std::uint64_t nodes, double ms,
                 std::string& explanation, json* line, app::Lang lang) {
  const int answer = tour.search.value.value_or(-1);
  VisitOrder order = empty_order(board);
  json directions = json::array();
  if (tour.search.value) {
    replay(board, static_cast<int>(number), tour, order, line, lang);
    for (const Move& move : tour.search.line) directions.push_back(std::string(core::to_string(move.direction)));
    std::string names;
    for (const Move& move : tour.search.line)
      names += fmt::format("{}{}", names.empty() ? "" : " ", app::text(lang, app::direction_message(move.direction)));
    explanation +=
        app::text(
            lang,
            app::msg(answer == 1 ? "tour.explain.case_one" : "tour.explain.case_many",
                     {{"case", number}, {"steps", answer}, {"row", tour.start.row}, {"column", tour.start.col}})) +
        "\n";
    explanation +=
        app::text(lang, app::msg("tour.explain.directions",
                                 {{"directions", names.empty() ? nlohmann::json(app::msg("tour.explain.no_directions"))
                                                               : nlohmann::json(names)}})) +
        "\n";
    explanation += draw_order(board, order);
  } else {
    if (line != nullptr)
      line->push_back(json{{"case", number},
                           {"move", nullptr},
                           {"text", app::text(lang, app::msg("tour.step.no_tour", {{"case", number}}))},
                           {"board", {{"rows", board_rows(board)}, {"order", order_json(order)}, {"ball", nullptr}}}});
    explanation += app::text(lang, app::msg("tour.explain.no_tour", {{"case", number}})) + "\n";
    explanation += draw_order(board, order);
  }
  return json{{"case", number},
              {"answer", answer},
              {"start", tour.search.value ? cell_json(tour.start) : json(nullptr)},
              {"directions", directions},
              {"nodes", nodes},
              {"ms", ms}};
}

}  // namespace boardsearch::tour
