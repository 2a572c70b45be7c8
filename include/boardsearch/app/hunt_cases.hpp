#pragma once
// The generic pieces of a puzzle's hunt cases (Puzzle::hunt, puzzle.hpp): the
// growth rule of random inputs, fixed edge cases placed among them, and the
// adapter that turns a case model written over the puzzle's own input type
// into the text-form function pointers of HuntCases.
//
//   struct Cases {                          the puzzle's case model, typed
//     using Input = Board;                  (its own board, parser, formatter)
//     static Input generate(index, rng, options);
//     static Input parse(text);             its judge parser
//     static std::string format(input);     its judge formatter
//     static std::vector<Input> shrink(input, options);
//     static std::string summary(input);
//   };
//          |  typed_hunt_cases<Cases>()
//          v
//   HuntCases { generate -> text, shrink(text) -> texts, summary(text) }
//
// Texts handed to shrink and summary came from generate or shrink (HuntCases'
// precondition), so `parse` reads back what `format` wrote.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boardsearch/app/options.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/core/splitmix64.hpp"

namespace boardsearch::app {

// ---------------------------------------------------------------------------
// Growth: random inputs start small and grow with the case index.

// The largest size random case `index` may draw: smallest_cap, one more
// every `step` cases, never beyond `largest`. Precondition: step >= 1.
constexpr int size_cap(std::uint64_t index, int smallest_cap, std::uint64_t step, int largest) {
  const std::uint64_t grown = static_cast<std::uint64_t>(smallest_cap) + index / step;
  return static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(largest), grown));
}

// The first random case index whose size cap (size_cap above) reaches
// `size`.
constexpr std::uint64_t first_index_with_cap(int size, int smallest_cap, std::uint64_t step) {
  return size <= smallest_cap ? 0 : static_cast<std::uint64_t>(size - smallest_cap) * step;
}

// ---------------------------------------------------------------------------
// Edge cases: fixed inputs (the puzzle page's samples and traps, the judge's
// extremes) placed among the random ones.

// A fixed input and the random case index from which inputs of its size are
// generated (usually first_index_with_cap of its size).
template <class Input>
struct EdgeCase {
  std::uint64_t from_random_index = 0;
  Input input;
};

// Case `index` of a hunt that puts each edge case among the random ones when
// random inputs reach its size, so small inputs come first whatever their
// origin (and a small failure is found before a big one). In the order of a
// stable sort by from_random_index, edge case j goes to overall index
// from_random_index + j; every other index n is random case n minus the
// number of edge cases placed before it, drawn by random(random_index, rng).
// `edges` may come in any order; ties keep the order given.
template <class Input, class Random>
Input with_edge_cases(std::span<const EdgeCase<Input>> edges, std::uint64_t index, core::SplitMix64& rng,
                      Random&& random) {
  std::uint64_t placed_before = 0;
  for (std::size_t j = 0; j < edges.size(); ++j) {
    // j's rank in the stable order: the edges that sort before it.
    std::uint64_t rank = 0;
    for (std::size_t k = 0; k < edges.size(); ++k)
      if (edges[k].from_random_index < edges[j].from_random_index ||
          (edges[k].from_random_index == edges[j].from_random_index && k < j))
        ++rank;
    const std::uint64_t position = edges[j].from_random_index + rank;
    if (position == index) return edges[j].input;
    if (position < index) ++placed_before;
  }
  return random(index - placed_before, rng);
}

// ---------------------------------------------------------------------------
// The typed-to-text adapter.

// A case model over the puzzle's own input type (see the top of this file).
// generate: a pure function of its arguments, always a valid judge input;
// shrink: strictly smaller valid inputs, biggest cut first, each lowering a
// finite measure; parse(format(x)) == x.
template <class Cases>
concept TypedHuntCases = requires(std::uint64_t index, core::SplitMix64& rng, const OptionValues& options,
                                  std::string_view text, const typename Cases::Input& input) {
  { Cases::generate(index, rng, options) } -> std::same_as<typename Cases::Input>;
  { Cases::parse(text) } -> std::same_as<typename Cases::Input>;
  { Cases::format(input) } -> std::same_as<std::string>;
  { Cases::shrink(input, options) } -> std::same_as<std::vector<typename Cases::Input>>;
  { Cases::summary(input) } -> std::same_as<std::string>;
};

// The optional parts of a case model: a size measure, and the judge-sized
// generator and mutation for `hunt --slow` (HuntCases, puzzle.hpp).
//   static std::uint64_t size(input);
//   static constexpr std::size_t kKnobCount;   with
//   static Input judge_sized(std::span<const double> knobs, rng, options);
//   static Input mutate(input, rng, options);
template <class Cases>
concept SizedHuntCases = requires(const typename Cases::Input& input) {
  { Cases::size(input) } -> std::same_as<std::uint64_t>;
};
template <class Cases>
concept SlowHuntCases = requires(std::span<const double> knobs, core::SplitMix64& rng, const OptionValues& options,
                                 const typename Cases::Input& input) {
  { Cases::kKnobCount } -> std::convertible_to<std::size_t>;
  { Cases::judge_sized(knobs, rng, options) } -> std::same_as<typename Cases::Input>;
  { Cases::mutate(input, rng, options) } -> std::same_as<typename Cases::Input>;
};

