// Sudoku inputs for `boardsearch hunt` (Baekjoon 2580 / 2239: a 9 x 9 grid
// with at least one completion, in the selected judge's form).
//
// Generation, by case index:
//   edge cases   the full grid of a random shuffle with one empty cell, the
//                empty grid, and the published hard grids, placed where
//                random inputs reach their number of empty cells
//   random       a random full grid (random_full_grid) with up to `cap`
//                cells emptied, the cap growing from 1 to 64 (17 clues) with
//                the index; every input has a completion, as the judges
//                promise
// Shrinking (each step empties clues, so the clues fall; every completion
// of a grid completes it with fewer clues): half of the clues emptied, then
// each clue alone.
// --slow, within the judge's limits (9 x 9, a completion exists):
//   knobs       the share of empty cells (0 .. 64 of 81)
//   mutations   a clue emptied (17 clues kept) or an empty cell filled
//   extremes    the empty grid; published hard grids; 64 empty cells of a
//               random full grid; one empty cell
// Size: the cells (81: every input is judge-sized).

#include "games/sudoku/hunt_cases.hpp"

#include <fmt/format.h>

#include <array>
#include <string>
#include <vector>

#include "boardsearch/app/hunt_cases.hpp"
#include "games/sudoku/format.hpp"
#include "games/sudoku/parse.hpp"
#include "games/sudoku/puzzle.hpp"
#include "games/sudoku/search.hpp"

namespace boardsearch::sudoku {

namespace {

constexpr int kMostEmpty = 81 - 17;  // 17 clues: the fewest of a grid with one completion
constexpr std::uint64_t kCasesPerEmptyStep = 2;

// Published hard grids (AI Escargot; Wikipedia's grid built against
// row-by-row backtracking; the first of the forum's hardest of 2011).
constexpr std::array<std::string_view, 3> kHardGrids = {
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
};

Form form_of(const app::OptionValues& options) {
  return question_of(options).smallest_judge ? Form::compact : Form::spaced;
}

ParsedGrid in_form(Grid grid, Form form) {
  ParsedGrid parsed;
  parsed.grid = std::move(grid);
  parsed.form = form;
  return parsed;
}

// `grid` with up to `most` of its filled cells emptied at random.
Grid thinned(Grid grid, int most, core::SplitMix64& rng) {
  for (int k = 0; k < most; ++k) grid.cells[rng.below(static_cast<std::uint64_t>(grid.size()))] = 0;
  return grid;
}

// The filled cells' indices / the empty cells' indices.
std::vector<int> cells_where(const Grid& grid, bool filled) {
  std::vector<int> cells;
  for (int k = 0; k < grid.size(); ++k)
    if ((grid.cells[static_cast<std::size_t>(k)] != 0) == filled) cells.push_back(k);
  return cells;
}

// The smallest completion's cells (a deterministic choice); empty when none.
std::vector<int> completion_of(const Grid& grid) { return search(grid, Goal::smallest, 0, {}).completion; }

const std::vector<app::EdgeCase<Grid>>& edge_cases() {
  static const std::vector<app::EdgeCase<Grid>> placed = [] {
    std::vector<app::EdgeCase<Grid>> edges;
    core::SplitMix64 rng(2580);
    Grid one_empty = random_full_grid(kJudgeBox, rng);
    one_empty.cells[40] = 0;
    edges.push_back({0, one_empty});
    for (const std::string_view hard : kHardGrids)
      edges.push_back({app::first_index_with_cap(kMostEmpty, 1, kCasesPerEmptyStep), parse_grid(hard).grid});
    edges.push_back({app::first_index_with_cap(kMostEmpty, 1, kCasesPerEmptyStep), empty_grid(kJudgeBox)});
    return edges;
  }();
  return placed;
}

enum Family : std::size_t { kEmptyGrid, kHard, kMostlyEmpty, kOneEmpty };
constexpr std::array<app::ExtremeFamily, 4> kFamilies = {{
    {"the empty grid", 1},
    {"published hard grids (AI Escargot, anti-backtracking, forum hardest 2011 #1)", 3},
    {"64 empty cells (17 clues) of a random full grid", 4},
    {"one empty cell", 1},
}};

struct Cases {
  using Input = ParsedGrid;
  static constexpr const std::array<app::ExtremeFamily, 4>& kExtremes = kFamilies;
  static constexpr std::size_t kKnobCount = 1;  // the share of empty cells
  static constexpr std::uint64_t kJudgeMaxSize = 81;
  static constexpr std::string_view kJudgeMaxWords = "9 x 9";

