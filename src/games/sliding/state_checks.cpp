// The sliding-tile checks for the conformance suite: the IDA* search's
// Position (apply = slide a tile into the blank, undo = slide it back)
// restores every earlier board along random playouts, with each generated
// slide legal by the plain rules (check_states); and a report's line
// replays by the plain rules from the input to the goal in as many moves as
// the judge answer says (check_report).

#include <fmt/format.h>

#include "boardsearch/core/conformance.hpp"
#include "boardsearch/core/move_list.hpp"
#include "games/sliding/bound.hpp"
#include "games/sliding/parse.hpp"
#include "games/sliding/puzzle.hpp"

namespace boardsearch::sliding {

namespace {

// The search's state with the interface core::check_apply_undo_restores uses.
struct SlidingState {
  using Move = Slide;
  using MoveBuffer = core::MoveList<Slide, 4>;
  Position position;

  void generate_moves(MoveBuffer& moves) const {
    for (const Slide slide : core::kDirections)
      if (sliding_tile_cell(position.board(), slide)) moves.push_back(slide);
  }
  void apply(Slide slide) { position.slide_from(*sliding_tile_cell(position.board(), slide)); }
  void undo(Slide slide) { apply(core::opposite(slide)); }
};

constexpr int kPlayouts = 20;
constexpr std::size_t kPlayoutDepth = 60;

// The replay of one board's line (letters U D L R) against its answer.
std::string replay(Board board, GoalLayout layout, const std::string& letters, int answer) {
  if (answer < 0) {
    if (solvable(board, layout)) return "the answer is -1 but the parity says the goal can be reached";
    return letters.empty() ? "" : "the answer is -1 and a line is shown";
  }
  if (static_cast<int>(letters.size()) != answer)
    return fmt::format("the line has {} moves, the answer says {}", letters.size(), answer);
  for (const char letter : letters) {
    const std::string_view all = "UDLR";
    const std::size_t which = all.find(letter);
    if (which == std::string_view::npos) return fmt::format("'{}' is no move", letter);
    const Slide slide = static_cast<Slide>(which);
    if (!sliding_tile_cell(board, slide)) return fmt::format("the move {} has no tile to slide", letter);
    board = after_slide(board, slide);
  }
  return is_goal(board, layout) ? "" : "the line does not end at the goal";
}

}  // namespace

std::size_t check_states(std::uint64_t seed) {
  core::SplitMix64 rng(seed);
  std::size_t checks = 0;
  for (int rows = kMinSide; rows <= kMaxSide; ++rows)
    for (int cols = kMinSide; cols <= kMaxSide; ++cols) {
      const GoalLayout layout = rng.below(2) == 0 ? GoalLayout::blank_last : GoalLayout::blank_first;
      const SlidingState root{Position::of(goal_board(rows, cols, layout))};
      checks += core::check_apply_undo_restores(
          root, kPlayouts, kPlayoutDepth, rng.next(),
          [](const SlidingState& a, const SlidingState& b) {
            return a.position.board() == b.position.board() && a.position.where == b.position.where &&
                   a.position.blank == b.position.blank;
          },
          [](const SlidingState& state, Slide slide) {
            return sliding_tile_cell(state.position.board(), slide).has_value();
          });
    }
  return checks;
}

std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report) {
  const Question question = question_of(options);
  const nlohmann::json& document = report.document;
  if (question.bulk) {
    const std::vector<Board> boards = parse_bulk(input);
    const nlohmann::json& answers = document.at("boards");
    if (answers.size() != boards.size()) return "the document does not answer every board";
    std::string judge;
    for (std::size_t i = 0; i < boards.size(); ++i) {
      const int answer = answers[i].at("answer").get<int>();
      judge += fmt::format("{}\n", answer);
      const std::string wrong =
          replay(boards[i], question.solve.layout, answers[i].at("line").get<std::string>(), answer);
      if (!wrong.empty()) return fmt::format("board {}: {}", i + 1, wrong);
    }
    return judge == report.answer ? "" : "the judge answer is not the document's answers";
  }
  const Board board = parse_board(input);
  const int answer = document.at("answer").get<int>();
  if (report.answer != fmt::format("{}\n", answer))
    return fmt::format("the judge answer '{}' does not say the document's {}",
                       report.answer.substr(0, report.answer.find('\n')), answer);
  return replay(board, question.solve.layout, document.at("line").get<std::string>(), answer);
}

}  // namespace boardsearch::sliding
