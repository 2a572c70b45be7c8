#pragma once
// The empty board counted one symmetry class at a time: each class of
// placements under the square's 8 symmetries is visited once, through its
// lexicographically smallest member (the columns of rows 0, 1, ... compared
// in order), and counted with its size (8, 4 or 2).
//
// Proof that the pruning keeps every smallest member. The four border lines
// (row 0, row N-1, column 0, column N-1) hold one queen each; each of those
// queens has two distances to the ends of its line, eight in all, and the 8
// symmetries map the pair (line, end) (row 0, left end) onto each of the 8
// pairs once. So the images of a placement S have, as their row-0 column,
// exactly S's eight border distances. The smallest member has the smallest
// row-0 column k of its class, so all eight of its border distances are >=
// k: its queens on columns 0 and N-1 stand on rows k .. N-1-k, and its
// row-(N-1) queen on columns k .. N-1-k. The search (first row's column k
// from 0 to (N-1)/2, the larger k being the mirror images) enforces exactly
// those, and at a leaf compares the placement with its 7 images: counted
// when none is smaller, with weight 8 / (the images equal to it, itself
// included). For k = 0 the bounds are empty. A placement equal to its image
// under a mirror or a diagonal reflection does not exist for N >= 2
// (symmetry.hpp), so the weight is 8, 4 (kept by the half turn) or 2 (by
// the quarter turn).

#include <array>
#include <cstdint>
#include <vector>

#include "boardsearch/core/limits.hpp"
#include "games/queens/rules.hpp"

namespace boardsearch::queens {

struct ClassCount {
  Count total = 0;    // placements: each class's size
  Count classes = 0;  // classes
};

// A subtree of the class search: row 0's queen on column k, rows [0, row)
// placed (their columns in `columns`), and their masks (search.hpp).
struct ClassTask {
  int k = 0;
  int row = 0;
  std::uint32_t cols = 0, ld = 0, rd = 0;
  std::array<std::int8_t, kMaxSide> columns{};
};

// The tasks of the empty n x n board down to row `split`, in search order,
// every node above them counted on `control`.
std::vector<ClassTask> class_tasks(int n, int split, core::SearchControl& control);

// One task's classes and placements, every node counted on `counter`.
ClassCount count_class_task(int n, const ClassTask& task, core::SearchControl& counter);
ClassCount count_class_task(int n, const ClassTask& task, core::SearchControl::Worker& counter);

}  // namespace boardsearch::queens
