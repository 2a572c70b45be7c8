// The hunter: the checker (reference versus program), progress output, the
// hunt loop over the puzzle's own inputs (Puzzle::hunt), the search for slow
// inputs, the report. Nothing here knows a puzzle; inputs are judge text
// from generate, shrink, judge_sized and mutate.

#include "hunt/hunt.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <thread>

#include "boardsearch/app/hunt_cases.hpp"
#include "boardsearch/app/text_input.hpp"
#include "hunt/engine.hpp"
#include "hunt/process_tree.hpp"

namespace boardsearch::hunt {

namespace {

// A report shows at most this much of a program's stdout or stderr.
constexpr std::size_t kShownOutputBytes = 4000;
constexpr std::chrono::seconds kQuietProgressInterval{1};

// --slow: random knobs before climbing starts; how many of the slowest
// inputs are kept as starting points for mutations; how far one knob moves
// in a climbing step at most; mutations chained in one step at most.
constexpr std::uint64_t kRandomStartCandidates = 6;
constexpr std::size_t kSlowestKept = 4;
constexpr double kKnobStep = 0.25;
constexpr std::uint64_t kMaxChainedMutations = 3;
// --slow: the runs a kept input gets at most (see hunt_slow, step 1), and
// the runs an input over the limit must be over in (step 3).
constexpr int kMaxRuns = 5;
constexpr int kOverLimitRuns = 3;

using Clock = core::Clock;

// `text` cut to kShownOutputBytes, saying how much was left out.
std::string shown(const std::string& text, bool truncated_by_runner) {
  std::string part = text.substr(0, kShownOutputBytes);
  if (text.size() > kShownOutputBytes || truncated_by_runner)
    part += fmt::format("\n[... output cut after {} bytes]", part.size());
  if (!part.empty() && part.back() != '\n') part += '\n';
  return part;
}

// The lines of `text` (without their '\n').
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    lines.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return lines;
}

double milliseconds(std::chrono::microseconds time) { return static_cast<double>(time.count()) / 1000.0; }

// The puzzle's words for an input and its size, whether or not it has them.
struct Describer {
  const app::HuntCases& cases;
  std::string summary(const std::string& input) const {
    return cases.summary != nullptr ? cases.summary(input) : fmt::format("{} bytes", input.size());
  }
  std::uint64_t size(const std::string& input) const {
    return cases.size != nullptr ? cases.size(input) : input.size();
  }
};

// The puzzle named by the settings, checked: known, a program given, only
// options of its schema. Throws app::InputError otherwise.
const app::Puzzle& checked_puzzle(const HuntSettings& settings) {
  const app::Puzzle* puzzle = app::find_puzzle(settings.puzzle);
  if (puzzle == nullptr)
    throw app::InputError(
        fmt::format("hunt: unknown puzzle '{}' (puzzles: {})", app::printable(settings.puzzle), app::puzzle_names()));
  if (settings.command.empty()) throw app::InputError("hunt: missing the program to test (hunt PUZZLE -- COMMAND ...)");
  for (const auto& [name, value] : settings.options.all())
    if (app::find_option(puzzle->options, name) == nullptr)
      throw app::InputError(fmt::format("hunt: {}", app::foreign_option_message(*puzzle, name)));
  return *puzzle;
}

// Shrinks `outcome.failing_input` (which failed with `kind`) into
// outcome.minimal_*, checking `jobs` candidates at a time; stops at the
// run limit, at --seconds (stop_at) or on an interrupt.
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

// The budget: --cases and/or --seconds, whichever ends first.
struct Budget {
  const HuntSettings& settings;
  Clock::time_point start;
  bool unlimited_time() const { return !settings.seconds && settings.cases; }
  std::optional<Clock::time_point> stop_at() const {
    if (unlimited_time()) return std::nullopt;
    return core::deadline_after(start, settings.seconds.value_or(kDefaultSeconds));
  }
  bool over(std::uint64_t cases_done) const {
    if (interrupted().load()) return true;
    if (settings.cases && cases_done >= *settings.cases) return true;
    return !unlimited_time() && Clock::now() >= *stop_at();
  }
};

// The correctness hunt: cases in batches of `jobs`, read in case order.
void hunt_mismatch(const HuntSettings& settings, Checker& checker, const Describer& describe,
                   ProgressReporter& progress, const Budget& budget, HuntOutcome& outcome) {
  const app::HuntCases& cases = describe.cases;
  const unsigned jobs = std::max(1U, settings.jobs);
  for (std::uint64_t index = 0; !budget.over(index);) {
    // Step 1. The next batch (never past --cases).
    std::uint64_t batch_size = jobs;
    if (settings.cases) batch_size = std::min<std::uint64_t>(batch_size, *settings.cases - index);
    std::vector<std::string> inputs;
    for (std::uint64_t k = 0; k < batch_size; ++k) {
      core::SplitMix64 rng(case_seed(settings.seed, index + k));
      inputs.push_back(cases.generate(index + k, rng, settings.options));
    }
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

// One measured candidate of the slow search.
struct Measured {
  std::string input;
  std::vector<double> knobs;         // empty for a mutation
  std::string expected;              // the reference's answer
  std::chrono::microseconds cpu{0};  // the fastest of its runs
  int runs = 1;
};

// The CPU time a run counts for: a run killed at the timeout counts as over
// any limit below the timeout.
std::chrono::microseconds counted_cpu(const RunResult& run) {
  if (run.ending == Ending::timed_out)
    return std::max(run.cpu, std::chrono::duration_cast<std::chrono::microseconds>(run.elapsed));
  return run.cpu;
}

// --slow: the search for the slowest input within the judge's limits.
void hunt_slow(const HuntSettings& settings, Checker& checker, const app::Puzzle& puzzle, const Describer& describe,
               ProgressReporter& progress, const Budget& budget, HuntOutcome& outcome) {
  const app::HuntCases& cases = describe.cases;
  core::SplitMix64 rng(case_seed(settings.seed, 0));
  std::vector<Measured> slowest;  // the kSlowestKept slowest, slowest first
  const auto limit = std::chrono::duration_cast<std::chrono::microseconds>(settings.limit);

  // Runs `measured` once more, keeping its fastest time; false when the
  // hunt's time ran out during the run (nothing is known from it).
  const auto measure_again = [&](Measured& measured) {
    const RunResult again = checker.rerun(measured.input);
    if (again.ending == Ending::cut) return false;
    measured.cpu = std::min(measured.cpu, counted_cpu(again));
    ++measured.runs;
    return true;
  };
  const auto sort_slowest = [&] {
    std::stable_sort(slowest.begin(), slowest.end(),
                     [](const Measured& a, const Measured& b) { return a.cpu > b.cpu; });
  };
  // With --max-cases above 1, one knob more: how many cases an input holds.
  const bool several_cases = settings.max_cases > 1 && cases.join != nullptr;
  const std::size_t knob_count = cases.knob_count + (several_cases ? 1 : 0);
  // An input from knobs: one judge-sized case, or as many as the last knob
  // says, each drawn from the same knobs, joined.
  const auto from_knobs = [&](const std::vector<double>& knobs) {
    const std::span<const double> shape(knobs.data(), cases.knob_count);
    if (!several_cases) return cases.judge_sized(shape, rng, settings.options);
    const auto count = static_cast<std::size_t>(app::knob_in(knobs.back(), 1, static_cast<int>(settings.max_cases)));
    std::vector<std::string> inputs;
    inputs.reserve(count);
    for (std::size_t i = 0; i < count; ++i) inputs.push_back(cases.judge_sized(shape, rng, settings.options));
    return cases.join(inputs);
  };
  auto random_knobs = [&] {
    std::vector<double> knobs(knob_count);
    for (double& knob : knobs) knob = static_cast<double>(rng.below(1'000'001)) / 1'000'000.0;
    return knobs;
  };
  for (std::uint64_t candidate = 0; !budget.over(candidate); ++candidate) {
    // Step 1. A candidate: random knobs at first (and always without
    // guidance), then a climbing step on the knobs of one of the slowest
    // inputs, a chain of mutations of one, or random knobs again.
    Measured next;
    const std::uint64_t choice = rng.below(3);
    if (!settings.guided || candidate < kRandomStartCandidates || slowest.empty() || choice == 0) {
      next.knobs = random_knobs();
    } else {
      // The slowest input half the time, else any kept one: the climb
      // follows its best lead but does not stake everything on one run.
      const std::size_t pick = rng.below(2) == 0 ? 0 : rng.below(slowest.size());
      // A kept input is measured again when it becomes a base, up to
      // kMaxRuns times, and counts with its fastest run: the kept ones are
      // the slowest of many noisy measurements, so their times run high (the
      // winner's curse), and an inflated time would keep out its mutations
      // that are really slower.
      if (slowest[pick].runs < kMaxRuns && !measure_again(slowest[pick])) break;
      const Measured base = slowest[pick];
      sort_slowest();
      if (choice == 1 && !base.knobs.empty()) {
        next.knobs = base.knobs;
        double& knob = next.knobs[rng.below(next.knobs.size())];
        const double step = kKnobStep * (static_cast<double>(rng.below(2001)) / 1000.0 - 1.0);
        knob = std::clamp(knob + step, 0.0, 1.0);
      } else {
        next.input = base.input;
        const std::uint64_t chained = 1 + rng.below(kMaxChainedMutations);
        for (std::uint64_t k = 0; k < chained; ++k) next.input = cases.mutate(next.input, rng, settings.options);
        next.knobs = {};
      }
    }
    if (!next.knobs.empty()) next.input = from_knobs(next.knobs);
    if (puzzle.check_strict != nullptr) puzzle.check_strict(next.input, settings.options);  // a generator bug throws

    // Step 2. Check it: every run is also checked for a wrong answer.
    const Verdict verdict = checker.check(next.input);
    if (verdict.cut) break;
    ++outcome.candidates_measured;
    if (const std::uint64_t size = describe.size(next.input); size >= outcome.largest_size) {
      outcome.largest_size = size;
      outcome.largest_summary = describe.summary(next.input);
    }
    if (verdict.skipped) {
      ++outcome.cases_skipped;
      continue;
    }
    if (verdict.mismatch && verdict.mismatch != MismatchKind::timeout) {
      progress.note(fmt::format("candidate {} ({}): {}; shrinking", candidate + 1, describe.summary(next.input),
                                to_string(*verdict.mismatch)));
      outcome.found = true;
      outcome.failing_case = candidate + 1;
      outcome.failing_input = next.input;
      shrink_failure(settings, checker, describe, progress, *verdict.mismatch, outcome);
      return;
    }
    ++outcome.cases_passed;
    next.cpu = counted_cpu(verdict.run);
    next.expected = verdict.expected;

    // Step 3. A candidate that would be kept (one of the kSlowestKept
    // slowest, or over the limit) is confirmed by a second run and counts
    // with the faster of the two: a run slowed by noise would otherwise hold
    // a place that its mutations, really slower, could not take. One still
    // over the limit gets up to kOverLimitRuns runs in all: the search ends
    // on it, so it must be over in every run, not in two slowed ones.
    const bool kept = slowest.size() < kSlowestKept || next.cpu > slowest.back().cpu;
    bool cut = (kept || next.cpu > limit) && !measure_again(next);
    while (!cut && next.cpu > limit && next.runs < kOverLimitRuns) cut = !measure_again(next);
    if (cut) break;
    progress.case_done(outcome.cases_passed, outcome.cases_skipped,
                       fmt::format("{} in {:.0f} ms", describe.summary(next.input), milliseconds(next.cpu)));
    // Step 4. Keep the slowest few, slowest first.
    slowest.push_back(next);
    sort_slowest();
    if (slowest.size() > kSlowestKept) slowest.pop_back();
    if (slowest.front().cpu > limit) break;
  }
  if (slowest.empty()) return;
  outcome.slow_found = true;
  outcome.slowest_input = slowest.front().input;
  outcome.slowest_summary = describe.summary(slowest.front().input);
  outcome.slowest_cpu = slowest.front().cpu;
  outcome.slowest_expected = slowest.front().expected;
  outcome.over_limit = outcome.slowest_cpu > limit;
}

}  // namespace

std::string options_line(const app::Puzzle& puzzle, const app::OptionValues& options) {
  const app::OptionValues values = app::with_defaults(puzzle.options, options);
  std::string line;
  for (const app::OptionSpec& spec : puzzle.options) {
    if (!values.has(spec.name)) continue;
    std::string shown = fmt::format("--{}", spec.name);
    if (spec.kind == app::OptionKind::integer) shown += fmt::format(" {}", values.integer(spec.name));
    if (spec.kind == app::OptionKind::flag && !values.flag(spec.name)) continue;
    if (spec.kind == app::OptionKind::document)
      shown += fmt::format(" {}", app::printable(values.source(spec.name), app::kShownPathChars));
    if (spec.kind == app::OptionKind::choice || spec.kind == app::OptionKind::text)
      if (const std::string* text = values.text(spec.name)) shown += fmt::format(" {}", app::printable(*text));
    if (!values.given(spec.name)) shown += " (default)";
    line += fmt::format("{}{}", line.empty() ? "" : ", ", shown);
  }
  return line.empty() ? line : fmt::format("options: {}\n", line);
}

std::optional<MismatchKind> classify_run(const app::Puzzle& puzzle, const std::string& input,
                                         const app::OptionValues& options, const std::string& expected,
                                         const RunResult& run) {
  switch (run.ending) {
    case Ending::timed_out:
      return MismatchKind::timeout;
    case Ending::memory_exceeded:
      return MismatchKind::memory_limit;
    case Ending::signaled:
      return MismatchKind::crash;
    case Ending::exited:
    case Ending::cut:
      break;
  }
  if (run.exit_code != 0) return MismatchKind::nonzero_exit;
  if (app::normalize_output(run.out).empty()) return MismatchKind::no_output;
  if (!app::output_accepted(puzzle, input, options, expected, run.out)) return MismatchKind::wrong_answer;
  return std::nullopt;
}

std::string first_difference(std::string_view expected, std::string_view output) {
  const std::vector<std::string> want = lines_of(app::normalize_output(expected));
  const std::vector<std::string> got = lines_of(app::normalize_output(output));
  for (std::size_t k = 0; k < std::max(want.size(), got.size()); ++k) {
    const std::string a = k < want.size() ? fmt::format("'{}'", app::printable(want[k])) : "nothing";
    const std::string b = k < got.size() ? fmt::format("'{}'", app::printable(got[k])) : "nothing";
    if (a != b) return fmt::format("line {}: expected {}, got {}", k + 1, a, b);
  }
  return {};
}

unsigned default_jobs() { return std::max(1U, std::thread::hardware_concurrency()); }

void parallel_for(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& body) {
  if (jobs <= 1 || count <= 1) {
    for (std::size_t k = 0; k < count; ++k) body(k);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::mutex error_mutex;
  std::exception_ptr first_error;
  auto worker = [&] {
    for (std::size_t k; (k = next.fetch_add(1)) < count;) {
      try {
        body(k);
      } catch (...) {
        const std::lock_guard<std::mutex> hold(error_mutex);
        if (!first_error) first_error = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  const std::size_t thread_count = std::min<std::size_t>(jobs, count);
  for (std::size_t t = 1; t < thread_count; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();
  if (first_error) std::rethrow_exception(first_error);
}

std::string_view to_string(MismatchKind kind) {
  switch (kind) {
    case MismatchKind::wrong_answer:
      return "wrong answer";
    case MismatchKind::no_output:
      return "no output";
    case MismatchKind::nonzero_exit:
      return "non-zero exit";
    case MismatchKind::crash:
      return "crash";
    case MismatchKind::timeout:
      return "timeout";
    case MismatchKind::memory_limit:
      return "memory limit exceeded";
  }
  return "mismatch";
}

Checker::Checker(const app::Puzzle& puzzle, app::OptionValues options, std::vector<std::string> command,
                 RunLimits limits, std::size_t reference_threads)
    : puzzle_(puzzle),
      options_(std::move(options)),
      command_(std::move(command)),
      limits_(limits),
      reference_threads_(reference_threads) {}

Verdict Checker::check(const std::string& input) {
  {
    const std::lock_guard<std::mutex> hold(memo_mutex_);
    if (auto found = memo_.find(input); found != memo_.end()) return found->second;
  }
  Verdict verdict;
  auto cut_now = [&] { return interrupted().load() || (limits_.stop_at && Clock::now() >= *limits_.stop_at); };
  // Step 1. The proven answer; a limit means this input tells us nothing
  // (unless the limit was the end of the hunt: then the check is cut).
  app::SolveRequest request{input, options_, {}};
  request.want_line = false;  // only the answer is compared
  request.limits.max_nodes = kReferenceMaxNodes;
  request.limits.deadline = core::SearchLimits::deadline_in(kReferenceSeconds);
  if (limits_.stop_at) request.limits.deadline = std::min(*request.limits.deadline, *limits_.stop_at);
  request.limits.cancel = &interrupted();
  request.limits.threads = reference_threads_;
  try {
    verdict.expected = puzzle_.solve(request).answer;
  } catch (const app::LimitError& error) {
    verdict.skipped = true;
    verdict.skip_reason = fmt::format("the reference stopped: {}", error.what());
    verdict.cut = cut_now();
  } catch (const app::InputError& error) {
    // A value the puzzle refuses, or a solver not built yet.
    throw app::InputError(fmt::format("hunt {}: {}", puzzle_.name, error.what()));
  }
  // Step 2. The program, only when there is something to compare with.
  if (!verdict.skipped) {
    verdict.run = run_program(command_, input, limits_);
    ++program_runs_;
    if (verdict.run.ending == Ending::cut)
      verdict.cut = true;
    else
      verdict.mismatch = classify_run(puzzle_, input, options_, verdict.expected, verdict.run);
  }
  if (verdict.cut) return verdict;
  const std::lock_guard<std::mutex> hold(memo_mutex_);
  return memo_.emplace(input, std::move(verdict)).first->second;
}

RunResult Checker::rerun(const std::string& input) {
  ++program_runs_;
  return run_program(command_, input, limits_);
}

std::vector<Verdict> Checker::check_all(const std::vector<std::string>& inputs, unsigned jobs) {
  std::vector<Verdict> verdicts(inputs.size());
  parallel_for(inputs.size(), jobs, [&](std::size_t k) { verdicts[k] = check(inputs[k]); });
  return verdicts;
}

ProgressReporter::ProgressReporter(ProgressSink sink, std::string puzzle) : sink_(sink), puzzle_(std::move(puzzle)) {}

void ProgressReporter::case_done(std::uint64_t passed, std::uint64_t skipped, const std::string& latest) {
  if (sink_.stream == nullptr) return;
  const auto now = std::chrono::steady_clock::now();
  if (!sink_.live && now - last_ < kQuietProgressInterval) return;
  last_ = now;
  const std::string status = fmt::format("hunt {}: {} passed{}; latest {}", puzzle_, passed,
                                         skipped == 0 ? "" : fmt::format(", {} skipped", skipped), latest);
  if (sink_.live) {
    *sink_.stream << "\r\033[K" << status << std::flush;
    line_open_ = true;
  } else {
    *sink_.stream << status << '\n' << std::flush;
  }
}

void ProgressReporter::note(const std::string& line) {
  if (sink_.stream == nullptr) return;
  finish();
  *sink_.stream << "hunt " << puzzle_ << ": " << line << '\n' << std::flush;
}

void ProgressReporter::finish() {
  if (sink_.stream == nullptr || !line_open_) return;
  *sink_.stream << "\r\033[K" << std::flush;
  line_open_ = false;
}

HuntOutcome hunt(const HuntSettings& settings, ProgressSink progress_sink) {
  // Step 1. Validate what the puzzle can take.
  const app::Puzzle& puzzle = checked_puzzle(settings);
  const app::HuntCases& cases = puzzle.hunt;
  if (!settings.slow && cases.generate == nullptr)
    throw app::InputError(fmt::format("hunt: {} has no input generator", puzzle.name));
  if (settings.slow && (cases.judge_sized == nullptr || cases.mutate == nullptr))
    throw app::InputError(fmt::format("hunt: {} has no judge-sized inputs for --slow", puzzle.name));
  if (settings.max_cases > 1 && (!settings.slow || cases.join == nullptr))
    throw app::InputError(settings.slow ? fmt::format("hunt: --max-cases: a {} input holds one case", puzzle.name)
                                        : std::string("hunt: --max-cases goes with --slow"));

  // Step 2. Hunt with the puzzle's own inputs, every run bounded by the
  // budget's end (a run cut there is no verdict).
  const Budget budget{settings, Clock::now()};
  RunLimits limits = settings.run_limits;
  limits.stop_at = budget.stop_at();
  Checker checker(puzzle, settings.options, settings.command, limits, settings.reference_threads);
  ProgressReporter progress(progress_sink, settings.puzzle);
  const Describer describe{cases};
  HuntOutcome outcome;
  if (settings.slow)
    hunt_slow(settings, checker, puzzle, describe, progress, budget, outcome);
  else
    hunt_mismatch(settings, checker, describe, progress, budget, outcome);
  progress.finish();
  // Step 3. Nothing of any run is left running.
  sweep_strays();
  outcome.interrupted = interrupted().load();
  outcome.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - budget.start);
  return outcome;
}

namespace {

void print_program_ending(const HuntSettings& settings, MismatchKind kind, const RunResult& run, std::ostream& out) {
  switch (kind) {
    case MismatchKind::timeout:
      out << fmt::format("--- program ---\ntimed out after {} ms; its whole process tree was killed\n",
                         settings.run_limits.timeout.count());
      break;
    case MismatchKind::memory_limit:
      out << fmt::format("--- program ---\nits process tree held more than {} MiB; all of it was killed\n",
                         settings.run_limits.memory_bytes >> 20);
      break;
    case MismatchKind::crash:
      out << fmt::format("--- program ---\nkilled by {}{}\n", describe_signal(run.signal),
                         settings.run_limits.memory_bytes != 0
                             ? fmt::format(" (memory capped at {} MiB)", settings.run_limits.memory_bytes >> 20)
                             : "");
      break;
    case MismatchKind::nonzero_exit:
      out << fmt::format("--- program ---\nexited with status {}\n", run.exit_code);
      break;
    case MismatchKind::no_output:
    case MismatchKind::wrong_answer:
      break;
  }
}

// The reference's explanation of `input` (its optimal play), or why not.
std::string explanation_of(const app::Puzzle& puzzle, const HuntSettings& settings, const std::string& input) {
  app::SolveRequest request{input, settings.options, {}};
  request.limits.max_nodes = Checker::kReferenceMaxNodes;
  request.limits.deadline = core::SearchLimits::deadline_in(Checker::kReferenceSeconds);
  request.limits.threads = settings.reference_threads;
  try {
    return puzzle.solve(request).explanation;
  } catch (const std::exception& error) {
    return fmt::format("(no explanation: {})\n", error.what());
  }
}

}  // namespace

void print_report(const HuntSettings& settings, const HuntOutcome& outcome, std::ostream& out) {
  const double seconds = std::chrono::duration<double>(outcome.elapsed).count();
  const app::Puzzle* puzzle = app::find_puzzle(settings.puzzle);
  const std::string options = puzzle != nullptr ? options_line(*puzzle, settings.options) : std::string();
  const std::string interrupted_note = outcome.interrupted ? " (interrupted)" : "";
  if (!outcome.found && settings.slow) {
    if (!outcome.slow_found) {
      out << fmt::format("no input measured in {:.1f} s (seed {}){}\n", seconds, settings.seed, interrupted_note)
          << options;
      return;
    }
    out << fmt::format("{}: {:.0f} ms of CPU time (limit {} ms) on {}; {} inputs measured in {:.1f} s (seed {}){}\n",
                       outcome.over_limit ? "over the limit" : "slowest input", milliseconds(outcome.slowest_cpu),
                       settings.limit.count(), outcome.slowest_summary, outcome.candidates_measured, seconds,
                       settings.seed, interrupted_note);
    out << options;
    out << "--- input ---\n" << outcome.slowest_input;
    return;
  }
  if (!outcome.found) {
    out << fmt::format("no mismatch: {} case{} passed in {:.1f} s (seed {}){}", outcome.cases_passed,
                       outcome.cases_passed == 1 ? "" : "s", seconds, settings.seed, interrupted_note);
    if (outcome.cases_skipped != 0)
      out << fmt::format("; {} skipped because the reference hit its limit", outcome.cases_skipped);
    out << '\n' << options;
    if (!outcome.largest_summary.empty()) out << fmt::format("largest input checked: {}\n", outcome.largest_summary);
    return;
  }
  const Verdict& verdict = outcome.minimal_verdict;
  const RunResult& run = verdict.run;
  const MismatchKind kind = verdict.mismatch.value_or(MismatchKind::wrong_answer);
  const std::string_view counted = settings.slow ? "input" : "case";  // --slow measures inputs, not cases
  out << fmt::format("mismatch: {} on {} {} (seed {}); {} {}{} passed before it{}\n", to_string(kind), counted,
                     outcome.failing_case, settings.seed, outcome.cases_passed, counted,
                     outcome.cases_passed == 1 ? "" : "s", interrupted_note);
  out << options;
  std::string how;
  if (outcome.shrink_stopped_early) how = ", stopped at the run limit";
  if (outcome.shrink_cut) how = ", cut short by the time budget: not fully shrunk";
  out << fmt::format("shrunk in {} step{} ({} runs{}) to {}\n", outcome.shrink_steps,
                     outcome.shrink_steps == 1 ? "" : "s", outcome.shrink_runs, how, outcome.minimal_summary);
  out << fmt::format("shrinking took {:.1f} s\n", std::chrono::duration<double>(outcome.shrink_elapsed).count());
  out << "--- input ---\n" << outcome.minimal_input;
  out << "--- expected output ---\n" << verdict.expected;
  print_program_ending(settings, kind, run, out);
  out << "--- program output ---\n" << (run.out.empty() ? "(nothing)\n" : shown(run.out, run.out_truncated));
  if (kind == MismatchKind::wrong_answer)
    if (const std::string difference = first_difference(verdict.expected, run.out); !difference.empty())
      out << "--- first difference ---\n" << difference << '\n';
  if (!run.err.empty()) out << "--- program stderr ---\n" << shown(run.err, run.err_truncated);
  if (settings.explain && puzzle != nullptr)
    out << "--- optimal play (boardsearch --explain) ---\n" << explanation_of(*puzzle, settings, outcome.minimal_input);
}

}  // namespace boardsearch::hunt
