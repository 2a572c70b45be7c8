// The footholds puzzle's own checks for the conformance suite:
//   check_states  along random playouts of FootholdsGame, the state the
//                 negamax walks, every generated step is legal by the
//                 Board's own rule (the mover stands on a foothold and steps
//                 onto a neighbouring foothold), and undo restores each
//                 earlier state, its key and its foothold count
//   check_report  the --json moves, played by that rule from the input
//                 (the left cell vanishes), end where the player to move
//                 cannot step, in as many moves as the answer, with the
//                 winner the document and the judge answer name

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "boardsearch/core/conformance.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "games/footholds/geometry.hpp"
#include "games/footholds/longest_path.hpp"
#include "games/footholds/parse.hpp"
#include "games/footholds/puzzle.hpp"
#include "games/footholds/rules.hpp"

namespace boardsearch::footholds {

namespace {

// The checks on one board in the representation BB.
template <class BB>
std::size_t check_board(const Board& board, std::uint64_t seed) {
  constexpr int kPlayouts = 10;
  constexpr std::size_t kMaxDepth = 60;
  constexpr std::size_t kPathCacheEntries = 64;
  const Geometry<BB> geometry(board.rows, board.cols);
  core::SearchControl control{core::SearchLimits{}};
  LongestPaths<BB> paths(geometry, kPathCacheEntries, control);
  const FootholdsGame<BB> root(geometry, paths, foothold_bits<BB>(board), board.a, board.b);
  auto legal = [&board](const FootholdsGame<BB>& game, Direction direction) {
    const int next = board.step(game.mover(), direction);
    return game.footholds().test(game.mover()) && next >= 0 && game.footholds().test(next);
  };
  auto same = [](const FootholdsGame<BB>& a, const FootholdsGame<BB>& b) {
    return a == b && a.foothold_count() == b.foothold_count();
  };
  return core::check_apply_undo_restores(root, kPlayouts, kMaxDepth, seed, same, legal);
}

}  // namespace

std::string check_report(std::string_view input, const app::OptionValues&, const app::SolveReport& report) {
  Board board = parse_board(input);
  int at[2] = {board.a, board.b};
  int mover = 0;  // 0: A, 1: B
  // Whether the player to move can step: on a foothold, next to one.
  auto can_step = [&] {
    if (board.footholds[static_cast<std::size_t>(at[mover])] == 0) return false;
    for (const Direction direction : kDirections) {
      const int next = board.step(at[mover], direction);
      if (next >= 0 && board.footholds[static_cast<std::size_t>(next)] != 0) return true;
    }
    return false;
  };
  const auto& moves = report.document.at("moves");
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const auto& move = moves[k];
    if (move.at("player") != std::string(1, mover == 0 ? 'A' : 'B'))
      return fmt::format("move {}: {} moves out of turn", k + 1, move.at("player").dump());
    const auto direction = core::direction_named(move.value("move", ""));
    if (!direction) return fmt::format("move {}: unknown direction", k + 1);
    const int next = board.step(at[mover], *direction);
    if (board.footholds[static_cast<std::size_t>(at[mover])] == 0 || next < 0 ||
        board.footholds[static_cast<std::size_t>(next)] == 0)
      return fmt::format("move {}: {} cannot step {}", k + 1, mover == 0 ? 'A' : 'B', core::to_string(*direction));
    if (move.at("to") != nlohmann::json::array({board.row_of(next), board.col_of(next)}))
      return fmt::format("move {}: 'to' is not the cell stepped onto", k + 1);
    board.footholds[static_cast<std::size_t>(at[mover])] = 0;
    at[mover] = next;
    mover = 1 - mover;
  }
  if (can_step()) return "the moves end where the player to move can still step";
  const std::string winner(1, mover == 0 ? 'B' : 'A');
  if (report.document.at("winner") != winner) return fmt::format("the moves make {} the winner", winner);
  const auto answer = report.document.at("answer").get<std::size_t>();
  if (answer != moves.size()) return fmt::format("{} moves where the answer is {}", moves.size(), answer);
  if (report.answer != fmt::format("{}\n", answer)) return "the judge answer is not the document's";
  return "";
}

std::size_t check_states(std::uint64_t seed) {
  constexpr std::uint64_t kBoards = 60;
  const app::Puzzle& self = puzzle();
  const app::OptionValues options = app::with_defaults(self.options, {});
  core::SplitMix64 rng(seed);
  std::size_t applied = 0;
  for (std::uint64_t index = 0; index < kBoards; ++index) {
    const Board board = parse_board(self.hunt.generate(index, rng, options));
    applied += board.cells() <= Bits64::kCapacity ? check_board<Bits64>(board, rng.next())
                                                  : check_board<Bits128>(board, rng.next());
  }
  return applied;
}

}  // namespace boardsearch::footholds
