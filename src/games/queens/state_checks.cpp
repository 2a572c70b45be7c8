// The N-Queens check for the conformance suite (check_report): the judge
// answer says the document's count, and the placement shown completes the
// input's board by the plain cell-by-cell rules (rules.hpp), present exactly
// when the count is not 0. No check_states: the search keeps no apply/undo
// state (puzzle.cpp).

#include <fmt/format.h>

#include <string>
#include <vector>

#include "games/queens/format.hpp"
#include "games/queens/parse.hpp"
#include "games/queens/puzzle.hpp"

namespace boardsearch::queens {

std::string check_report(std::string_view input, const app::OptionValues&, const app::SolveReport& report) {
  const Board board = parse_board(input);
  const std::string answer = report.document.at("answer").get<std::string>();
  const std::string first = report.answer.substr(0, report.answer.find('\n'));
  if (first != answer) return fmt::format("the judge answer '{}' does not say the document's count {}", first, answer);
  const nlohmann::json& placement = report.document.at("placement");
  if (placement.is_null()) return answer == "0" ? "" : fmt::format("the count is {} and no placement is shown", answer);
  if (answer == "0") return "the count is 0 and a placement is shown";
  const std::vector<int> columns = placement.get<std::vector<int>>();
  if (!completes(board, columns)) return fmt::format("the placement {} does not complete the board", placement.dump());
  if (report.document.at("rows") != nlohmann::json(drawn_rows(board, columns)))
    return "the drawn rows are not the placement";
  return "";
}

}  // namespace boardsearch::queens
