// Dice yut with random dice (games/yut/expected.*, random_dice.*): the
// exact expected score against a plain expectimax over every dice sequence
// and every choice; the rounding; the bound by the known-dice optimum; advice
// against the full solve; options, limits and the views of the result.

#include "games/yut/expected.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <string>

#include "games/yut/format.hpp"
#include "games/yut/puzzle.hpp"
#include "yut/plain_expectimax.hpp"
#include "yut/test_support.hpp"

namespace boardsearch::yut::testing {
namespace {

ExpectedResult solve(const Board& board, int pieces, int turns, const std::vector<std::uint64_t>& weights,
                     std::optional<AdviceQuery> advice = std::nullopt, bool line = false) {
  ExpectedRequest request{turns, pieces, weights, std::move(advice), line, 0};
  ExpectedResult result = solve_expected(board, request, {});
  EXPECT_EQ(result.outcome, core::Outcome::proven);
  return result;
}

std::vector<std::uint64_t> random_weights(core::SplitMix64& rng, const Board& board) {
  std::vector<std::uint64_t> weights(board.faces.size());
  for (auto& weight : weights) weight = rng.below(4);
  weights[rng.below(weights.size())] += 1;  // at least one positive
  return weights;
}

// The plain search visits about (faces x pieces)^turns nodes: cases are
// drawn within a budget of it.
constexpr double kPlainNodes = 60'000;

// A random board with random weights, 1..most_pieces pieces and
// 1..most_turns turns.
struct RandomCase {
  Board board;
  std::vector<std::uint64_t> weights;
  int pieces = 1, turns = 1;
};
RandomCase random_case(core::SplitMix64& rng, int most_pieces, int most_turns) {
  RandomCase drawn;
  drawn.board = random_board(rng);
  drawn.weights = random_weights(rng, drawn.board);
  drawn.pieces = 1 + static_cast<int>(rng.below(most_pieces));
  drawn.turns = 1 + static_cast<int>(rng.below(most_turns));
  return drawn;
}

TEST(YutExpected, EqualsPlainExpectimaxOnRandomBoards) {
  core::SplitMix64 rng(18);
  const int cases = scaled(400);
  int compared = 0;
  for (int c = 0; c < cases; ++c) {
    const auto [board, weights, pieces, turns] = random_case(rng, 4, 6);
    if (std::pow(static_cast<double>(board.faces.size() * pieces), turns) > kPlainNodes) continue;
    ++compared;
    EXPECT_EQ(solve(board, pieces, turns, weights).value, plain_from_start(board, pieces, turns, weights))
        << "case " << c << ": pieces " << pieces << ", turns " << turns;
  }
  EXPECT_GT(compared, cases / 4);
}

TEST(YutExpected, EqualsPlainExpectimaxOnTheShippedBoards) {
  const Board traditional = parse_board(read_text(source_path("docs/boards/traditional.json")), "traditional.json");
  const std::vector<std::uint64_t> uniform(5, 1), sticks = {4, 6, 4, 1, 1};
  for (const Board* board : {&standard_board(), &traditional})
    for (const auto* weights : {&uniform, &sticks})
      for (int pieces = 1; pieces <= 4; ++pieces)
        for (int turns = 1; turns <= 6; ++turns) {
          if (std::pow(5.0 * pieces, turns) > 8 * kPlainNodes) continue;
          EXPECT_EQ(solve(*board, pieces, turns, *weights).value, plain_from_start(*board, pieces, turns, *weights))
              << board->name << ", pieces " << pieces << ", turns " << turns;
        }
}

TEST(YutExpected, TheMoveCacheChangesNoValue) {
  // The same solve with the moves made once before the passes and made in
  // every pass: the same values, nodes and line, on random boards and
  // pieces up to 6; and the cache is really made on most of them.
  core::SplitMix64 rng(1825);
  const int cases = scaled(200);
  int cached = 0;
  for (int c = 0; c < cases; ++c) {
    const auto [board, weights, pieces, turns] = random_case(rng, 6, 14);
    ExpectedRequest request{turns, pieces, weights, std::nullopt, true, 0};
    const ExpectedResult with = solve_expected(board, request, {});
    request.move_cache = false;
    const ExpectedResult without = solve_expected(board, request, {});
    ASSERT_EQ(with.outcome, core::Outcome::proven);
    ASSERT_EQ(without.outcome, core::Outcome::proven);
    EXPECT_EQ(with.value, without.value) << "case " << c;
    EXPECT_EQ(with.stats.nodes, without.stats.nodes) << "case " << c;
    ASSERT_EQ(with.line.size(), without.line.size()) << "case " << c;
    for (std::size_t t = 0; t < with.line.size(); ++t) {
      EXPECT_EQ(with.line[t].best, without.line[t].best) << "case " << c << ", turn " << t;
      ASSERT_EQ(with.line[t].choices.size(), without.line[t].choices.size());
      for (std::size_t k = 0; k < with.line[t].choices.size(); ++k)
        EXPECT_EQ(with.line[t].choices[k].value, without.line[t].choices[k].value);
    }
    cached += with.stats.memory_bytes > without.stats.memory_bytes ? 1 : 0;
  }
  EXPECT_GT(cached, cases / 2);
}

TEST(YutExpected, KnownValues) {
  // One turn, one piece: the mean of the first five squares' points.
  EXPECT_EQ(solve(standard_board(), 1, 1, {1, 1, 1, 1, 1}).value, mpq_class(6));
  // Sticks: (4*2 + 6*4 + 4*6 + 8 + 10) / 16 = 74/16.
  EXPECT_EQ(solve(standard_board(), 1, 1, {4, 6, 4, 1, 1}).value, mpq_class(37, 8));
  // A die that always shows 5 is the known schedule 5 5 5 ...
  for (int turns : {3, 10})
    EXPECT_EQ(solve(standard_board(), 4, turns, {0, 0, 0, 0, 1}).value,
              mpq_class(static_cast<long>(plain_best(standard_board(), std::vector<int>(turns, 5), 4))));
}

TEST(YutExpected, RoundingIsHalfUp) {
  EXPECT_EQ(rounded_decimal(mpq_class(1, 2)), "0.500000");
  EXPECT_EQ(rounded_decimal(mpq_class(2, 3)), "0.666667");
  EXPECT_EQ(rounded_decimal(mpq_class(1, 3)), "0.333333");
  EXPECT_EQ(rounded_decimal(mpq_class(1, 2'000'000)), "0.000001");  // exactly half a unit: up
  EXPECT_EQ(rounded_decimal(mpq_class(3, 2'000'000)), "0.000002");
  EXPECT_EQ(rounded_decimal(mpq_class(-3, 2)), "-1.500000");
  EXPECT_EQ(rounded_decimal(mpq_class(-3, 2'000'000)), "-0.000001");  // half up: toward +infinity
  EXPECT_EQ(rounded_decimal(mpq_class(203, 1)), "203.000000");
  EXPECT_EQ(rounded_decimal(mpq_class(7, 8), 2), "0.88");
  // Random fractions: the printed q satisfies q - 1/2 unit <= value < q + 1/2 unit.
  core::SplitMix64 rng(6);
  for (int c = 0; c < 2000; ++c) {
    const mpq_class value(static_cast<long>(rng.below(2'000'000'000)) - 1'000'000'000,
                          static_cast<unsigned long>(1 + rng.below(5'000'000)));
    const std::string text = rounded_decimal(value);  // "-12.345678", read back as a fraction
    const bool minus = text[0] == '-';
    std::string digits = text.substr(minus ? 1 : 0);
    digits.erase(digits.find('.'), 1);
    mpq_class printed(mpz_class(digits, 10), 1'000'000);
    if (minus) printed = -printed;
    const mpq_class half(1, 2'000'000);
    EXPECT_LE(printed - half, value) << text;
    EXPECT_LT(value, printed + half) << text;
  }
}

TEST(YutExpected, NeverAboveTheMeanKnownDiceOptimum) {
  // Knowing every die can only help: E[optimum of the schedule] >= expected.
  const std::vector<std::vector<std::uint64_t>> all_weights = {{1, 1, 1, 1, 1}, {4, 6, 4, 1, 1}, {0, 3, 1, 0, 2}};
  for (const auto& weights : all_weights)
    for (int pieces = 1; pieces <= 4; ++pieces)
      for (int turns = 1; turns <= 5; ++turns) {
        mpq_class mean = 0;
        std::uint64_t total = 0;
        std::vector<int> dice(turns);
        std::uint64_t schedules = 1;
        for (int t = 0; t < turns; ++t) schedules *= 5;
        for (std::uint64_t index = 0; index < schedules; ++index) {
          std::uint64_t rest = index, weight = 1;
          for (int& die : dice) {
            weight *= weights[rest % 5];
            die = static_cast<int>(rest % 5) + 1;
            rest /= 5;
          }
          if (weight == 0) continue;
          mean += mpq_class(static_cast<long>(plain_best(standard_board(), dice, pieces))) *
                  static_cast<unsigned long>(weight);
          total += weight;
        }
        mean /= static_cast<unsigned long>(total);
        const mpq_class expected = solve(standard_board(), pieces, turns, weights).value;
        EXPECT_LE(expected, mean) << "pieces " << pieces << ", turns " << turns;
      }
}

TEST(YutExpected, AdviceEqualsTheFullSolve) {
  core::SplitMix64 rng(9);
  const Board traditional = parse_board(read_text(source_path("docs/boards/traditional.json")), "traditional.json");
  for (const Board* board : {&standard_board(), &traditional})
    for (const std::vector<std::uint64_t>& weights :
         {std::vector<std::uint64_t>{1, 1, 1, 1, 1}, std::vector<std::uint64_t>{4, 6, 4, 1, 1}}) {
      const int pieces = 3, turns = 9;
      const ExpectedResult full = solve(*board, pieces, turns, weights, std::nullopt, true);
      ASSERT_TRUE(full.line_computed);
      ASSERT_FALSE(full.line.empty());
      // Every turn of the line: advice from its position gives the same
      // choices and values.
      for (const LineTurn& turn : full.line) {
        const ExpectedResult advice =
            solve(*board, pieces, turns, weights, AdviceQuery{turn.squares, turn.turn, turn.die});
        ASSERT_EQ(advice.choices.size(), turn.choices.size()) << "turn " << turn.turn;
        for (std::size_t c = 0; c < turn.choices.size(); ++c) {
          EXPECT_EQ(advice.choices[c].from, turn.choices[c].from);
          EXPECT_EQ(advice.choices[c].to, turn.choices[c].to);
          EXPECT_EQ(advice.choices[c].value, turn.choices[c].value) << "turn " << turn.turn << ", choice " << c;
        }
        EXPECT_EQ(advice.best, turn.best);
      }
      // The start's value is the weighted mean of the best choice per die.
      mpq_class mean = 0;
      std::uint64_t total = 0;
      for (std::size_t face = 0; face < board->faces.size(); ++face) {
        const ExpectedResult advice = solve(*board, pieces, turns, weights,
                                            AdviceQuery{std::vector<int>(pieces, board->start), 1, board->faces[face]});
        mean += advice.value * static_cast<unsigned long>(weights[face]);
        total += weights[face];
      }
      EXPECT_EQ(mean / static_cast<unsigned long>(total), full.value);
      // A random position's advice equals the plain expectimax from there.
      for (int c = 0; c < 20; ++c) {
        std::vector<int> squares;
        while (static_cast<int>(squares.size()) < pieces) {
          const int square = static_cast<int>(rng.below(board->squares.size()));
          if (square == board->start || square == board->finish ||
              std::find(squares.begin(), squares.end(), square) == squares.end())
            squares.push_back(square);
        }
        const int turn = 6 + static_cast<int>(rng.below(4));  // 1..4 turns after this one
        const int die = board->faces[rng.below(board->faces.size())];
        const ExpectedResult advice = solve(*board, pieces, turns, weights, AdviceQuery{squares, turn, die});
        for (const ExpectedChoice& choice : advice.choices) {
          std::vector<int> after = squares;
          *std::find(after.begin(), after.end(), choice.from) = choice.to;
          EXPECT_EQ(choice.value, mpq_class(static_cast<long>(board->squares[choice.to].points)) +
                                      plain_expected(*board, after, turns - turn, weights));
        }
      }
    }
}

// ---------------------------------------------------------------------------
// The two phases (doubles by rows, then exact values where the answer reads
// them) against the plain expectimax and against the passes.

ExpectedResult solve_by(const Board& board, ExpectedRequest request, ExpectedMethod method,
                        core::SearchLimits limits = {}) {
  request.method = method;
  return solve_expected(board, request, limits);
}

// The same answer: value, advice (choices and best), line (best, every
// choice's value).
void expect_same_answer(const ExpectedResult& a, const ExpectedResult& b, const std::string& what) {
  ASSERT_EQ(a.outcome, core::Outcome::proven) << what;
  ASSERT_EQ(b.outcome, core::Outcome::proven) << what;
  EXPECT_EQ(a.value, b.value) << what;
  EXPECT_EQ(a.best, b.best) << what;
  ASSERT_EQ(a.choices.size(), b.choices.size()) << what;
  for (std::size_t k = 0; k < a.choices.size(); ++k) {
    EXPECT_EQ(a.choices[k].to, b.choices[k].to) << what;
    EXPECT_EQ(a.choices[k].value, b.choices[k].value) << what << ", choice " << k;
  }
  EXPECT_EQ(a.line_computed, b.line_computed) << what;
  ASSERT_EQ(a.line.size(), b.line.size()) << what;
  for (std::size_t t = 0; t < a.line.size(); ++t) {
    EXPECT_EQ(a.line[t].squares, b.line[t].squares) << what << ", turn " << t;
    EXPECT_EQ(a.line[t].best, b.line[t].best) << what << ", turn " << t;
    ASSERT_EQ(a.line[t].choices.size(), b.line[t].choices.size()) << what;
    for (std::size_t k = 0; k < a.line[t].choices.size(); ++k)
      EXPECT_EQ(a.line[t].choices[k].value, b.line[t].choices[k].value) << what << ", turn " << t << ", choice " << k;
  }
}

// A board built for exact ties: every square's points drawn from {0, 1}
// (or all equal), so that many children have equal values.
Board tied_board(core::SplitMix64& rng) {
  Board board = random_board(rng);
  const bool flat = rng.below(4) == 0;
  for (Square& square : board.squares) square.points = flat ? 3 : static_cast<long long>(rng.below(2));
  return board;
}

TEST(YutExpectedTwoPhase, EqualsPlainExpectimaxOnThousandsOfSmallCases) {
  core::SplitMix64 rng(0x18'2f);
  const int cases = scaled(3000);
  int compared = 0;
  std::uint64_t ties = 0;
  for (int c = 0; c < cases; ++c) {
    RandomCase drawn = random_case(rng, 4, 6);
    if (c % 3 == 0) drawn.board = tied_board(rng), drawn.weights = random_weights(rng, drawn.board);
    if (std::pow(static_cast<double>(drawn.board.faces.size() * drawn.pieces), drawn.turns) > kPlainNodes / 4) continue;
    ++compared;
    ExpectedRequest request{drawn.turns, drawn.pieces, drawn.weights, std::nullopt, false, 0};
    const ExpectedResult result = solve_by(drawn.board, request, ExpectedMethod::two_phase);
    ASSERT_EQ(result.outcome, core::Outcome::proven);
    ASSERT_EQ(result.method, ExpectedMethod::two_phase);
    EXPECT_EQ(result.value, plain_from_start(drawn.board, drawn.pieces, drawn.turns, drawn.weights))
        << "case " << c << ": pieces " << drawn.pieces << ", turns " << drawn.turns;
    EXPECT_EQ(result.two_phase.range_gaps, 0u) << "case " << c;
    EXPECT_EQ(result.stats.nodes, result.pairs) << "one node per pair";
    ties += result.two_phase.ties;
  }
  EXPECT_GT(compared, cases / 3);
  EXPECT_GT(ties, 0u);
}

TEST(YutExpectedTwoPhase, EqualsThePassesOnBiggerCases) {
  // T up to 30, P up to 5: value, line and advice the same as the passes'
  // (ties keep the first move in both); boards with many exact ties among
  // them, whose ties are counted; and the threshold made huge (every
  // choice of two moves or more decided exactly) changes nothing.
  core::SplitMix64 rng(0x18'30);
  const Board traditional = parse_board(read_text(source_path("docs/boards/traditional.json")), "traditional.json");
  const int cases = scaled(60);
  std::uint64_t ties = 0, tied_ties = 0, decided = 0;
  for (int c = 0; c < cases; ++c) {
    const int kind = c % 4;
    Board board = kind == 0   ? standard_board()
                  : kind == 1 ? traditional
                  : kind == 2 ? random_board(rng)
                              : tied_board(rng);
    ExpectedRequest request;
    request.weights = random_weights(rng, board);
    request.pieces = 1 + static_cast<int>(rng.below(kind < 2 ? 4 : 5));
    request.turns = 1 + static_cast<int>(rng.below(kind < 2 ? 16 : 30));
    request.want_line = true;
    const std::string what = "case " + std::to_string(c);
    const ExpectedResult two = solve_by(board, request, ExpectedMethod::two_phase);
    const ExpectedResult passes = solve_by(board, request, ExpectedMethod::passes);
    ASSERT_EQ(passes.method, ExpectedMethod::passes);
    expect_same_answer(two, passes, what);
    EXPECT_EQ(two.two_phase.range_gaps, 0u) << what;
    EXPECT_GT(two.two_phase.marked, 0u) << what;
    EXPECT_LE(two.two_phase.marked, two.pairs) << what;
    ties += two.two_phase.ties;
    decided += two.two_phase.decided;
    if (kind == 3) tied_ties += two.two_phase.ties;
    // The huge threshold: every choice of two moves or more is a tie.
    ExpectedRequest huge = request;
    huge.tie_factor = 1e300;
    const ExpectedResult all_ties = solve_by(board, huge, ExpectedMethod::two_phase);
    expect_same_answer(all_ties, passes, what + " (huge threshold)");
    EXPECT_EQ(all_ties.two_phase.decided, 0u) << what;
    EXPECT_EQ(all_ties.two_phase.ties, two.two_phase.ties + two.two_phase.decided) << what;
    // Advice from a random turn of the line, both methods.
    if (!passes.line.empty()) {
      const LineTurn& turn = passes.line[rng.below(passes.line.size())];
      ExpectedRequest advice = request;
      advice.want_line = false;
      advice.advice = AdviceQuery{turn.squares, turn.turn, board.faces[rng.below(board.faces.size())]};
      expect_same_answer(solve_by(board, advice, ExpectedMethod::two_phase),
                         solve_by(board, advice, ExpectedMethod::passes), what + " (advice)");
    }
  }
  EXPECT_GT(decided, 0u);
  EXPECT_GT(ties, 0u);
  EXPECT_GT(tied_ties, 0u) << "the tied boards have exact ties";
}

TEST(YutExpectedTwoPhase, NearTiesNeedTheThreshold) {
  // Boards built for near-ties: points 0 or 10^12 + 0..2, weights 1 or
  // 99,999, so that two choices may differ by far less than a double's
  // rounding of their values. The default threshold gives the passes'
  // value on every case; a threshold 10^12 times smaller (a mutant, never
  // used) lets the doubles pick the wrong move on some: the threshold is
  // what makes the doubles' choices exact.
  core::SplitMix64 rng(7);
  int wrong_without = 0;
  for (int c = 0; c < 600; ++c) {
    Board board = random_board(rng);
    for (Square& square : board.squares)
      square.points = rng.below(3) == 0 ? 0 : 1'000'000'000'000LL + static_cast<long long>(rng.below(3));
    ExpectedRequest request;
    request.weights.assign(board.faces.size(), 0);
    for (auto& weight : request.weights) weight = rng.below(2) != 0 ? 1 : 99'999;
    request.pieces = 1 + static_cast<int>(rng.below(3));
    request.turns = 1 + static_cast<int>(rng.below(8));
    const ExpectedResult passes = solve_by(board, request, ExpectedMethod::passes);
    ASSERT_EQ(passes.outcome, core::Outcome::proven);
    EXPECT_EQ(solve_by(board, request, ExpectedMethod::two_phase).value, passes.value) << "case " << c;
    request.tie_factor = 1e-12;
    wrong_without += solve_by(board, request, ExpectedMethod::two_phase).value != passes.value ? 1 : 0;
  }
  EXPECT_GT(wrong_without, 0);
}

TEST(YutExpectedTwoPhase, AutomaticRunsTheTwoPhasesAndTheyMarkFewerPairs) {
  ExpectedRequest request{30, 4, {1, 1, 1, 1, 1}, std::nullopt, false, 0};
  EXPECT_EQ(request.method, ExpectedMethod::passes) << "the default";
  request.method = ExpectedMethod::automatic;
  const ExpectedResult automatic = solve_expected(standard_board(), request, {});
  ASSERT_EQ(automatic.outcome, core::Outcome::proven);
  EXPECT_EQ(automatic.method, ExpectedMethod::two_phase);
  EXPECT_LT(automatic.two_phase.marked, automatic.pairs);
  EXPECT_GT(automatic.two_phase.decided, automatic.two_phase.ties) << "the doubles decide most choices";
  EXPECT_EQ(automatic.value, solve_by(standard_board(), request, ExpectedMethod::passes).value);
}

TEST(YutExpectedTwoPhase, WithoutMemoryForTheRowsThePassesRun) {
  // A budget of the passes' peak: the rows do not fit, the passes run and
  // give the same value; forced, the two phases stop at the memory limit.
  // Without the move cache (it is made only when it fits, by both).
  ExpectedRequest request{20, 4, {4, 6, 4, 1, 1}, std::nullopt, false, 0};
  request.move_cache = false;
  request.method = ExpectedMethod::automatic;
  const ExpectedResult passes = solve_by(standard_board(), request, ExpectedMethod::passes);
  const ExpectedResult two = solve_by(standard_board(), request, ExpectedMethod::two_phase);
  ASSERT_EQ(passes.outcome, core::Outcome::proven);
  ASSERT_GT(two.stats.memory_bytes, passes.stats.memory_bytes);
  core::SearchLimits limits;
  limits.max_memory_bytes = passes.stats.memory_bytes;
  const ExpectedResult fallback = solve_expected(standard_board(), request, limits);
  EXPECT_EQ(fallback.outcome, core::Outcome::proven);
  EXPECT_EQ(fallback.method, ExpectedMethod::passes);
  EXPECT_EQ(fallback.value, two.value);
  EXPECT_EQ(fallback.stats.memory_bytes, passes.stats.memory_bytes);
  EXPECT_EQ(solve_by(standard_board(), request, ExpectedMethod::two_phase, limits).outcome,
            core::Outcome::memory_limit);
  // Within the two phases' own peak, they run.
  limits.max_memory_bytes = two.stats.memory_bytes;
  const ExpectedResult within = solve_expected(standard_board(), request, limits);
  EXPECT_EQ(within.method, ExpectedMethod::two_phase);
  EXPECT_EQ(within.value, two.value);
}

// Automatic chooses the two phases only when phase 2 fits too (its exact
// values and lists are reserved with phase 1's tables, before the move
// cache takes what is left): on every budget from the passes' peak up to
// the two phases' own, with the move cache and the line, automatic is
// proven with the same value, by one method or the other. (A review found
// budgets in between that stopped at the memory limit: T = 10, P = 4,
// weights 4,6,4,1,1, the line, 3,150,000 bytes. T = 15, P = 4 as well, in
// 10 steps: there several arrays are on huge pages, counted rounded up to
// whole 2 MiB pages.)
TEST(YutExpectedTwoPhase, AutomaticNeverStopsWhereThePassesFit) {
  for (const auto& [turns, steps] : {std::pair{10, 40}, std::pair{15, 10}}) {
    const int pieces = 4;
    const std::string what = "T = " + std::to_string(turns) + ", P = " + std::to_string(pieces);
    ExpectedRequest request{turns, pieces, {4, 6, 4, 1, 1}, std::nullopt, true, 0};
    request.method = ExpectedMethod::automatic;
    const ExpectedResult passes = solve_by(standard_board(), request, ExpectedMethod::passes);
    const ExpectedResult two = solve_by(standard_board(), request, ExpectedMethod::two_phase);
    ASSERT_EQ(passes.outcome, core::Outcome::proven) << what;
    ASSERT_EQ(two.outcome, core::Outcome::proven) << what;
    ASSERT_GT(two.stats.memory_bytes, passes.stats.memory_bytes) << what;
    int by_two = 0;
    const std::uint64_t low = passes.stats.memory_bytes, high = two.stats.memory_bytes + 1;
    for (int step = 0; step <= steps; ++step) {
      core::SearchLimits limits;
      limits.max_memory_bytes =
          low + (high - low) * static_cast<std::uint64_t>(step) / static_cast<std::uint64_t>(steps);
      const ExpectedResult result = solve_expected(standard_board(), request, limits);
      ASSERT_EQ(result.outcome, core::Outcome::proven) << what << ", budget " << limits.max_memory_bytes;
      EXPECT_EQ(result.value, passes.value) << what << ", budget " << limits.max_memory_bytes;
      EXPECT_LE(result.stats.memory_bytes, limits.max_memory_bytes) << what;
      by_two += result.method == ExpectedMethod::two_phase ? 1 : 0;
    }
    EXPECT_GT(by_two, 0) << what << ": the two phases within their own peak";
  }
}

// Turn counts far past every game's end (T up to 1,000,000; M of the start
// is at most 21 a piece): phase 2 stops at the longest range, and the
// captures beyond it (the start at T, advice at T - turn, the line) read
// the last values; the same answers as the passes.
TEST(YutExpectedTwoPhase, TurnsFarPastEveryGamesEndGiveThePassesAnswers) {
  for (const int turns : {60, 1000, 1'000'000}) {
    for (const int pieces : {1, 2}) {
      if (turns > 1000 && pieces > 1) continue;  // the passes' million passes over every position: seconds
      ExpectedRequest request{turns, pieces, {1, 2, 3, 1, 1}, std::nullopt, true, 0};
      const std::string what = "T = " + std::to_string(turns) + ", P = " + std::to_string(pieces);
      expect_same_answer(solve_by(standard_board(), request, ExpectedMethod::two_phase),
                         solve_by(standard_board(), request, ExpectedMethod::passes), what);
      request.want_line = false;
      request.advice = AdviceQuery{std::vector<int>(static_cast<std::size_t>(pieces), standard_board().start), 3, 2};
      expect_same_answer(solve_by(standard_board(), request, ExpectedMethod::two_phase),
                         solve_by(standard_board(), request, ExpectedMethod::passes), what + ", advice");
    }
  }
}

// A limit gives no value: with the line, the passes count their pairs
// twice (the line's second run), so a node budget just past one run stops
// that second run, after the answer's value was known; the result must
// still carry no value and no line (it did before: a review found them).
TEST(YutExpectedTwoPhase, AStopInTheLinesRunLeavesNoValue) {
  ExpectedRequest request{12, 4, {1, 1, 1, 1, 1}, std::nullopt, true, 0};
  const ExpectedResult full = solve_by(standard_board(), request, ExpectedMethod::passes);
  ASSERT_EQ(full.outcome, core::Outcome::proven);
  ASSERT_EQ(full.stats.nodes, 2 * full.pairs) << "the line's run counts its pairs again";
  core::SearchLimits limits;
  limits.max_nodes = full.pairs + 10;
  const ExpectedResult stopped = solve_by(standard_board(), request, ExpectedMethod::passes, limits);
  EXPECT_EQ(stopped.outcome, core::Outcome::node_limit);
  EXPECT_EQ(stopped.value, 0);
  EXPECT_TRUE(stopped.line.empty());
  EXPECT_FALSE(stopped.line_computed);
}

TEST(YutExpectedTwoPhase, NodeBudgetsCountOnePerPairInBothMethods) {
  ExpectedRequest request{14, 4, {1, 1, 1, 1, 1}, std::nullopt, false, 0};
  for (const ExpectedMethod method : {ExpectedMethod::two_phase, ExpectedMethod::passes}) {
    const ExpectedResult full = solve_by(standard_board(), request, method);
    ASSERT_EQ(full.outcome, core::Outcome::proven);
    ASSERT_EQ(full.stats.nodes, full.pairs);
    for (const std::uint64_t budget : {std::uint64_t{1}, std::uint64_t{5000}, full.pairs / 2, full.pairs - 1}) {
      core::SearchLimits limits;
      limits.max_nodes = budget;
      const ExpectedResult stopped = solve_by(standard_board(), request, method, limits);
      EXPECT_EQ(stopped.outcome, core::Outcome::node_limit) << budget;
      EXPECT_EQ(stopped.stats.nodes, budget + 1) << budget;
    }
    core::SearchLimits exact;
    exact.max_nodes = full.pairs;
    EXPECT_EQ(solve_by(standard_board(), request, method, exact).value, full.value);
    core::SearchLimits past;
    past.deadline = core::Clock::now() - std::chrono::seconds(1);
    EXPECT_EQ(solve_by(standard_board(), request, method, past).outcome, core::Outcome::time_limit);
    std::atomic<bool> cancel{true};
    core::SearchLimits cancelled;
    cancelled.cancel = &cancel;
    EXPECT_EQ(solve_by(standard_board(), request, method, cancelled).outcome, core::Outcome::cancelled);
  }
}

// ---------------------------------------------------------------------------
// Through the puzzle contract.

app::OptionValues options_of(std::initializer_list<std::pair<const char*, app::OptionValue>> values) {
  app::OptionValues options;
  for (const auto& [name, value] : values) options.set(name, value);
  return options;
}

app::OptionValue flag() { return {true}; }
app::OptionValue integer(std::int64_t value) { return {value}; }
app::OptionValue text(std::string value) { return {std::move(value)}; }

std::string error_of(std::string_view input, app::OptionValues options) {
  try {
    run(input, std::move(options));
  } catch (const app::InputError& e) {
    return e.what();
  } catch (const app::LimitError& e) {
    return std::string("limit: ") + e.what();
  }
  return "no error";
}

TEST(YutExpectedPuzzle, AnswerIsTheRoundedExactValue) {
  const auto report = run("", options_of({{"expected", flag()}, {"turns", integer(5)}}));
  const auto& expected = report.document["expected"];
  const mpq_class value(mpz_class(expected["numerator"].get<std::string>(), 10),
                        mpz_class(expected["denominator"].get<std::string>(), 10));
  EXPECT_EQ(value, plain_from_start(standard_board(), 4, 5, {1, 1, 1, 1, 1}));
  EXPECT_EQ(report.answer, rounded_decimal(value) + "\n");
  EXPECT_EQ(expected["rounded"], rounded_decimal(value));
  EXPECT_GT(report.document["states"].get<long long>(), 0);
  // The default: 10 turns, 4 pieces, uniform weights.
  const auto ten = run("\n  \n", options_of({{"expected", flag()}}));
  EXPECT_EQ(ten.answer, rounded_decimal(solve(standard_board(), 4, 10, {1, 1, 1, 1, 1}).value) + "\n");
  EXPECT_EQ(ten.document["turns"], 10);
  // The line: one step per turn, every value of the explanation rounded.
  EXPECT_EQ(ten.document["line"].size(), 10u);
  EXPECT_NE(ten.explanation.find("turn 10: die 1"), std::string::npos) << ten.explanation;
  EXPECT_EQ(ten.line.size(), 11u);
}

TEST(YutExpectedPuzzle, SticksAndWeights) {
  const auto sticks = run("", options_of({{"expected", flag()}, {"weights", text("sticks")}, {"turns", integer(4)}}));
  const auto listed =
      run("", options_of({{"expected", flag()}, {"weights", text("4, 6,4,1 ,1")}, {"turns", integer(4)}}));
  EXPECT_EQ(sticks.answer, listed.answer);
  EXPECT_EQ(sticks.answer, rounded_decimal(plain_from_start(standard_board(), 4, 4, {4, 6, 4, 1, 1})) + "\n");
}

TEST(YutExpectedPuzzle, AdviceNamesTheBestMove) {
  const auto report = run("", options_of({{"expected", flag()},
                                          {"position", text("o8 start o20 finish")},
                                          {"turn", integer(7)},
                                          {"die", integer(2)}}));
  std::istringstream lines(report.answer);
  std::string first;
  std::getline(lines, first);
  EXPECT_EQ(first.rfind("best ", 0), 0u) << report.answer;
  const auto& choices = report.document["choices"];
  ASSERT_EQ(choices.size(), 3u);  // start, o8 and o20 can move; finish cannot
  // The best is the highest value, and the text lists every choice.
  const auto& best = report.document["best"];
  for (const auto& choice : choices) {
    EXPECT_NE(report.answer.find(choice["from"].get<std::string>() + " -> " + choice["to"].get<std::string>() + " " +
                                 choice["value"]["rounded"].get<std::string>()),
              std::string::npos);
    const mpq_class value(mpz_class(choice["value"]["numerator"].get<std::string>(), 10),
                          mpz_class(choice["value"]["denominator"].get<std::string>(), 10));
    const mpq_class top(mpz_class(report.document["expected"]["numerator"].get<std::string>(), 10),
                        mpz_class(report.document["expected"]["denominator"].get<std::string>(), 10));
    EXPECT_LE(value, top);
  }
  EXPECT_EQ(first, "best " + best["from"].get<std::string>() + " -> " + best["to"].get<std::string>());
  // Blocked everywhere: the game ends.
  const auto stuck = run("", options_of({{"expected", flag()},
                                         {"pieces", integer(2)},
                                         {"position", text("finish finish")},
                                         {"turn", integer(1)},
                                         {"die", integer(3)}}));
  EXPECT_EQ(stuck.answer, "no legal move: the game ends\n");
}

TEST(YutExpectedPuzzle, LuckComparesTheScheduleWithRandomOnes) {
  const auto report = run("5 5 5 5", options_of({{"luck", flag()}}));
  const long long optimum = plain_best(standard_board(), std::vector<int>{5, 5, 5, 5}, 4);
  const mpq_class expected = plain_from_start(standard_board(), 4, 4, {1, 1, 1, 1, 1});
  // The exact percentile over the 625 schedules of 4 dice.
  mpq_class below = 0, equal = 0;
  std::vector<int> dice(4);
  for (int index = 0; index < 625; ++index) {
    int rest = index;
    for (int& die : dice) die = rest % 5 + 1, rest /= 5;
    const long long value = plain_best(standard_board(), dice, 4);
    below += value < optimum;
    equal += value == optimum;
  }
  const mpq_class percentile = 100 * (below + equal / 2) / 625;
  EXPECT_EQ(report.answer, fmt::format("optimum {}\nexpected {}\ndifference {}\npercentile {} (exact over all 625 "
                                       "schedules of 4 dice)\n",
                                       optimum, rounded_decimal(expected),
                                       rounded_decimal(mpq_class(static_cast<long>(optimum)) - expected),
                                       rounded_decimal(percentile, 2)));
  // Ten dice: sampled, and the sample size is printed.
  const auto ten = run("1 2 3 4 1 2 3 4 1 2", options_of({{"luck", flag()}}));
  EXPECT_NE(ten.answer.find("optimum 190\n"), std::string::npos);
  EXPECT_NE(ten.answer.find("(sampled: 1000 random schedules of 10 dice)"), std::string::npos) << ten.answer;
}

TEST(YutExpectedPuzzle, BadOptionsNameTheOption) {
  EXPECT_EQ(error_of("1 2", options_of({{"turns", integer(5)}})), "--turns needs --expected");
  EXPECT_EQ(error_of("1 2", options_of({{"weights", text("1,1,1,1,1")}})), "--weights needs --expected or --luck");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()}, {"luck", flag()}})),
            "--expected and --luck exclude each other");
  EXPECT_EQ(error_of("1 2", options_of({{"expected", flag()}})),
            "line 1, field 1: --expected reads no dice, found '1' (--luck compares a known schedule)");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()}, {"turns", integer(0)}})),
            "--turns: expected an integer in [1, 1000000], found 0");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()}, {"weights", text("1,2,3")}})),
            "--weights: expected 5 weights (one per face: 1..5), found 3");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()}, {"weights", text("1,x,3,1,1")}})),
            "--weights: field 2: expected a weight (an integer in [0, 1000000]), found 'x'");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()}, {"weights", text("1,,3,1,1")}})),
            "--weights: field 2: expected a weight (an integer in [0, 1000000]), found ''");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()}, {"weights", text("0,0,0,0,0")}})),
            "--weights: at least one weight must be positive");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()}, {"weights", text("-1,1,1,1,1")}})),
            "--weights: field 1: expected a weight (an integer in [0, 1000000]), found '-1'");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()}, {"turn", integer(2)}})),
            "--position, --turn and --die go together (advice from a position)");
  const auto advice = [](std::string position, std::int64_t turn, std::int64_t die) {
    return options_of({{"expected", flag()},
                       {"position", text(std::move(position))},
                       {"turn", integer(turn)},
                       {"die", integer(die)}});
  };
  EXPECT_EQ(error_of("", advice("start start o2", 1, 1)), "--position: expected 4 square ids (one per piece), found 3");
  EXPECT_EQ(error_of("", advice("start o7 o2 o4", 1, 1)),
            "--position: field 2: 'o7' is not a square of board 'standard'");
  EXPECT_EQ(error_of("", advice("o2 start o2 finish", 1, 1)),
            "--position: field 3: square 'o2' already holds a piece (only start and finish hold several)");
  EXPECT_EQ(error_of("", advice("start start start start", 11, 1)), "--turn: 11 is after the last turn (--turns 10)");
  EXPECT_EQ(error_of("", advice("start start start start", 1, 6)),
            "--die: 6 is not a face of board 'standard' (faces 1..5)");
  EXPECT_EQ(error_of("", options_of({{"expected", flag()},
                                     {"weights", text("sticks")},
                                     {"board",
                                      {std::string(R"({"faces": [1, 2], "start": "s", "finish": "f",
                                        "squares": [{"id": "s", "points": 0, "red": "f"}, {"id": "f", "points": 0}]})"),
                                       "two.json"}}})),
            "--weights sticks: the four-stick throw has 5 outcomes (do, gae, geol, yut, mo); board 'two.json' has 2 "
            "faces");
}

TEST(YutExpectedPuzzle, LimitsStopTheSolve) {
  app::SolveRequest request;
  request.options = options_of({{"expected", flag()}, {"turns", integer(20)}});
  request.limits.max_nodes = 100;
  try {
    puzzle().solve(request);
    ADD_FAILURE() << "no limit";
  } catch (const app::LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("node limit"), std::string::npos) << e.what();
  }
  request.limits = {};
  request.limits.max_memory_bytes = 100'000;  // far below the 41,979 positions' values
  try {
    puzzle().solve(request);
    ADD_FAILURE() << "no limit";
  } catch (const app::LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("memory limit"), std::string::npos) << e.what();
  }
  // A node limit counts exactly: N + 1 evaluations.
  ExpectedRequest expected{20, 4, {1, 1, 1, 1, 1}, std::nullopt, false, 0};
  core::SearchLimits limits;
  limits.max_nodes = 1234;
  const ExpectedResult result = solve_expected(standard_board(), expected, limits);
  EXPECT_EQ(result.outcome, core::Outcome::node_limit);
  EXPECT_EQ(result.stats.nodes, 1235u);
}

}  // namespace
}  // namespace boardsearch::yut::testing
