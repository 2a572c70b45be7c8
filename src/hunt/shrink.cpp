// Shrinking a failing input: greedy over the puzzle's shrink candidates,
// checked `jobs` at a time, keeping only a failure of the same kind.

#include <fmt/format.h>

#include <algorithm>

#include "hunt/engine.hpp"

namespace boardsearch::hunt {

void shrink_failure(const HuntSettings& settings, Checker& checker, const Describer& describe,
                    ProgressReporter& progress, MismatchKind kind, HuntOutcome& outcome) {
  const app::HuntCases& cases = describe.cases;
  const auto started = Clock::now();
  const std::uint64_t runs_before = checker.program_runs();
  bool cut = false;
  auto exhausted = [&] { return cut || checker.program_runs() - runs_before >= kMaxShrinkRuns; };
  auto candidates = [&](const std::string& input) {
    return cases.shrink != nullptr ? cases.shrink(input, settings.options) : std::vector<std::string>{};
  };
  auto first_failing = [&](const std::vector<std::string>& batch) -> std::optional<std::size_t> {
    const std::vector<Verdict> verdicts = checker.check_all(batch, settings.jobs);
    for (std::size_t k = 0; k < verdicts.size(); ++k) {
      // A cut check ends shrinking: what comes after it in candidate order
      // would not be what a run with more time picks.
      if (verdicts[k].cut) {
        cut = true;
        return std::nullopt;
      }
      if (!verdicts[k].skipped && verdicts[k].mismatch == kind) return k;
    }
    return std::nullopt;
  };
  auto on_step = [&](const std::string& smaller) {
    progress.note(fmt::format("  shrunk to {}", describe.summary(smaller)));
  };
  std::string input = outcome.failing_input;
  outcome.shrink_steps = batched_greedy_shrink(input, candidates, first_failing, exhausted, on_step,
                                               std::max<std::size_t>(1, settings.jobs));
  outcome.shrink_runs = checker.program_runs() - runs_before;
  outcome.shrink_cut = cut;
  outcome.shrink_stopped_early = !cut && exhausted();
  outcome.minimal_input = input;
  outcome.minimal_summary = describe.summary(input);
  outcome.minimal_verdict = checker.check(input);  // memoized: no new run
  outcome.shrink_elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
}

}  // namespace boardsearch::hunt
