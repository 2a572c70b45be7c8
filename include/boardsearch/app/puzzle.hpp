#pragma once
// The contract between a puzzle and the front ends (CLI, web server, hunter).
// A front end parses its own protocol, calls Puzzle::solve, and prints what
// comes back; no search logic lives in front ends.

#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "boardsearch/core/limits.hpp"

namespace boardsearch::app {

// Bad input: the message names what is wrong and where, on one line, e.g.
// "line 3, field 2: expected a power of two >= 2, found 3". Front ends turn it
// into exit status 2 (CLI) or HTTP 400 (server).
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A limit (nodes, time, cancellation) stopped the search before the answer was
// proven. Front ends turn it into exit status 3 (CLI) or HTTP 422 (server) and
// never print the unproven value as an answer.
class LimitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Puzzle-specific options. Each puzzle reads the ones it declares in
// Puzzle::options and applies its own defaults to the rest.
struct PuzzleOptions {
  std::optional<long long> moves;      // 2048: number of moves K (default 5)
  std::optional<long long> pieces;     // yut: number of pieces P (default 4)
  std::optional<std::string> board;    // yut: board description (JSON text)
  std::string board_source = "board";  // where `board` came from, for messages
};

struct SolveRequest {
  std::string_view input;  // judge-format text
  PuzzleOptions options;
  core::SearchLimits limits;
  // Whether the caller shows SolveReport::line (viewers do, the CLI never
  // does). When false a puzzle may leave `line` empty: it can be the biggest
  // part of a report (the tour's is steps x cells per case, about 1 MB for
  // an open 30 x 30 board), and a judge file with thousands of cases must
  // not need gigabytes for output nobody asked for.
  bool want_line = true;
};

// Everything a front end may show. `answer` is byte-exact judge output.
//
// `line` is the optimal play for viewers: a JSON array of steps
//   {"move": <string or null for the initial position>,
//    "text": <one-line description>,
//    "board": <puzzle-specific board object, see docs/api.md>}
// For puzzles with several cases per input (tour) each step also has "case".
struct SolveReport {
  std::string answer;       // judge output, ends with '\n'
  std::string explanation;  // --explain text printed after the answer
  nlohmann::json document;  // the --json document
  nlohmann::json line = nlohmann::json::array();
  core::SearchStats stats;  // summed over cases where there are several
};

// Which of PuzzleOptions a puzzle understands (front ends expose only these).
struct OptionSet {
  bool moves = false;
  bool pieces = false;
  bool board = false;
};

struct Puzzle {
  std::string_view name;         // CLI subcommand: "2048", "tour", ...
  std::string_view title;        // human title
  std::string_view description;  // one paragraph for --help
  OptionSet options;
  // Solves a judge-format input. Throws InputError for bad input and
  // LimitError when a limit stops the search; never anything else on
  // purpose (front ends still catch std::exception as a last resort).
  SolveReport (*solve)(const SolveRequest& request);
};

// All puzzles, in a stable order; and lookup by name (nullptr if unknown).
std::span<const Puzzle> all_puzzles();
const Puzzle* find_puzzle(std::string_view name);

// The message used in LimitError for a search outcome that is not proven.
std::string limit_message(core::Outcome outcome, const core::SearchStats& stats);

}  // namespace boardsearch::app
