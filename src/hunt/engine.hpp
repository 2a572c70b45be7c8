#pragma once
// The puzzle-independent machinery of the hunter, shared by its files: each
// case's generator stream, the budget, greedy shrinking, progress output,
// and the stages hunt() (hunt.cpp) runs. The inputs themselves come from
// the puzzle (Puzzle::hunt, as judge text).
//
//   hunt.cpp              hunt(): validate, pick a search, sweep strays
//   mismatch_search.cpp   the correctness hunt over generate(0, 1, 2, ...)
//   slow_search.cpp       --slow: the search for the slowest input
//   extremes.cpp          the extreme inputs both searches try
//   shrink.cpp            shrinking a failing input (shrink_failure)
//   checker.cpp           reference versus program on one input (Checker)
//   progress.cpp          the status line on stderr
//   report.cpp            the human report on stdout

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "hunt/hunt.hpp"
#include "hunt/process_tree.hpp"

namespace boardsearch::hunt {

// Program runs one shrink may spend. Each run is bounded by the timeout, and
// candidates shrink fast, so this is a safety net, not a budget that matters
// in practice; being a count (not a time) it keeps hunts deterministic.
constexpr std::uint64_t kMaxShrinkRuns = 3000;

// Greedy shrinking: repeatedly replace `failing` by the first of
// candidates(failing) that still fails, until no candidate does (a local
// minimum: no single shrinking step keeps the failure) or `exhausted()` says
// to stop. Returns the number of accepted steps. Precondition:
// still_fails(failing) held, and candidates lower a well-founded measure (so
// this ends).
template <class Input, class Candidates, class StillFails, class Exhausted, class OnStep>
std::uint64_t greedy_shrink(Input& failing, Candidates&& candidates, StillFails&& still_fails, Exhausted&& exhausted,
                            OnStep&& on_step) {
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

// greedy_shrink with the candidates checked `batch` at a time:
// first_failing(batch) checks every candidate of the batch (in parallel, as
// it likes) and returns the index of the first that still fails. Takes the
// same steps as greedy_shrink whatever `batch` is: the first failing
// candidate in candidate order.
template <class Input, class Candidates, class FirstFailing, class Exhausted, class OnStep>
std::uint64_t batched_greedy_shrink(Input& failing, Candidates&& candidates, FirstFailing&& first_failing,
                                    Exhausted&& exhausted, OnStep&& on_step, std::size_t batch) {
  std::uint64_t steps = 0;
  for (bool improved = true; improved && !exhausted();) {
    improved = false;
    std::vector<Input> all = candidates(failing);
    for (std::size_t begin = 0; begin < all.size() && !exhausted(); begin += batch) {
      const std::size_t end = std::min(all.size(), begin + batch);
      const std::vector<Input> part(std::make_move_iterator(all.begin() + static_cast<std::ptrdiff_t>(begin)),
                                    std::make_move_iterator(all.begin() + static_cast<std::ptrdiff_t>(end)));
      if (const std::optional<std::size_t> found = first_failing(part)) {
        failing = part[*found];
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

using Clock = core::Clock;

inline double milliseconds(std::chrono::microseconds time) { return static_cast<double>(time.count()) / 1000.0; }

// The puzzle's words for an input and its size, whether or not it has them.
struct Describer {
  const app::HuntCases& cases;
  std::string summary(const std::string& input) const {
    return cases.summary != nullptr ? cases.summary(input) : std::to_string(input.size()) + " bytes";
  }
  std::uint64_t size(const std::string& input) const {
    return cases.size != nullptr ? cases.size(input) : input.size();
  }
};

// The budget: --cases and/or --seconds, whichever ends first. With a time
// budget, the search stops drawing new inputs at kSearchShare of it: the
// rest is left to shrinking a mismatch (and, with --slow, to ranking the
// leaders), so that a mismatch found late is still shrunk. The correctness
// hunt, bounded by time, turns from its growing cases to the puzzle's
// extreme inputs at kGrowingShare, so that a slow program is checked on
// judge-sized inputs too.
constexpr double kSearchShare = 0.75;
constexpr double kGrowingShare = 0.5;
struct Budget {
  const HuntSettings& settings;
  Clock::time_point start;
  bool unlimited_time() const { return !settings.seconds && settings.cases; }
  double seconds() const { return settings.seconds.value_or(kDefaultSeconds); }
  // The end of the whole hunt (nullopt: no time limit).
  std::optional<Clock::time_point> stop_at() const {
    if (unlimited_time()) return std::nullopt;
    return core::deadline_after(start, seconds());
  }
  // Whether a time-bounded correctness hunt should turn to the extremes.
  bool growing_over() const {
    return !settings.cases && Clock::now() >= core::deadline_after(start, seconds() * kGrowingShare);
  }
  // Whether the search should stop drawing inputs after `cases_done`.
  bool search_over(std::uint64_t cases_done) const {
    if (interrupted().load()) return true;
    if (settings.cases && cases_done >= *settings.cases) return true;
    return !unlimited_time() && Clock::now() >= core::deadline_after(start, seconds() * kSearchShare);
  }
};

// One sample of one extreme family (HuntCases::extremes).
struct ExtremeSample {
  std::size_t family = 0;
  std::uint64_t sample = 0;
};

// Every extreme sample of the puzzle, round-robin over the families (sample
// 0 of each, then sample 1 of each, ...); empty without extremes
// (extremes.cpp).
std::vector<ExtremeSample> extreme_plan(const app::HuntCases& cases);

// The input of one extreme sample, drawn from a stream of its own (the same
// input whatever was drawn before it). Precondition: cases.extreme is set.
std::string extreme_input(const app::HuntCases& cases, std::uint64_t seed, ExtremeSample which,
                          const app::OptionValues& options);

// Shrinks `outcome.failing_input` (which failed with `kind`) into
// outcome.minimal_*, checking `jobs` candidates at a time; stops at the
// run limit, at --seconds (stop_at) or on an interrupt (shrink.cpp).
void shrink_failure(const HuntSettings& settings, Checker& checker, const Describer& describe,
                    ProgressReporter& progress, MismatchKind kind, HuntOutcome& outcome);

// The correctness hunt: generate(0, 1, ...) in batches of `jobs`, read in
// case order, the first mismatch shrunk (mismatch_search.cpp).
void hunt_mismatch(const HuntSettings& settings, Checker& checker, const Describer& describe,
                   ProgressReporter& progress, const Budget& budget, HuntOutcome& outcome);

// --slow: the search for the slowest input within the judge's limits
// (slow_search.cpp).
void hunt_slow(const HuntSettings& settings, Checker& checker, const app::Puzzle& puzzle, const Describer& describe,
               ProgressReporter& progress, const Budget& budget, HuntOutcome& outcome);

}  // namespace boardsearch::hunt
