// Dice yut inputs for `boardsearch hunt` (Baekjoon 17825): one line of dice
// values 1..5. The judge reads exactly ten; the generalized game (any number
// of turns, chosen with --pieces P) reads dice until end of input.
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
// With --pieces given (the generalized game, dice until end of input) the
// count varies from 1 to kMaxGeneralizedTurns, growing with the case index.
// With --board, value v stands for the board's v-th smallest face (its
// largest when it has fewer); on the standard faces 1..5 that is v itself.
// Shrinking (each step lowers the dice count or the dice sum):
//   drop one die (generalized only, at least one stays),
//   set one die to the smallest face, lower one die to the next face.
// --slow, within the judge's limits (ten dice of 1..5; with --board, value v
// is the board's v-th face as above):
//   knobs         a weight per die value 1..5 (dice are drawn by weight);
//   mutations     one die set to another value;
//   extremes      ten equal dice, two values alternating, runs of 5s and
//                 1s, only big or only small dice (kFamilies).
// Size: the number of dice.

#include "games/yut/hunt_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "boardsearch/app/hunt_cases.hpp"
#include "games/yut/format.hpp"
#include "games/yut/parse.hpp"

namespace boardsearch::yut {

namespace {

using Dice = std::vector<int>;

// The judge's limits: exactly ten dice, each 1 .. 5.
constexpr int kJudgeTurns = 10;
// Most dice a generalized case gets (the reference stays fast).
constexpr int kMaxGeneralizedTurns = 12;
constexpr std::uint64_t kCasesPerTurnStep = 8;
constexpr int kSmallestTurnCap = 2;

// Per-case value palettes, all within the judge's 1 .. 5.
const std::array<std::vector<int>, 6> kPalettes = {{
    {1, 2, 3, 4, 5},
    {1, 5},
    {5, 5, 5, 1},
    {2, 3},
    {1, 2},
    {3, 4, 5},
}};

// The judge's game unless the user chose a number of pieces.
bool generalized(const app::OptionValues& options) { return options.given("pieces"); }

// The faces of the board the reference plays on, ascending.
std::vector<int> faces(const app::OptionValues& options) {
  const std::string* board = options.text("board");
  if (board == nullptr) return standard_board().faces;
  return parse_board(*board, std::string(options.source("board"))).faces;
}

// A board that takes any face: hunt inputs are read back only to be shrunk
// or described, and they came from generate or shrink.
const Board& any_face_board() {
  static const Board board = [] {
    Board any = standard_board();
    any.faces.clear();
    for (int face = 1; face <= kMaxFace; ++face) any.faces.push_back(face);
    return any;
  }();
  return board;
}

std::vector<app::EdgeCase<Dice>> placed_edge_cases(bool generalized_game) {
  std::vector<Dice> edges = {
      {1, 2, 3, 4, 1, 2, 3, 4, 1, 2},  // samples: 190
      {1, 1, 1, 1, 1, 1, 1, 1, 1, 1},  // 133
      {5, 1, 2, 3, 4, 5, 5, 3, 2, 4},  // 214
      {5, 5, 5, 5, 5, 5, 5, 5, 5, 5},  // 130
      {5, 5, 5, 5, 5, 1, 1, 1, 1, 1},  // two 30s are distinct squares: 167
      {3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
  };
  if (generalized_game) {
    edges.push_back({1});
    edges.push_back(Dice(kMaxGeneralizedTurns, 5));
  }
  std::vector<app::EdgeCase<Dice>> placed;
  for (const Dice& dice : edges) {
    const int turns = static_cast<int>(dice.size());
    placed.push_back(
        {generalized_game ? app::first_index_with_cap(turns, kSmallestTurnCap, kCasesPerTurnStep) : 0, dice});
  }
  return placed;
}

const std::vector<app::EdgeCase<Dice>>& edge_cases(bool generalized_game) {
  static const std::vector<app::EdgeCase<Dice>> judge = placed_edge_cases(false);
  static const std::vector<app::EdgeCase<Dice>> general = placed_edge_cases(true);
  return generalized_game ? general : judge;
}

Dice random_dice(std::uint64_t index, core::SplitMix64& rng, bool generalized_game) {
  int turns = kJudgeTurns;
  if (generalized_game) {
    const int cap = app::size_cap(index, kSmallestTurnCap, kCasesPerTurnStep, kMaxGeneralizedTurns);
    turns = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cap)));
  }
  const std::vector<int>& palette = kPalettes[rng.below(kPalettes.size())];
  Dice dice;
  for (int turn = 0; turn < turns; ++turn) dice.push_back(palette[rng.below(palette.size())]);
  return dice;
}

// The judge's game: ten dice of five values.
constexpr std::size_t kJudgeDice = 10;
constexpr int kJudgeFaces = 5;

// The extreme families (HuntCases::extremes), ten dice each: one value
// throughout (sample s: s + 1), two values alternating, a run of 5s then
// 1s and the reverse, only big dice (4 and 5), only small ones (1 and 2).
// Value v stands for the board's v-th face, as everywhere in this file.
// kAlternatingPairs: the two values of each sample of kAlternating.
constexpr std::array<std::array<int, 2>, 6> kAlternatingPairs = {{{1, 5}, {5, 1}, {2, 3}, {4, 5}, {1, 2}, {3, 5}}};
enum Family : std::size_t { kAllEqual, kAlternating, kRuns, kBig, kSmall };
constexpr std::array<app::ExtremeFamily, 5> kFamilies = {{
    {"ten equal dice", kJudgeFaces},
    {"two values alternating", kAlternatingPairs.size()},
    {"five 5s then five 1s, and the reverse", 2},
    {"only 4s and 5s", 4},
    {"only 1s and 2s", 4},
}};

