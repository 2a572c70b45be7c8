#pragma once
// The module contract: everything a puzzle says about itself, and all that a
// front end (CLI, web server, hunter, page) may know of it. A front end
// iterates all_puzzles(), builds its options from the schema, calls solve or
// play, and prints what comes back; it never names a puzzle or an option.
//
//   src/games/<p>/                       the whole puzzle: rules, search,
//     puzzle.cpp   -> Puzzle             formats, this description, its
//     hunt_cases.cpp -> HuntCases        hunt cases, play
//   CMakeLists.txt BOARDSEARCH_PUZZLES   the one list; CMake generates
//                                        all_puzzles() from it
//
// A puzzle module defines `const Puzzle& boardsearch::app::modules::
// puzzle_<p>()` for its folder name <p> (see BOARDSEARCH_PUZZLES).

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/app/messages.hpp"
#include "boardsearch/app/options.hpp"
#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/splitmix64.hpp"

namespace boardsearch::app {

// An error that carries its text as a catalog Message (messages.hpp), so
// each front end words it in its user's language: what() is the English
// wording, for logs and for callers that know no language. Text not (yet)
// in the catalog may be given as a string: it is then shown as is in every
// language (its Message has the key "" and the parameter "text").
class WordedError : public std::runtime_error {
 public:
  explicit WordedError(const Message& message);
  explicit WordedError(const std::string& english);
  const Message& message() const { return *message_; }
  // The message worded in `lang`.
  std::string text(Lang lang) const;

 private:
  std::shared_ptr<const Message> message_;  // shared: copying an exception must not throw
};

// Bad input: the message names what is wrong and where, on one line, e.g.
// "line 3, field 2: expected a power of two >= 2, found 3". Front ends turn it
// into exit status 2 (CLI) or HTTP 400 (server).
class InputError : public WordedError {
 public:
  using WordedError::WordedError;
};

// A limit (nodes, time, memory, cancellation) stopped the search before the
// answer was proven. The message says what is known (e.g. a bracket marked
// "not proven"). Front ends turn it into exit status 3 (CLI) or HTTP 422
// (server) and never print the unproven value as an answer.
class LimitError : public WordedError {
 public:
  using WordedError::WordedError;
};

// ---------------------------------------------------------------------------
// Solving.

struct SolveRequest {
  std::string_view input;  // judge-format text
  // Checked against the puzzle's schema by the front end; options not given
  // may be absent (the puzzle applies the schema's defaults: with_defaults).
  OptionValues options;
  // One budget for the whole solve, every sub-search included: the puzzle
  // builds one core::SearchControl from it.
  core::SearchLimits limits;
  // Whether the caller shows SolveReport::line (viewers do, the CLI never
  // does). When false a puzzle may leave `line` empty: it can be the biggest
  // part of a report (the line of a many-case input is steps x cells per
  // case), and output nobody asked for must not cost memory.
  bool want_line = true;
  // Streaming, for a caller that shows only the answer (the CLI without
  // --explain or --json); empty otherwise. A puzzle whose input holds many
  // cases may hand each case's proven answer here, in order, as soon as the
  // case is solved, instead of keeping it in SolveReport::answer (which then
  // holds only what was not handed over), and may leave explanation and
  // document empty: memory then does not grow with the number of cases.
  // The whole input is checked first (bad input throws InputError before the
  // first call); a limit in a later case throws LimitError naming that case,
  // and what was handed over stays proven. Other puzzles ignore it.
  std::function<void(std::string_view)> on_answer = {};
  // The language of every text the solve words for people: the line's step
  // texts, the explanation, progress (`known`), LimitError's what is known.
  // Never the answer (judge output), nor the --json document's keys and
  // values other than texts.
  Lang lang = Lang::en;
  // Whether the solve may build a table that takes long (seconds or more)
  // and keep it on disk (app/table_cache.hpp) when it lacks one. The CLI
  // sets it; the server never does: a request solves with the tables that
  // exist, and the answer says which are missing and how to build them.
  bool may_build_tables = false;
};

// Everything a front end may show. `answer` is byte-exact judge output.
//
// `line` is the optimal play for viewers: a JSON array of steps
//   {"move": <string or null for the initial position>,
//    "text": <one-line description>,
//    "board": <puzzle-specific board object, see docs/api.md>}
// For inputs with several cases each step also has "case".
struct SolveReport {
  std::string answer;       // judge output, ends with '\n'
  std::string explanation;  // --explain text printed after the answer
  nlohmann::json document;  // the --json document
  nlohmann::json line = nlohmann::json::array();
  core::SearchStats stats;  // summed over cases where there are several
};

// ---------------------------------------------------------------------------
// Two-player puzzles: the best move from any position.

// What perfect play gives from a position. The position is the puzzle's own
// JSON object (docs/api.md); the server passes it on and maps this back.
struct PlayResult {
  std::string to_move;            // the player to move in the position
  nlohmann::json move = nullptr;  // the best move for that player; null when the game is over
  std::string winner;             // under perfect play from here
  std::int64_t moves_left = 0;    // moves still to be made under perfect play
  bool over = false;              // the player to move has already lost
  Message text;                   // one line for people, worded by the front end
  core::SearchStats stats;
};

// ---------------------------------------------------------------------------
// Hunting: the puzzle's own inputs for `boardsearch hunt`. Inputs travel as
// judge text; the puzzle reads and writes them with its own parser and
// formatter, so the hunter keeps no second model of any puzzle.
// One family of extreme inputs (HuntCases::extremes): its name for reports
// ("full 5 x 5, opposite corners") and how many samples of it the hunter
// measures.
struct ExtremeFamily {
  std::string_view name;
  std::uint64_t samples = 1;
};

struct HuntCases {
  // Case `index` (0-based): edge cases and small inputs first, then growing.
  // A pure function of its arguments; always valid judge input for
  // `options`.
  std::string (*generate)(std::uint64_t index, core::SplitMix64& rng, const OptionValues& options) = nullptr;
  // Strictly smaller valid inputs, the biggest cut first. "Smaller" is well
  // founded (each candidate lowers a finite measure), so greedy shrinking
  // ends. Precondition: `input` came from generate or from shrink.
  std::vector<std::string> (*shrink)(std::string_view input, const OptionValues& options) = nullptr;
  // A few words for reports, e.g. "board 3x3 with 2 tiles".
  std::string (*summary)(std::string_view input) = nullptr;
  // The input's size for reports ("largest input reached"), in the
  // puzzle's own measure (cells, dice, ...); nullptr: its bytes.
  std::uint64_t (*size)(std::string_view input) = nullptr;

