// The marble puzzle's own check for the conformance suite (check_report):
// the --json line, replayed tilt by tilt by the rules from the input, drops
// the red marble alone at its last tilt, in as many tilts as the answer
// (15644's own answer checker, reject_15644, on the document's line); an
// answer of -1 has an empty line. Marble searches no apply/undo state, so it
// has no check_states (A* and breadth-first over resting pairs).

#include <fmt/format.h>

#include <optional>
#include <string>

#include "games/marble/format.hpp"
#include "games/marble/parse.hpp"
#include "games/marble/puzzle.hpp"

namespace boardsearch::marble {

std::string check_report(std::string_view input, const app::OptionValues&, const app::SolveReport& report) {
  const Board board = parse_board(input);
  const int answer = report.document.at("answer").get<int>();
  const std::string line = report.document.at("line").get<std::string>();
  // The judge answer's first line: 1 or 0 for 13459, the tilts otherwise.
  const std::string first = report.answer.substr(0, report.answer.find('\n'));
  const bool possible_only = report.document.at("judge") == "13459";
  if (first != (possible_only ? std::string(answer < 0 ? "0" : "1") : std::to_string(answer)))
    return fmt::format("the judge answer '{}' does not say the document's answer {}", first, answer);
  if (answer < 0) return line.empty() ? "" : fmt::format("answer -1 with the line '{}'", line);
  const std::optional<std::string> why = reject_15644(board, answer, fmt::format("{}\n{}\n", answer, line));
  return why ? fmt::format("the line '{}' does not replay: {}", line, *why) : "";
}

}  // namespace boardsearch::marble
