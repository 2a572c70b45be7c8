// Every puzzle's hunt cases (Puzzle::hunt), through the contract only:
// deterministic for a seed, always input the puzzle's own parser and solver
// accept, and every shrinking candidate valid and strictly smaller, so that
// greedy shrinking ends.

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "boardsearch/app/options.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "hunt/engine.hpp"
#include "support/sanitized.hpp"

namespace boardsearch::hunt {
namespace {

using boardsearch::testing::sanitized;
std::uint64_t generated_cases() { return sanitized() ? 300 : 1500; }
// Cases also solved by the reference (its parser must accept them).
std::uint64_t solved_cases() { return sanitized() ? 40 : 120; }
// Cases whose shrinking candidates are solved too.
std::uint64_t solved_shrink_cases() { return sanitized() ? 5 : 20; }

std::string generate(const app::Puzzle& puzzle, const app::OptionValues& options, std::uint64_t seed,
                     std::uint64_t index) {
  core::SplitMix64 rng(case_seed(seed, index));
  return puzzle.hunt.generate(index, rng, options);
}

// A size of judge text that every shrinking step of every puzzle lowers,
// compared lexicographically: whitespace-separated tokens (a row, a case, a
// die fewer), bytes (a column fewer, a shorter number), the sum of the
// integer tokens (a smaller value), the bytes that are neither blank nor
// '.' nor '0' (an obstacle or a tile turned into an empty cell).
std::tuple<std::size_t, std::size_t, unsigned long long, std::size_t> text_size(const std::string& text) {
  std::size_t tokens = 0, marks = 0;
  unsigned long long integers = 0;
  std::string token;
  auto end_token = [&] {
    if (token.empty()) return;
    ++tokens;
    if (token.find_first_not_of("0123456789") == std::string::npos && token.size() < 19) integers += std::stoull(token);
    token.clear();
  };
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      end_token();
      continue;
    }
    token += c;
    if (c != '.' && c != '0') ++marks;
  }
  end_token();
  return {tokens, text.size(), integers, marks};
}

// Solves `text`; a limit is fine (the hunter then skips), bad input is not.
void expect_solver_accepts(const app::Puzzle& puzzle, const app::OptionValues& options, const std::string& text) {
  app::SolveRequest request{text, options, {}};
  request.want_line = false;
  request.limits.max_nodes = 20'000'000;
  try {
    EXPECT_FALSE(puzzle.solve(request).answer.empty());
  } catch (const app::LimitError&) {
  } catch (const app::InputError& error) {
    ADD_FAILURE() << puzzle.name << " rejected a hunt input: " << error.what() << "\n" << text;
  }
}

// The checks of one puzzle under one set of options.
void check_cases(const app::Puzzle& puzzle, const app::OptionValues& options) {
  for (std::uint64_t index = 0; index < generated_cases(); ++index) {
    const std::string text = generate(puzzle, options, 7, index);
    SCOPED_TRACE(::testing::Message() << puzzle.name << " case index " << index << ":\n" << text);
    // Deterministic for the seed.
    ASSERT_EQ(generate(puzzle, options, 7, index), text);
    // The puzzle's own parser reads it back (summary parses), and for the
    // first cases its solver accepts it.
    ASSERT_NO_THROW(puzzle.hunt.summary(text));
    if (index < solved_cases()) expect_solver_accepts(puzzle, options, text);
    // Shrinking candidates: valid and strictly smaller (only the small
    // inputs, whose candidate lists are short).
    if (text.size() >= 400) continue;
    for (const std::string& candidate : puzzle.hunt.shrink(text, options)) {
      ASSERT_NO_THROW(puzzle.hunt.summary(candidate)) << candidate;
      ASSERT_LT(text_size(candidate), text_size(text)) << candidate;
      if (index < solved_shrink_cases()) expect_solver_accepts(puzzle, options, candidate);
    }
  }
  // Another seed gives other random cases.
  int differing = 0;
  for (std::uint64_t index = 20; index < 60; ++index)
    differing += generate(puzzle, options, 7, index) != generate(puzzle, options, 8, index);
  EXPECT_GT(differing, 30) << puzzle.name;
}