  // `hunt --slow`: inputs within the judge's own limits (judge_limits, the
  // promises the judge makes about its inputs, and check_strict where the
  // puzzle has it), for the search for the slowest input.
  // The generator's parameters ("knobs"), each in [0, 1]; what they mean
  // (board side, density, value spread, ...) is the puzzle's, and they are
  // what the hunter climbs on. A pure function of its arguments.
  std::size_t knob_count = 0;
  std::string (*judge_sized)(std::span<const double> knobs, core::SplitMix64& rng,
                             const OptionValues& options) = nullptr;
  // A small random change of `input` (from judge_sized or mutate) that
  // stays within the judge's limits: the hunter's steps around the slowest
  // inputs found so far.
  std::string (*mutate)(std::string_view input, core::SplitMix64& rng, const OptionValues& options) = nullptr;
  // For puzzles whose input holds several cases (nullptr: one case per
  // input): one input holding the cases of `inputs` (each from judge_sized
  // or mutate), in order. `hunt --slow` measures files of N copies of one
  // judge-sized case (`--max-cases N`, default slow_cases): a judge file of
  // N cases is as slow as N times its hardest case at most.
  std::string (*join)(std::span<const std::string> inputs) = nullptr;
  // With join: the cases per `hunt --slow` input when --max-cases is not
  // given. A judge that reads cases until the end of the file (and bounds
  // only each case) puts many in one file, and its time limit is per file.
  std::uint64_t slow_cases = 1;

