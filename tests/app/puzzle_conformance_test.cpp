// The conformance suite: what every puzzle of all_puzzles() must do, checked
// through the module contract alone (after OpenSpiel's game tests). It names
// no puzzle: a new puzzle gets all of it from its one line in
// BOARDSEARCH_PUZZLES. What a puzzle does not have (samples, hunt cases,
// strict limits, state checks) is skipped with the reason.
//
//   Samples            tests/data/<p>/NN.in -> NN.out exactly (NN.args: the
//                      options as typed on the CLI), with and without --strict
//   Views              the --explain text, the --json document and the line
//                      exist, agree on the puzzle, and replay (check_report)
//   Limits             a one-node budget on every bench position gives
//                      LimitError and no answer
//   Bad input          garbage gives one InputError line
//   Strict             check_strict refuses inputs one past the judge's limits
//   Hunt               generate gives valid inputs, shrink ends (each step
//                      strictly smaller), judge_sized stays within --strict
//   Play               two-player puzzles: play agrees with solve
//   Bench              every position solves, needs more than one node, the
//                      same count twice
//   States             the puzzle's own state checks (check_states)

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "support/read_file.hpp"

namespace boardsearch::app {
namespace {

// One sample of the puzzle's folder in tests/data.
struct Sample {
  std::string name;      // "01.in"
  std::string input;     // NN.in
  std::string expected;  // NN.out
  std::string settings;  // NN.args, "" when absent
};

std::vector<Sample> samples_of(const Puzzle& puzzle) {
  const std::filesystem::path folder = std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / std::string(puzzle.name);
  std::vector<Sample> samples;
  if (!std::filesystem::is_directory(folder)) return samples;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".in") continue;
    std::filesystem::path out = entry.path(), args = entry.path();
    out.replace_extension(".out");
    args.replace_extension(".args");
    if (!std::filesystem::exists(out)) continue;
    std::string settings = std::filesystem::exists(args) ? testing::read_file(args) : std::string();
    while (!settings.empty() && (settings.back() == '\n' || settings.back() == ' ')) settings.pop_back();
    samples.push_back({entry.path().filename().string(), testing::read_file(entry.path()), testing::read_file(out),
                       std::move(settings)});
  }
  std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) { return a.name < b.name; });
  return samples;
}

// Whether `settings` are the defaults or the settings of one of the
// puzzle's judge problems (then its inputs are that judge's tests).
bool selects_a_judge(const Puzzle& puzzle, std::string_view settings) {
  if (settings.empty()) return true;
  return std::any_of(puzzle.judges.begin(), puzzle.judges.end(),
                     [&](const JudgeProblem& judge) { return judge.settings == settings; });
}

// A solve at one thread with the given budget; want_line as viewers ask.
SolveReport solve(const Puzzle& puzzle, std::string_view input, const OptionValues& options,
                  std::uint64_t max_nodes = 0) {
  SolveRequest request{input, options, {}};
  request.limits.threads = 1;
  request.limits.max_nodes = max_nodes;
  return puzzle.solve(request);
}

// Whether solve accepts `input` as valid: a limit is fine (the input was
// read), bad input is not.
bool solve_reads(const Puzzle& puzzle, const std::string& input, const OptionValues& options, std::string& why) {
  constexpr std::uint64_t kEnoughToReadNodes = 20'000;
  try {
    solve(puzzle, input, options, kEnoughToReadNodes);
  } catch (const LimitError&) {
  } catch (const InputError& e) {
    why = e.what();
    return false;
  }
  return true;
}

class Conformance : public ::testing::TestWithParam<const Puzzle*> {
 protected:
  const Puzzle& puzzle() const { return *GetParam(); }
};

TEST_P(Conformance, DescribesItself) {
  EXPECT_FALSE(puzzle().name.empty());
  EXPECT_FALSE(puzzle().title.empty());
  EXPECT_FALSE(puzzle().title_ko.empty());
  EXPECT_FALSE(puzzle().description.empty());
  ASSERT_NE(puzzle().solve, nullptr);
  EXPECT_EQ(find_puzzle(puzzle().name), &puzzle());
  for (const OptionSpec& spec : puzzle().options) EXPECT_FALSE(spec.help.empty()) << spec.name;
}

TEST_P(Conformance, SamplesGiveTheJudgesAnswer) {
  const std::vector<Sample> samples = samples_of(puzzle());
  if (samples.empty()) GTEST_SKIP() << puzzle().name << " has no samples in tests/data";
  for (const Sample& sample : samples) {
    SCOPED_TRACE(sample.name + " " + sample.settings);
    const OptionValues options = read_settings(puzzle().options, sample.settings);
    const SolveReport report = solve(puzzle(), sample.input, options);
    EXPECT_TRUE(output_accepted(puzzle(), sample.input, options, sample.expected, report.answer))
        << "answer:\n"
        << report.answer << "expected:\n"
        << sample.expected;
    // A sample run with a judge problem's own settings is that judge's test.
    if (puzzle().check_strict != nullptr && selects_a_judge(puzzle(), sample.settings)) {
      EXPECT_NO_THROW(puzzle().check_strict(sample.input, options));
    }
  }
}

