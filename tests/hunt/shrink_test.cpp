// The puzzle-independent pieces: output normalization (app::normalize_output,
// how the hunter compares outputs) and greedy shrinking.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "boardsearch/app/puzzle.hpp"
#include "hunt/engine.hpp"

namespace boardsearch::hunt {
namespace {

TEST(NormalizeOutput, IgnoresBlanksAtLineEndsRunsOfBlanksAndBlankLines) {
  EXPECT_EQ(app::normalize_output("Case 1:  10 \r\n\n  Case 2:\t3"), "Case 1: 10\nCase 2: 3\n");
  EXPECT_EQ(app::normalize_output("16\n"), app::normalize_output("16"));
  EXPECT_EQ(app::normalize_output(" \n\t\n"), "");
}

TEST(NormalizeOutput, KeepsDifferencesInsideTokensAndLines) {
  EXPECT_NE(app::normalize_output("16"), app::normalize_output("1 6"));
  EXPECT_NE(app::normalize_output("1\n2"), app::normalize_output("1 2"));
}

// Candidates of a list of numbers: drop one element, or lower one by one.
std::vector<std::vector<int>> list_candidates(const std::vector<int>& list) {
  std::vector<std::vector<int>> out;
  for (std::size_t k = 0; k < list.size(); ++k) {
    auto fewer = list;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
    out.push_back(fewer);
  }
  for (std::size_t k = 0; k < list.size(); ++k)
    if (list[k] > 0) {
      auto lower = list;
      --lower[k];
      out.push_back(lower);
    }
  return out;
}

TEST(GreedyShrink, ReachesAnInputWhereNoSingleStepKeepsTheFailure) {
  // "Fails" when the sum is at least 10 and some element is at least 4.
  auto fails = [](const std::vector<int>& list) {
    return std::accumulate(list.begin(), list.end(), 0) >= 10 &&
           std::any_of(list.begin(), list.end(), [](int v) { return v >= 4; });
  };
  std::vector<int> input = {3, 9, 1, 7, 2, 8};
  ASSERT_TRUE(fails(input));
  std::uint64_t steps_seen = 0;
  const std::function<std::vector<std::vector<int>>(const std::vector<int>&)> candidates = list_candidates;
  const std::uint64_t steps = greedy_shrink(
      input, candidates, fails, [] { return false; }, [&](const std::vector<int>&) { ++steps_seen; });
  EXPECT_TRUE(fails(input));
  EXPECT_EQ(steps, steps_seen);
  for (const auto& candidate : list_candidates(input)) EXPECT_FALSE(fails(candidate));
  EXPECT_EQ(std::accumulate(input.begin(), input.end(), 0), 10);
}

TEST(GreedyShrink, StopsWhenExhausted) {
  std::vector<int> input = {5, 5, 5};
  int calls = 0;
  const std::function<std::vector<std::vector<int>>(const std::vector<int>&)> candidates = list_candidates;
  greedy_shrink(
      input, candidates,
      [&](const std::vector<int>&) {
        ++calls;
        return true;
      },
      [&] { return calls >= 2; }, [](const std::vector<int>&) {});
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(input.size(), 1u);
}

TEST(CaseSeed, DiffersBetweenCasesAndSeeds) {
  EXPECT_NE(case_seed(1, 0), case_seed(1, 1));
  EXPECT_NE(case_seed(1, 0), case_seed(2, 0));
  EXPECT_EQ(case_seed(7, 42), case_seed(7, 42));
}

}  // namespace
}  // namespace boardsearch::hunt
