#include "games/queens/farm_count.hpp"

#include <fmt/format.h>

#include <chrono>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/farm/farm.hpp"
#include "games/queens/format.hpp"

namespace boardsearch::queens {

namespace {

// The farm splits the count into at least this many tasks (fewer only when
// the board has no more rows to split by): enough that two to a few dozen
// ranks stay busy to the end, few enough that the checkpoint stays small.
constexpr std::size_t kFarmTasks = 2000;

// The problem in the checkpoint's header: N, and for a partial board the
// FNV-1a 64-bit hash of its judge text.
std::string problem_name(const Board& board) {
  if (board.plain()) return fmt::format("queens N={} empty board", board.n);
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : judge_text(board)) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return fmt::format("queens N={} board {:016x}", board.n, hash);
}

// A task's result line: "<placements> <classes> <nodes>".
std::string result_text(const ClassCount& count, std::uint64_t nodes) {
  return fmt::format("{} {} {}", farm::count_text(count.total), farm::count_text(count.classes), nodes);
}

// Adds one result line to the sums; a line that does not read is a bug
// (the checkpoint's checksums keep damaged lines out).
void add_result(const std::string& text, Counted& counted, Count& classes) {
  const std::size_t first = text.find(' ');
  const std::size_t second = text.find(' ', first + 1);
  counted.total += farm::read_count(text.substr(0, first));
  classes += farm::read_count(text.substr(first + 1, second - first - 1));
  counted.stats.nodes += std::stoull(text.substr(second + 1));
}

}  // namespace

FarmCounted count_on_farm(const Board& board, const FarmRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  FarmCounted result;
  // Step 1. Placed queens that attack each other: no completion, no farm.
  if (placed_queens_attack(board)) return result;

  // Step 2. The tasks, the same on every rank.
  const SplitCount split(board, kFarmTasks);
  farm::Job job;
  job.problem = problem_name(board);
  job.split = fmt::format("first {} rows{}", split.split_rows(), board.plain() ? ", one symmetry class at a time" : "");
  job.tasks = split.tasks();
  job.run_task = [&split](std::size_t i) {
    std::uint64_t nodes = 0;
    const ClassCount count = split.count(i, nodes);
    return result_text(count, nodes);
  };

  // Step 3. The farm.
  farm::Settings settings{request.checkpoint, request.threads, request.stop_after, request.progress};
  farm::Outcome outcome;
  try {
    outcome = farm::run(job, settings);
  } catch (const farm::CheckpointError& error) {
    throw app::InputError(error.what());
  }
  result.output = outcome.output_rank;
  result.tasks = job.tasks;
  result.split_rows = split.split_rows();
  result.resumed = outcome.resumed;
  if (!outcome.output_rank) return result;

  // Step 4. The exact sums, and the first placement.
  Count classes = 0;
  for (const auto& line : outcome.results)
    if (line) {
      add_result(*line, result.counted, classes);
      ++result.finished;
    }
  result.complete = outcome.complete;
  if (!outcome.complete) {
    result.counted.known = result.counted.total;
    result.counted.outcome = core::Outcome::node_limit;
  } else {
    if (board.plain()) result.counted.classes = classes;
    if (result.counted.total > 0) result.counted.first = first_completion(board);
  }
  result.counted.stats.threads = outcome.workers;
  result.counted.stats.elapsed = std::chrono::steady_clock::now() - start;
  return result;
}

}  // namespace boardsearch::queens