TEST_P(Conformance, ExplainJsonAndLineAgreeWithTheAnswer) {
  const std::vector<Sample> samples = samples_of(puzzle());
  if (samples.empty()) GTEST_SKIP() << puzzle().name << " has no samples in tests/data";
  for (const Sample& sample : samples) {
    SCOPED_TRACE(sample.name);
    const OptionValues options = read_settings(puzzle().options, sample.settings);
    const SolveReport report = solve(puzzle(), sample.input, options);
    EXPECT_FALSE(report.answer.empty());
    EXPECT_EQ(report.answer.back(), '\n');
    EXPECT_FALSE(report.explanation.empty());
    ASSERT_TRUE(report.document.is_object());
    EXPECT_EQ(report.document.value("puzzle", ""), puzzle().name);
    EXPECT_TRUE(report.document.contains("nodes"));
    ASSERT_TRUE(report.line.is_array());
    for (const auto& step : report.line) {
      EXPECT_TRUE(step.contains("move") && step.contains("text") && step.contains("board")) << step.dump();
      EXPECT_TRUE(step.at("text").is_string()) << step.dump();
    }
    if (puzzle().check_report != nullptr) {
      EXPECT_EQ(puzzle().check_report(sample.input, options, report), "");
    }
  }
}

TEST_P(Conformance, BenchPositionsSolveTheSameWayTwice) {
  if (puzzle().bench.empty()) GTEST_SKIP() << puzzle().name << " declares no bench positions";
  for (const BenchPosition& position : puzzle().bench) {
    SCOPED_TRACE(std::string(position.name));
    const std::string input = position.input();
    EXPECT_EQ(input, position.input()) << "the generator is not a pure function";
    const OptionValues options = read_settings(puzzle().options, position.settings);
    const SolveReport first = solve(puzzle(), input, options);
    const SolveReport second = solve(puzzle(), input, options);
    EXPECT_GT(first.stats.nodes, 1U) << "a bench position must need more than one node";
    EXPECT_EQ(first.stats.nodes, second.stats.nodes);
    EXPECT_EQ(first.answer, second.answer);
  }
}

TEST_P(Conformance, AOneNodeBudgetGivesLimitErrorNotAnAnswer) {
  if (puzzle().bench.empty()) GTEST_SKIP() << puzzle().name << " declares no bench positions";
  for (const BenchPosition& position : puzzle().bench) {
    SCOPED_TRACE(std::string(position.name));
    const OptionValues options = read_settings(puzzle().options, position.settings);
    EXPECT_THROW(solve(puzzle(), position.input(), options, 1), LimitError);
  }
}

