// `boardsearch check`; see check.hpp.

#include "hunt/check.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "hunt/hunt.hpp"
#include "hunt/out_file.hpp"
#include "hunt/process_tree.hpp"

namespace boardsearch::hunt {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kInputSuffix = ".in";
constexpr std::string_view kAnswerSuffix = ".out";

// All of the file at `path`, or nullopt when it cannot be opened.
std::optional<std::string> read_whole(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// NAME.out beside the test's NAME.in.
std::string answer_path(const TestCase& test) {
  return test.input_path.substr(0, test.input_path.size() - kInputSuffix.size()) + std::string(kAnswerSuffix);
}

// What one case came to: its line, and whether it passed.
struct CaseLine {
  std::string text;
  bool passed = false;
};

// The expected answer of a test: its .out, else the reference's proven one.
// Sets `problem` (and returns nullopt) when there is none.
std::optional<std::string> expected_answer(const app::Puzzle& puzzle, const CheckSettings& settings,
                                           const TestCase& test, const std::string& input, std::string& problem) {
  if (std::optional<std::string> answer = read_whole(answer_path(test))) return answer;
  app::SolveRequest request{input, settings.options, {}};
  request.want_line = false;
  request.limits.max_nodes = Checker::kReferenceMaxNodes;
  request.limits.deadline = core::SearchLimits::deadline_in(Checker::kReferenceSeconds);
  request.limits.cancel = &interrupted();
  request.limits.threads = settings.reference_threads;
  try {
    return puzzle.solve(request).answer;
  } catch (const app::InputError& error) {
    problem = fmt::format("invalid input: {}", error.what());
  } catch (const app::LimitError& error) {
    problem = fmt::format("no answer: no {} and the reference stopped: {}",
                          fs::path(answer_path(test)).filename().string(), error.what());
  }
  return std::nullopt;
}

// Runs the program on one test and says how it did (pass, wrong answer with
// the first differing line, timeout, memory, crash, exit status, no output,
// invalid input), with its time.
CaseLine check_case(const app::Puzzle& puzzle, const CheckSettings& settings, const TestCase& test) {
  const std::string shown_name = app::printable(test.name, app::kShownPathChars);
  const std::optional<std::string> input = read_whole(test.input_path);
  if (!input) return {fmt::format("{}: cannot read {}", shown_name, test.input_path), false};
  std::string problem;
  const std::optional<std::string> expected = expected_answer(puzzle, settings, test, *input, problem);
  if (!expected) return {fmt::format("{}: {}", shown_name, problem), false};
  const RunResult run = run_program(settings.command, *input, settings.run_limits);
  const std::string time = fmt::format("{} ms", run.elapsed.count());
  if (run.ending == Ending::cut) return {fmt::format("{}: interrupted", shown_name), false};
  const std::optional<MismatchKind> mismatch = classify_run(puzzle, *input, settings.options, *expected, run);
  if (!mismatch) return {fmt::format("{}: pass ({})", shown_name, time), true};
  std::string detail;
  switch (*mismatch) {
    case MismatchKind::wrong_answer:
      detail = fmt::format("wrong answer ({}): {}", time, first_difference(*expected, run.out));
      break;
    case MismatchKind::timeout:
      detail = fmt::format("timeout (killed after {} ms)", settings.run_limits.timeout.count());
      break;
    case MismatchKind::memory_limit:
      detail = fmt::format("memory limit exceeded (over {} MiB; {})", settings.run_limits.memory_bytes >> 20, time);
      break;
    case MismatchKind::crash:
      detail = fmt::format("crash: {} ({})", describe_signal(run.signal), time);
      break;
    case MismatchKind::nonzero_exit:
      detail = fmt::format("exit status {} ({})", run.exit_code, time);
      break;
    case MismatchKind::no_output:
      detail = fmt::format("no output ({})", time);
      break;
  }
  return {fmt::format("{}: {}", shown_name, detail), false};
}

// Writes boardsearch's proven answer to the test's NAME.out.
CaseLine write_answer(const app::Puzzle& puzzle, const CheckSettings& settings, const TestCase& test) {
  const std::string shown_name = app::printable(test.name, app::kShownPathChars);
  const std::optional<std::string> input = read_whole(test.input_path);
  if (!input) return {fmt::format("{}: cannot read {}", shown_name, test.input_path), false};
  app::SolveRequest request{*input, settings.options, {}};
  request.want_line = false;
  request.limits.max_nodes = Checker::kReferenceMaxNodes;
  request.limits.deadline = core::SearchLimits::deadline_in(Checker::kReferenceSeconds);
  request.limits.cancel = &interrupted();
  try {
    const std::string answer = puzzle.solve(request).answer;
    if (const auto failure = write_out_file(answer_path(test), answer))
      return {fmt::format("{}: cannot write {}: {}", shown_name, answer_path(test), *failure), false};
    return {fmt::format("{}: wrote {}", shown_name, answer_path(test)), true};
  } catch (const app::InputError& error) {
    return {fmt::format("{}: invalid input: {}", shown_name, error.what()), false};
  } catch (const app::LimitError& error) {
    return {fmt::format("{}: no answer: the reference stopped: {}", shown_name, error.what()), false};
  }
}

// The value `values` holds for `name`, or nullopt where it holds none.
std::optional<app::OptionValue> value_of(const app::OptionValues& values, std::string_view name) {
  const auto found = values.all().find(name);
  if (found == values.all().end()) return std::nullopt;
  return found->second;
}

}  // namespace

const app::JudgeProblem* selected_judge(const app::Puzzle& puzzle, const app::OptionValues& options) {
  // Step 1. The options the judge problems are told apart by.
  std::vector<std::string> names;
  for (const app::JudgeProblem& judge : puzzle.judges) {
    const app::OptionValues settings = app::read_settings(puzzle.options, judge.settings);
    for (const auto& [name, value] : settings.all())
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  // Step 2. The first judge problem that agrees with `options` on all of them.
  const app::OptionValues given = app::with_defaults(puzzle.options, options);
  for (const app::JudgeProblem& judge : puzzle.judges) {
    const app::OptionValues own =
        app::with_defaults(puzzle.options, app::read_settings(puzzle.options, judge.settings));
    const bool agrees = std::all_of(names.begin(), names.end(), [&](const std::string& name) {
      const auto mine = value_of(given, name);
      const auto theirs = value_of(own, name);
      return mine.has_value() == theirs.has_value() && (!mine || mine->value == theirs->value);
    });
    if (agrees) return &judge;
  }
  return nullptr;
}

std::chrono::milliseconds judge_time_limit(const app::Puzzle& puzzle, const app::OptionValues& options,
                                           std::chrono::milliseconds fallback) {
  const app::JudgeProblem* judge = selected_judge(puzzle, options);
  if (judge == nullptr || judge->time_limit_ms == 0) return fallback;
  return std::chrono::milliseconds(judge->time_limit_ms);
}

std::string judge_time_limit_help(const app::Puzzle& puzzle, std::chrono::milliseconds fallback) {
  std::vector<std::string> limits;
  for (const app::JudgeProblem& judge : puzzle.judges)
    if (judge.time_limit_ms != 0) limits.push_back(fmt::format("{} ms for {}", judge.time_limit_ms, judge.id));
  if (limits.empty()) return fmt::format("default {}; no judge time limit is recorded", fallback.count());
  return fmt::format("default: the judge's limit, {}; {} ms where none is recorded", fmt::join(limits, ", "),
                     fallback.count());
}

std::vector<TestCase> find_tests(const std::vector<std::string>& paths) {
  std::vector<TestCase> tests;
  for (const std::string& path : paths) {
    std::error_code error;
    if (fs::is_directory(path, error)) {
      std::vector<TestCase> found;
      for (const fs::directory_entry& entry : fs::directory_iterator(path, error)) {
        const std::string file = entry.path().filename().string();
        if (file.ends_with(kInputSuffix) && entry.is_regular_file(error))
          found.push_back({entry.path().string(), file.substr(0, file.size() - kInputSuffix.size())});
      }
      std::sort(found.begin(), found.end(), [](const TestCase& a, const TestCase& b) { return a.name < b.name; });
      tests.insert(tests.end(), found.begin(), found.end());
    } else if (path.ends_with(kInputSuffix) && fs::is_regular_file(path, error)) {
      tests.push_back({path, path.substr(0, path.size() - kInputSuffix.size())});
    } else if (!fs::exists(path, error)) {
      throw app::InputError(
          fmt::format("check: {}: no such folder or .in file", app::printable(path, app::kShownPathChars)));
    } else {
      throw app::InputError(
          fmt::format("check: '{}' is neither a folder nor a .in file", app::printable(path, app::kShownPathChars)));
    }
  }
  if (tests.empty()) throw app::InputError("check: no .in file found");
  return tests;
}

int run_check(const CheckSettings& settings, std::ostream& out) {
  // Step 1. The puzzle, its options, the tests.
  const app::Puzzle* puzzle = app::find_puzzle(settings.puzzle);
  if (puzzle == nullptr)
    throw app::InputError(
        fmt::format("check: unknown puzzle '{}' (puzzles: {})", app::printable(settings.puzzle), app::puzzle_names()));
  for (const auto& [name, value] : settings.options.all())
    if (app::find_option(puzzle->options, name) == nullptr)
      throw app::InputError(fmt::format("check: {}", app::foreign_option_message(*puzzle, name)));
  const std::vector<TestCase> tests = find_tests(settings.paths);

  // Step 2. The cases, `jobs` at a time, printed in order as each batch ends.
  std::uint64_t passed = 0, failed = 0;
  const unsigned jobs = std::max(1U, settings.jobs);
  for (std::size_t begin = 0; begin < tests.size() && !interrupted().load(); begin += jobs) {
    const std::size_t count = std::min<std::size_t>(jobs, tests.size() - begin);
    std::vector<CaseLine> lines(count);
    parallel_for(count, jobs, [&](std::size_t k) {
      lines[k] = settings.write_answers ? write_answer(*puzzle, settings, tests[begin + k])
                                        : check_case(*puzzle, settings, tests[begin + k]);
    });
    for (const CaseLine& line : lines) {
      out << line.text << '\n';
      ++(line.passed ? passed : failed);
    }
    out.flush();
  }
  sweep_strays();
  // Step 3. The count, last.
  if (settings.write_answers)
    out << fmt::format("{} written, {} failed{}\n", passed, failed, interrupted().load() ? " (interrupted)" : "");
  else
    out << fmt::format("{} passed, {} failed{}\n", passed, failed, interrupted().load() ? " (interrupted)" : "");
  return failed == 0 && !interrupted().load() ? 0 : 1;
}

}  // namespace boardsearch::hunt
