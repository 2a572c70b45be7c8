// The extreme inputs of a puzzle (HuntCases::extremes) in the order both
// searches try them: round-robin over the families, sample 0 of each, then
// sample 1 of each, ...

#include <algorithm>

#include "hunt/engine.hpp"

namespace boardsearch::hunt {

namespace {

// The seeds of extreme samples: case_seed(seed ^ mix, family * step + sample).
constexpr std::uint64_t kExtremeSeedMix = 0xE7E3;
constexpr std::uint64_t kSamplesPerFamilySeed = 1'000'003;

}  // namespace

std::vector<ExtremeSample> extreme_plan(const app::HuntCases& cases) {
  std::vector<ExtremeSample> plan;
  if (cases.extreme == nullptr) return plan;
  std::uint64_t most = 0;
  for (const app::ExtremeFamily& family : cases.extremes) most = std::max(most, family.samples);
  for (std::uint64_t sample = 0; sample < most; ++sample)
    for (std::size_t family = 0; family < cases.extremes.size(); ++family)
      if (sample < cases.extremes[family].samples) plan.push_back({family, sample});
  return plan;
}

std::string extreme_input(const app::HuntCases& cases, std::uint64_t seed, ExtremeSample which,
                          const app::OptionValues& options) {
  core::SplitMix64 rng(case_seed(seed ^ kExtremeSeedMix, which.family * kSamplesPerFamilySeed + which.sample));
  return cases.extreme(which.family, which.sample, rng, options);
}

}  // namespace boardsearch::hunt
