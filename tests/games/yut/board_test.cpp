// Board data: the built-in standard board matches the puzzle page and the
// shipped file, board files round-trip, and bad board files are refused with
// one line naming the file and the square.

#include <gtest/gtest.h>

#include "boardsearch/app/puzzle.hpp"
#include "yut/test_support.hpp"

namespace boardsearch::yut::testing {
namespace {

// The points of the squares met following arrows from `id`: the first step
// blue if `blue_first`, then red, until finish (not included).
std::vector<long long> points_along(const Board& board, std::string_view id, bool blue_first) {
  std::vector<long long> points;
  int at = *board.find(id);
  at = blue_first ? board.squares[at].blue : board.squares[at].red;
  while (at != board.finish) {
    points.push_back(board.squares[at].points);
    at = board.squares[at].red;
  }
  return points;
}

TEST(YutBoard, StandardBoardFollowsThePuzzlePage) {
  const Board& board = standard_board();
  std::vector<long long> outer;
  for (int value = 2; value <= 40; value += 2) outer.push_back(value);
  EXPECT_EQ(points_along(board, "start", false), outer);
  EXPECT_EQ(points_along(board, "o10", true), (std::vector<long long>{13, 16, 19, 25, 30, 35, 40}));
  EXPECT_EQ(points_along(board, "o20", true), (std::vector<long long>{22, 24, 25, 30, 35, 40}));
  EXPECT_EQ(points_along(board, "o30", true), (std::vector<long long>{28, 27, 26, 25, 30, 35, 40}));
  EXPECT_EQ(board.squares.size(), 33u);  // start, 20 outer, 11 inner, finish
  int blue_squares = 0;
  for (const Square& square : board.squares) blue_squares += square.blue != kNoSquare;
  EXPECT_EQ(blue_squares, 3);
  EXPECT_EQ(board.squares[board.finish].points, 0);
  EXPECT_EQ(board.faces, (std::vector<int>{1, 2, 3, 4, 5}));
  // Only 40 is shared: the blue paths end on the same o40 square.
  const int o30 = *board.find("o30");
  EXPECT_EQ(walk(board, *board.find("i35"), 1), *board.find("o40"));
  EXPECT_NE(walk(board, *board.find("o10"), 5), o30);
}

TEST(YutBoard, BuiltInStandardBoardEqualsTheShippedFile) {
  const Board from_file = parse_board(read_text(source_path("docs/boards/standard.json")), "standard.json");
  EXPECT_EQ(from_file, standard_board());
}

TEST(YutBoard, EveryShippedBoardRoundTrips) {
  for (const char* file : {"docs/boards/standard.json", "docs/boards/traditional.json"}) {
    const Board board = parse_board(read_text(source_path(file)), file);
    EXPECT_EQ(parse_board(board_to_json(board).dump(2), "again.json"), board) << file;
    for (const Square& square : board.squares) EXPECT_TRUE(square.layout.has_value()) << file << " " << square.id;
  }
}

TEST(YutBoard, TraditionalBoardHas29StationsAndTwoDiagonals) {
  const Board board = parse_board(read_text(source_path("docs/boards/traditional.json")), "traditional.json");
  EXPECT_EQ(board.squares.size(), 29u + 2);  // stations plus start and finish
  // Corner o5 with a 3 ends on the center; from the center the blue arrow
  // leads home (b3, b4, o20); passing the center goes on to o15.
  EXPECT_EQ(board.squares[walk(board, *board.find("o5"), 3)].id, "center");
  EXPECT_EQ(board.squares[walk(board, *board.find("center"), 3)].id, "o20");
  EXPECT_EQ(board.squares[walk(board, *board.find("o5"), 5)].id, "a4");
  EXPECT_EQ(board.squares[walk(board, *board.find("o10"), 5)].id, "a4");
  EXPECT_EQ(board.squares[walk(board, *board.find("o4"), 5)].id, "o9");  // passes o5: no turn
}

// The error message for a board file, or "no error".
std::string board_error(const std::string& text) {
  try {
    parse_board(text, "my-board.json");
  } catch (const app::InputError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  return "no error";
}

// A small valid board, then variations of it.
constexpr const char* kTinyBoard = R"({"faces": [1, 2], "start": "s", "finish": "f", "squares": [
  {"id": "s", "points": 0, "red": "a"},
  {"id": "a", "points": 5, "red": "b", "blue": "f"},
  {"id": "b", "points": 7, "red": "f"},
  {"id": "f", "points": 0}]})";

