#pragma once
// Flood fills over row masks (rules.hpp's bit layout), shared by the search's
// connectivity test (bound.cpp) and the static board analysis.

#include <algorithm>
#include <array>

#include "games/tour/rules.hpp"

namespace boardsearch::tour {

// All cells of `open` that are connected to a cell of `seed` inside the same
// run of consecutive one bits.
//   Toward higher bits, one addition: adding the lowest seed of a run to
//   `open` carries through the run's ones above it, so the changed bits
//   ((open + seed) ^ open) cover the seed up to the run's top (plus the
//   zero above, masked off; seeds hit by an earlier carry are or-ed back).
//   Toward lower bits, a Kogge-Stone occluded fill: shifts 1, 2, 4, ..., 32.
inline LineMask fill_runs(LineMask seed, LineMask open) {
  seed &= open;
  const LineMask toward_high = (((open + seed) ^ open) | seed) & open;
  LineMask toward_low = seed;
  LineMask pass = open;
  toward_low |= pass & (toward_low >> 1);
  pass &= pass >> 1;
  toward_low |= pass & (toward_low >> 2);
  pass &= pass >> 2;
  toward_low |= pass & (toward_low >> 4);
  pass &= pass >> 4;
  toward_low |= pass & (toward_low >> 8);
  pass &= pass >> 8;
  toward_low |= pass & (toward_low >> 16);
  pass &= pass >> 16;
  toward_low |= pass & (toward_low >> 32);
  return toward_high | toward_low;
}

// A flood fill over row masks: a worklist of rows with pending seeds; each
// visit fills the seeded runs of its row and seeds the rows above and below
// with the newly reached cells, so every run is filled about once whatever
// the region's shape. It advances one row visit at a time, so two fills can
// grow in lockstep (see TourBound::anchors_connected).
class RowFill {
 public:
  // Only rows 0 .. rows-1 are touched, so nothing else is initialized.
  RowFill(const LineMask* open, int rows) : open_(open), rows_(rows) {
    std::fill_n(reach_.begin(), rows, LineMask{0});
    std::fill_n(pending_.begin(), rows, LineMask{0});
  }

  // Adds `cell` (a free cell) as a seed.
  void seed(Cell cell) { seed_row(cell.row, LineMask{1} << cell.col); }
  bool reached(Cell cell) const { return ((reach_[static_cast<std::size_t>(cell.row)] >> cell.col) & 1U) != 0; }
  bool exhausted() const { return size_ == 0; }
  LineMask reach(int r) const { return reach_[static_cast<std::size_t>(r)]; }

  // Fills the seeded runs of one pending row and seeds its neighbours.
  // Returns that row, or -1 if the row added nothing. Precondition: !exhausted().
  int step() {
    const int r = worklist_[static_cast<std::size_t>(--size_)];
    const auto i = static_cast<std::size_t>(r);
    queued_ &= ~(LineMask{1} << r);
    const LineMask added = fill_runs(pending_[i], open_[r]) & ~reach_[i];
    pending_[i] = 0;
    if (added == 0) return -1;
    reach_[i] |= added;
    if (r > 0) seed_row(r - 1, added);
    if (r + 1 < rows_) seed_row(r + 1, added);
    return r;
  }

  // Takes over everything `other` reached or has pending (the fills met).
  void absorb(const RowFill& other) {
    for (int r = 0; r < rows_; ++r)
      seed_row(r, other.pending_[static_cast<std::size_t>(r)] | other.reach_[static_cast<std::size_t>(r)]);
  }

 private:
  void seed_row(int r, LineMask cells) {
    const auto i = static_cast<std::size_t>(r);
    cells &= open_[r] & ~reach_[i];
    if (cells == 0) return;
    pending_[i] |= cells;
    if (((queued_ >> r) & 1U) == 0) {
      queued_ |= LineMask{1} << r;
      worklist_[static_cast<std::size_t>(size_++)] = r;
    }
  }

  const LineMask* open_;
  int rows_;
  std::array<LineMask, kMaxSide> reach_;
  std::array<LineMask, kMaxSide> pending_;
  std::array<int, kMaxSide> worklist_;
  LineMask queued_ = 0;  // bit r: row r is on the worklist
  int size_ = 0;
};

}  // namespace boardsearch::tour