// ... and, for inputs of several cases, the joining and the cases per
// `hunt --slow` input by default,
//   static Input join(std::span<const Input> inputs);
//   static constexpr std::uint64_t kSlowCases;
template <class Cases>
concept JoinableHuntCases = requires(std::span<const typename Cases::Input> inputs) {
  { Cases::join(inputs) } -> std::same_as<typename Cases::Input>;
  { Cases::kSlowCases } -> std::convertible_to<std::uint64_t>;
};

// ... the judge's largest input, in the size measure and in words,
//   static constexpr std::uint64_t kJudgeMaxSize;
//   static constexpr std::string_view kJudgeMaxWords;
template <class Cases>
concept JudgeMaxHuntCases = requires {
  { Cases::kJudgeMaxSize } -> std::convertible_to<std::uint64_t>;
  { Cases::kJudgeMaxWords } -> std::convertible_to<std::string_view>;
};

// ... the extreme families (HuntCases::extremes), a static array of
// ExtremeFamily and the sample generator,
//   static constexpr std::array<ExtremeFamily, F> kExtremes;
//   static Input extreme(std::size_t family, std::uint64_t sample, rng, options);
template <class Cases>
concept ExtremeHuntCases = requires(std::size_t family, std::uint64_t sample, core::SplitMix64& rng,
                                    const OptionValues& options) {
  {std::span<const ExtremeFamily>(Cases::kExtremes)};
  { Cases::extreme(family, sample, rng, options) } -> std::same_as<typename Cases::Input>;
};

// ... and a harder-making step for the climb (HuntCases::harden).
//   static Input harden(input, rng, options);
template <class Cases>
concept HardenableHuntCases = requires(const typename Cases::Input& input, core::SplitMix64& rng,
                                       const OptionValues& options) {
  { Cases::harden(input, rng, options) } -> std::same_as<typename Cases::Input>;
};

// HuntCases whose functions read the text with Cases::parse, work on the
// typed input and write it back with Cases::format. Captureless lambdas, so
// each is a plain function pointer; the optional parts are set when Cases
// has them.
template <TypedHuntCases Cases>
constexpr HuntCases typed_hunt_cases() {
  HuntCases cases{
      .generate = [](std::uint64_t index, core::SplitMix64& rng, const OptionValues& options) -> std::string {
        return Cases::format(Cases::generate(index, rng, options));
      },
      .shrink = [](std::string_view input, const OptionValues& options) -> std::vector<std::string> {
        std::vector<std::string> texts;
        for (const typename Cases::Input& candidate : Cases::shrink(Cases::parse(input), options))
          texts.push_back(Cases::format(candidate));
        return texts;
      },
      .summary = [](std::string_view input) -> std::string { return Cases::summary(Cases::parse(input)); },
  };
  if constexpr (SizedHuntCases<Cases>)
    cases.size = [](std::string_view input) -> std::uint64_t { return Cases::size(Cases::parse(input)); };
  if constexpr (SlowHuntCases<Cases>) {
    cases.knob_count = Cases::kKnobCount;
    cases.judge_sized = [](std::span<const double> knobs, core::SplitMix64& rng,
                           const OptionValues& options) -> std::string {
      return Cases::format(Cases::judge_sized(knobs, rng, options));
    };
    cases.mutate = [](std::string_view input, core::SplitMix64& rng, const OptionValues& options) -> std::string {
      return Cases::format(Cases::mutate(Cases::parse(input), rng, options));
    };
  }
  if constexpr (JudgeMaxHuntCases<Cases>) {
    cases.judge_max_size = Cases::kJudgeMaxSize;
    cases.judge_max_words = Cases::kJudgeMaxWords;
  }
  if constexpr (ExtremeHuntCases<Cases>) {
    cases.extremes = std::span<const ExtremeFamily>(Cases::kExtremes);
    cases.extreme = [](std::size_t family, std::uint64_t sample, core::SplitMix64& rng,
                       const OptionValues& options) -> std::string {
      return Cases::format(Cases::extreme(family, sample, rng, options));
    };
  }
  if constexpr (HardenableHuntCases<Cases>) {
    cases.harden = [](std::string_view input, core::SplitMix64& rng, const OptionValues& options) -> std::string {
      return Cases::format(Cases::harden(Cases::parse(input), rng, options));
    };
  }
  if constexpr (JoinableHuntCases<Cases>) {
    cases.slow_cases = Cases::kSlowCases;
    cases.join = [](std::span<const std::string> inputs) -> std::string {
      std::vector<typename Cases::Input> parsed;
      parsed.reserve(inputs.size());
      for (const std::string& input : inputs) parsed.push_back(Cases::parse(input));
      return Cases::format(Cases::join(parsed));
    };
  }
  return cases;
}

// An integer in [low, high] drawn uniformly (for extreme samples).
inline int draw_in(core::SplitMix64& rng, int low, int high) {
  return low + static_cast<int>(rng.below(static_cast<std::uint64_t>(high - low + 1)));
}

// A knob (in [0, 1]) as an integer in [low, high], rounding to nearest.
constexpr int knob_in(double knob, int low, int high) {
  const double clamped = knob < 0 ? 0 : knob > 1 ? 1 : knob;
  return low + static_cast<int>(clamped * (high - low) + 0.5);
}

}  // namespace boardsearch::app
