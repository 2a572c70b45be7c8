// The tour as front ends see it: parse the cases, solve each, and format the
// judge answer, the --explain text, the --json document and the viewer line.
#include "games/tour/puzzle.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "games/tour/hunt_cases.hpp"
#include "games/tour/io.hpp"
#include "games/tour/search.hpp"

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
void replay(const Board& board, int case_number, const TourResult& tour, VisitOrder& order, json* line) {
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
    line->push_back(step_json(nullptr, fmt::format("case {}: ball placed at row {}, column {}", case_number,
                                                   tour.start.row + 1, tour.start.col + 1)));
  for (const Move& move : tour.search.line) {
    if (position.slide_length(move.direction) != move.length)
      throw std::logic_error("tour replay: the search returned an illegal step");
    const Cell from = position.ball();
    position.apply(move);
    for (int i = 1; i <= move.length; ++i) at(order, shifted(from, move.direction, i)) = position.steps();
    if (line != nullptr)
      line->push_back(
          step_json(std::string(core::to_string(move.direction)),
                    fmt::format("case {}: step {}: {} {} cell{}", case_number, position.steps(),
                                core::to_string(move.direction), move.length, move.length == 1 ? "" : "s")));
  }
  if (!position.all_visited()) throw std::logic_error("tour replay: the search returned an incomplete tour");
}

app::SolveReport solve(const app::SolveRequest& request) {
  const std::vector<Board> boards = parse_boards(request.input);
  app::SolveReport report;
  json cases = json::array();
  // One control for all cases: the limits cover the whole input.
  core::SearchControl control(request.limits);
  for (std::size_t k = 0; k < boards.size(); ++k) {
    const Board& board = boards[k];
    const int case_number = static_cast<int>(k + 1);
    const core::SearchStats before = control.finish();
    const TourResult tour = solve_tour(board, control);
    report.stats = tour.search.stats;
    if (!tour.search.proven()) throw app::LimitError(app::limit_message(tour.search.outcome, report.stats));
    const std::uint64_t case_nodes = report.stats.nodes - before.nodes;
    const double case_ms = std::chrono::duration<double, std::milli>(report.stats.elapsed - before.elapsed).count();

    const int answer = tour.search.value.value_or(-1);
    report.answer += fmt::format("Case {}: {}\n", case_number, answer);

    VisitOrder order = empty_order(board);
    json directions = json::array();
    if (tour.search.value) {
      replay(board, case_number, tour, order, request.want_line ? &report.line : nullptr);
      for (const Move& move : tour.search.line) directions.push_back(std::string(core::to_string(move.direction)));
      std::string names;
      for (const Move& move : tour.search.line)
        names += fmt::format("{}{}", names.empty() ? "" : " ", core::to_string(move.direction));
      report.explanation += fmt::format("Case {}: {} step{}, start at row {}, column {}\n", case_number, answer,
                                        answer == 1 ? "" : "s", tour.start.row + 1, tour.start.col + 1);
      report.explanation += fmt::format("directions: {}\n", names.empty() ? "(none: one empty cell)" : names);
      report.explanation += draw_order(board, order);
    } else {
      if (request.want_line)
        report.line.push_back(
            json{{"case", case_number},
                 {"move", nullptr},
                 {"text", fmt::format("case {}: no tour exists", case_number)},
                 {"board", {{"rows", board_rows(board)}, {"order", order_json(order)}, {"ball", nullptr}}}});
      report.explanation += fmt::format("Case {}: -1, no tour exists\n", case_number);
      report.explanation += draw_order(board, order);
    }
    if (k + 1 < boards.size()) report.explanation += '\n';
    cases.push_back(json{{"case", case_number},
                         {"answer", answer},
                         {"start", tour.search.value ? cell_json(tour.start) : json(nullptr)},
                         {"directions", directions},
                         {"nodes", case_nodes},
                         {"ms", case_ms}});
  }
  report.document =
      json{{"puzzle", "tour"}, {"cases", cases}, {"nodes", report.stats.nodes}, {"ms", report.stats.milliseconds()}};
  return report;
}

}  // namespace

constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 9944", "NxM 보드 완주하기", ""},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"N, M (board rows, columns)", 1, 30},
    app::JudgeLimit{"move paths per case", 0, 1'000'000},
};

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "tour",
      .title = "Board tour (sliding ball): fewest steps to visit every empty cell",
      .title_ko = "NxM 보드 완주하기",
      .description =
          "Input: cases until end of input, each a line 'N M' (1 <= N, M <= 64) and N rows of M characters "
          "'.' (empty) or '*' (obstacle). Output 'Case k: v' per case: the fewest steps of a sliding-ball tour that "
          "visits every empty cell, over every start cell, or -1 if none exists. --explain shows the start, the "
          "directions and the board with the step at which each cell was visited.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = {},
      .solve = &solve,
      .hunt = hunt_cases(),
  };
  return instance;
}

}  // namespace boardsearch::tour

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_tour() { return tour::puzzle(); }
}  // namespace boardsearch::app::modules
