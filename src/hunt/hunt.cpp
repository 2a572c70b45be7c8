// The puzzle-independent parts of the hunter: the checker (reference versus
// program), progress output, dispatch to the puzzle's CaseModel, the report.

#include "hunt/hunt.hpp"

#include <fmt/format.h>

#include "hunt/engine.hpp"
#include "hunt/game_2048.hpp"
#include "hunt/game_footholds.hpp"
#include "hunt/game_tour.hpp"
#include "hunt/game_yut.hpp"

namespace boardsearch::hunt {

namespace {

// A report shows at most this much of a program's stdout or stderr.
constexpr std::size_t kShownOutputBytes = 4000;
constexpr std::chrono::seconds kQuietProgressInterval{1};

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// The classification of one finished run against the expected output.
std::optional<MismatchKind> classify(const RunResult& run, const std::string& expected) {
  switch (run.ending) {
    case Ending::timed_out:
      return MismatchKind::timeout;
    case Ending::signaled:
      return MismatchKind::crash;
    case Ending::exited:
      break;
  }
  if (run.exit_code != 0) return MismatchKind::nonzero_exit;
  const std::string got = normalize_output(run.out);
  if (got.empty()) return MismatchKind::no_output;
  if (got != normalize_output(expected)) return MismatchKind::wrong_answer;
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

std::string normalize_output(std::string_view text) {
  std::string normalized;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    std::string line;
    bool pending_blank = false;
    for (std::size_t k = pos; k < end; ++k) {
      if (is_blank(text[k])) {
        pending_blank = !line.empty();
        continue;
      }
      if (pending_blank) line += ' ';
      pending_blank = false;
      line += text[k];
    }
    if (!line.empty()) normalized += line + '\n';
    pos = end + 1;
  }
  return normalized;
}

Checker::Checker(const app::Puzzle& puzzle, app::PuzzleOptions options, std::vector<std::string> command,
                 RunLimits limits)
    : puzzle_(puzzle), options_(std::move(options)), command_(std::move(command)), limits_(limits) {}

const Verdict& Checker::check(const std::string& input) {
  if (auto found = memo_.find(input); found != memo_.end()) return found->second;
  Verdict verdict;
  // Step 1. The proven answer; a limit means this input tells us nothing.
  app::SolveRequest request{input, options_, {}};
  request.limits.max_nodes = kReferenceMaxNodes;
  request.limits.deadline = core::SearchLimits::deadline_in(kReferenceSeconds);
  try {
    verdict.expected = puzzle_.solve(request).answer;
  } catch (const app::LimitError& error) {
    verdict.skipped = true;
    verdict.skip_reason = fmt::format("the reference stopped: {}", error.what());
  } catch (const app::InputError& error) {
    // Options the puzzle refuses (--moves -1), or a solver not built yet.
    throw app::InputError(fmt::format("hunt {}: {}", puzzle_.name, error.what()));
  }
  // Step 2. The program, only when there is something to compare with.
  if (!verdict.skipped) {
    verdict.run = run_program(command_, input, limits_);
    ++program_runs_;
    verdict.mismatch = classify(verdict.run, verdict.expected);
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
  if (puzzle == nullptr) {
    std::string names;
    for (const app::Puzzle& p : app::all_puzzles()) names += fmt::format("{}{}", names.empty() ? "" : ", ", p.name);
    throw app::InputError(fmt::format("hunt: unknown puzzle '{}' (puzzles: {})", settings.puzzle, names));
  }
  if (settings.command.empty()) throw app::InputError("hunt: missing the program to test (hunt PUZZLE -- COMMAND ...)");
  if (settings.options.moves && !puzzle->options.moves)
    throw app::InputError(fmt::format("hunt: --moves does not apply to {}", settings.puzzle));
  if (settings.options.pieces && !puzzle->options.pieces)
    throw app::InputError(fmt::format("hunt: --pieces does not apply to {}", settings.puzzle));

  // Step 2. Hunt with the puzzle's own inputs.
  Checker checker(*puzzle, settings.options, settings.command, settings.run_limits);
  ProgressReporter progress(progress_sink, settings.puzzle);
  const std::string_view name = puzzle->name;
  if (name == "2048") return run_hunt(case_model_2048(settings.options), settings, checker, progress);
  if (name == "tour") return run_hunt(case_model_tour(settings.options), settings, checker, progress);
  if (name == "footholds") return run_hunt(case_model_footholds(settings.options), settings, checker, progress);
  if (name == "yut") return run_hunt(case_model_yut(settings.options), settings, checker, progress);
  throw app::InputError(fmt::format("hunt: no input generator for '{}'", name));
}

void print_report(const HuntSettings& settings, const HuntOutcome& outcome, std::ostream& out) {
  const double seconds = std::chrono::duration<double>(outcome.elapsed).count();
  if (!outcome.found) {
    out << fmt::format("no mismatch: {} case{} passed in {:.1f} s (seed {})", outcome.cases_passed,
                       outcome.cases_passed == 1 ? "" : "s", seconds, settings.seed);
    if (outcome.cases_skipped != 0)
      out << fmt::format("; {} skipped because the reference hit its limit", outcome.cases_skipped);
    out << '\n';
    return;
  }
  const Verdict& verdict = outcome.minimal_verdict;
  const RunResult& run = verdict.run;
  const MismatchKind kind = verdict.mismatch.value_or(MismatchKind::wrong_answer);
  out << fmt::format("mismatch: {} on case {} (seed {}); {} case{} passed before it\n", to_string(kind),
                     outcome.failing_case, settings.seed, outcome.cases_passed, outcome.cases_passed == 1 ? "" : "s");
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