std::string tiny_with(const std::string& from, const std::string& to) {
  std::string text = kTinyBoard;
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(YutBoard, TinyBoardIsValidAndNamedAfterItsFile) {
  const Board board = parse_board(kTinyBoard, "my-board.json");
  EXPECT_EQ(board.name, "my-board.json");
  EXPECT_EQ(board.squares.size(), 4u);
  EXPECT_EQ(board.faces_text(), "1, 2");
}

TEST(YutBoard, BadBoardFilesAreRefusedNamingFileAndSquare) {
  EXPECT_EQ(board_error(tiny_with(R"("red": "b", "blue")", R"("red": "zz", "blue")")),
            "my-board.json: square 'a': red successor 'zz' is not a square id");
  EXPECT_EQ(board_error(tiny_with(R"("blue": "f")", R"("blue": "nowhere")")),
            "my-board.json: square 'a': blue successor 'nowhere' is not a square id");
  EXPECT_EQ(board_error(tiny_with(R"("id": "b", "points": 7, "red": "f")", R"("id": "b", "points": 7, "red": "a")")),
            "my-board.json: square 's': following red successors from here never reaches finish (loop at 'a')");
  EXPECT_EQ(board_error(tiny_with(R"("id": "b", "points": 7, "red": "f")",
                                  R"("id": "b", "points": 7, "red": "f", "blue": "a")")),
            "my-board.json: square 'a': its arrows lead back to it through blue successors, so a path could loop and "
            "never reach finish");
  EXPECT_EQ(board_error(tiny_with(R"("start": "s", )", "")), "my-board.json: missing start square (key 'start')");
  EXPECT_EQ(board_error(tiny_with(R"("finish": "f", )", "")), "my-board.json: missing finish square (key 'finish')");
  EXPECT_EQ(board_error(tiny_with(R"("start": "s")", R"("start": "q")")),
            "my-board.json: start 'q' is not a square id");
  EXPECT_EQ(board_error(tiny_with(R"("start": "s")", R"("start": "f")")),
            "my-board.json: start and finish must be different squares");
  EXPECT_EQ(board_error(tiny_with(R"("red": "b", "blue")", R"("red": "s", "blue")")),
            "my-board.json: square 'a': red successor 's' is the start square (start is never a destination)");
  EXPECT_EQ(board_error(tiny_with(R"({"id": "f", "points": 0})", R"({"id": "f", "points": 0, "red": "s"})")),
            "my-board.json: square 'f': finish has no successors");
  EXPECT_EQ(board_error(tiny_with(R"("id": "b", "points": 7, "red": "f")", R"("id": "b", "points": 7)")),
            "my-board.json: square 'b': missing red successor (only finish has none)");
  EXPECT_EQ(board_error(tiny_with(R"("id": "b")", R"("id": "a")")), "my-board.json: square 'a': id defined twice");
  EXPECT_EQ(board_error(tiny_with(R"("points": 7)", R"("points": 7.5)")),
            "my-board.json: square 'b': points must be an integer, found 7.5");
  EXPECT_EQ(board_error(tiny_with(R"("points": 7)", R"("points": 7, "bleu": "f")")),
            "my-board.json: square 'b': unknown key 'bleu'");
  EXPECT_EQ(board_error(tiny_with(R"("points": 7)", R"("points": 7, "x": 3)")),
            "my-board.json: square 'b': give both x and y, or neither");
  EXPECT_EQ(board_error(tiny_with(R"("faces": [1, 2])", R"("faces": [0, 2])")),
            "my-board.json: a face must be in [1, 100], found 0");
  EXPECT_EQ(board_error(tiny_with(R"("faces": [1, 2])", R"("faces": [2, 2])")), "my-board.json: face 2 listed twice");
  EXPECT_EQ(board_error(tiny_with(R"("faces": [1, 2], )", "")),
            "my-board.json: missing key 'faces' (the dice values allowed)");
  EXPECT_EQ(board_error("[1, 2]"), "my-board.json: a board must be a JSON object");
  EXPECT_EQ(board_error(R"({"faces": [1], "start": "s", "finish": "f", "squares": []})"),
            "my-board.json: squares must be an array of 1 to 255 squares");
  const std::string bad_json = board_error("{\"faces\": [1,\n");
  EXPECT_EQ(bad_json.rfind("my-board.json: not valid JSON: ", 0), 0u) << bad_json;
  EXPECT_EQ(board_error(tiny_with(R"("points": 7)", R"("points": 7, "x": 3, "y": 101)")),
            "my-board.json: square 'b': y must be a number in [0, 100], found 101");
  EXPECT_EQ(board_error(tiny_with(R"("points": 7)", R"("points": 7, "x": -5, "y": 1)")),
            "my-board.json: square 'b': x must be a number in [0, 100], found -5");
}

TEST(YutBoard, HostileBoardFilesGetOneShortLine) {
  // Nested 100,000 deep: refused while parsing (printing or comparing such a
  // value recurses once per level and overflowed the stack).
  const std::string deep =
      tiny_with(R"("points": 7)", R"("points": )" + std::string(100000, '[') + std::string(100000, ']'));
  EXPECT_EQ(board_error(deep), "my-board.json: JSON nested deeper than 64 levels");
  // A value just inside the limit is quoted, cut short.
  std::string many = "[1";
  for (int i = 0; i < 2000; ++i) many += ", 1";
  const std::string message = board_error(tiny_with(R"("points": 7)", R"("points": )" + many + "]"));
  EXPECT_LT(message.size(), 200u) << message;
  EXPECT_NE(message.find("points must be an integer, found [1,1,1"), std::string::npos) << message;
  // A number literal beyond every number type is bad input too.
  const std::string huge = board_error(tiny_with(R"("points": 7)", R"("points": )" + std::string(5000, '9')));
  EXPECT_EQ(huge.rfind("my-board.json: not valid JSON: number overflow", 0), 0u) << huge;
  // Ids with a newline or a NUL are shown escaped, on the one line.
  EXPECT_EQ(board_error(tiny_with(R"("red": "b", "blue")", R"("red": "x\ny", "blue")")),
            "my-board.json: square 'a': red successor 'x\\ny' is not a square id");
  EXPECT_EQ(board_error(tiny_with(R"("red": "b", "blue")", R"("red": "x\u0000y", "blue")")),
            "my-board.json: square 'a': red successor 'x\\x00y' is not a square id");
}

}  // namespace
}  // namespace boardsearch::yut::testing
