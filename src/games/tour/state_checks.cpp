// The tour puzzle's own checks for the conformance suite:
//   check_states  from every start cell of random boards, along random
//                 playouts of TourProblem, every generated step is legal by
//                 the rules walked cell by cell, and undo restores each
//                 earlier state exactly
//   check_report  each case's --json line, rolled cell by cell from its
//                 start, visits every empty cell in as many steps as its
//                 answer, and the judge answer says the same

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "boardsearch/core/conformance.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "games/tour/parse.hpp"
#include "games/tour/puzzle.hpp"
#include "games/tour/search.hpp"

namespace boardsearch::tour {

std::size_t check_states(std::uint64_t seed) {
  constexpr std::uint64_t kInputs = 40;
  constexpr int kPlayouts = 2;
  constexpr std::size_t kMaxDepth = 64;
  const app::Puzzle& self = puzzle();
  const app::OptionValues options = app::with_defaults(self.options, {});
  core::SplitMix64 rng(seed);
  std::size_t applied = 0;
  // The rules of a step, walked cell by cell: the ball rolls over unvisited
  // cells until the next one is not, and a step moves at least one cell.
  auto legal = [](const TourProblem& state, const Move& move) {
    const Position& position = state.position();
    int length = 0;
    while (position.is_unvisited(shifted(position.ball(), move.direction, length + 1))) ++length;
    return length > 0 && length == move.length;
  };
  for (std::uint64_t index = 0; index < kInputs; ++index)
    for (const Board& board : parse_boards(self.hunt.generate(index, rng, options)))
      for (int r = 0; r < board.rows; ++r)
        for (int c = 0; c < board.cols; ++c) {
          if (!board.is_empty(r, c)) continue;
          const TourProblem root(board, {r, c});
          applied += core::check_apply_undo_restores(
              root, kPlayouts, kMaxDepth, rng.next(), [](const TourProblem& x, const TourProblem& y) { return x == y; },
              legal);
        }
  return applied;
}

namespace {

// "" when `directions` from `start` roll over every empty cell of `board`,
// each step at least one cell, in `answer` steps; else what is wrong.
std::string replay_case(const Board& board, const nlohmann::json& start, const nlohmann::json& directions, int answer) {
  std::vector<bool> visited(static_cast<std::size_t>(board.rows * board.cols));
  auto open = [&](Cell cell) {
    return cell.row >= 0 && cell.col >= 0 && cell.row < board.rows && cell.col < board.cols && board.is_empty(cell) &&
           !visited[static_cast<std::size_t>(cell.row * board.cols + cell.col)];
  };
  Cell ball{start.at(0).get<int>(), start.at(1).get<int>()};
  if (!open(ball)) return "the start is not an empty cell";
  visited[static_cast<std::size_t>(ball.row * board.cols + ball.col)] = true;
  for (const auto& name : directions) {
    const auto direction = core::direction_named(name.is_string() ? name.get<std::string>() : "");
    if (!direction) return fmt::format("unknown direction {}", name.dump());
    int rolled = 0;
    for (Cell next = shifted(ball, *direction, 1); open(next); next = shifted(ball, *direction, 1), ++rolled) {
      ball = next;
      visited[static_cast<std::size_t>(ball.row * board.cols + ball.col)] = true;
    }
    if (rolled == 0) return fmt::format("the step {} moves no cell", name.dump());
  }
  for (int r = 0; r < board.rows; ++r)
    for (int c = 0; c < board.cols; ++c)
      if (board.is_empty(r, c) && !visited[static_cast<std::size_t>(r * board.cols + c)])
        return fmt::format("cell ({}, {}) is never visited", r, c);
  if (static_cast<int>(directions.size()) != answer)
    return fmt::format("{} steps where the answer is {}", directions.size(), answer);
  return "";
}

}  // namespace

std::string check_report(std::string_view input, const app::OptionValues&, const app::SolveReport& report) {
  const std::vector<Board> boards = parse_boards(input);
  const auto& cases = report.document.at("cases");
  if (cases.size() != boards.size())
    return fmt::format("{} cases in the document, {} in the input", cases.size(), boards.size());
  std::string answers;
  for (std::size_t k = 0; k < boards.size(); ++k) {
    const int answer = cases[k].at("answer").get<int>();
    answers += fmt::format("Case {}: {}\n", k + 1, answer);
    if (answer < 0) {
      if (!cases[k].at("directions").empty()) return fmt::format("case {}: -1 with a line", k + 1);
      continue;
    }
    const std::string why = replay_case(boards[k], cases[k].at("start"), cases[k].at("directions"), answer);
    if (!why.empty()) return fmt::format("case {}: {}", k + 1, why);
  }
  if (report.answer != answers) return "the judge answer differs from the document's cases";
  return "";
}

}  // namespace boardsearch::tour
