// `boardsearch bench`: solves every puzzle's fixed bench positions
// (Puzzle::bench) at one thread with no limit and prints their node counts,
// each puzzle's sum and the total: the bench signature, the same on every
// run and machine, quoted in any commit that changes search behaviour (as
// Stockfish's `bench`). Nodes per second are printed beside it; they vary
// with the machine and are no part of the signature. This file names no
// puzzle.
//
// Exit status: 0 every position solved; 1 a position did not solve (a bug:
// bench positions are fixed, valid inputs); 2 usage (an unknown puzzle).

#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "cli/commands.hpp"
#include "cli/lang.hpp"

namespace boardsearch::cli {

namespace {

// One solved position: its nodes and the wall time of its solve.
struct BenchRow {
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Solves one position at one thread; the answer is not printed (bench
// measures), the nodes and time are returned.
BenchRow solve_position(const app::Puzzle& puzzle, const app::BenchPosition& position) {
  const std::string input = position.input();
  app::SolveRequest request{input, app::read_settings(puzzle.options, position.settings), {}};
  request.want_line = false;
  request.limits.threads = 1;
  const auto start = std::chrono::steady_clock::now();
  const app::SolveReport report = puzzle.solve(request);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {report.stats.nodes, seconds};
}

std::string rate(std::uint64_t nodes, double seconds) {
  return seconds > 0 ? fmt::format("{:.2f} M", static_cast<double>(nodes) / seconds / 1e6) : "-";
}

// Prints the table and the signature; returns the exit status.
int run_bench(const std::vector<std::string>& names) {
  std::vector<const app::Puzzle*> puzzles;
  for (const std::string& name : names) {
    const app::Puzzle* puzzle = app::find_puzzle(name);
    if (puzzle == nullptr)
      throw app::InputError(
          fmt::format("bench: unknown puzzle '{}' (puzzles: {})", app::printable(name), app::puzzle_names()));
    puzzles.push_back(puzzle);
  }
  if (puzzles.empty())
    for (const app::Puzzle* puzzle : app::all_puzzles()) puzzles.push_back(puzzle);

  std::cout << fmt::format("{:<10} {:<44} {:>14} {:>10} {:>12}\n", "puzzle", "position", "nodes", "ms", "nodes/s");
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  std::size_t positions = 0;
  for (const app::Puzzle* puzzle : puzzles) {
    std::uint64_t puzzle_nodes = 0;
    double puzzle_seconds = 0;
    for (const app::BenchPosition& position : puzzle->bench) {
      BenchRow row;
      try {
        row = solve_position(*puzzle, position);
      } catch (const std::exception& e) {
        std::cerr << fmt::format("boardsearch: bench: {} '{}' did not solve: {}\n", puzzle->name, position.name,
                                 app::printable(e.what()));
        return 1;
      }
      std::cout << fmt::format("{:<10} {:<44} {:>14} {:>10.1f} {:>12}\n", puzzle->name, position.name, row.nodes,
                               row.seconds * 1e3, rate(row.nodes, row.seconds))
                << std::flush;
      puzzle_nodes += row.nodes;
      puzzle_seconds += row.seconds;
      ++positions;
    }
    if (!puzzle->bench.empty())
      std::cout << fmt::format("{:<10} {:<44} {:>14} {:>10.1f} {:>12}\n", puzzle->name, "(sum)", puzzle_nodes,
                               puzzle_seconds * 1e3, rate(puzzle_nodes, puzzle_seconds));
    total_nodes += puzzle_nodes;
    total_seconds += puzzle_seconds;
  }
  std::cout << fmt::format("{} positions, {:.1f} ms, {} nodes/s\n", positions, total_seconds * 1e3,
                           rate(total_nodes, total_seconds));
  std::cout << fmt::format("bench signature: {}\n", total_nodes);
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, int& status) {
  auto names = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand("bench", say(app::msg("cli.help.bench")));
  sub->add_option("PUZZLE", *names, say(app::msg("cli.help.bench_puzzles")));
  sub->footer(say(app::msg("cli.help.bench_footer")));
  sub->callback([names, &status] { status = run_bench(*names); });
}

}  // namespace boardsearch::cli
