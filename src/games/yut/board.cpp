#include "games/yut/board.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

#include "boardsearch/app/json_input.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

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

// ---------------------------------------------------------------------------
// Parsing and validation.
// ---------------------------------------------------------------------------

// Longest message about a board: ids and names are the user's text and may
// hold anything, so the message is made printable (one line, no NUL).
constexpr std::size_t kMaxMessageChars = 500;
// How much of an offending JSON value a message quotes.
constexpr std::size_t kMaxShownValueChars = 40;

[[noreturn]] void fail(std::string_view source, std::string_view message) {
  throw app::InputError(app::printable(fmt::format("{}: {}", source, message), kMaxMessageChars));
}

// An offending value as a message quotes it: compact JSON, cut short.
std::string shown(const nlohmann::json& value) { return app::printable(value.dump(), kMaxShownValueChars); }

// Rejects keys a board file does not define (catches typos like "bleu").
void check_keys(const nlohmann::json& object, std::initializer_list<std::string_view> allowed, std::string_view source,
                std::string_view what) {
  for (const auto& item : object.items())
    if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end())
      fail(source, fmt::format("{}: unknown key '{}'", what, item.key()));
}

// An integer in [min, max] from a JSON value, or an error naming `what`.
long long integer_in(const nlohmann::json& value, long long min, long long max, std::string_view source,
                     std::string_view what) {
  if (!value.is_number_integer()) fail(source, fmt::format("{} must be an integer, found {}", what, shown(value)));
  // Non-negative numbers arrive as unsigned and may exceed every signed type.
  const bool in_range =
      value.is_number_unsigned()
          ? value.get<std::uint64_t>() <= static_cast<std::uint64_t>(max) && value.get<long long>() >= min
          : value.get<std::int64_t>() >= min && value.get<std::int64_t>() <= max;
  if (!in_range) fail(source, fmt::format("{} must be in [{}, {}], found {}", what, min, max, shown(value)));
  return value.get<long long>();
}

std::string string_in(const nlohmann::json& value, std::string_view source, std::string_view what) {
  if (!value.is_string() || value.get<std::string>().empty())
    fail(source, fmt::format("{} must be a non-empty string, found {}", what, value.dump()));
  return value.get<std::string>();
}

// Resolves a successor id of square `from`; `which` is "red" or "blue".
int resolve_successor(const Board& board, const nlohmann::json& value, const std::string& from, std::string_view which,
                      std::string_view source) {
  const std::string what = fmt::format("square '{}': {} successor", from, which);
  const std::string id = string_in(value, source, what);
  const auto index = board.find(id);
  if (!index) fail(source, fmt::format("{} '{}' is not a square id", what, id));
  if (*index == board.start)
    fail(source, fmt::format("{} '{}' is the start square (start is never a destination)", what, id));
  return *index;
}

// Every square's red chain must end on finish. Walks each chain once (memo),
// so the check is linear in the number of squares.
void check_paths_reach_finish(const Board& board, std::string_view source) {
  enum class Mark : std::uint8_t { unknown, on_current_walk, reaches_finish };
  std::vector<Mark> mark(board.squares.size(), Mark::unknown);
  mark[board.finish] = Mark::reaches_finish;
  for (std::size_t first = 0; first < board.squares.size(); ++first) {
    std::vector<int> walk;
    int square = static_cast<int>(first);
    while (mark[square] == Mark::unknown) {
      mark[square] = Mark::on_current_walk;
      walk.push_back(square);
      square = board.squares[square].red;
    }
    if (mark[square] == Mark::on_current_walk)
      fail(source, fmt::format("square '{}': following red successors from here never reaches finish (loop at '{}')",
                               board.squares[first].id, board.squares[square].id));
    for (int visited : walk) mark[visited] = Mark::reaches_finish;
  }
}

// With blue arrows too, no path may come back to a square it left: a piece
// could then move forever without reaching finish. Depth-first search over
// red and blue arrows; a grey square met again closes a loop.
void check_no_loops_through_blue(const Board& board, std::string_view source) {
  enum class Color : std::uint8_t { white, grey, black };
  std::vector<Color> color(board.squares.size(), Color::white);
  std::vector<std::pair<int, int>> stack;  // (square, next arrow: 0 red, 1 blue, 2 done)
  for (std::size_t root = 0; root < board.squares.size(); ++root) {
    if (color[root] != Color::white) continue;
    stack.push_back({static_cast<int>(root), 0});
    color[root] = Color::grey;
    while (!stack.empty()) {
      auto& [square, arrow] = stack.back();
      if (arrow == 2) {
        color[square] = Color::black;
        stack.pop_back();
        continue;
      }
      const int next = arrow == 0 ? board.squares[square].red : board.squares[square].blue;
      ++arrow;
      if (next == kNoSquare || color[next] == Color::black) continue;
      if (color[next] == Color::grey)
        fail(source, fmt::format("square '{}': its arrows lead back to it through blue successors, so a path "
                                 "could loop and never reach finish",
                                 board.squares[next].id));
      color[next] = Color::grey;
      stack.push_back({next, 0});
    }
  }
}

}  // namespace

const Board& standard_board() {
  static const Board board = build_standard_board();
  return board;
}

