// The 2048 puzzle's own checks for the conformance suite:
//   check_states  along random playouts of MaxTileProblem, the state the
//                 core branch and bound walks, every generated move is legal
//                 by the plain rules and undo restores each earlier state
//   check_report  the --json moves, replayed by the rules from the input,
//                 make the answer's tile within K moves, and the judge
//                 answer says the same tile

#include <fmt/format.h>

#include "boardsearch/core/conformance.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "games/2048/parse.hpp"
#include "games/2048/problem.hpp"
#include "games/2048/puzzle.hpp"
#include "games/2048/rules.hpp"

namespace boardsearch::game2048 {

std::size_t check_states(std::uint64_t seed) {
  constexpr std::uint64_t kBoards = 60;
  constexpr int kPlayouts = 3;
  constexpr std::size_t kTableBytes = std::size_t{1} << 16;  // the state is copied at every step: keep it small
  const app::Puzzle& self = puzzle();
  const app::OptionValues options = app::with_defaults(self.options, {});
  core::SplitMix64 rng(seed);
  std::size_t applied = 0;
  // Legal: the move changes the board, and apply leads to the board the
  // rules give (apply selects a child generate_moves computed).
  auto legal = [](const MaxTileProblem& state, core::Direction direction) {
    Board expected;
    if (!apply_move(state.board(), direction, expected)) return false;
    MaxTileProblem child = state;
    child.apply(direction);
    return child.board() == expected;
  };
  for (std::uint64_t index = 0; index < kBoards; ++index) {
    const Board board = parse_board(self.hunt.generate(index, rng, options));
    const long long moves = 1 + static_cast<long long>(rng.below(8));
    for (const bool use_seen_boards : {true, false}) {
      SearchOptions search;
      search.use_seen_boards = use_seen_boards;
      search.table_bytes = kTableBytes;
      const MaxTileProblem root(board, moves, search);
      applied += core::check_apply_undo_restores(
          root, kPlayouts, static_cast<std::size_t>(moves), rng.next(),
          [](const MaxTileProblem& x, const MaxTileProblem& y) { return x == y; }, legal);
    }
  }
  return applied;
}

std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report) {
  const app::OptionValues given = app::with_defaults(puzzle().options, options);
  const long long moves_allowed = given.integer("moves");
  Board board = parse_board(input);
  const auto& moves = report.document.at("moves");
  if (static_cast<long long>(moves.size()) > moves_allowed)
    return fmt::format("{} moves where K = {}", moves.size(), moves_allowed);
  for (const auto& name : moves) {
    const auto direction = core::direction_named(name.is_string() ? name.get<std::string>() : "");
    if (!direction) return fmt::format("unknown move {}", name.dump());
    Board next;
    if (!apply_move(board, *direction, next)) return fmt::format("the move {} changes nothing", name.dump());
    board = next;
  }
  const std::int64_t tile = std::int64_t{1} << board.max_exponent();
  if (board.max_exponent() != report.document.at("answer_exponent").get<int>())
    return fmt::format("the moves make {}, the document says 2^{}", tile, report.document.at("answer_exponent").dump());
  if (report.answer != fmt::format("{}\n", tile))
    return fmt::format("the judge answer '{}' is not the tile {} the moves make", report.answer, tile);
  return "";
}

}  // namespace boardsearch::game2048
