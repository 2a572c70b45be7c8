// The footholds puzzle for the front ends: parse, solve, and show the
// perfectly played game (text, --json document, JSON line for viewers).
#include "games/footholds/puzzle.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/footholds/board.hpp"
#include "games/footholds/hunt_cases.hpp"
#include "games/footholds/play.hpp"
#include "games/footholds/solver.hpp"
#include "games/footholds/strict.hpp"

namespace boardsearch::footholds {

namespace {

using nlohmann::json;

constexpr std::array<char, 2> kPlayerNames = {'A', 'B'};

// A position of the replayed game, with names: player 0 is A, 1 is B.
struct Replay {
  Board board;  // footholds shrink as the game goes
  std::array<int, 2> at{};
  int to_move = 0;
  int moves_made = 0;

  explicit Replay(const Board& start) : board(start), at{start.a, start.b} {}

  int footholds_left() const {
    int count = 0;
    for (auto value : board.footholds) count += value;
    return count;
  }
  bool has_foothold(int cell) const { return board.footholds[static_cast<std::size_t>(cell)] != 0; }
  std::string cell_name(int cell) const { return fmt::format("({},{})", board.row_of(cell), board.col_of(cell)); }

  // Plays `direction` for the player to move (a move of the solver's line).
  void play(Direction direction) {
    const int from = at[static_cast<std::size_t>(to_move)];
    board.footholds[static_cast<std::size_t>(from)] = 0;
    at[static_cast<std::size_t>(to_move)] = board.step(from, direction);
    to_move ^= 1;
    ++moves_made;
  }

  // The board as text: '#' foothold, '.' none, 'A' / 'B' a player on its
  // foothold, '@' both on one foothold, 'a' / 'b' a player whose foothold vanished.
  std::string picture() const {
    std::string text;
    for (int row = 0; row < board.rows; ++row) {
      text += ' ';
      for (int col = 0; col < board.cols; ++col) {
        const int cell = board.cell_at(row, col);
        const bool a_here = at[0] == cell;
        const bool b_here = at[1] == cell;
        char shown = has_foothold(cell) ? '#' : '.';
        if (a_here && b_here)
          shown = has_foothold(cell) ? '@' : '*';
        else if (a_here)
          shown = has_foothold(cell) ? 'A' : 'a';
        else if (b_here)
          shown = has_foothold(cell) ? 'B' : 'b';
        text += ' ';
        text += shown;
      }
      text += '\n';
    }
    return text;
  }

  json board_json() const {
    json cells = json::array();
    for (int row = 0; row < board.rows; ++row) {
      json line = json::array();
      for (int col = 0; col < board.cols; ++col) line.push_back(has_foothold(board.cell_at(row, col)) ? 1 : 0);
      cells.push_back(std::move(line));
    }
    return {{"cells", std::move(cells)},
            {"a", {board.row_of(at[0]), board.col_of(at[0])}},
            {"b", {board.row_of(at[1]), board.col_of(at[1])}},
            {"to_move", std::string(1, kPlayerNames[static_cast<std::size_t>(to_move)])}};
  }

