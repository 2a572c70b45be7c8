// The hunter: the checker (reference versus program), progress output, the
// hunt loop over the puzzle's own inputs (Puzzle::hunt), the report. Nothing
// here knows a puzzle; inputs are judge text from generate and shrink.

#include "hunt/hunt.hpp"

#include <fmt/format.h>

#include "boardsearch/app/text_input.hpp"
#include "hunt/engine.hpp"

namespace boardsearch::hunt {

namespace {

// A report shows at most this much of a program's stdout or stderr.
constexpr std::size_t kShownOutputBytes = 4000;
constexpr std::chrono::seconds kQuietProgressInterval{1};

// The classification of one finished run; `accepted` judges its output.
template <class Accepted>
std::optional<MismatchKind> classify(const RunResult& run, Accepted&& accepted) {
  switch (run.ending) {
    case Ending::timed_out:
      return MismatchKind::timeout;
    case Ending::signaled:
      return MismatchKind::crash;
    case Ending::exited:
      break;
  }
  if (run.exit_code != 0) return MismatchKind::nonzero_exit;
  if (app::normalize_output(run.out).empty()) return MismatchKind::no_output;
  if (!accepted(run.out)) return MismatchKind::wrong_answer;
  return std::nullopt;
}

// `text` cut to kShownOutputBytes, saying how much was left out.
std::string shown(const std::string& text, bool truncated_by_runner) {
  std::string part = text.substr(0, kShownOutputBytes);
  if (text.size() > kShownOutputBytes || truncated_by_runner)
    part += fmt::format("\n[... output cut after {} bytes]", part.size());
  if (!part.empty() && part.back() != '\n') part += '\n';
  return part;
}

// The report's line "options: --k 3, --p 4 (default)\n": every option of the
// puzzle's schema that has a value, as it would be typed (a document by its
// file name), defaults marked; "" when there is none.
std::string options_line(const HuntSettings& settings) {
  const app::Puzzle* puzzle = app::find_puzzle(settings.puzzle);
  if (puzzle == nullptr) return {};
  const app::OptionValues values = app::with_defaults(puzzle->options, settings.options);
  std::string line;
  for (const app::OptionSpec& spec : puzzle->options) {
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

}  // namespace

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
  }
  return "mismatch";
}

Checker::Checker(const app::Puzzle& puzzle, app::OptionValues options, std::vector<std::string> command,
                 RunLimits limits)
    : puzzle_(puzzle), options_(std::move(options)), command_(std::move(command)), limits_(limits) {}

const Verdict& Checker::check(const std::string& input) {
  if (auto found = memo_.find(input); found != memo_.end()) return found->second;
  Verdict verdict;
  // Step 1. The proven answer; a limit means this input tells us nothing.
  app::SolveRequest request{input, options_, {}};
  request.want_line = false;  // only the answer is compared
  request.limits.max_nodes = kReferenceMaxNodes;
  request.limits.deadline = core::SearchLimits::deadline_in(kReferenceSeconds);
  try {
    verdict.expected = puzzle_.solve(request).answer;
  } catch (const app::LimitError& error) {
    verdict.skipped = true;
    verdict.skip_reason = fmt::format("the reference stopped: {}", error.what());
  } catch (const app::InputError& error) {
    // A value the puzzle refuses, or a solver not built yet.
    throw app::InputError(fmt::format("hunt {}: {}", puzzle_.name, error.what()));
  }
  // Step 2. The program, only when there is something to compare with.
  if (!verdict.skipped) {
    verdict.run = run_program(command_, input, limits_);
    ++program_runs_;
    verdict.mismatch = classify(verdict.run, [&](std::string_view output) {
      return app::output_accepted(puzzle_, input, options_, verdict.expected, output);
    });
  }
  return memo_.emplace(input, std::move(verdict)).first->second;
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
  const app::Puzzle* puzzle = app::find_puzzle(settings.puzzle);
  if (puzzle == nullptr)
    throw app::InputError(
        fmt::format("hunt: unknown puzzle '{}' (puzzles: {})", app::printable(settings.puzzle), app::puzzle_names()));
  if (settings.command.empty()) throw app::InputError("hunt: missing the program to test (hunt PUZZLE -- COMMAND ...)");
  for (const auto& [name, value] : settings.options.all())
    if (app::find_option(puzzle->options, name) == nullptr)
      throw app::InputError(fmt::format("hunt: {}", app::foreign_option_message(*puzzle, name)));
  const app::HuntCases& cases = puzzle->hunt;
  if (cases.generate == nullptr) throw app::InputError(fmt::format("hunt: {} has no input generator", puzzle->name));

  // Step 2. Hunt with the puzzle's own inputs.
  Checker checker(*puzzle, settings.options, settings.command, settings.run_limits);
  ProgressReporter progress(progress_sink, settings.puzzle);
  auto summary = [&](const std::string& input) {
    return cases.summary != nullptr ? cases.summary(input) : fmt::format("{} bytes", input.size());
  };
  auto candidates = [&](const std::string& input) {
    return cases.shrink != nullptr ? cases.shrink(input, settings.options) : std::vector<std::string>{};
  };

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const bool unlimited_time = !settings.seconds && settings.cases;
  const double seconds = settings.seconds.value_or(kDefaultSeconds);
  auto elapsed = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start); };

  HuntOutcome outcome;
  for (std::uint64_t index = 0;; ++index) {
    // Step 3. Budget: --cases and/or --seconds, whichever ends first.
    if (settings.cases && index >= *settings.cases) break;
    if (!unlimited_time && std::chrono::duration<double>(elapsed()).count() >= seconds) break;

    // Step 4. Generate and check case `index` (reports count from 1).
    const std::uint64_t number = index + 1;
    core::SplitMix64 rng(case_seed(settings.seed, index));
    std::string input = cases.generate(index, rng, settings.options);
    const Verdict& verdict = checker.check(input);
    if (verdict.skipped) {
      ++outcome.cases_skipped;
      progress.note(fmt::format("case {} ({}) skipped: {}", number, summary(input), verdict.skip_reason));
      continue;
    }
    if (!verdict.mismatch) {
      ++outcome.cases_passed;
      progress.case_done(outcome.cases_passed, outcome.cases_skipped, summary(input));
      continue;
    }

    // Step 5. A mismatch: shrink it, keeping the same kind of failure.
    const MismatchKind kind = *verdict.mismatch;
    progress.note(fmt::format("case {} ({}): {}; shrinking", number, summary(input), to_string(kind)));
    outcome.found = true;
    outcome.failing_case = number;
    outcome.failing_input = input;
    const std::uint64_t runs_before = checker.program_runs();
    auto exhausted = [&] { return checker.program_runs() - runs_before >= kMaxShrinkRuns; };
    auto still_fails = [&](const std::string& candidate) {
      const Verdict& v = checker.check(candidate);
      return !v.skipped && v.mismatch == kind;
    };
    auto on_step = [&](const std::string& smaller) { progress.note(fmt::format("  shrunk to {}", summary(smaller))); };
    outcome.shrink_steps = greedy_shrink(input, candidates, still_fails, exhausted, on_step);
    outcome.shrink_runs = checker.program_runs() - runs_before;
    outcome.shrink_stopped_early = exhausted();
    outcome.minimal_input = input;
    outcome.minimal_summary = summary(input);
    outcome.minimal_verdict = checker.check(outcome.minimal_input);
    break;
  }
  progress.finish();
  outcome.elapsed = elapsed();
  return outcome;
}

