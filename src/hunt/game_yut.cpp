// Dice yut inputs for the hunter.
//
// Generation, by case index:
//   edge cases        the four samples and the page's trap (squares by
//                     identity, not by printed number); in the generalized
//                     game placed where random cases reach their length
//   random            dice from a per-case palette: all of 1..5, or only a
//                     few values (long runs of 5 reach the inner squares
//                     and the shared 40; runs of small dice stop on blue
//                     squares and walk the shortcuts)
// Judge mode keeps exactly ten dice: a program written for the judge reads
// ten, so a shorter input would only test how it handles missing input.
// With --pieces (the generalized game, dice until end of input) the count
// varies from 1 to kMaxGeneralizedTurns, growing with the case index.
// Shrinking (each step lowers the dice count or the dice sum):
//   drop one die (generalized only, at least one stays),
//   set one die to 1, lower one die by one.

#include "hunt/game_yut.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <numeric>

namespace boardsearch::hunt {

namespace {

constexpr std::uint64_t kCasesPerTurnStep = 8;
constexpr int kSmallestTurnCap = 2;

// Per-case value palettes.
const std::array<std::vector<int>, 6> kPalettes = {{
    {1, 2, 3, 4, 5},
    {1, 5},
    {5, 5, 5, 1},
    {2, 3},
    {1, 2},
    {3, 4, 5},
}};

std::vector<EdgeCase<YutDice>> edge_cases(bool generalized) {
  std::vector<YutDice> edges = {
      {{1, 2, 3, 4, 1, 2, 3, 4, 1, 2}},  // samples: 190
      {{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},  // 133
      {{5, 1, 2, 3, 4, 5, 5, 3, 2, 4}},  // 214
      {{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}},  // 130
      {{5, 5, 5, 5, 5, 1, 1, 1, 1, 1}},  // two 30s are distinct squares: 167
      {{3, 3, 3, 3, 3, 3, 3, 3, 3, 3}},
  };
  if (generalized) {
    edges.push_back({{1}});
    edges.push_back({{5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}});
  }
  std::vector<EdgeCase<YutDice>> placed;
  for (const YutDice& dice : edges) {
    const int turns = static_cast<int>(dice.dice.size());
    placed.push_back({generalized ? first_index_with_cap(turns, kSmallestTurnCap, kCasesPerTurnStep) : 0, dice});
  }
  return placed;
}

YutDice random_dice(std::uint64_t index, core::SplitMix64& rng, bool generalized) {
  int turns = kJudgeTurns;
  if (generalized) {
    const int cap =
        static_cast<int>(std::min<std::uint64_t>(kMaxGeneralizedTurns, kSmallestTurnCap + index / kCasesPerTurnStep));
    turns = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap)));
  }
  const std::vector<int>& palette = kPalettes[rng.below(kPalettes.size())];
  YutDice dice;
  for (int turn = 0; turn < turns; ++turn) dice.dice.push_back(palette[rng.below(palette.size())]);
  return dice;
}

std::string format_dice(const YutDice& dice) {
  std::string text;
  for (std::size_t k = 0; k < dice.dice.size(); ++k) text += fmt::format("{}{}", k == 0 ? "" : " ", dice.dice[k]);
  return text + '\n';
}

std::vector<YutDice> shrink_candidates(const YutDice& dice, bool generalized) {
  std::vector<YutDice> candidates;
  // 1. One die fewer (generalized game only), last ones first.
  if (generalized && dice.dice.size() > 1)
    for (std::size_t k = dice.dice.size(); k-- > 0;) {
      YutDice fewer = dice;
      fewer.dice.erase(fewer.dice.begin() + static_cast<std::ptrdiff_t>(k));
      candidates.push_back(std::move(fewer));
    }
  // 2. A smaller value: straight to 1, then one less.
  for (std::size_t k = 0; k < dice.dice.size(); ++k)
    if (dice.dice[k] > 1) {
      YutDice lower = dice;
      lower.dice[k] = 1;
      candidates.push_back(lower);
      if (dice.dice[k] > 2) {
        lower.dice[k] = dice.dice[k] - 1;
        candidates.push_back(std::move(lower));
      }
    }
  return candidates;
}

std::string summary(const YutDice& dice) {
  return fmt::format("{} dice summing to {}", dice.dice.size(), std::accumulate(dice.dice.begin(), dice.dice.end(), 0));
}

}  // namespace

CaseModel<YutDice> case_model_yut(const app::PuzzleOptions& options) {
  const bool generalized = options.pieces.has_value();
  CaseModel<YutDice> model;
  model.generate = with_edge_cases<YutDice>(
      edge_cases(generalized),
      [generalized](std::uint64_t index, core::SplitMix64& rng) { return random_dice(index, rng, generalized); });
  model.format = format_dice;
  model.shrink_candidates = [generalized](const YutDice& dice) { return shrink_candidates(dice, generalized); };
  model.summary = summary;
  return model;
}

}  // namespace boardsearch::hunt