  static ParsedGrid generate(std::uint64_t index, core::SplitMix64& rng, const app::OptionValues& options) {
    const Grid grid =
        app::with_edge_cases<Grid>(edge_cases(), index, rng, [](std::uint64_t random, core::SplitMix64& r) {
          const int cap = app::size_cap(random, 1, kCasesPerEmptyStep, kMostEmpty);
          Grid full = random_full_grid(kJudgeBox, r);
          return thinned(std::move(full), app::draw_in(r, 1, cap), r);
        });
    return in_form(grid, form_of(options));
  }

  static ParsedGrid extreme(std::size_t family, std::uint64_t sample, core::SplitMix64& rng,
                            const app::OptionValues& options) {
    switch (family) {
      case kEmptyGrid:
        return in_form(empty_grid(kJudgeBox), form_of(options));
      case kHard:
        return in_form(parse_grid(kHardGrids[sample % kHardGrids.size()]).grid, form_of(options));
      case kMostlyEmpty: {
        Grid grid = random_full_grid(kJudgeBox, rng);
        std::vector<int> filled = cells_where(grid, true);
        for (int k = 0; k < kMostEmpty; ++k) {
          const std::size_t pick = rng.below(filled.size());
          grid.cells[static_cast<std::size_t>(filled[pick])] = 0;
          filled.erase(filled.begin() + static_cast<std::ptrdiff_t>(pick));
        }
        return in_form(grid, form_of(options));
      }
      default:  // kOneEmpty
        return in_form(thinned(random_full_grid(kJudgeBox, rng), 1, rng), form_of(options));
    }
  }

  // Harder: one clue fewer, 17 kept.
  static ParsedGrid harden(const ParsedGrid& input, core::SplitMix64& rng, const app::OptionValues&) {
    ParsedGrid harder = input;
    const std::vector<int> filled = cells_where(input.grid, true);
    if (static_cast<int>(filled.size()) > 81 - kMostEmpty)
      harder.grid.cells[static_cast<std::size_t>(filled[rng.below(filled.size())])] = 0;
    return harder;
  }

  static std::uint64_t size(const ParsedGrid& input) { return static_cast<std::uint64_t>(input.grid.size()); }

  static ParsedGrid judge_sized(std::span<const double> knobs, core::SplitMix64& rng,
                                const app::OptionValues& options) {
    return in_form(thinned(random_full_grid(kJudgeBox, rng), app::knob_in(knobs[0], 0, kMostEmpty), rng),
                   form_of(options));
  }

  // A clue emptied (when more than 17 remain) or an empty cell filled from the smallest completion.
  static ParsedGrid mutate(const ParsedGrid& input, core::SplitMix64& rng, const app::OptionValues& options) {
    if (rng.below(2) == 0) return harden(input, rng, options);
    ParsedGrid filled = input;
    const std::vector<int> empty = cells_where(input.grid, false);
    const std::vector<int> completion = completion_of(input.grid);
    if (empty.empty() || completion.empty()) return filled;
    const auto cell = static_cast<std::size_t>(empty[rng.below(empty.size())]);
    filled.grid.cells[cell] = completion[cell];
    return filled;
  }

  static ParsedGrid parse(std::string_view text) { return parse_grid(text); }
  static std::string format(const ParsedGrid& input) {
    return grid_text(input.grid, input.form == Form::compact ? Style::compact : Style::spaced);
  }

  static std::vector<ParsedGrid> shrink(const ParsedGrid& input, const app::OptionValues&) {
    // Clues emptied: every completion of the grid still completes it, so
    // each candidate keeps a completion, as the judges promise.
    std::vector<ParsedGrid> candidates;
    const std::vector<int> filled = cells_where(input.grid, true);
    // 1. Half of the clues emptied (the first half row by row).
    if (filled.size() > 1) {
      ParsedGrid half = input;
      for (std::size_t k = 0; k < filled.size() / 2; ++k) half.grid.cells[static_cast<std::size_t>(filled[k])] = 0;
      candidates.push_back(std::move(half));
    }
    // 2. Each clue emptied alone.
    for (const int cell : filled) {
      ParsedGrid one = input;
      one.grid.cells[static_cast<std::size_t>(cell)] = 0;
      candidates.push_back(std::move(one));
    }
    return candidates;
  }

  static std::string summary(const ParsedGrid& input) {
    return fmt::format("{} x {} with {} clues", input.grid.side, input.grid.side, input.grid.clues());
  }
};

}  // namespace

app::HuntCases hunt_cases() { return app::typed_hunt_cases<Cases>(); }

}  // namespace boardsearch::sudoku
