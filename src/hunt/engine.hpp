#pragma once
// The generic half of the hunter: the per-puzzle CaseModel contract, greedy
// shrinking, and the hunt loop. Each puzzle file (game_*.cpp) only says how
// to generate, format and shrink its inputs.

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "boardsearch/core/zobrist.hpp"
#include "hunt/hunt.hpp"

namespace boardsearch::hunt {

// How one puzzle's inputs are made, written and made smaller. `Input` is a
// structured value (a board, a dice list); the engine never parses text.
template <class Input>
struct CaseModel {
  // Case `index` of the hunt: small indices give edge cases and small
  // inputs, larger ones grow. Must be a pure function of (index, rng state)
  // and always produce a valid judge input.
  std::function<Input(std::uint64_t index, core::SplitMix64& rng)> generate;
  // Judge-format text, exactly as the judge would feed it.
  std::function<std::string(const Input&)> format;
  // Strictly smaller valid inputs, most promising (biggest cut) first. "Smaller"
  // must be well founded (each candidate lowers some finite measure) so that
  // greedy shrinking terminates.
  std::function<std::vector<Input>(const Input&)> shrink_candidates;
  // A few words for reports and progress, e.g. "board 3x3 with 2 tiles".
  std::function<std::string(const Input&)> summary;
};

// A fixed input (from the puzzle page: samples, traps, extremes) and the
// index among random cases from which inputs of its size are generated.
template <class Input>
struct EdgeCase {
  std::uint64_t from_random_index = 0;
  Input input;
};

// A generator that puts each edge case among the random ones when random
// inputs reach its size, so hunts try small inputs first whatever their
// origin (and a small failure is found before a big one). Edge case j (after
// a stable sort by from_random_index) goes to overall index
// from_random_index + j; every other index n is random case n minus the
// number of edge cases placed before it.
template <class Input>
std::function<Input(std::uint64_t, core::SplitMix64&)> with_edge_cases(
    std::vector<EdgeCase<Input>> edges, std::function<Input(std::uint64_t random_index, core::SplitMix64&)> random) {
  std::stable_sort(edges.begin(), edges.end(), [](const EdgeCase<Input>& x, const EdgeCase<Input>& y) {
    return x.from_random_index < y.from_random_index;
  });
  return [edges = std::move(edges), random = std::move(random)](std::uint64_t index, core::SplitMix64& rng) {
    std::uint64_t placed_before = 0;
    for (std::size_t j = 0; j < edges.size(); ++j) {
      const std::uint64_t position = edges[j].from_random_index + j;
      if (position == index) return edges[j].input;
      if (position < index) ++placed_before;
    }
    return random(index - placed_before, rng);
  };
}

// The first random case index whose size cap (kSmallestCap + index / step,
// the growth rule every generator uses) reaches `size`.
constexpr std::uint64_t first_index_with_cap(int size, int smallest_cap, std::uint64_t step) {
  return size <= smallest_cap ? 0 : static_cast<std::uint64_t>(size - smallest_cap) * step;
}

// Program runs one shrink may spend. Each run is bounded by the timeout, and
// candidates shrink fast, so this is a safety net, not a budget that matters
// in practice; being a count (not a time) it keeps hunts deterministic.
constexpr std::uint64_t kMaxShrinkRuns = 3000;

// Greedy shrinking: repeatedly replace `failing` by the first candidate that
// still fails, until no candidate does (a local minimum: no single shrinking
// step keeps the failure) or `exhausted()` says to stop. Returns the number
// of accepted steps. Precondition: still_fails(failing) held.
template <class Input, class StillFails, class Exhausted, class OnStep>
std::uint64_t greedy_shrink(Input& failing, const std::function<std::vector<Input>(const Input&)>& candidates,
                            StillFails&& still_fails, Exhausted&& exhausted, OnStep&& on_step) {
  std::uint64_t steps = 0;
  for (bool improved = true; improved && !exhausted();) {
    improved = false;
    for (Input& candidate : candidates(failing)) {
      if (exhausted()) break;
      if (still_fails(candidate)) {
        failing = std::move(candidate);
        ++steps;
        on_step(failing);
        improved = true;
        break;
      }
    }
  }
  return steps;
}

// Status output while hunting (implemented in hunt.cpp).
class ProgressReporter {
 public:
  ProgressReporter(ProgressSink sink, std::string puzzle);
  // After each case; rewrites the status line (live) or prints one at most
  // every second.
  void case_done(std::uint64_t passed, std::uint64_t skipped, const std::string& latest);
  // A line that always appears (skips, the mismatch, shrinking steps).
  void note(const std::string& line);
  // Clears a live status line.
  void finish();

