// Dice yut as front ends see it: the options, the judge's problem, and the
// solve: parse (parse.hpp), search (search.hpp), format (format.hpp).

#include "games/yut/puzzle.hpp"

#include <fmt/format.h>

#include <array>
#include <vector>

#include "games/yut/format.hpp"
#include "games/yut/hunt_cases.hpp"
#include "games/yut/parse.hpp"
#include "games/yut/random_dice.hpp"
#include "games/yut/rules.hpp"
#include "games/yut/search.hpp"
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

// Last field: the judge's time limit in ms as its page states it (0: none recorded).
constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 17825", "주사위 윷놀이", "", 0},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"dice", 10, 10},
    app::JudgeLimit{"dice value", 1, 5},
    app::JudgeLimit{"pieces", 4, 4},
};

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
  // judge-size schedule never starts a thread; search.hpp).
  const auto result = solve_schedule(board, dice, pieces, request.limits);
  if (!result.proven()) throw app::LimitError(app::limit_message(result.outcome, result.stats));
  return schedule_report(board, dice, pieces, result, request.lang);
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
      .check_report = &check_report,
  };
  return instance;
}

}  // namespace boardsearch::yut

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_yut() { return yut::puzzle(); }
}  // namespace boardsearch::app::modules
