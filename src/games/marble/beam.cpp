#include "games/marble/beam.hpp"

#include <algorithm>
#include <utility>

#include "games/marble/memory.hpp"

namespace boardsearch::marble::detail {

Beam::Beam(const Context& context, PairKey start, const PairBound& bound, std::size_t width,
           const RestCells* dense_rest)
    : context_(context), bound_(bound), width_(width), layers_(1) {
  if (dense_rest != nullptr)
    dense_seen_.emplace(*dense_rest, context.budget);
  else
    seen_.emplace(context.budget);
  see(start);
  push_within(layers_[0], BeamEntry{start, 0, Direction::up}, context_.budget);
  if (context_.max_tilts && *context_.max_tilts <= 0) ended_ = true;  // no tilt allowed: no line
}

bool Beam::advance(std::uint64_t until, core::SearchControl::Worker* worker) {
  while (!ended_ && expanded_ < until) {
    std::vector<BeamEntry>& layer = layers_[depth_];
    if (next_ == layer.size()) {
      close_layer();
      continue;
    }
    ++expanded_;
    if (worker != nullptr)
      worker->visit();
    else
      context_.control.visit();
    const PairKey pair = layer[next_].pair;
#pragma GCC unroll 4
    for (const Direction direction : core::kDirections) {
      const Tilted t = context_.tilt(pair, direction);
      if (t.verdict == Verdict::failure) continue;
      if (t.verdict == Verdict::success) {
        found(direction);
        return true;
      }
      if (t.pair == pair || !see(t.pair)) continue;
      const std::uint32_t h = bound_.at(red_of(t.pair), blue_of(t.pair));
      if (h == PairBound::kUnreachable) continue;
      push_within(candidates_, Candidate{rank(h, t.pair), {t.pair, static_cast<std::uint32_t>(next_), direction}},
                  context_.budget);
    }
    ++next_;
  }
  return ended_;
}

void Beam::release() {
  ended_ = true;
  if (!seen_ && !dense_seen_) return;
  context_.solution.states += seen_count_;
  seen_.reset();
  dense_seen_.reset();
  for (std::vector<BeamEntry>& layer : layers_) release_within(layer, context_.budget);
  release_within(candidates_, context_.budget);
}

void Beam::close_layer() {
  if (candidates_.empty() || (context_.max_tilts && depth_ + 1 >= static_cast<std::size_t>(*context_.max_tilts))) {
    ended_ = true;
    return;
  }
  if (candidates_.size() > width_) {
    std::nth_element(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(width_), candidates_.end(),
                     [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });
    candidates_.resize(width_);
  }
  layers_.emplace_back();
  for (const Candidate& candidate : candidates_) push_within(layers_.back(), candidate.entry, context_.budget);
  candidates_.clear();
  ++depth_;
  next_ = 0;
}

void Beam::found(Direction direction) {
  std::vector<Direction> line(depth_ + 1);
  line[depth_] = direction;
  std::size_t at = next_;
  for (std::size_t k = depth_; k > 0; --k) {
    line[k - 1] = layers_[k][at].direction;
    at = layers_[k][at].parent;
  }
  line_ = std::move(line);
  ended_ = true;
}

bool run_slice(BeamSlice& slice, core::SearchControl::Worker* worker) {
  try {
    return slice.beam.advance(slice.until, worker);
  } catch (const core::SearchAborted& aborted) {
    if (aborted.outcome != core::Outcome::memory_limit) throw;
    slice.gave_up = true;
    return false;
  }
}

}  // namespace boardsearch::marble::detail
