#pragma once
// Dice yut when the dice are not known in advance: each turn's die is drawn
// independently, face i with weight w_i, and the player moves knowing only
// the dice thrown so far. The expected score of optimal play, exactly (a
// fraction), by backward induction over (turns remaining, position); the
// values of every choice from any position (advice); the line of play along
// the most likely face (explain). See expected_search.cpp for the method
// and the proofs (its parts: expected_*.cpp), docs/yut.md for the output.

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/yut/rules.hpp"

namespace boardsearch::yut {

// The position, turn and die of an advice request.
struct AdviceQuery {
  std::vector<int> squares;  // the square of every piece (indices into Board::squares), any order
  int turn = 1;              // 1-based: turn - 1 turns have been played
  int die = 1;               // the face thrown for this turn
};

// The passes run on SearchLimits::threads threads when they evaluate at
// least this many (turns left, position) pairs in all: tuned so that the
// work (tens of ms) dwarfs handing the passes to the threads; the default
// request (T = 10, P = 4: 26,333 pairs) starts no thread.
inline constexpr std::uint64_t kParallelPairs = 100'000;
// Positions (ranks) per task of a parallel pass.
inline constexpr std::size_t kParallelChunkRanks = 4096;

// How solve_expected computes the values (expected_search.cpp, "Two
// phases"): passes (the default): the passes; two_phase: the two phases (a
// memory limit when their tables do not fit); automatic: the two phases
// when phase 1's tables fit the memory budget, else the passes. No value
// depends on it. The front ends ask for automatic (random_dice.cpp,
// kFrontEndMethod; docs/yut.md, "How it is solved").
// The request's default stays the passes, the method the tests that do
// not name one check against the plain expectimax. Automatic's choice
// reserves phase 2's needs too, so it never stops at the memory limit
// where the passes would fit.
enum class ExpectedMethod { automatic, passes, two_phase };

// The default safety factor of the two phases' tie threshold (see
// expected_phase_one.cpp): the proof needs 2 or more; 4 leaves room.
inline constexpr double kTieFactor = 4;

struct ExpectedRequest {
  int turns = 10;                      // T >= 1
  int pieces = 4;                      // 1..kMaxPieces
  std::vector<std::uint64_t> weights;  // one per board face, at least one > 0; their sum
                                       // times the largest |points| below 2^62 (else
                                       // std::invalid_argument; the front ends allow 10^14)
  std::optional<AdviceQuery> advice;   // none: the expected score from the start
  // Full solve: also the line along the most likely face when asked for,
  // or when the solve evaluates at most `line_if_at_most` (turns left,
  // position) pairs (the line costs a second run of the passes).
  bool want_line = false;
  std::uint64_t line_if_at_most = 0;
  // With limits.threads > 1: the passes run on the threads when they
  // evaluate at least parallel_pairs pairs (0: always; tests), in chunks of
  // chunk_ranks positions (at least 1). No value depends on either.
  std::uint64_t parallel_pairs = kParallelPairs;
  std::size_t chunk_ranks = kParallelChunkRanks;
  // The legal moves of every position evaluated in two passes or more are
  // made once, before the passes, when they fit the memory budget (after
  // the second buffer of the threads); false: the passes make every move
  // (tests and benchmarks). No value depends on it.
  bool move_cache = true;
  ExpectedMethod method = ExpectedMethod::passes;
  // The two phases: a choice whose best double is within tie_factor x
  // twice the proven error bound of the second best is flagged a tie and
  // decided exactly. At least 2 for the proof (tests: a huge factor flags
  // every choice of two moves or more; tiny ones are mutants, never used).
  double tie_factor = kTieFactor;
};

// One legal move and its value: the points it scores plus the expected
// score of optimal play afterwards.
struct ExpectedChoice {
  int from = 0;
  int to = 0;
  mpq_class value;
};

// One turn of the most likely line: the position before it (the squares in
// the solver's order; AdviceQuery takes them as they are), the die, every legal choice (in the order of the position's
// pieces) and which one optimal play takes.
struct LineTurn {
  int turn = 0;
  int die = 0;
  std::vector<int> squares;
  std::vector<ExpectedChoice> choices;
  std::size_t best = 0;
};

struct ExpectedResult {
  core::Outcome outcome = core::Outcome::proven;
  // Full solve: the expected total score of optimal play from the start.
  // Advice: the value of the best choice (0 when no piece can move).
  mpq_class value;
  // Advice: every legal choice, in the order of the pieces (sorted squares);
  // `best` indexes the first choice of the highest value.
  std::vector<ExpectedChoice> choices;
  std::size_t best = 0;
  // want_line: the turns of the line until the game ends or T turns.
  std::vector<LineTurn> line;
  // nodes: (turns remaining, position) pairs evaluated; memory_bytes: the
  // peak of the tables counted on the budget.
  core::SearchStats stats;
  std::uint64_t positions = 0;  // positions indexed (multisets of squares)
  std::uint64_t pairs = 0;      // (turns left, position) pairs in the ranges (what one run evaluates, at most)
  bool line_computed = false;
  // Which method ran, and the two phases' counts: slots (pair, face) with
  // two moves or more that the doubles decided and that they flagged as
  // ties; pairs marked for the exact values (the answer's run, then the
  // line's); child reads below the child's range (0: the range proof holds,
  // checked by the tests); seconds of phase 1, the marking, phase 2.
  ExpectedMethod method = ExpectedMethod::passes;
  struct TwoPhase {
    std::uint64_t decided = 0, ties = 0, marked = 0, line_marked = 0, range_gaps = 0;
    double phase1_seconds = 0, mark_seconds = 0, phase2_seconds = 0;
  } two_phase;
};

// The face most likely thrown: the highest weight, the smallest face on ties.
int most_likely_face(const Board& board, const std::vector<std::uint64_t>& weights);

// Threads: the values are exact, so they (and the line, the advice, the
// states evaluated) are the same whatever limits.threads is;
// stats.threads says how many threads ran the passes. The passes on
// several threads keep a second value array (V of the pass before beside V
// of this one: positions x (limbs + 1) words more), counted on the memory
// budget; when it does not fit, one thread runs them in place.
//
// Solves. Preconditions: board valid; the request within the ranges above;
// advice squares on the board, no two pieces on one square other than start
// and finish, 1 <= turn <= turns, die a face of the board. A limit (nodes,
// time, memory, cancel) gives its outcome and no value. Memory: the tables
// are sized before they are made and counted on limits.max_memory_bytes
// (outcome memory_limit instead of allocating past it).
ExpectedResult solve_expected(const Board& board, const ExpectedRequest& request, const core::SearchLimits& limits);

}  // namespace boardsearch::yut