 private:
  ProgressSink sink_;
  std::string puzzle_;
  bool line_open_ = false;
  std::chrono::steady_clock::time_point last_{};
};

// The seed of case `index`: every case has its own generator stream, so a
// case does not depend on how many random numbers earlier cases drew.
inline std::uint64_t case_seed(std::uint64_t hunt_seed, std::uint64_t index) {
  core::SplitMix64 mixer(hunt_seed ^ (index * 0x9E3779B97F4A7C15ULL));
  return mixer.next();
}

// The hunt loop over one puzzle's CaseModel. See hunt() in hunt.hpp.
template <class Input>
HuntOutcome run_hunt(const CaseModel<Input>& model, const HuntSettings& settings, Checker& checker,
                     ProgressReporter& progress) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const bool unlimited_time = !settings.seconds && settings.cases;
  const double seconds = settings.seconds.value_or(kDefaultSeconds);
  auto elapsed = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start); };

  HuntOutcome outcome;
  for (std::uint64_t index = 0;; ++index) {
    // Step 1. Budget: --cases and/or --seconds, whichever ends first.
    if (settings.cases && index >= *settings.cases) break;
    if (!unlimited_time && std::chrono::duration<double>(elapsed()).count() >= seconds) break;

    // Step 2. Generate and check case `index`.
    core::SplitMix64 rng(case_seed(settings.seed, index));
    Input input = model.generate(index, rng);
    const std::string text = model.format(input);
    const Verdict& verdict = checker.check(text);
    if (verdict.skipped) {
      ++outcome.cases_skipped;
      progress.note(fmt::format("case {} ({}) skipped: {}", index, model.summary(input), verdict.skip_reason));
      continue;
    }
    if (!verdict.mismatch) {
      ++outcome.cases_passed;
      progress.case_done(outcome.cases_passed, outcome.cases_skipped, model.summary(input));
      continue;
    }

    // Step 3. A mismatch: shrink it, keeping the same kind of failure.
    const MismatchKind kind = *verdict.mismatch;
    progress.note(fmt::format("case {} ({}): {}; shrinking", index, model.summary(input), to_string(kind)));
    outcome.found = true;
    outcome.failing_case = index;
    outcome.failing_input = text;
    const std::uint64_t runs_before = checker.program_runs();
    auto exhausted = [&] { return checker.program_runs() - runs_before >= kMaxShrinkRuns; };
    auto still_fails = [&](const Input& candidate) {
      const Verdict& v = checker.check(model.format(candidate));
      return !v.skipped && v.mismatch == kind;
    };
    auto on_step = [&](const Input& smaller) { progress.note(fmt::format("  shrunk to {}", model.summary(smaller))); };
    outcome.shrink_steps = greedy_shrink(input, model.shrink_candidates, still_fails, exhausted, on_step);
    outcome.shrink_runs = checker.program_runs() - runs_before;
    outcome.shrink_stopped_early = exhausted();
    outcome.minimal_input = model.format(input);
    outcome.minimal_summary = model.summary(input);
    outcome.minimal_verdict = checker.check(outcome.minimal_input);
    break;
  }
  progress.finish();
  outcome.elapsed = elapsed();
  return outcome;
}

}  // namespace boardsearch::hunt
