// The correctness hunt: the puzzle's cases generate(0), generate(1), ...
// (small first), checked in batches of `jobs` and read in case order, so the
// first mismatch is the same for every -j; it is shrunk (shrink.cpp).
// Bounded by time (no --cases), the hunt turns at kGrowingShare of the
// budget to the puzzle's extreme inputs (the judge's largest boards, ...),
// so that a program too slow to grow there is still checked on them; then
// back to its growing cases if time is left.

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "hunt/engine.hpp"

namespace boardsearch::hunt {

void hunt_mismatch(const HuntSettings& settings, Checker& checker, const Describer& describe,
                   ProgressReporter& progress, const Budget& budget, HuntOutcome& outcome) {
  const app::HuntCases& cases = describe.cases;
  const unsigned jobs = std::max(1U, settings.jobs);
  const std::vector<ExtremeSample> extremes = extreme_plan(cases);
  // The first case index that is an extreme input (set once the growing
  // cases have had their share of the time).
  std::optional<std::uint64_t> extremes_from;
  // Case `index`: growing cases, the extremes from extremes_from on, then
  // growing cases again where they left off.
  const auto input_at = [&](std::uint64_t index) {
    std::uint64_t growing = index;
    if (extremes_from && index >= *extremes_from) {
      if (index - *extremes_from < extremes.size())
        return extreme_input(cases, settings.seed, extremes[index - *extremes_from], settings.options);
      growing = index - extremes.size();
    }
    core::SplitMix64 rng(case_seed(settings.seed, growing));
    return cases.generate(growing, rng, settings.options);
  };
  for (std::uint64_t index = 0; !budget.search_over(index);) {
    if (!extremes_from && !extremes.empty() && budget.growing_over()) {
      extremes_from = index;
      progress.note(fmt::format("{} extreme inputs from case {} on", extremes.size(), index + 1));
    }
    // Step 1. The next batch (never past --cases).
    std::uint64_t batch_size = jobs;
    if (settings.cases) batch_size = std::min<std::uint64_t>(batch_size, *settings.cases - index);
    std::vector<std::string> inputs;
    for (std::uint64_t k = 0; k < batch_size; ++k) inputs.push_back(input_at(index + k));
    const std::vector<Verdict> verdicts = checker.check_all(inputs, jobs);
    // Step 2. Read the batch in case order (reports count from 1).
    for (std::uint64_t k = 0; k < batch_size; ++k, ++index) {
      const std::string& input = inputs[k];
      const Verdict& verdict = verdicts[k];
      const std::uint64_t number = index + 1;
      if (verdict.cut) return;  // the budget ran out during this case
      if (const std::uint64_t size = describe.size(input);
          size > outcome.largest_size || outcome.largest_summary.empty()) {
        outcome.largest_size = size;
        outcome.largest_summary = describe.summary(input);
      }
      if (verdict.skipped) {
        ++outcome.cases_skipped;
        progress.note(fmt::format("case {} ({}) skipped: {}", number, describe.summary(input), verdict.skip_reason));
        continue;
      }
      if (!verdict.mismatch) {
        ++outcome.cases_passed;
        progress.case_done(outcome.cases_passed, outcome.cases_skipped, describe.summary(input));
        continue;
      }
      // Step 3. A mismatch: shrink it, keeping the same kind of failure.
      const MismatchKind kind = *verdict.mismatch;
      progress.note(fmt::format("case {} ({}): {}; shrinking", number, describe.summary(input), to_string(kind)));
      outcome.found = true;
      outcome.failing_case = number;
      outcome.failing_input = input;
      shrink_failure(settings, checker, describe, progress, kind, outcome);
      return;
    }
  }
}

}  // namespace boardsearch::hunt
