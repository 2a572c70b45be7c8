// Checking one input: the reference's proven answer against what the
// program printed (Checker), the classification of a run, and the helpers
// to run checks in parallel.

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <thread>

#include "boardsearch/app/text_input.hpp"
#include "hunt/engine.hpp"
#include "hunt/process_tree.hpp"

namespace boardsearch::hunt {

namespace {

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

}  // namespace

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
    verdict.run = run_once(input);
    if (verdict.run.ending == Ending::cut)
      verdict.cut = true;
    else
      verdict.mismatch = classify_run(puzzle_, input, options_, verdict.expected, verdict.run);
  }
  if (verdict.cut) return verdict;
  const std::lock_guard<std::mutex> hold(memo_mutex_);
  return memo_.emplace(input, std::move(verdict)).first->second;
}

RunResult Checker::rerun(const std::string& input) { return run_once(input); }

// One run of the program on `input`; a run the machine starved is run
// again with twice the timeout (retry_starved_runs), so that its CPU time
// is known.
RunResult Checker::run_once(const std::string& input) {
  RunLimits limits = limits_;
  RunResult run = run_program(command_, input, limits);
  ++program_runs_;
  for (int retry = 0; starved_below_ && retry < kStarvedRetries; ++retry) {
    const auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(run.elapsed);
    const bool blocked = static_cast<double>(run.cpu.count()) < kBlockedCpuShare * static_cast<double>(elapsed.count());
    if (run.ending != Ending::timed_out || run.cpu > *starved_below_ || blocked) break;
    limits.timeout *= 2;
    run = run_program(command_, input, limits);
    ++program_runs_;
  }
  return run;
}

std::vector<Verdict> Checker::check_all(const std::vector<std::string>& inputs, unsigned jobs) {
  std::vector<Verdict> verdicts(inputs.size());
  parallel_for(inputs.size(), jobs, [&](std::size_t k) { verdicts[k] = check(inputs[k]); });
  return verdicts;
}

}  // namespace boardsearch::hunt
