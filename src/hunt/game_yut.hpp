#pragma once
// Hunter inputs for dice yut (Baekjoon 17825): one line of dice values 1..5.
// The judge reads exactly ten; the generalized game (any number of turns,
// chosen with --pieces P) reads dice until end of input.

#include <vector>

#include "hunt/engine.hpp"

namespace boardsearch::hunt {

struct YutDice {
  std::vector<int> dice;  // each 1 .. 5, at least one
};

constexpr int kJudgeTurns = 10;
constexpr int kMaxDie = 5;
// Most dice a generalized case gets (the reference stays fast).
constexpr int kMaxGeneralizedTurns = 12;

// Judge inputs (exactly ten dice, only values shrink) unless
// options.pieces is set: then the dice count varies and shrinks too.
CaseModel<YutDice> case_model_yut(const app::PuzzleOptions& options);

}  // namespace boardsearch::hunt
