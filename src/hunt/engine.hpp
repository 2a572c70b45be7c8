#pragma once
// The puzzle-independent machinery of the hunter: each case's generator
// stream, greedy shrinking, and progress output. The inputs themselves come
// from the puzzle (Puzzle::hunt, as judge text); the loop over them is
// hunt() in hunt.cpp.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "boardsearch/core/splitmix64.hpp"
#include "hunt/hunt.hpp"

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

}  // namespace boardsearch::hunt
