// The human report on stdout (print_report) and the options line.

#include <fmt/format.h>

#include <algorithm>
#include <exception>

#include "boardsearch/app/text_input.hpp"
#include "hunt/engine.hpp"
#include "hunt/process_tree.hpp"

namespace boardsearch::hunt {

namespace {

// A report shows at most this much of a program's stdout or stderr.
constexpr std::size_t kShownOutputBytes = 4000;

// `text` cut to kShownOutputBytes, saying how much was left out.
std::string shown(const std::string& text, bool truncated_by_runner) {
  std::string part = text.substr(0, kShownOutputBytes);
  if (text.size() > kShownOutputBytes || truncated_by_runner)
    part += fmt::format("\n[... output cut after {} bytes]", part.size());
  if (!part.empty() && part.back() != '\n') part += '\n';
  return part;
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

// A time as people read it: "450 ms", "80.4 s".
std::string time_words(std::chrono::microseconds time) {
  const double ms = milliseconds(time);
  return ms < 10'000 ? fmt::format("{:.0f} ms", ms) : fmt::format("{:.1f} s", ms / 1000);
}

// The program's name for reports: the first word of the command, without
// its folder ("python3" for a .py program).
std::string program_name(const HuntSettings& settings) {
  if (settings.command.empty()) return "the program";
  const std::string& path = settings.command.front();
  return path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
}

// --slow: the start-up apart, what the slowest input adds to it, and the
// stage that found it.
void print_slow_details(const HuntSettings& settings, const HuntOutcome& outcome, std::ostream& out) {
  if (outcome.startup_measured) {
    const std::chrono::microseconds added = std::max(outcome.slowest_cpu - outcome.startup_cpu, {});
    out << fmt::format("{} start-up {} (median CPU time of 3 runs on {}); the slowest input adds {}{}\n",
                       program_name(settings), time_words(outcome.startup_cpu), outcome.startup_summary,
                       time_words(added), added < outcome.startup_cpu ? " (the start-up dominates)" : "");
  }
  out << fmt::format("found by: {}; its time is the median of {} runs\n", outcome.slowest_found_by,
                     outcome.slowest_runs);
}

}  // namespace

void print_evidence_warning(const HuntSettings& settings, const HuntOutcome& outcome, std::ostream& out) {
  if (!outcome.small_inputs_only) return;
  const app::Puzzle* puzzle = app::find_puzzle(settings.puzzle);
  const std::string_view judge = puzzle != nullptr ? puzzle->hunt.judge_max_words : std::string_view("larger");
  out << fmt::format(
      "the largest input checked was {}; the judge's inputs go up to {}: this run is no evidence for big inputs{}\n",
      outcome.largest_summary.empty() ? "none" : outcome.largest_summary, judge,
      settings.cases ? "" : " (inconclusive: give it more --seconds)");
}

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
    out << fmt::format("{}: {:.0f} ms of CPU time (limit {} ms) on {}; {} input{} measured in {:.1f} s (seed {}){}\n",
                       outcome.over_limit ? "over the limit" : "slowest input", milliseconds(outcome.slowest_cpu),
                       settings.limit.count(), outcome.slowest_summary, outcome.candidates_measured,
                       outcome.candidates_measured == 1 ? "" : "s", seconds, settings.seed, interrupted_note);
    out << options;
    print_slow_details(settings, outcome, out);
    print_evidence_warning(settings, outcome, out);
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
    print_evidence_warning(settings, outcome, out);
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
