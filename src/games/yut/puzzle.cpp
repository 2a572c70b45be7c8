// Dice yut as front ends see it: reads the schedule and options, runs the
// solver, formats the answer, the plan (--explain, --json) and the line.

#include "games/yut/puzzle.hpp"

#include <fmt/format.h>

#include <array>
#include <vector>

#include "games/yut/board.hpp"
#include "games/yut/dice.hpp"
#include "games/yut/hunt_cases.hpp"
#include "games/yut/random_dice.hpp"
#include "games/yut/solver.hpp"
#include "games/yut/strict.hpp"

namespace boardsearch::yut {

namespace {

// The most turns --expected takes: the passes' ranges are 32-bit, and the
// memory and time limits stop far sooner in practice.
constexpr std::int64_t kMaxTurns = 1'000'000;

// The options: P, four by default as in the judge's version, and a board.
// At most kMaxPieces pieces: a position packs one byte per piece into a
// 64-bit key.
constexpr std::array kOptions = {
    app::OptionSpec{.name = "pieces",
                    .kind = app::OptionKind::integer,
                    .value_name = "P",
                    .help = "number of pieces P (default 4, at most 8)",
                    .minimum = 1,
                    .maximum = kMaxPieces,
                    .default_value = "4"},
    app::OptionSpec{.name = "board",
                    .kind = app::OptionKind::document,
                    .value_name = "FILE",
                    .help = "board description file (JSON, see docs/)"},
    // Random dice (random_dice.hpp, docs/yut.md "Random dice").
    app::OptionSpec{.name = "expected",
                    .kind = app::OptionKind::flag,
                    .value_name = "",
                    .help = "dice not known: the expected score of optimal play (reads no dice)"},
    app::OptionSpec{.name = "turns",
                    .kind = app::OptionKind::integer,
                    .value_name = "T",
                    .help = "with --expected: number of turns T (default 10)",
                    .minimum = 1,
                    .maximum = kMaxTurns,
                    .default_value = "10"},
    app::OptionSpec{.name = "weights",
                    .kind = app::OptionKind::text,
                    .value_name = "W1,W2,...|sticks",
                    .help = "with --expected or --luck: weight of each face (default all 1; sticks: 4,6,4,1,1)"},
    app::OptionSpec{.name = "position",
                    .kind = app::OptionKind::text,
                    .value_name = "\"S1 S2 ...\"",
                    .help = "with --expected: advice from these squares (one per piece), with --turn and --die"},
    app::OptionSpec{.name = "turn",
                    .kind = app::OptionKind::integer,
                    .value_name = "t",
                    .help = "with --position: the turn to play (from 1)",
                    .minimum = 1,
                    .maximum = kMaxTurns},
    app::OptionSpec{.name = "die",
                    .kind = app::OptionKind::integer,
                    .value_name = "d",
                    .help = "with --position: the die thrown this turn",
                    .minimum = 1,
                    .maximum = kMaxFace},
    app::OptionSpec{.name = "luck",
                    .kind = app::OptionKind::flag,
                    .value_name = "",
                    .help = "the schedule's optimum against the expected score without foresight, and its percentile"},
};

constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 17825", "주사위 윷놀이", ""},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"dice", 10, 10},
    app::JudgeLimit{"dice value", 1, 5},
    app::JudgeLimit{"pieces", 4, 4},
};

// "turn 3: die 4, piece 2: start -> o8, +8 points, total 20" (the replay test
// in tests/games/yut reads this format back).
std::string describe_turn(const Board& board, std::size_t turn, int die, const Move& move, long long total) {
  return fmt::format("turn {}: die {}, piece {}: {} -> {}, {:+} points, total {}", turn, die, move.piece,
                     board.id_of(move.from), board.id_of(move.to), board.squares[move.to].points, total);
}

nlohmann::json pieces_json(const Board& board, const std::vector<int>& square_of_piece) {
  nlohmann::json squares = nlohmann::json::array();
  for (int square : square_of_piece) squares.push_back(board.id_of(square));
  return squares;
}

app::SolveReport solve(const app::SolveRequest& request) {
  // Options first (they decide what valid dice are), then the schedule.
  const app::OptionValues options = app::with_defaults(kOptions, request.options);
  const int pieces = static_cast<int>(options.integer("pieces"));
  const std::string* board_text = options.text("board");
  Board custom;
  if (board_text != nullptr) custom = parse_board(*board_text, std::string(options.source("board")));
  const Board& board = board_text != nullptr ? custom : standard_board();
  if (random_dice_requested(options)) return solve_random_dice(request, options, board, pieces);
  const std::vector<int> dice = parse_dice(request.input, board);

  // The front end's threads reach the exact pass (its wide layers only: a
  // judge-size schedule never starts a thread; solver.hpp).
  const auto result = solve_schedule(board, dice, pieces, request.limits);
  if (!result.proven()) throw app::LimitError(app::limit_message(result.outcome, result.stats));
  const long long best = *result.value;

  app::SolveReport report;
  report.stats = result.stats;
  report.answer = fmt::format("{}\n", best);

  // The plan, replayed once to produce the three views of it.
  std::string& text = report.explanation;
  text += fmt::format("board {}, {} piece{}, {} dice\n", board.name, pieces, pieces == 1 ? "" : "s", dice.size());
  nlohmann::json plan = nlohmann::json::array();
  std::vector<int> square_of_piece(pieces, board.start);
  long long total = 0;
  report.line.push_back(
      {{"move", nullptr},
       {"text", fmt::format("{} piece{} on {}", pieces, pieces == 1 ? "" : "s", board.id_of(board.start))},
       {"board", {{"pieces", pieces_json(board, square_of_piece)}, {"score", 0}, {"die", nullptr}}}});
  for (std::size_t t = 0; t < result.line.size(); ++t) {
    const Move& move = result.line[t];
    const long long points = board.squares[move.to].points;
    total += points;
    square_of_piece[move.piece - 1] = move.to;
    const std::string line = describe_turn(board, t + 1, dice[t], move, total);
    text += line + '\n';
    plan.push_back({{"turn", t + 1},
                    {"die", dice[t]},
                    {"piece", move.piece},
                    {"from", board.id_of(move.from)},
                    {"to", board.id_of(move.to)},
                    {"points", points},
                    {"total", total}});
    report.line.push_back(
        {{"move", fmt::format("piece {}: {} -> {}", move.piece, board.id_of(move.from), board.id_of(move.to))},
         {"text", line},
         {"board", {{"pieces", pieces_json(board, square_of_piece)}, {"score", total}, {"die", dice[t]}}}});
  }
  if (result.line.size() < dice.size())
    text += fmt::format("after turn {} no piece can move: the game ends, {} dice unused\n", result.line.size(),
                        dice.size() - result.line.size());
  text += fmt::format("maximum score {}\n", best);

  report.document = {{"puzzle", "yut"},
                     {"answer", best},
                     {"pieces", pieces},
                     {"dice", dice.size()},
                     {"turns_played", result.line.size()},
                     {"plan", std::move(plan)},
                     {"board", board_to_json(board)},
                     {"nodes", result.stats.nodes},
                     {"threads", result.stats.threads},
                     {"ms", result.stats.milliseconds()}};
  return report;
}

// Every mode reads dice but --expected (Puzzle::reads_input).
bool reads_input(const app::OptionValues& options) { return !options.flag("expected"); }

}  // namespace

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "yut",
      .title = "Dice yut: the maximum score of a known dice schedule",
      .title_ko = "주사위 윷놀이",
      .description =
          "Input: dice values until end of input (any count, across lines). Output: the maximum total "
          "score. --pieces P: number of pieces (default 4, at most 8). --board FILE: a board as JSON "
          "(docs/yut.md; docs/boards/ has the standard and the traditional board). --expected [--turns T] "
          "[--weights W1,...|sticks]: no dice are read; the expected score of optimal play when each die is "
          "thrown at random, rounded to 6 decimals (--json: the exact fraction). --expected --position \"S1 S2 ...\" "
          "--turn t --die d: the value of every choice from a position. --luck: a schedule's optimum against the "
          "expected score, and its percentile.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = kOptions,
      .solve = &solve,
      .check_strict = &check_strict,
      .reads_input = &reads_input,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
  };
  return instance;
}

}  // namespace boardsearch::yut

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_yut() { return yut::puzzle(); }
}  // namespace boardsearch::app::modules