TEST_P(Conformance, GarbageIsOneLineOfInputError) {
  const std::vector<std::string> garbage = {"x\n", "1 2 three\n", std::string("\x01\x02\xff\n", 4), "-1 -1\n",
                                            "99999999999999999999999\n"};
  for (const std::string& input : garbage) {
    SCOPED_TRACE(input);
    try {
      solve(puzzle(), input, {}, 100'000);
      ADD_FAILURE() << "garbage was solved";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_FALSE(message.empty());
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST_P(Conformance, HuntGeneratesValidInputsAndShrinkingEnds) {
  const HuntCases& hunt = puzzle().hunt;
  if (hunt.generate == nullptr) GTEST_SKIP() << puzzle().name << " has no hunt cases";
  constexpr std::uint64_t kCases = 40;
  constexpr int kMaxShrinkSteps = 10'000;
  const OptionValues options = with_defaults(puzzle().options, {});
  core::SplitMix64 rng(0xC0F0);
  for (std::uint64_t index = 0; index < kCases; ++index) {
    SCOPED_TRACE(index);
    core::SplitMix64 case_rng(rng.next());
    const std::string input = hunt.generate(index, case_rng, options);
    std::string why;
    ASSERT_TRUE(solve_reads(puzzle(), input, options, why)) << why << "\n" << input;
    if (hunt.summary != nullptr) {
      EXPECT_FALSE(hunt.summary(input).empty());
    }
    // Greedy shrinking, first candidate each time, must end: each
    // candidate is valid, differs from its parent and is no bigger.
    std::string current = input;
    int steps = 0;
    for (; steps < kMaxShrinkSteps; ++steps) {
      const std::vector<std::string> smaller = hunt.shrink(current, options);
      if (smaller.empty()) break;
      for (const std::string& candidate : smaller) {
        EXPECT_NE(candidate, current);
        if (hunt.size != nullptr) {
          EXPECT_LE(hunt.size(candidate), hunt.size(current));
        }
      }
      ASSERT_TRUE(solve_reads(puzzle(), smaller.front(), options, why)) << why << "\n" << smaller.front();
      current = smaller.front();
    }
    EXPECT_LT(steps, kMaxShrinkSteps) << "shrinking did not end";
  }
}

TEST_P(Conformance, JudgeSizedInputsKeepToTheJudgesLimits) {
  const HuntCases& hunt = puzzle().hunt;
  if (hunt.judge_sized == nullptr) GTEST_SKIP() << puzzle().name << " has no judge-sized hunt cases";
  const OptionValues options = with_defaults(puzzle().options, {});
  core::SplitMix64 rng(0x51DE);
  constexpr int kCases = 30;
  for (int i = 0; i < kCases; ++i) {
    std::vector<double> knobs(hunt.knob_count);
    for (double& knob : knobs) knob = static_cast<double>(rng.below(1001)) / 1000.0;
    const std::string input = hunt.judge_sized(knobs, rng, options);
    std::string why;
    EXPECT_TRUE(solve_reads(puzzle(), input, options, why)) << why;
    if (puzzle().check_strict != nullptr) {
      EXPECT_NO_THROW(puzzle().check_strict(input, options)) << input;
    }
    if (hunt.mutate != nullptr) {
      const std::string mutated = hunt.mutate(input, rng, options);
      if (puzzle().check_strict != nullptr) {
        EXPECT_NO_THROW(puzzle().check_strict(mutated, options)) << mutated;
      }
    }
  }
}

TEST_P(Conformance, ItsOwnStateChecksPass) {
  if (puzzle().check_states == nullptr) GTEST_SKIP() << puzzle().name << " declares no state checks";
  for (std::uint64_t seed : {1U, 2U, 3U}) {
    std::size_t checks = 0;
    EXPECT_NO_THROW(checks = puzzle().check_states(seed));
    EXPECT_GT(checks, 0U);
    RecordProperty("checks_seed_" + std::to_string(seed), std::to_string(checks));
  }
}

TEST_P(Conformance, StrictRefusesInputsBeyondTheJudgesLimits) {
  if (puzzle().check_strict == nullptr) GTEST_SKIP() << puzzle().name << " has no stricter form than its parser";
  EXPECT_FALSE(puzzle().beyond_judge_limits.empty()) << "a puzzle with --strict declares inputs it refuses";
  for (const BenchPosition& beyond : puzzle().beyond_judge_limits) {
    SCOPED_TRACE(std::string(beyond.name));
    const std::string input = beyond.input();
    const OptionValues options = with_defaults(puzzle().options, read_settings(puzzle().options, beyond.settings));
    std::string why;
    EXPECT_TRUE(solve_reads(puzzle(), input, options, why)) << "the parser should accept it: " << why;
    try {
      puzzle().check_strict(input, options);
      ADD_FAILURE() << "--strict accepted:\n" << input;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
}

// Play and solve agree: from each sample's position, play names the winner
// solve names and as many moves left as the judge answer, and its move (when
// the game is not over) comes from the player to move.
TEST_P(Conformance, PlayAgreesWithSolve) {
  if (puzzle().play == nullptr) GTEST_SKIP() << puzzle().name << " is not a two-player game";
  ASSERT_NE(puzzle().position_of, nullptr) << "a two-player puzzle gives the position of a judge input";
  for (const Sample& sample : samples_of(puzzle())) {
    SCOPED_TRACE(sample.name);
    const OptionValues options = read_settings(puzzle().options, sample.settings);
    const SolveReport report = solve(puzzle(), sample.input, options);
    core::SearchLimits limits;
    limits.threads = 1;
    const PlayResult played = puzzle().play(puzzle().position_of(sample.input), limits);
    EXPECT_EQ(std::to_string(played.moves_left) + "\n", report.answer);
    EXPECT_EQ(played.winner, report.document.value("winner", ""));
    EXPECT_EQ(played.over, played.move.is_null());
    if (!played.move.is_null()) {
      EXPECT_EQ(played.move.value("player", ""), played.to_move);
    }
  }
}

// check_report can fail: a report whose judge answer is changed, or whose
// line loses its last step, is refused.
TEST_P(Conformance, ReplayRefusesATamperedReport) {
  if (puzzle().check_report == nullptr) GTEST_SKIP() << puzzle().name << " has no line to replay";
  for (const Sample& sample : samples_of(puzzle())) {
    SCOPED_TRACE(sample.name);
    const OptionValues options = read_settings(puzzle().options, sample.settings);
    const SolveReport report = solve(puzzle(), sample.input, options);
    SolveReport wrong_answer = report;
    wrong_answer.answer = "12345\n" + report.answer;
    EXPECT_NE(puzzle().check_report(sample.input, options, wrong_answer), "");
  }
}

std::string puzzle_name(const ::testing::TestParamInfo<const Puzzle*>& info) {
  std::string name = "p" + std::string(info.param->name);
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryPuzzle, Conformance, ::testing::ValuesIn(all_puzzles().begin(), all_puzzles().end()),
                         puzzle_name);

}  // namespace
}  // namespace boardsearch::app
