// `hunt --slow`: the search for the input within the judge's limits that
// makes the program slowest (CPU time of its process tree), in stages:
//
//   1. start-up   the program's CPU time on the smallest input (case 0 of
//                 the correctness hunt), the median of kStartupRuns runs:
//                 reported apart, and what every input's time is above
//   2. extremes   every sample of every extreme family of the puzzle
//                 (HuntCases::extremes), round-robin: sample 0 of each
//                 family, then sample 1 of each, ...
//   3. corners    every corner of the knob space (each knob 0 or 1), the
//                 one with every knob at 1 (largest, densest) first
//   4. climb      from the kSlowestKept slowest inputs so far (the leads):
//                 a knob moved, a chain of mutations, a chain of
//                 harder-making steps (HuntCases::harden), or random knobs
//   5. leaders    each lead is run until it has kLeaderRuns runs, and the
//                 leads are ranked by their median
//
// For a puzzle whose input holds several cases (HuntCases::join), every
// input measured is a file of N copies of one case (--max-cases N, default
// HuntCases::slow_cases): the stages draw, mutate and harden that case.
// A judge's time limit is per file, and a file of N cases is as slow as N
// copies of its hardest case at most, so the search is for the hardest
// case, and its signal is N times its time (a change in one case of N
// different ones would be a 1/N change of the file's time, lost in noise).
//
// With --random-only only random knobs are drawn (stages 2 to 4 replaced):
// the baseline the guided search is measured against. Every run is also
// checked for a wrong answer; a mismatch is reported and shrunk as usual.

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>

#include "boardsearch/app/hunt_cases.hpp"
#include "hunt/engine.hpp"

namespace boardsearch::hunt {

namespace {

// Runs on the smallest input that give the start-up time (their median).
constexpr int kStartupRuns = 3;
// How many of the slowest inputs are kept as leads to climb from; how far
// one knob moves in a climbing step at most; steps chained in one climbing
// move at most.
constexpr std::size_t kSlowestKept = 6;
constexpr double kKnobStep = 0.25;
constexpr std::uint64_t kMaxChainedSteps = 3;
// Knobs up to this many get every corner tried (2^6 = 64 inputs).
constexpr std::size_t kMaxCornerKnobs = 6;
// The runs a lead gets at most while climbing (see step 1 of the climb),
// the runs an input over the limit must be over in, and the runs each lead
// has at the end (ranked by their median).
constexpr int kMaxRuns = 5;
constexpr int kOverLimitRuns = 3;
constexpr int kLeaderRuns = 3;

// One measured input of the slow search.
struct Measured {
  std::string unit = {};           // the case searched on (drawn, mutated, hardened)
  std::string input = {};          // what the program reads: the unit, or copies of it
  std::vector<double> knobs = {};  // empty unless drawn from knobs
  std::string expected = {};       // the reference's answer
  std::vector<std::chrono::microseconds> times = {};
  std::string found_by = {};  // the stage that drew it: "extreme family '...'", "knob corner", "climb", ...
  // The fastest run while searching (a lead's time is the slowest of many
  // noisy measurements: its fastest run is the honest one); the median once
  // the leaders are ranked.
  std::chrono::microseconds cpu() const { return *std::min_element(times.begin(), times.end()); }
  std::chrono::microseconds median() const {
    std::vector<std::chrono::microseconds> sorted = times;
    std::sort(sorted.begin(), sorted.end());
    return sorted[sorted.size() / 2];
  }
  int runs() const { return static_cast<int>(times.size()); }
};

// The CPU time a run counts for. A run killed at the (wall-clock) timeout
// counts with its wall-clock time when that is known to be over `limit`:
// its CPU time already is over it, or it was blocked (a hang, which a judge
// kills too). Otherwise the machine was slow (on a loaded 2-core machine a
// program gets a fraction of a core), and its CPU time until the kill, a
// lower bound, is all that is known: counting the wall-clock time would
// call a program that used less than `limit` over it.
std::chrono::microseconds counted_cpu(const RunResult& run, std::chrono::microseconds limit) {
  if (run.ending != Ending::timed_out) return run.cpu;
  const auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(run.elapsed);
  const bool blocked = static_cast<double>(run.cpu.count()) < kBlockedCpuShare * static_cast<double>(elapsed.count());
  if (run.cpu > limit || blocked) return std::max(run.cpu, elapsed);
  return run.cpu;
}

// The search's state and its steps; hunt_slow below drives it.
class SlowSearch {
 public:
  SlowSearch(const HuntSettings& settings, Checker& checker, const app::Puzzle& puzzle, const Describer& describe,
             ProgressReporter& progress, const Budget& budget, HuntOutcome& outcome)
      : settings_(settings),
        checker_(checker),
        puzzle_(puzzle),
        describe_(describe),
        cases_(describe.cases),
        progress_(progress),
        budget_(budget),
        outcome_(outcome),
        rng_(case_seed(settings.seed, 0)),
        limit_(std::chrono::duration_cast<std::chrono::microseconds>(settings.limit)),
        copies_(cases_.join != nullptr ? settings.max_cases.value_or(std::max<std::uint64_t>(cases_.slow_cases, 1))
                                       : 1),
        knob_count_(cases_.knob_count) {}

