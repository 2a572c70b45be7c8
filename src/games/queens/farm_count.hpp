#pragma once
// The count on the task farm (boardsearch/farm/farm.hpp): `boardsearch
// queens --checkpoint CK FILE`, on threads, or on MPI ranks under mpirun.
// The search is split by its first rows into a few thousand tasks
// (SplitCount); each task's result is its placements, its classes and its
// nodes; the farm keeps the finished ones in the checkpoint, and the sums
// are exact (128-bit).

#include <cstddef>
#include <string>

#include "games/queens/search.hpp"

namespace boardsearch::queens {

struct FarmRequest {
  std::string checkpoint;      // "": none
  std::size_t threads = 1;     // the threads backend's threads
  std::size_t stop_after = 0;  // tests: stop after this many tasks of this run (0: never)
  bool progress = false;       // progress lines on stderr (one rank)
};

// What the farm counted. `output` is false on MPI ranks other than 0 (which
// print nothing; `counted` is empty there); `complete` false when the test
// stop ended the run (counted.known: the finished tasks' placements).
struct FarmCounted {
  Counted counted;
  bool output = true;
  bool complete = true;
  std::size_t tasks = 0, finished = 0, resumed = 0;
  int split_rows = 0;
};

// Counts `board`'s completions on the farm. Throws app::InputError for a
// checkpoint that is not this count's or is corrupted.
FarmCounted count_on_farm(const Board& board, const FarmRequest& request);

}  // namespace boardsearch::queens