// The option sets each puzzle is hunted with here: none given, and every
// integer option given at its default (a puzzle may generate other inputs
// when the user chose a value, even the default one).
std::vector<app::OptionValues> option_sets(const app::Puzzle& puzzle) {
  std::vector<app::OptionValues> sets(1);
  app::OptionValues given;
  for (const app::OptionSpec& spec : puzzle.options)
    if (spec.kind == app::OptionKind::integer && !spec.default_value.empty()) {
      app::OptionValues with_it = given;
      with_it.set(std::string(spec.name), app::read_option_text(spec, spec.default_value));
      // An option that only goes with another (yut's --turns needs
      // --expected) is refused given alone: leave it out.
      const std::string input = generate(puzzle, with_it, 7, 0);  // outlives the request's view of it
      app::SolveRequest probe{input, with_it, {}};
      probe.want_line = false;
      probe.limits.max_nodes = 1'000'000;
      try {
        puzzle.solve(probe);
      } catch (const app::InputError&) {
        continue;
      } catch (const app::LimitError&) {
      }
      given = with_it;
    }
  if (!given.all().empty()) sets.push_back(given);
  return sets;
}

// A puzzle may have no hunt cases yet (the hunter then refuses it with a
// clear message); one that generates inputs also shrinks and describes them.
TEST(HuntCases, APuzzleThatGeneratesAlsoShrinksAndDescribes) {
  int with_cases = 0;
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    if (puzzle->hunt.generate == nullptr) continue;
    ++with_cases;
    EXPECT_NE(puzzle->hunt.shrink, nullptr) << puzzle->name;
    EXPECT_NE(puzzle->hunt.summary, nullptr) << puzzle->name;
  }
  EXPECT_GT(with_cases, 0);
}

TEST(HuntCases, DeterministicValidAndShrinkingToSmallerValidInputs) {
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    if (puzzle->hunt.generate == nullptr) continue;
    for (const app::OptionValues& options : option_sets(*puzzle)) check_cases(*puzzle, options);
  }
}

// Greedy shrinking of an input that always "fails" takes the first candidate
// each time; the chain must end (no input comes back) and be short.
TEST(HuntCases, ShrinkingAnAlwaysFailingInputEnds) {
  constexpr int kMaxSteps = 5000;
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    if (puzzle->hunt.generate == nullptr) continue;
    for (const app::OptionValues& options : option_sets(*puzzle))
      for (std::uint64_t index = 0; index < 60; index += 7) {
        std::string input = generate(*puzzle, options, 3, index);
        std::set<std::string> seen = {input};
        int steps = 0;
        for (std::vector<std::string> next = puzzle->hunt.shrink(input, options); !next.empty();
             next = puzzle->hunt.shrink(input, options)) {
          input = next.front();
          ASSERT_TRUE(seen.insert(input).second) << puzzle->name << " shrank back to\n" << input;
          ASSERT_LT(++steps, kMaxSteps) << puzzle->name;
        }
      }
  }
}

// --slow's inputs: judge_sized and mutate give input the puzzle's parser
// reads (summary parses it) and, where the puzzle has a strict mode, that
// keeps to the judge's exact limits; the same knobs and seed give the same
// input.
TEST(SlowCases, JudgeSizedAndMutatedInputsStayWithinTheJudgesLimits) {
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    const app::HuntCases& cases = puzzle->hunt;
    if (cases.judge_sized == nullptr) continue;
    ASSERT_NE(cases.mutate, nullptr) << puzzle->name;
    ASSERT_GT(cases.knob_count, 0u) << puzzle->name;
    const app::OptionValues options;
    core::SplitMix64 knob_rng(7);
    for (int round = 0; round < (sanitized() ? 4 : 20); ++round) {
      std::vector<double> knobs(cases.knob_count);
      for (double& knob : knobs) knob = static_cast<double>(knob_rng.below(1001)) / 1000.0;
      core::SplitMix64 rng(static_cast<std::uint64_t>(round)), same(static_cast<std::uint64_t>(round));
      std::string input = cases.judge_sized(knobs, rng, options);
      EXPECT_EQ(input, cases.judge_sized(knobs, same, options)) << puzzle->name;
      for (int step = 0; step < 5; ++step) {
        EXPECT_NO_THROW(cases.summary(input)) << puzzle->name << ":\n" << input;
        if (puzzle->check_strict != nullptr) {
          EXPECT_NO_THROW(puzzle->check_strict(input, options)) << puzzle->name << ":\n" << input;
        }
        input = cases.mutate(input, rng, options);
      }
    }
  }
}