  void run();

 private:
  // What measuring one input gave.
  enum class Result { measured, stop };

  Result measure_startup();
  Result measure_candidate(Measured next, std::uint64_t candidate);
  bool measure_again(Measured& measured);
  void rank_leaders();
  std::vector<std::vector<double>> planned_corners() const;
  Measured climbing_step();
  std::string file_of(const std::string& unit) const;
  std::vector<double> random_knobs();
  void sort_slowest() {
    std::stable_sort(slowest_.begin(), slowest_.end(),
                     [](const Measured& a, const Measured& b) { return a.cpu() > b.cpu(); });
  }

  const HuntSettings& settings_;
  Checker& checker_;
  const app::Puzzle& puzzle_;
  const Describer& describe_;
  const app::HuntCases& cases_;
  ProgressReporter& progress_;
  const Budget& budget_;
  HuntOutcome& outcome_;
  core::SplitMix64 rng_;
  std::chrono::microseconds limit_;
  // The copies of the unit in an input (--max-cases; 1: the unit alone).
  std::uint64_t copies_;
  std::size_t knob_count_;
  std::vector<Measured> slowest_;  // the leads: the kSlowestKept slowest, slowest first
};

// Runs `measured` once more; false when the hunt's time ran out during the
// run (nothing is known from it).
bool SlowSearch::measure_again(Measured& measured) {
  const RunResult again = checker_.rerun(measured.input);
  if (again.ending == Ending::cut) return false;
  measured.times.push_back(counted_cpu(again, limit_));
  return true;
}

// The input the program reads for `unit`: the unit itself, or a file of
// copies_ copies of it.
std::string SlowSearch::file_of(const std::string& unit) const {
  if (copies_ <= 1) return unit;
  return cases_.join(std::vector<std::string>(copies_, unit));
}

std::vector<double> SlowSearch::random_knobs() {
  std::vector<double> knobs(knob_count_);
  for (double& knob : knobs) knob = static_cast<double>(rng_.below(1'000'001)) / 1'000'000.0;
  return knobs;
}

// Stage 1: the smallest input, kStartupRuns runs; its median is the
// start-up. It is checked like every input (a mismatch there is shrunk).
SlowSearch::Result SlowSearch::measure_startup() {
  core::SplitMix64 rng(case_seed(settings_.seed, 0));
  const std::string input = cases_.generate != nullptr ? cases_.generate(0, rng, settings_.options) : std::string();
  if (input.empty()) return Result::measured;
  const Verdict verdict = checker_.check(input);
  if (verdict.cut) return Result::stop;
  if (verdict.skipped) return Result::measured;
  if (verdict.mismatch && verdict.mismatch != MismatchKind::timeout) {
    progress_.note(
        fmt::format("the smallest input ({}): {}; shrinking", describe_.summary(input), to_string(*verdict.mismatch)));
    outcome_.found = true;
    outcome_.failing_case = 0;
    outcome_.failing_input = input;
    shrink_failure(settings_, checker_, describe_, progress_, *verdict.mismatch, outcome_);
    return Result::stop;
  }
  Measured smallest{.input = input, .times = {counted_cpu(verdict.run, limit_)}};
  while (smallest.runs() < kStartupRuns)
    if (!measure_again(smallest)) return Result::stop;
  outcome_.startup_cpu = smallest.median();
  outcome_.startup_summary = describe_.summary(input);
  outcome_.startup_measured = true;
  progress_.note(fmt::format("start-up: {:.0f} ms of CPU time (median of {} runs on {})",
                             milliseconds(outcome_.startup_cpu), kStartupRuns, outcome_.startup_summary));
  return Result::measured;
}

// Stage 3: every corner of the knob space (when there are few knobs), the
// corners with more knobs at 1 first.
std::vector<std::vector<double>> SlowSearch::planned_corners() const {
  std::vector<std::vector<double>> corners;
  if (knob_count_ > kMaxCornerKnobs) return corners;
  const std::uint64_t count = std::uint64_t{1} << knob_count_;
  for (std::uint64_t bits = count; bits-- > 0;) {
    std::vector<double> knobs(knob_count_);
    for (std::size_t k = 0; k < knob_count_; ++k) knobs[k] = (bits >> k & 1) != 0 ? 1.0 : 0.0;
    corners.push_back(std::move(knobs));
  }
  std::stable_sort(corners.begin(), corners.end(), [](const auto& a, const auto& b) {
    return std::count(a.begin(), a.end(), 1.0) > std::count(b.begin(), b.end(), 1.0);
  });
  return corners;
}

// Stage 4: a climbing step from one of the leads: a knob moved, a chain of
// mutations, a chain of harder-making steps, or random knobs.
Measured SlowSearch::climbing_step() {
  Measured next;
  const std::uint64_t choice = rng_.below(4);
  if (slowest_.empty() || choice == 0) {
    next.knobs = random_knobs();
    next.found_by = "random knobs";
    return next;
  }
  // The slowest lead half the time, else any: the climb follows its best
  // lead but does not stake everything on one run.
  const std::size_t pick = rng_.below(2) == 0 ? 0 : rng_.below(slowest_.size());
  // Step 1. A lead is measured again when it becomes a base, up to kMaxRuns
  // times, and counts with its fastest run: the leads are the slowest of
  // many noisy measurements, so their times run high (the winner's curse),
  // and an inflated time would keep out its mutations that are really
  // slower. (A cut run leaves the lead as it was; the budget check ends
  // the search.)
  if (slowest_[pick].runs() < kMaxRuns) measure_again(slowest_[pick]);
  const Measured base = slowest_[pick];
  sort_slowest();
  next.found_by = fmt::format("climb from {}",
                              base.found_by.rfind("climb from ", 0) == 0 ? base.found_by.substr(11) : base.found_by);
  // Step 2. The move.
  if (choice == 1 && !base.knobs.empty()) {
    next.knobs = base.knobs;
    double& knob = next.knobs[rng_.below(next.knobs.size())];
    const double step = kKnobStep * (static_cast<double>(rng_.below(2001)) / 1000.0 - 1.0);
    knob = std::clamp(knob + step, 0.0, 1.0);
    return next;
  }
  const bool harder = choice == 3 && cases_.harden != nullptr;
  next.unit = base.unit;
  const std::uint64_t chained = 1 + rng_.below(kMaxChainedSteps);
  for (std::uint64_t k = 0; k < chained; ++k)
    next.unit =
        harder ? cases_.harden(next.unit, rng_, settings_.options) : cases_.mutate(next.unit, rng_, settings_.options);
  return next;
}

// Checks and times one candidate and keeps it among the leads if it is
// slow enough; Result::stop when the search is over (a mismatch, an input
// over the limit in every run, the budget's end).
SlowSearch::Result SlowSearch::measure_candidate(Measured next, std::uint64_t candidate) {
  if (!next.knobs.empty()) next.unit = cases_.judge_sized(next.knobs, rng_, settings_.options);
  next.input = file_of(next.unit);
  if (puzzle_.check_strict != nullptr) puzzle_.check_strict(next.input, settings_.options);  // a generator bug throws

  // Step 1. Check it: every run is also checked for a wrong answer.
  const Verdict verdict = checker_.check(next.input);
  if (verdict.cut) return Result::stop;
  ++outcome_.candidates_measured;
  if (const std::uint64_t size = describe_.size(next.input); size >= outcome_.largest_size) {
    outcome_.largest_size = size;
    outcome_.largest_summary = describe_.summary(next.input);
  }
  if (verdict.skipped) {
    ++outcome_.cases_skipped;
    return Result::measured;
  }
  if (verdict.mismatch && verdict.mismatch != MismatchKind::timeout) {
    progress_.note(fmt::format("input {} ({}): {}; shrinking", candidate + 1, describe_.summary(next.input),
                               to_string(*verdict.mismatch)));
    outcome_.found = true;
    outcome_.failing_case = candidate + 1;
    outcome_.failing_input = next.input;
    shrink_failure(settings_, checker_, describe_, progress_, *verdict.mismatch, outcome_);
    return Result::stop;
  }
  ++outcome_.cases_passed;
  next.times = {counted_cpu(verdict.run, limit_)};
  next.expected = verdict.expected;

  // Step 2. A candidate that would be kept (one of the kSlowestKept
  // slowest, or over the limit) is confirmed by a second run and counts
  // with the faster of the two: a run slowed by noise would otherwise hold
  // a place that its mutations, really slower, could not take. One still
  // over the limit gets up to kOverLimitRuns runs in all: the search ends
  // on it, so it must be over in every run, not in two slowed ones.
  const bool kept = slowest_.size() < kSlowestKept || next.cpu() > slowest_.back().cpu();
  bool cut = (kept || next.cpu() > limit_) && !measure_again(next);
  while (!cut && next.cpu() > limit_ && next.runs() < kOverLimitRuns) cut = !measure_again(next);
  if (cut) return Result::stop;
  progress_.case_done(outcome_.cases_passed, outcome_.cases_skipped,
                      fmt::format("{} in {:.0f} ms", describe_.summary(next.input), milliseconds(next.cpu())));

  // Step 3. Keep the slowest few, slowest first.
  if (!kept && next.cpu() <= limit_) return Result::measured;
  slowest_.push_back(std::move(next));
  sort_slowest();
  if (slowest_.size() > kSlowestKept) slowest_.pop_back();
  return slowest_.front().cpu() > limit_ ? Result::stop : Result::measured;
}

// Stage 5: every lead up to kLeaderRuns runs (as long as the budget lasts),
// ranked by median; a lead over the limit in every run comes first.
void SlowSearch::rank_leaders() {
  for (Measured& lead : slowest_)
    while (lead.runs() < kLeaderRuns && !interrupted().load())
      if (!measure_again(lead)) break;
  std::stable_sort(slowest_.begin(), slowest_.end(), [&](const Measured& a, const Measured& b) {
    const bool a_over = a.cpu() > limit_, b_over = b.cpu() > limit_;
    if (a_over != b_over) return a_over;
    return a.median() > b.median();
  });
}

void SlowSearch::run() {
  // Stage 1. The start-up.
  if (measure_startup() == Result::stop) return;
  // Stages 2 and 3 are a plan; stage 4 climbs once it is done.
  std::vector<ExtremeSample> extremes;
  std::vector<std::vector<double>> corners;
  if (settings_.guided) {
    extremes = extreme_plan(cases_);
    corners = planned_corners();
    progress_.note(fmt::format("{} extreme inputs of {} families, then {} knob corners, then climbing", extremes.size(),
                               cases_.extremes.size(), corners.size()));
  }
  for (std::uint64_t candidate = 0; !budget_.search_over(candidate); ++candidate) {
    Measured next;
    if (candidate < extremes.size()) {
      next.unit = extreme_input(cases_, settings_.seed, extremes[candidate], settings_.options);
      next.found_by = fmt::format("extreme family '{}'", cases_.extremes[extremes[candidate].family].name);
    } else if (candidate < extremes.size() + corners.size()) {
      next.knobs = std::move(corners[candidate - extremes.size()]);
      next.found_by = "knob corner";
    } else if (settings_.guided) {
      next = climbing_step();
    } else {
      next.knobs = random_knobs();
      next.found_by = "random knobs";
    }
    if (measure_candidate(std::move(next), candidate) == Result::stop) break;
  }
  if (outcome_.found || slowest_.empty()) return;
  // Stage 5. Rank the leads by their median.
  rank_leaders();
  const Measured& slowest = slowest_.front();
  outcome_.slow_found = true;
  outcome_.slowest_input = slowest.input;
  outcome_.slowest_summary = describe_.summary(slowest.input);
  outcome_.slowest_cpu = slowest.median();
  outcome_.slowest_runs = slowest.runs();
  outcome_.slowest_found_by = slowest.found_by;
  outcome_.slowest_expected = slowest.expected;
  outcome_.over_limit = slowest.cpu() > limit_;
}

}  // namespace

void hunt_slow(const HuntSettings& settings, Checker& checker, const app::Puzzle& puzzle, const Describer& describe,
               ProgressReporter& progress, const Budget& budget, HuntOutcome& outcome) {
  SlowSearch(settings, checker, puzzle, describe, progress, budget, outcome).run();
}

}  // namespace boardsearch::hunt
