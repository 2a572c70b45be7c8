// hunt(): validates what the puzzle can take, runs the correctness hunt or
// the --slow search (engine.hpp lists the files of each job), and leaves
// nothing running. Nothing here knows a puzzle; inputs are judge text from
// the puzzle's HuntCases.

#include "hunt/hunt.hpp"

#include <fmt/format.h>

#include "boardsearch/app/text_input.hpp"
#include "hunt/engine.hpp"
#include "hunt/process_tree.hpp"

namespace boardsearch::hunt {

namespace {

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

}  // namespace

HuntOutcome hunt(const HuntSettings& settings, ProgressSink progress_sink) {
  // Step 1. Validate what the puzzle can take.
  const app::Puzzle& puzzle = checked_puzzle(settings);
  const app::HuntCases& cases = puzzle.hunt;
  if (!settings.slow && cases.generate == nullptr)
    throw app::InputError(fmt::format("hunt: {} has no input generator", puzzle.name));
  if (settings.slow && (cases.judge_sized == nullptr || cases.mutate == nullptr))
    throw app::InputError(fmt::format("hunt: {} has no judge-sized inputs for --slow", puzzle.name));
  if (settings.max_cases.value_or(1) > 1 && (!settings.slow || cases.join == nullptr))
    throw app::InputError(settings.slow ? fmt::format("hunt: --max-cases: a {} input holds one case", puzzle.name)
                                        : std::string("hunt: --max-cases goes with --slow"));

  // Step 2. Hunt with the puzzle's own inputs, every run bounded by the
  // budget's end (a run cut there is no verdict).
  const Budget budget{settings, Clock::now()};
  RunLimits limits = settings.run_limits;
  limits.stop_at = budget.stop_at();
  Checker checker(puzzle, settings.options, settings.command, limits, settings.reference_threads);
  if (settings.slow && settings.retry_starved)
    checker.retry_starved_runs(std::chrono::duration_cast<std::chrono::microseconds>(settings.limit));
  ProgressReporter progress(progress_sink, settings.puzzle);
  const Describer describe{cases};
  HuntOutcome outcome;
  if (settings.slow)
    hunt_slow(settings, checker, puzzle, describe, progress, budget, outcome);
  else
    hunt_mismatch(settings, checker, describe, progress, budget, outcome);
  progress.finish();
  // Step 3. No false all-clear: a hunt that found nothing on inputs far
  // below the judge's largest says so.
  if (!outcome.found && !outcome.over_limit && cases.judge_max_size != 0)
    outcome.small_inputs_only = outcome.largest_size * kEvidenceFraction < cases.judge_max_size;
  // Step 4. Nothing of any run is left running.
  sweep_strays();
  outcome.interrupted = interrupted().load();
  outcome.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - budget.start);
  return outcome;
}

}  // namespace boardsearch::hunt