// The extreme families (#41): every puzzle has them and says how large the
// judge's inputs go; every family's first sample is the same for the same
// seed, within the judge's limits (strict mode), solved by the reference,
// and as large as
// the judge's largest for at least one family; harden keeps inputs within
// the limits and never shrinks them.
TEST(SlowCases, ExtremeSamplesAndHarderStepsStayWithinTheJudgesLimits) {
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    const app::HuntCases& cases = puzzle->hunt;
    ASSERT_NE(cases.extreme, nullptr) << puzzle->name;
    ASSERT_FALSE(cases.extremes.empty()) << puzzle->name;
    ASSERT_GT(cases.judge_max_size, 0u) << puzzle->name;
    ASSERT_FALSE(cases.judge_max_words.empty()) << puzzle->name;
    const app::OptionValues options;
    std::uint64_t largest = 0;
    // Sample 0 of every family (a tour sample costs up to a count of a
    // million paths to draw).
    for (const ExtremeSample& which : extreme_plan(cases)) {
      if (which.sample != 0) continue;
      const std::string input = extreme_input(cases, 5, which, options);
      SCOPED_TRACE(::testing::Message() << puzzle->name << " family '" << cases.extremes[which.family].name
                                        << "' sample " << which.sample << ":\n"
                                        << input);
      EXPECT_EQ(input, extreme_input(cases, 5, which, options));
      if (puzzle->check_strict != nullptr) {
        EXPECT_NO_THROW(puzzle->check_strict(input, options));
      }
      const std::uint64_t size = cases.size(input);
      EXPECT_LE(size, cases.judge_max_size);
      largest = std::max(largest, size);
      expect_solver_accepts(*puzzle, options, input);
      if (cases.harden == nullptr) continue;
      core::SplitMix64 rng(which.family);
      std::string harder = input;
      for (int step = 0; step < 2; ++step) {
        harder = cases.harden(harder, rng, options);
        if (puzzle->check_strict != nullptr) {
          EXPECT_NO_THROW(puzzle->check_strict(harder, options)) << harder;
        }
        EXPECT_GE(cases.size(harder), size) << harder;
      }
    }
    EXPECT_EQ(largest, cases.judge_max_size) << puzzle->name;
  }
}

// join (hunt --slow --max-cases): the cases of each input in order, one
// input the judge accepts; mutations of it stay within the judge's limits.
TEST(SlowCases, JoinedInputsHoldEveryCaseInOrderWithinTheJudgesLimits) {
  int joinable = 0;
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    const app::HuntCases& cases = puzzle->hunt;
    if (cases.join == nullptr) continue;
    ++joinable;
    ASSERT_NE(cases.judge_sized, nullptr) << puzzle->name;
    EXPECT_GE(cases.slow_cases, 1u) << puzzle->name;  // the cases of a --slow input by default
    const app::OptionValues options;
    core::SplitMix64 rng(11);
    for (int round = 0; round < (sanitized() ? 3 : 12); ++round) {
      std::vector<std::string> parts;
      const std::uint64_t count = 1 + rng.below(4);
      for (std::uint64_t i = 0; i < count; ++i) {
        std::vector<double> knobs(cases.knob_count);
        for (double& knob : knobs) knob = static_cast<double>(rng.below(1001)) / 1000.0;
        parts.push_back(cases.judge_sized(knobs, rng, options));
      }
      std::string joined = cases.join(parts);
      std::string concatenated;
      for (const std::string& part : parts) concatenated += part;
      EXPECT_EQ(joined, concatenated) << puzzle->name;  // the cases of each, in order
      for (int step = 0; step < 5; ++step) {
        if (puzzle->check_strict != nullptr) {
          EXPECT_NO_THROW(puzzle->check_strict(joined, options)) << puzzle->name << ":\n" << joined;
        }
        EXPECT_NO_THROW(cases.summary(joined)) << puzzle->name;
        joined = cases.mutate(joined, rng, options);
      }
    }
  }
  EXPECT_GE(joinable, 1);  // the tour's input holds several cases
}

}  // namespace
}  // namespace boardsearch::hunt
