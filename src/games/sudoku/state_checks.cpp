// The sudoku checks for the conformance suite.
//
// check_states: the search keeps no apply/undo state (a child is a copy of
// its parent), so what is checked is the invariant the search rests on
// (solver.hpp, "Soundness"): propagation never removes a number that a
// completion holds. Random full grids are thinned to random clue sets; the
// candidates after propagation must still hold the full grid's number in
// every cell, a placed cell's number must be gone from its peers, and the
// search must complete the grid.
//
// check_report: the judge answer says what the document says, and the
// completion shown completes the input by the plain rules (rules.hpp); the
// viewer line starts at the input and ends at the completion, one cell a step.

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "games/sudoku/format.hpp"
#include "games/sudoku/parse.hpp"
#include "games/sudoku/puzzle.hpp"
#include "games/sudoku/search.hpp"

namespace boardsearch::sudoku {

namespace {

// A random permutation of 0..n-1.
std::vector<int> shuffled(int n, core::SplitMix64& rng) {
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  for (int k = n - 1; k > 0; --k)
    std::swap(order[static_cast<std::size_t>(k)], order[rng.below(static_cast<std::uint64_t>(k + 1))]);
  return order;
}

// A permutation of 0..side-1 that keeps the bands (groups of `box`): the
// bands shuffled, and the lines within each band.
std::vector<int> band_preserving(int box, core::SplitMix64& rng) {
  const std::vector<int> bands = shuffled(box, rng);
  std::vector<int> order;
  for (const int band : bands)
    for (const int line : shuffled(box, rng)) order.push_back(band * box + line);
  return order;
}

// Whether `completion` is allowed by the candidates `cand` in every cell.
bool allows(const std::vector<std::uint32_t>& cand, const Grid& completion) {
  for (std::size_t k = 0; k < cand.size(); ++k)
    if ((cand[k] >> (completion.cells[k] - 1) & 1U) == 0) return false;
  return true;
}

}  // namespace

Grid random_full_grid(int box, core::SplitMix64& rng) {
  Grid grid = empty_grid(box);
  const std::vector<int> numbers = shuffled(grid.side, rng);
  const std::vector<int> rows = band_preserving(box, rng);
  const std::vector<int> cols = band_preserving(box, rng);
  const bool transpose = rng.below(2) == 1;
  for (int r = 0; r < grid.side; ++r)
    for (int c = 0; c < grid.side; ++c) {
      // The pattern grid: row r shifted by box * (r % box) + r / box.
      const int rr = rows[static_cast<std::size_t>(r)], cc = cols[static_cast<std::size_t>(c)];
      const int pattern = (box * (rr % box) + rr / box + cc) % grid.side;
      (transpose ? grid.at(c, r) : grid.at(r, c)) = numbers[static_cast<std::size_t>(pattern)] + 1;
    }
  return grid;
}

std::size_t check_states(std::uint64_t seed) {
  core::SplitMix64 rng(seed);
  constexpr int kGridsPerBox = 40;
  std::size_t checks = 0;
  for (int box = kMinBox; box <= 4; ++box)
    for (int g = 0; g < kGridsPerBox; ++g) {
      const Grid full = random_full_grid(box, rng);
      if (first_clash(full)) throw std::logic_error(fmt::format("random_full_grid({}) broke the rules", box));
      Grid clues = full;
      const int keep_percent = 20 + static_cast<int>(rng.below(60));
      for (int& cell : clues.cells)
        if (static_cast<int>(rng.below(100)) >= keep_percent) cell = 0;
      // Step 1. Propagation keeps the known completion.
      const std::vector<std::uint32_t> cand = propagated_candidates(clues);
      if (cand.empty() || !allows(cand, full))
        throw std::logic_error(fmt::format("propagation removed a number of a completion ({} x {}, {} clues)",
                                           clues.side, clues.side, clues.clues()));
      // Step 2. A placed cell's number is gone from its peers.
      for (int k = 0; k < clues.size(); ++k) {
        const std::uint32_t m = cand[static_cast<std::size_t>(k)];
        if ((m & (m - 1)) != 0) continue;
        for (int j = 0; j < clues.size(); ++j) {
          const bool peer =
              j != k && (j / clues.side == k / clues.side || j % clues.side == k % clues.side ||
                         clues.box_of(j / clues.side, j % clues.side) == clues.box_of(k / clues.side, k % clues.side));
          if (peer && (cand[static_cast<std::size_t>(j)] & m) != 0)
            throw std::logic_error("a placed number is still a candidate of a peer");
        }
      }
      // Step 3. The search completes it.
      Grid done = clues;
      done.cells = search(clues, Goal::any, 0, {}).completion;
      if (!completes(clues, done)) throw std::logic_error("the search's completion does not complete the grid");
      checks += 3;
    }
  return checks;
}

std::string check_report(std::string_view input, const app::OptionValues& options, const app::SolveReport& report) {
  const nlohmann::json& document = report.document;
  if (document.contains("bulk")) return "";  // no grid to replay: one answer per line, no line
  const Grid grid = parse_grid(input).grid;
  if (document.value("answer", "") != report.answer) return "the document's answer is not the judge answer";
  if (document.contains("count")) {
    const std::string said =
        (document.at("at_least").get<bool>() ? "at least " : "") + document.at("count").get<std::string>() + "\n";
    return said == report.answer ? "" : fmt::format("the judge answer does not say the count {}", said);
  }
  const nlohmann::json& shown = document.at("completion");
  if (shown.is_null()) return report.answer == kNoCompletion ? "" : "no completion is shown but the answer is not -1";
  Grid done;
  try {
    done = parse_grid(report.answer).grid;
  } catch (const app::InputError& e) {
    return fmt::format("the judge answer is not a grid: {}", e.what());
  }
  if (!completes(grid, done)) return "the judge answer does not complete the grid";
  if (shown != nlohmann::json(rows_of(done))) return "the document's completion is not the judge answer";
  const Question question = question_of(options);
  if (report.answer != grid_text(done, question.smallest_judge ? Style::compact : Style::spaced))
    return "the judge answer is not in the judge's form";
  // The line: from the input, one cell a step, to the completion.
  if (report.line.empty()) return "";
  if (report.line.front().at("board").at("rows") != nlohmann::json(rows_of(grid)))
    return "the line does not start at the input";
  Grid replay = grid;
  for (std::size_t k = 1; k < report.line.size(); ++k) {
    const nlohmann::json& rows = report.line[k].at("board").at("rows");
    int changed = 0;
    for (int r = 0; r < grid.side; ++r)
      for (int c = 0; c < grid.side; ++c) {
        const int v = rows.at(static_cast<std::size_t>(r)).at(static_cast<std::size_t>(c)).get<int>();
        if (v == replay.at(r, c)) continue;
        if (replay.at(r, c) != 0) return fmt::format("step {} changes a filled cell", k);
        replay.at(r, c) = v;
        ++changed;
      }
    if (changed != 1) return fmt::format("step {} fills {} cells, not one", k, changed);
  }
  return replay.cells == done.cells ? "" : "the line does not end at the completion";
}

}  // namespace boardsearch::sudoku
