#pragma once
// The judge text out (a grid in the judge's form, -1, a count), the bulk
// lines, and every English text the module shows (--explain, the viewer's
// step texts, the bulk statistics) in one place, so that they can move into
// a message catalog.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "games/sudoku/rules.hpp"

namespace boardsearch::sudoku {

// How the answer is written: spaced (Baekjoon 2580: numbers separated by a
// blank) or compact (Baekjoon 2239: digits, no blank; spaced above 9 x 9,
// where numbers pass 9).
enum class Style : std::uint8_t { spaced, compact };

// `grid`'s rows in `style`, each ending in '\n'.
std::string grid_text(const Grid& grid, Style style);

// The answer of a grid without completion.
inline constexpr std::string_view kNoCompletion = "-1\n";

// `count` in decimal, any 128-bit value.
std::string decimal(Count count);

// The rows of `grid` as arrays of numbers (the viewer's board, --json).
std::vector<std::vector<int>> rows_of(const Grid& grid);

// The texts (the catalog; English). Cells are named r<row>c<column>,
// counted from 1 as sudoku books do; a number set as {2, 7}.
namespace text {
enum class UnitKind : std::uint8_t { row, column, box };
struct UnitName {
  UnitKind kind = UnitKind::row;
  int index = 0;  // from 0
};
std::string unit(UnitName name);       // "box 5", "row 3", "column 7"
std::string cell(int side, int cell);  // "r3c7"
std::string naked_single(int side, int cell, int number);
std::string hidden_single(int side, UnitName where, int cell, int number);
std::string locked_candidates(int side, UnitName within, UnitName line, int number, const std::vector<int>& cleared);
std::string naked_pair(int side, UnitName where, int a, int b, int p, int q, const std::vector<int>& cleared);
std::string hidden_pair(int side, UnitName where, int a, int b, int p, int q);
std::string guess(int side, int cell, std::uint32_t marks, int number, const std::vector<int>& others,
                  std::optional<bool> others_fail);
std::string numbered(int number, const std::string& step);
std::string start(int clues, int side);
std::string solved_summary(int clues, int side, std::uint64_t nodes, bool smallest);
std::string no_completion(int clues, int side, std::uint64_t nodes);
std::string counted(const std::string& count, bool at_least, std::uint64_t nodes);
std::string bulk_summary(std::size_t grids, std::size_t solved, double solve_ms, double max_us, std::uint64_t nodes);
}  // namespace text

}  // namespace boardsearch::sudoku
