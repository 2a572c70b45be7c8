#pragma once
// `boardsearch footholds --all-starts FILE`: the game from every ordered
// pair of start cells (A's foothold, B's foothold; the same cell included,
// as the rules allow) of one board, each pair one task of the task farm
// (boardsearch/farm/farm.hpp: threads, or MPI ranks under mpirun), shown as
// a table and as JSON.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/footholds/rules.hpp"

namespace boardsearch::footholds {

// One start pair's game under perfect play.
struct StartResult {
  int a = 0, b = 0;  // the start cells (row * cols + column)
  int moves = 0;     // the total number of moves
  char winner = 0;   // 'A' or 'B'
};

struct AllStarts {
  std::vector<StartResult> pairs;  // in task order: A's cell, then B's, row-major
  bool output = true;              // false on MPI ranks other than 0 (print nothing)
  bool complete = true;            // false when the test stop ended the run
  std::size_t tasks = 0, finished = 0;
  std::size_t workers = 1;
};

struct AllStartsRequest {
  std::string checkpoint;  // "": none
  std::size_t threads = 1;
  std::size_t stop_after = 0;  // tests: stop after this many pairs of this run (0: never)
};

// Every ordered pair of `board`'s footholds solved (board.a and board.b are
// ignored). Throws app::InputError for a checkpoint that is not this
// board's or is corrupted.
AllStarts solve_all_starts(const Board& board, const AllStartsRequest& request);

// The table: a header line, then one line per pair
// "A r,c  B r,c  moves M  winner W".
std::string all_starts_table(const Board& board, const AllStarts& all);
// The JSON list: {"a": [r, c], "b": [r, c], "moves": M, "winner": "A"} per pair.
nlohmann::json all_starts_json(const Board& board, const AllStarts& all);

}  // namespace boardsearch::footholds