void print_report(const HuntSettings& settings, const HuntOutcome& outcome, std::ostream& out) {
  const double seconds = std::chrono::duration<double>(outcome.elapsed).count();
  const std::string options = options_line(settings);
  if (!outcome.found) {
    out << fmt::format("no mismatch: {} case{} passed in {:.1f} s (seed {})", outcome.cases_passed,
                       outcome.cases_passed == 1 ? "" : "s", seconds, settings.seed);
    if (outcome.cases_skipped != 0)
      out << fmt::format("; {} skipped because the reference hit its limit", outcome.cases_skipped);
    out << '\n' << options;
    return;
  }
  const Verdict& verdict = outcome.minimal_verdict;
  const RunResult& run = verdict.run;
  const MismatchKind kind = verdict.mismatch.value_or(MismatchKind::wrong_answer);
  out << fmt::format("mismatch: {} on case {} (seed {}); {} case{} passed before it\n", to_string(kind),
                     outcome.failing_case, settings.seed, outcome.cases_passed, outcome.cases_passed == 1 ? "" : "s");
  out << options;
  out << fmt::format("shrunk in {} step{} ({} runs{}) to {}\n", outcome.shrink_steps,
                     outcome.shrink_steps == 1 ? "" : "s", outcome.shrink_runs,
                     outcome.shrink_stopped_early ? ", stopped at the run limit" : "", outcome.minimal_summary);
  out << "--- input ---\n" << outcome.minimal_input;
  out << "--- expected output ---\n" << verdict.expected;
  switch (kind) {
    case MismatchKind::timeout:
      out << fmt::format("--- program ---\ntimed out after {} ms; its process group was killed\n",
                         settings.run_limits.timeout.count());
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
  out << "--- program output ---\n" << (run.out.empty() ? "(nothing)\n" : shown(run.out, run.out_truncated));
  if (!run.err.empty()) out << "--- program stderr ---\n" << shown(run.err, run.err_truncated);
}

}  // namespace boardsearch::hunt