  // The judge's largest input in the `size` measure (0: not known), and in
  // words ("20 x 20"): a hunt whose largest input checked stays below a
  // quarter of it says it is no evidence for big inputs.
  std::uint64_t judge_max_size = 0;
  std::string_view judge_max_words = {};
  // The extreme families, where judges put their worst tests (maximum size,
  // full and empty boards, each class of start positions on a full board,
  // extreme values), which random knobs almost never hit: `hunt --slow`
  // measures every family's samples first. extreme(f, s, ...) is sample s
  // (0 <= s < extremes[f].samples) of family f, within the judge's limits;
  // a pure function of its arguments (a family too large to try whole draws
  // its samples from rng).
  std::span<const ExtremeFamily> extremes = {};
  std::string (*extreme)(std::size_t family, std::uint64_t sample, core::SplitMix64& rng,
                         const OptionValues& options) = nullptr;
  // A step that makes `input` (from judge_sized, extreme, mutate or harden)
  // likely harder while staying within the judge's limits (grow a side
  // toward the limit, fill a cell, move two starts apart); nullptr: the
  // climb uses mutate only.
  std::string (*harden)(std::string_view input, core::SplitMix64& rng, const OptionValues& options) = nullptr;
};

// ---------------------------------------------------------------------------
// Fixed positions: `boardsearch bench` and the conformance suite.

// A fixed input the puzzle declares about itself. `boardsearch bench` solves
// each at one thread with no limit and prints its node count; the counts
// summed over every puzzle are the bench signature, quoted in any commit
// that changes search behaviour. A bench position therefore solves
// deterministically (the same nodes on every run and machine), in well
// under a second, and needs more than one node (the conformance suite gives
// it a one-node budget and expects LimitError).
struct BenchPosition {
  std::string_view name;      // a few words for the report, "20 x 20, one 1024, K = 10"
  std::string (*input)();     // the judge text (a pure function: a generator, not stored text)
  std::string_view settings;  // the options as typed on the CLI, "--moves 10" ("": the defaults)
};

// The {"nodes", "threads", "ms"} part of a --json document, the same in
// every puzzle and in the server's replies.
nlohmann::json stats_json(const core::SearchStats& stats);

// ---------------------------------------------------------------------------
// The description.

// A problem of a judge that the puzzle answers ("Baekjoon 12100").
struct JudgeProblem {
  std::string_view id;        // the judge and the problem's number there
  std::string_view title;     // the judge's title in its own language
  std::string_view settings;  // the options that give it, "--moves 5" ("" for the defaults)
  // The judge's time limit per test in milliseconds, as its problem page
  // states it; 0: the judge publishes none. `check` and `hunt --slow` take
  // it as their default timeout / limit.
  std::int64_t time_limit_ms = 0;
};

// One of the judge's own limits, e.g. {"N (board side)", 1, 20}: what
// generators stay within when they imitate the judge, and what a strict
// mode checks.
struct JudgeLimit {
  std::string_view what;
  std::int64_t minimum = 0;
  std::int64_t maximum = 0;
};

struct Puzzle {
  std::string_view name;         // CLI subcommand and API name: the folder name under src/games/
  std::string_view title;        // English title
  std::string_view title_ko;     // Korean title
  std::string_view description;  // one paragraph for --help
  std::span<const JudgeProblem> judges;
  std::span<const JudgeLimit> judge_limits;
  std::span<const OptionSpec> options;
  // Solves a judge-format input. Throws InputError for bad input and
  // LimitError when a limit stops the search; never anything else on
  // purpose (front ends still catch std::exception as a last resort).
  SolveReport (*solve)(const SolveRequest& request) = nullptr;
  // Whether `output` (a program's stdout) is a right answer for `input`,
  // given `expected`, boardsearch's own answer. nullptr: the outputs must be
  // equal once whitespace is normalized (normalize_output); puzzles that
  // accept several answers (any optimal line) check them here.
  bool (*accepts)(std::string_view input, const OptionValues& options, std::string_view expected,
                  std::string_view output) = nullptr;
  // Two-player puzzles only (nullptr otherwise). Throws InputError naming
  // the field of `position` that is wrong, LimitError on a limit.
  PlayResult (*play)(const nlohmann::json& position, const core::SearchLimits& limits) = nullptr;
  // Two-player puzzles only: the play position (as `play` reads it) of a
  // judge input, so the conformance suite can check that play and solve
  // agree (the winner, and the moves left equal to the judge answer's
  // moves). Throws InputError as solve does.
  nlohmann::json (*position_of)(std::string_view input) = nullptr;
  // --strict: whether `input` (already accepted by solve's parser, or about
  // to be) keeps to the judge's exact limits and format (judge_limits and
  // the judge problem that `options` select). Throws InputError naming the
  // limit and where the input breaks it, e.g. "line 1: N = 21 is above the
  // judge's limit N <= 20 (Baekjoon 12100)"; returns normally otherwise.
  // Without --strict the generalizations stay accepted. nullptr: the puzzle
  // has no stricter form than its parser.
  void (*check_strict)(std::string_view input, const OptionValues& options) = nullptr;
  // Whether a solve with these options reads judge text at all (a mode
  // that takes everything from its options reads none). When false, a
  // front end does not wait for standard input and passes an empty input
  // unless the user named a file. nullptr: every solve reads its input.
  bool (*reads_input)(const OptionValues& options) = nullptr;
  HuntCases hunt = {};