// Steps: 1 JSON syntax, 2 top-level keys, 3 squares and ids, 4 start and
// finish, 5 successors, 6 paths reach finish, 7 faces.
Board parse_board(std::string_view text, std::string_view source) {
  // Step 1. JSON syntax.
  nlohmann::json root;
  try {
    root = app::parse_json(text);  // refuses absurd nesting before anything recurses into it
  } catch (const app::InputError& e) {
    fail(source, e.what());
  }

  // Step 2. Top-level shape.
  if (!root.is_object()) fail(source, "a board must be a JSON object");
  check_keys(root, {"name", "description", "faces", "start", "finish", "squares"}, source, "board");
  Board board;
  board.name = root.contains("name") ? string_in(root["name"], source, "name") : std::string(source);
  if (root.contains("description")) {
    if (!root["description"].is_string()) fail(source, "description must be a string");
    board.description = root["description"].get<std::string>();
  }

  // Step 3. Squares: ids, points, layout (successors need all ids first).
  if (!root.contains("squares")) fail(source, "missing key 'squares'");
  const nlohmann::json& squares = root["squares"];
  if (!squares.is_array() || squares.empty() || squares.size() > static_cast<std::size_t>(kMaxSquares))
    fail(source, fmt::format("squares must be an array of 1 to {} squares", kMaxSquares));
  std::set<std::string> ids;
  for (std::size_t i = 0; i < squares.size(); ++i) {
    const nlohmann::json& item = squares[i];
    const std::string where = fmt::format("square #{}", i + 1);
    if (!item.is_object()) fail(source, fmt::format("{} must be a JSON object", where));
    if (!item.contains("id")) fail(source, fmt::format("{}: missing key 'id'", where));
    Square square;
    square.id = string_in(item["id"], source, fmt::format("{}: id", where));
    const std::string named = fmt::format("square '{}'", square.id);
    check_keys(item, {"id", "points", "red", "blue", "x", "y"}, source, named);
    if (!ids.insert(square.id).second) fail(source, fmt::format("{}: id defined twice", named));
    if (!item.contains("points")) fail(source, fmt::format("{}: missing key 'points'", named));
    square.points = integer_in(item["points"], -kMaxPoints, kMaxPoints, source, named + ": points");
    if (item.contains("x") != item.contains("y")) fail(source, fmt::format("{}: give both x and y, or neither", named));
    if (item.contains("x")) {
      for (const char* axis : {"x", "y"})
        if (!item[axis].is_number() || !(item[axis].get<double>() >= kMinLayout) ||
            !(item[axis].get<double>() <= kMaxLayout))
          fail(source, fmt::format("{}: {} must be a number in [{}, {}], found {}", named, axis, kMinLayout, kMaxLayout,
                                   shown(item[axis])));
      square.layout = Layout{item["x"].get<double>(), item["y"].get<double>()};
    }
    board.squares.push_back(std::move(square));
  }

  // Step 4. Start and finish.
  for (const char* key : {"start", "finish"}) {
    if (!root.contains(key)) fail(source, fmt::format("missing {} square (key '{}')", key, key));
    const std::string id = string_in(root[key], source, key);
    const auto index = board.find(id);
    if (!index) fail(source, fmt::format("{} '{}' is not a square id", key, id));
    (std::string_view(key) == "start" ? board.start : board.finish) = *index;
  }
  if (board.start == board.finish) fail(source, "start and finish must be different squares");

  // Step 5. Successors: finish has none; every other square has a red one.
  for (std::size_t i = 0; i < squares.size(); ++i) {
    const nlohmann::json& item = squares[i];
    Square& square = board.squares[i];
    if (static_cast<int>(i) == board.finish) {
      if (item.contains("red") || item.contains("blue"))
        fail(source, fmt::format("square '{}': finish has no successors", square.id));
      continue;
    }
    if (!item.contains("red"))
      fail(source, fmt::format("square '{}': missing red successor (only finish has none)", square.id));
    square.red = resolve_successor(board, item["red"], square.id, "red", source);
    if (item.contains("blue")) square.blue = resolve_successor(board, item["blue"], square.id, "blue", source);
  }

  // Step 6. Paths reach finish: red chains end there, and blue arrows make
  // no loops.
  check_paths_reach_finish(board, source);
  check_no_loops_through_blue(board, source);

  // Step 7. Faces.
  if (!root.contains("faces")) fail(source, "missing key 'faces' (the dice values allowed)");
  const nlohmann::json& faces = root["faces"];
  if (!faces.is_array() || faces.empty()) fail(source, "faces must be a non-empty array of integers");
  for (const nlohmann::json& face : faces) {
    const int value = static_cast<int>(integer_in(face, 1, kMaxFace, source, "a face"));
    if (board.has_face(value)) fail(source, fmt::format("face {} listed twice", value));
    board.faces.insert(std::upper_bound(board.faces.begin(), board.faces.end(), value), value);
  }
  return board;
}

nlohmann::json board_to_json(const Board& board) {
  nlohmann::json squares = nlohmann::json::array();
  for (const Square& square : board.squares) {
    nlohmann::json item{{"id", square.id}, {"points", square.points}};
    if (square.red != kNoSquare) item["red"] = board.squares[square.red].id;
    if (square.blue != kNoSquare) item["blue"] = board.squares[square.blue].id;
    if (square.layout) {
      item["x"] = square.layout->x;
      item["y"] = square.layout->y;
    }
    squares.push_back(std::move(item));
  }
  return nlohmann::json{{"name", board.name},
                        {"description", board.description},
                        {"faces", board.faces},
                        {"start", board.squares[board.start].id},
                        {"finish", board.squares[board.finish].id},
                        {"squares", std::move(squares)}};
}

}  // namespace boardsearch::yut
