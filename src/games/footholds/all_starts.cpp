#include "games/footholds/all_starts.hpp"

#include <fmt/format.h>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/farm/farm.hpp"
#include "games/footholds/format.hpp"
#include "games/footholds/search.hpp"

namespace boardsearch::footholds {

namespace {

// The FNV-1a 64-bit hash of the board's footholds and size (the starts
// left out): the problem in the checkpoint's header.
std::string board_name(const Board& board) {
  std::uint64_t hash = 14695981039346656037ull;
  const auto mix = [&hash](unsigned value) {
    hash ^= value;
    hash *= 1099511628211ull;
  };
  mix(static_cast<unsigned>(board.rows));
  mix(static_cast<unsigned>(board.cols));
  for (const std::uint8_t foothold : board.footholds) mix(foothold);
  return fmt::format("footholds all starts, {} x {} board {:016x}", board.rows, board.cols, hash);
}

std::vector<int> foothold_cells(const Board& board) {
  std::vector<int> cells;
  for (int cell = 0; cell < board.cells(); ++cell)
    if (board.footholds[static_cast<std::size_t>(cell)] != 0) cells.push_back(cell);
  return cells;
}

}  // namespace

AllStarts solve_all_starts(const Board& board, const AllStartsRequest& request) {
  // Step 1. The tasks: pair i is (cells[i / F], cells[i % F]).
  const std::vector<int> cells = foothold_cells(board);
  const std::size_t count = cells.size();
  farm::Job job;
  job.problem = board_name(board);
  job.split = "one ordered pair of start cells a task";
  job.tasks = count * count;
  job.run_task = [&](std::size_t i) {
    Board start = board;
    start.a = cells[i / count];
    start.b = cells[i % count];
    const auto result = solve_board(start);  // one thread, no limit
    return fmt::format("{}", *result.value);
  };

  // Step 2. The farm.
  farm::Outcome outcome;
  try {
    outcome = farm::run(
        job, farm::Settings{request.checkpoint, request.threads, request.stop_after, !request.checkpoint.empty()});
  } catch (const farm::CheckpointError& error) {
    throw app::InputError(error.what());
  }
  AllStarts all;
  all.output = outcome.output_rank;
  all.complete = outcome.complete;
  all.tasks = job.tasks;
  all.workers = outcome.workers;
  if (!outcome.output_rank) return all;

  // Step 3. The results in task order (the player to move at the end loses:
  // A moves at even move counts, so an odd total is A's win).
  for (std::size_t i = 0; i < job.tasks; ++i) {
    if (!outcome.results[i]) continue;
    const int moves = std::stoi(*outcome.results[i]);
    all.pairs.push_back({cells[i / count], cells[i % count], moves, moves % 2 == 1 ? 'A' : 'B'});
    ++all.finished;
  }
  return all;
}

std::string all_starts_table(const Board& board, const AllStarts& all) {
  std::string table = fmt::format("{} start pairs (A's cell, B's cell: row,column from 0)\n", all.pairs.size());
  for (const StartResult& pair : all.pairs)
    table += fmt::format("A {},{}  B {},{}  moves {}  winner {}\n", board.row_of(pair.a), board.col_of(pair.a),
                         board.row_of(pair.b), board.col_of(pair.b), pair.moves, pair.winner);
  return table;
}

nlohmann::json all_starts_json(const Board& board, const AllStarts& all) {
  nlohmann::json list = nlohmann::json::array();
  for (const StartResult& pair : all.pairs)
    list.push_back({{"a", {board.row_of(pair.a), board.col_of(pair.a)}},
                    {"b", {board.row_of(pair.b), board.col_of(pair.b)}},
                    {"moves", pair.moves},
                    {"winner", std::string(1, pair.winner)}});
  return list;
}

}  // namespace boardsearch::footholds