  // Fixed positions for `boardsearch bench` (see BenchPosition). Every puzzle
  // that searches declares at least one.
  std::span<const BenchPosition> bench = {};
  // Inputs the puzzle's parser accepts but its judge's limits do not (one
  // past each limit of judge_limits that an input can break): the
  // conformance suite checks that check_strict refuses each. Empty when the
  // puzzle has no check_strict.
  std::span<const BenchPosition> beyond_judge_limits = {};
  // The puzzle's own state checks for the conformance suite: random
  // playouts (or random inputs) from a generator seeded by `seed`, checking
  // the invariants of its search state (apply then undo restores the state
  // and its key; generated moves are legal by the plain rules). Returns the
  // number of checks made (> 0: a check that checked nothing is a defect);
  // throws std::logic_error naming the first broken invariant. nullptr: the
  // puzzle's search has no apply/undo state (its description says so).
  std::size_t (*check_states)(std::uint64_t seed) = nullptr;
  // Whether `report`, solve's answer to `input`, is consistent with itself:
  // the line (SolveReport::line, asked with want_line) replays under the
  // rules from the input to the answer, and the --json document states the
  // same answer. Returns "" when it does, else what is wrong in one line.
  // nullptr: the answer holds no line to replay.
  std::string (*check_report)(std::string_view input, const OptionValues& options, const SolveReport& report) = nullptr;
};

// All puzzles, in the order of BOARDSEARCH_PUZZLES; lookup by name (nullptr
// if unknown); their names joined by ", " for messages.
std::span<const Puzzle* const> all_puzzles();
const Puzzle* find_puzzle(std::string_view name);
std::string puzzle_names();

// The puzzles other than `puzzle` whose schema has an option `name`, e.g.
// "--x" for a puzzle P that does not take it: "P does not take --x (Q and R
// take it); P takes --y, --z". Used by every front end.
std::string foreign_option_message(const Puzzle& puzzle, std::string_view name, std::string_view prefix = "--");
Message foreign_option_message_of(const Puzzle& puzzle, std::string_view name, std::string_view prefix = "--");
// "A", "A and B", "A, B and C" ("A, B, C" in Korean).
Message and_list(std::span<const std::string_view> names);

// Whitespace-normalized output: each line trimmed, runs of blanks inside a
// line collapsed to one space, blank lines dropped.
std::string normalize_output(std::string_view text);

// puzzle.accepts when set, else normalized equality.
bool output_accepted(const Puzzle& puzzle, std::string_view input, const OptionValues& options,
                     std::string_view expected, std::string_view output);

// A search outcome in words ("node limit reached").
Message outcome_message(core::Outcome outcome);

// The message used in LimitError for a search outcome that is not proven.
Message limit_message(core::Outcome outcome, const core::SearchStats& stats);

}  // namespace boardsearch::app

// Implemented by each puzzle module (see the top of this file).
namespace boardsearch::app::modules {}
