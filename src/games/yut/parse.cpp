// Text in (parse.hpp): the board document, the dice schedule, --weights and
// --position.

#include "games/yut/parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <set>

#include "boardsearch/app/json_input.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::yut {

namespace {

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

// The largest weight of one face: sums stay far below 2^63 (the weight sum
// is one machine word in the exact arithmetic) and no real die needs more.
constexpr std::uint64_t kMaxWeight = 1'000'000;
// The four-stick throw of traditional yut: do (one flat side up) 4 of 16,
// gae 6, geol 4, yut 1, mo 1.
constexpr std::array<std::uint64_t, 5> kStickWeights = {4, 6, 4, 1, 1};

}  // namespace

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

std::vector<int> parse_dice(std::string_view input, const Board& board) {
  app::TextInput text(input);
  std::vector<int> dice;
  while (const auto line = text.next_line()) {
    const auto fields = app::split_fields(line->text);
    for (std::size_t field = 0; field < fields.size(); ++field) {
      // Any integer parses, so that the message can name the faces.
      const long long value =
          app::parse_integer(fields[field], line->number, field + 1, app::msg("yut.what.die"),
                             std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max());
      if (value < 1 || value > kMaxFace || !board.has_face(static_cast<int>(value)))
        throw app::InputError(app::msg("yut.error.not_a_face", {{"where", app::where_message(line->number, field + 1)},
                                                                {"value", value},
                                                                {"board", board.name},
                                                                {"faces", board.faces_text()}}));
      dice.push_back(static_cast<int>(value));
    }
  }
  if (dice.empty())
    throw app::InputError(app::msg("yut.error.no_dice", {{"where", app::where_message(text.next_line_number())}}));
  return dice;
}

std::vector<std::uint64_t> read_weights(const app::OptionValues& options, const Board& board) {
  const std::string* text = options.text("weights");
  if (text == nullptr) return std::vector<std::uint64_t>(board.faces.size(), 1);
  if (*text == "sticks") {
    if (board.faces.size() != kStickWeights.size())
      throw app::InputError(fmt::format(
          "--weights sticks: the four-stick throw has 5 outcomes (do, gae, geol, yut, mo); board '{}' has {} faces",
          board.name, board.faces.size()));
    return {kStickWeights.begin(), kStickWeights.end()};
  }
  std::vector<std::uint64_t> weights;
  std::string_view rest = *text;
  for (std::size_t field = 1;; ++field) {
    const std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    std::uint64_t weight = 0;
    const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), weight);
    if (item.empty() || error != std::errc() || end != item.data() + item.size() || weight > kMaxWeight)
      throw app::InputError(fmt::format("--weights: field {}: expected a weight (an integer in [0, {}]), found '{}'",
                                        field, kMaxWeight, app::printable(item, 40)));
    weights.push_back(weight);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (weights.size() != board.faces.size())
    throw app::InputError(fmt::format("--weights: expected {} weights (one per face: {}), found {}", board.faces.size(),
                                      board.faces_text(), weights.size()));
  if (std::all_of(weights.begin(), weights.end(), [](std::uint64_t w) { return w == 0; }))
    throw app::InputError("--weights: at least one weight must be positive");
  return weights;
}

std::vector<int> read_position(std::string_view text, const Board& board, int pieces) {
  const auto fields = app::split_fields(text);
  if (static_cast<int>(fields.size()) != pieces)
    throw app::InputError(
        fmt::format("--position: expected {} square ids (one per piece), found {}", pieces, fields.size()));
  std::vector<int> squares;
  for (std::size_t field = 0; field < fields.size(); ++field) {
    const auto square = board.find(fields[field]);
    if (!square)
      throw app::InputError(fmt::format("--position: field {}: '{}' is not a square of board '{}'", field + 1,
                                        app::printable(fields[field], 40), board.name));
    if (*square != board.start && *square != board.finish &&
        std::find(squares.begin(), squares.end(), *square) != squares.end())
      throw app::InputError(
          fmt::format("--position: field {}: square '{}' already holds a piece (only start and finish hold several)",
                      field + 1, board.id_of(*square)));
    squares.push_back(*square);
  }
  return squares;
}

}  // namespace boardsearch::yut
