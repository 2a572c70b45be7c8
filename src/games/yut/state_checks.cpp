// The yut puzzle's own check for the conformance suite (check_report): the
// --json plan, played by the movement rule from the input's dice, moves each
// piece from where it stands to landing_square's square, never onto another
// piece (except at finish), scores each square's points, and totals the
// answer, which the judge answer says too. yut's searches keep no apply/undo
// state (a DP over positions layer by layer), so it has no check_states.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "games/yut/parse.hpp"
#include "games/yut/puzzle.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut {

std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report) {
  const app::OptionValues given = app::with_defaults(puzzle().options, options);
  if (given.flag("expected") || given.flag("luck")) return "";  // no plan to replay: a value of random dice
  const std::string* board_text = given.text("board");
  const Board board = board_text != nullptr ? parse_board(*board_text, "--board") : standard_board();
  const std::vector<int> dice = parse_dice(input, board);
  std::vector<int> at(static_cast<std::size_t>(given.integer("pieces")), board.start);
  long long total = 0;
  const auto& plan = report.document.at("plan");
  if (plan.size() > dice.size()) return fmt::format("{} moves for {} dice", plan.size(), dice.size());
  for (std::size_t turn = 0; turn < plan.size(); ++turn) {
    const auto& step = plan[turn];
    const auto piece = step.at("piece").get<std::size_t>();
    if (piece < 1 || piece > at.size()) return fmt::format("turn {}: no piece {}", turn + 1, piece);
    int& square = at[piece - 1];
    if (step.at("die").get<int>() != dice[turn]) return fmt::format("turn {}: not the input's die", turn + 1);
    if (step.at("from") != board.id_of(square))
      return fmt::format("turn {}: the piece is not where 'from' says", turn + 1);
    if (square == board.finish) return fmt::format("turn {}: a finished piece moves", turn + 1);
    const int to = landing_square(board, square, dice[turn]);
    if (step.at("to") != board.id_of(to))
      return fmt::format("turn {}: the rule lands on {}", turn + 1, board.id_of(to));
    for (std::size_t other = 0; other < at.size(); ++other)
      if (other != piece - 1 && at[other] == to && to != board.finish)
        return fmt::format("turn {}: lands on piece {}", turn + 1, other + 1);
    square = to;
    const long long points = to == board.finish ? 0 : board.squares[static_cast<std::size_t>(to)].points;
    total += points;
    if (step.at("points").get<long long>() != points || step.at("total").get<long long>() != total)
      return fmt::format("turn {}: the points or the total differ from the board's", turn + 1);
  }
  if (report.document.at("answer").get<long long>() != total)
    return fmt::format("the plan scores {}, the answer is {}", total, report.document.at("answer").dump());
  if (report.answer != fmt::format("{}\n", total)) return "the judge answer is not the plan's total";
  return "";
}

}  // namespace boardsearch::yut
