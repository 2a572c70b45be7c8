// The board as data (rules.hpp): the Board's own helpers and the standard
// board of the puzzle page.

#include "games/yut/rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace boardsearch::yut {

bool Board::has_face(int value) const { return std::binary_search(faces.begin(), faces.end(), value); }

std::optional<int> Board::find(std::string_view id) const {
  for (std::size_t i = 0; i < squares.size(); ++i)
    if (squares[i].id == id) return static_cast<int>(i);
  return std::nullopt;
}

std::string Board::faces_text() const {
  const bool contiguous = !faces.empty() && faces.back() - faces.front() + 1 == static_cast<int>(faces.size());
  if (contiguous && faces.size() > 2) return fmt::format("{}..{}", faces.front(), faces.back());
  return fmt::format("{}", fmt::join(faces, ", "));
}

// ---------------------------------------------------------------------------
// The standard board (puzzle page), drawn as a circle with a cross inside:
//
//                         o20 (north, blue)
//             o22 ...      i22       ... o18
//                          i24
//   o30 (west) - i28 i27 i26 - i25 (center) - i19 i16 i13 - o10 (east)
//   (blue)                   i30                  (blue)
//             o32 ...      i35       ... o8
//                          o40 (south)
//                   finish       start
//
// Outer ring: o2, o4, ..., o38, o40 counterclockwise from start to finish.
// Inner squares: i13 i16 i19 (from o10), i22 i24 (from o20), i28 i27 i26
// (from o30), all leading to i25, then i30 i35 and the shared o40.
// ---------------------------------------------------------------------------
namespace {

// Drawing constants of the standard board, in the 0..100 viewer box.
constexpr double kCenter = 50;
constexpr double kRadius = 40;
constexpr int kOuterSquares = 20;  // o2 .. o40
constexpr double kDegreesPerOuterStep = 360.0 / kOuterSquares;

// Rounds to one decimal so that the data file holds short, exact numbers.
double one_decimal(double value) { return std::round(value * 10) / 10; }

// Outer square k (k = 1..20, worth 2k): k = 5 (o10) east, 10 (o20) north,
// 15 (o30) west, 20 (o40) south; counterclockwise as seen on screen.
Layout outer_layout(int k) {
  const double radians = (k - 5) * kDegreesPerOuterStep * std::numbers::pi / 180;
  return {one_decimal(kCenter + kRadius * std::cos(radians)), one_decimal(kCenter - kRadius * std::sin(radians))};
}

// The point a fraction `t` of the way from `a` to `b`.
Layout between(Layout a, Layout b, double t) {
  return {one_decimal(a.x + (b.x - a.x) * t), one_decimal(a.y + (b.y - a.y) * t)};
}

Board build_standard_board() {
  Board board;
  board.name = "standard";
  board.description =
      "The board of the puzzle page: outer ring 2..40; a move starting on 10, 20 or 30 takes the blue path "
      "through the center 25.";
  board.faces = {1, 2, 3, 4, 5};
  auto add = [&board](std::string id, long long points, Layout layout) {
    board.squares.push_back(Square{std::move(id), points, kNoSquare, kNoSquare, layout});
    return static_cast<int>(board.squares.size()) - 1;
  };
  // Sets successors by id (the ids below are all defined in this function).
  auto link = [&board](std::string_view from, std::string_view red, std::string_view blue = {}) {
    Square& square = board.squares[*board.find(from)];
    square.red = *board.find(red);
    if (!blue.empty()) square.blue = *board.find(blue);
  };

  const Layout center{kCenter, kCenter};
  board.start = add("start", 0, {62, 98});
  for (int k = 1; k <= kOuterSquares; ++k) add(fmt::format("o{}", 2 * k), 2 * k, outer_layout(k));
  const Layout east = outer_layout(5), north = outer_layout(10), west = outer_layout(15), south = outer_layout(20);
  add("i13", 13, between(east, center, 0.25));
  add("i16", 16, between(east, center, 0.5));
  add("i19", 19, between(east, center, 0.75));
  add("i22", 22, between(north, center, 1.0 / 3));
  add("i24", 24, between(north, center, 2.0 / 3));
  add("i28", 28, between(west, center, 0.25));
  add("i27", 27, between(west, center, 0.5));
  add("i26", 26, between(west, center, 0.75));
  add("i25", 25, center);
  add("i30", 30, between(center, south, 1.0 / 3));
  add("i35", 35, between(center, south, 2.0 / 3));
  board.finish = add("finish", 0, {38, 98});

  link("start", "o2");
  for (int k = 1; k < kOuterSquares; ++k) link(fmt::format("o{}", 2 * k), fmt::format("o{}", 2 * k + 2));
  link("o40", "finish");
  link("o10", "o12", "i13");
  link("o20", "o22", "i22");
  link("o30", "o32", "i28");
  link("i13", "i16");
  link("i16", "i19");
  link("i19", "i25");
  link("i22", "i24");
  link("i24", "i25");
  link("i28", "i27");
  link("i27", "i26");
  link("i26", "i25");
  link("i25", "i30");
  link("i30", "i35");
  link("i35", "o40");
  return board;
}

}  // namespace

const Board& standard_board() {
  static const Board board = build_standard_board();
  return board;
}

}  // namespace boardsearch::yut