Dice extreme_dice(std::size_t family, std::uint64_t sample, core::SplitMix64& rng) {
  Dice dice(kJudgeDice, 1);
  for (std::size_t k = 0; k < kJudgeDice; ++k) {
    const bool first_half = k < kJudgeDice / 2;
    switch (family) {
      case kAllEqual:
        dice[k] = 1 + static_cast<int>(sample % kJudgeFaces);
        break;
      case kAlternating:
        dice[k] = kAlternatingPairs[sample % kAlternatingPairs.size()][k % 2];
        break;
      case kRuns:
        dice[k] = (first_half == (sample == 0)) ? kJudgeFaces : 1;
        break;
      case kBig:
        dice[k] = app::draw_in(rng, kJudgeFaces - 1, kJudgeFaces);
        break;
      default:  // kSmall
        dice[k] = app::draw_in(rng, 1, 2);
        break;
    }
  }
  return dice;
}

struct Cases {
  using Input = Dice;
  static constexpr std::size_t kKnobCount = kJudgeFaces;  // a weight per die value
  static constexpr std::uint64_t kJudgeMaxSize = kJudgeDice;
  static constexpr std::string_view kJudgeMaxWords = "ten dice";
  static constexpr const std::array<app::ExtremeFamily, 5>& kExtremes = kFamilies;

  static Dice extreme(std::size_t family, std::uint64_t sample, core::SplitMix64& rng,
                      const app::OptionValues& options) {
    Dice dice = extreme_dice(family, sample, rng);
    const std::vector<int> board_faces = faces(options);
    const int face_count = static_cast<int>(board_faces.size());
    for (int& die : dice) die = board_faces[static_cast<std::size_t>(std::min(die, face_count) - 1)];
    return dice;
  }

  static std::uint64_t size(const Dice& dice) { return dice.size(); }

  static Dice judge_sized(std::span<const double> knobs, core::SplitMix64& rng, const app::OptionValues& options) {
    const std::vector<int> board_faces = faces(options);
    double total = 0;
    for (double weight : knobs) total += weight;
    Dice dice;
    for (std::size_t k = 0; k < kJudgeDice; ++k) {
      // Value v with probability knobs[v - 1] / total (uniform if all are 0).
      int value = 1 + static_cast<int>(rng.below(kJudgeFaces));
      if (total > 0) {
        double draw = static_cast<double>(rng.below(1'000'000)) / 1'000'000.0 * total;
        for (value = 1; value < kJudgeFaces && draw >= knobs[static_cast<std::size_t>(value - 1)]; ++value)
          draw -= knobs[static_cast<std::size_t>(value - 1)];
      }
      dice.push_back(
          board_faces[static_cast<std::size_t>(std::min<int>(value, static_cast<int>(board_faces.size())) - 1)]);
    }
    return dice;
  }

  static Dice mutate(const Dice& dice, core::SplitMix64& rng, const app::OptionValues& options) {
    const std::vector<int> board_faces = faces(options);
    Dice changed = dice;
    const std::size_t face = rng.below(std::min<std::size_t>(kJudgeFaces, board_faces.size()));
    changed[rng.below(changed.size())] = board_faces[face];
    return changed;
  }

  static Dice generate(std::uint64_t index, core::SplitMix64& rng, const app::OptionValues& options) {
    const bool generalized_game = generalized(options);
    Dice dice =
        app::with_edge_cases<Dice>(edge_cases(generalized_game), index, rng,
                                   [generalized_game](std::uint64_t random_index, core::SplitMix64& random_rng) {
                                     return random_dice(random_index, random_rng, generalized_game);
                                   });
    const std::vector<int> board_faces = faces(options);
    const int face_count = static_cast<int>(board_faces.size());
    for (int& die : dice) die = board_faces[static_cast<std::size_t>(std::min(die, face_count) - 1)];
    return dice;
  }

  static Dice parse(std::string_view text) { return parse_dice(text, any_face_board()); }
  static std::string format(const Dice& dice) { return format_dice(dice); }

  static std::vector<Dice> shrink(const Dice& dice, const app::OptionValues& options) {
    std::vector<Dice> candidates;
    // 1. One die fewer (generalized game only), last ones first.
    if (generalized(options) && dice.size() > 1)
      for (std::size_t k = dice.size(); k-- > 0;) {
        Dice fewer = dice;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
        candidates.push_back(std::move(fewer));
      }
    // 2. A smaller face: straight to the smallest, then the next lower one.
    const std::vector<int> board_faces = faces(options);
    for (std::size_t k = 0; k < dice.size(); ++k) {
      const auto face = std::lower_bound(board_faces.begin(), board_faces.end(), dice[k]);
      if (face == board_faces.begin()) continue;
      Dice lower = dice;
      lower[k] = board_faces.front();
      candidates.push_back(lower);
      if (face - 1 != board_faces.begin()) {
        lower[k] = *(face - 1);
        candidates.push_back(std::move(lower));
      }
    }
    return candidates;
  }

  static std::string summary(const Dice& dice) {
    return fmt::format("{} dice summing to {}", dice.size(), std::accumulate(dice.begin(), dice.end(), 0));
  }
};

}  // namespace

app::HuntCases hunt_cases() { return app::typed_hunt_cases<Cases>(); }

}  // namespace boardsearch::yut