  // Why the player to move has lost (the game is over).
  std::string loss_reason() const {
    const char name = kPlayerNames[static_cast<std::size_t>(to_move)];
    if (!has_foothold(at[static_cast<std::size_t>(to_move)]))
      return fmt::format("the foothold under {} has vanished", name);
    return fmt::format("{} has no foothold to step to", name);
  }
};

std::string moves_word(int count) { return count == 1 ? "move" : "moves"; }
// "1 foothold", "3 footholds".
std::string footholds_text(int count) { return fmt::format("{} foothold{}", count, count == 1 ? "" : "s"); }

// What the progress line says: the winner once proven, and the range the
// total number of moves is proven to lie in.
std::string progress_known(const SolveProgress& progress) {
  if (progress.winner == 0) return "the winner is not known yet";
  if (progress.fewest == progress.most)
    return fmt::format("proven: {} wins after {} {}; finding the line", progress.winner, progress.fewest,
                       moves_word(progress.fewest));
  return fmt::format("proven: {} wins, after {} to {} moves", progress.winner, progress.fewest, progress.most);
}

// The options: the game table's size (none given: chosen from the board).
constexpr std::array kOptions = {
    app::OptionSpec{.name = "table-mb",
                    .kind = app::OptionKind::integer,
                    .value_name = "MIB",
                    .help =
                        "size of the game search's table in MiB, 1 to 1024 (default: from the board, at most 8 MiB; "
                        "shrunk to fit --max-memory)",
                    .minimum = 1,
                    .maximum = 1024},
};

app::SolveReport solve(const app::SolveRequest& request) {
  const app::OptionValues options = app::with_defaults(kOptions, request.options);
  const Board board = parse_board(request.input);
  SearchTuning tuning;
  if (options.has("table-mb")) tuning.table_bytes = static_cast<std::uint64_t>(options.integer("table-mb")) << 20;
  SolveProgress progress;
  core::SearchLimits limits = request.limits;
  if (limits.on_progress)
    limits.on_progress = [report_progress = limits.on_progress, &progress](const core::Progress& p) {
      core::Progress described = p;
      described.known = progress_known(progress);
      report_progress(described);
    };
  const auto result = solve_board(board, limits, tuning, &progress);
  if (!result.proven()) {
    std::string message = app::limit_message(result.outcome, result.stats);
    if (progress.winner != 0) message += "; " + progress_known(progress);
    throw app::LimitError(message);
  }
  const int total = *result.value;

  // The player to move at the end loses: A moves at even move counts.
  const char winner = total % 2 == 1 ? 'A' : 'B';
  const std::string verdict = fmt::format("{} wins after {} {}", winner, total, moves_word(total));

  app::SolveReport report;
  report.answer = fmt::format("{}\n", total);
  report.stats = result.stats;

  // Replay the line: explanation text, JSON steps, the move list.
  Replay replay(board);
  std::string explanation = verdict + ".\n\n";
  const std::string start_text = fmt::format("Start: A at {}, B at {}, {}, A to move", replay.cell_name(board.a),
                                             replay.cell_name(board.b), footholds_text(replay.footholds_left()));
  explanation += start_text + "\n" + replay.picture();
  json moves = json::array();
  report.line.push_back({{"move", nullptr}, {"text", start_text}, {"board", replay.board_json()}});
  for (const Direction direction : result.line) {
    const char player = kPlayerNames[static_cast<std::size_t>(replay.to_move)];
    replay.play(direction);
    const int to = replay.at[static_cast<std::size_t>(player == 'A' ? 0 : 1)];
    std::string text =
        fmt::format("{}. {} steps {} to {}, {} left", replay.moves_made, player, core::to_string(direction),
                    replay.cell_name(to), footholds_text(replay.footholds_left()));
    explanation += "\n" + text + "\n" + replay.picture();
    if (replay.moves_made == total) text += fmt::format("; {}: {}", replay.loss_reason(), verdict);
    moves.push_back({{"player", std::string(1, player)},
                     {"move", core::to_string(direction)},
                     {"to", {replay.board.row_of(to), replay.board.col_of(to)}}});
    report.line.push_back({{"move", core::to_string(direction)},
                           {"player", std::string(1, player)},
                           {"text", std::move(text)},
                           {"board", replay.board_json()}});
  }
  explanation += fmt::format("\n{}: {}.\n", replay.loss_reason(), verdict);
  report.explanation = std::move(explanation);

  report.document = {{"puzzle", "footholds"},
                     {"answer", total},
                     {"winner", std::string(1, winner)},
                     {"moves", std::move(moves)},
                     {"nodes", result.stats.nodes},
                     {"threads", result.stats.threads},
                     {"ms", result.stats.milliseconds()}};
  return report;
}

}  // namespace

constexpr std::array kJudges = {
    app::JudgeProblem{"Programmers 92345", "사라지는 발판", ""},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"R, C (board rows, columns)", 1, 5},
};

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "footholds",
      .title = "Vanishing footholds: two players on a board whose footholds vanish behind them",
      .title_ko = "사라지는 발판",
      .description =
          "Reads R C, R rows of 0/1 footholds, A's row and column, B's row and column (boards up to 128 cells; rows "
          "and columns count from 0), or the Programmers form: the literals board, aloc, bloc, e.g. "
          "'[[1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]', with or without 'board =' and the other names. "
          "A moves first; a player steps to an adjacent foothold and the one it left vanishes; a player who cannot "
          "step, or whose foothold vanished, loses. Prints the total number of moves when the winner wins as fast "
          "and the loser loses as slowly as possible.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = kOptions,
      .solve = &solve,
      .play = &play,
      .check_strict = &check_strict,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
  };
  return instance;
}

}  // namespace boardsearch::footholds

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_footholds() { return footholds::puzzle(); }
}  // namespace boardsearch::app::modules
