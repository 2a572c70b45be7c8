// The marble board: the judge text in and out, every bad input named by line
// and column, and the tilt rule on the traps of the puzzle page and against
// the plain cell-by-cell simulation on random positions.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "games/marble/random_boards.hpp"
#include "games/marble/test_support.hpp"

namespace boardsearch::marble::testing {
namespace {

using core::Direction;

std::string error_of(std::string_view text) {
  try {
    parse_board(text);
  } catch (const app::InputError& error) {
    return error.what();
  }
  return "(no error)";
}

Marbles tilted(const Board& board, Direction direction) { return tilt(board, start_of(board), direction); }

TEST(MarbleBoard, SamplesParseAndPrintBackByteForByte) {
  for (int sample = 1; sample <= kSampleCount; ++sample) {
    const std::string text = read_text(sample_path(sample, "in"));
    EXPECT_EQ(judge_text(parse_board(text)), text) << "sample " << sample;
  }
  const Board board = parse_board(read_text(sample_path(1, "in")));
  EXPECT_EQ(board.rows, 5);
  EXPECT_EQ(board.cols, 5);
  EXPECT_EQ(board.cell(board.red), (core::GridCell{3, 1}));
  EXPECT_EQ(board.cell(board.blue), (core::GridCell{1, 3}));
  EXPECT_EQ(board.cell(board.hole), (core::GridCell{3, 2}));
}

TEST(MarbleBoard, AcceptsCrLfTrailingSpacesAndBoardsUpToTheMaximumSide) {
  const Board crlf = parse_board("3 5\r\n#####\r\n#ROB# \r\n#####\r\n\r\n");
  EXPECT_EQ(judge_text(crlf), "3 5\n#####\n#ROB#\n#####\n");
  core::SplitMix64 rng(7);
  const Board big = random_board(rng, kMaxSide, kMaxSide, 10);
  EXPECT_EQ(big.rows, kMaxSide);
  EXPECT_EQ(big.cols, kMaxSide);
  const Board thin = random_board(rng, kMinSide, kMaxSide, 0);
  EXPECT_EQ(thin.cols, kMaxSide);
}

TEST(MarbleBoard, BadInputNamesLineAndColumn) {
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", "line 1: expected the board size 'N M', found end of input"},
      {"5\n", "line 1: expected the board size 'N M' (2 values), found 1 value"},
      {"3 5 1\n", "line 1: expected the board size 'N M' (2 values), found 3 values"},
      {"2 5\n#####\n#####\n", "line 1, field 1: the number of rows N must be in [3, 1000], found 2"},
      {"3 1001\n", "line 1, field 2: the number of columns M must be in [3, 1000], found 1001"},
      {"3 x\n", "line 1, field 2: expected the number of columns M (an integer), found 'x'"},
      // No wall border: a hole on the border, an open cell in the first column.
      {"3 5\n##O##\n#R.B#\n#####\n", "line 2, column 3: the border must be wall '#', found 'O'"},
      {"5 5\n#####\n#..B#\n..#.#\n#RO.#\n#####\n", "line 4, column 1: the border must be wall '#', found '.'"},
      {"3 5\n#####\n#ROB.\n#####\n", "line 3, column 5: the border must be wall '#', found '.'"},
      // Two of a kind, and missing ones.
      {"5 5\n#####\n#R.B#\n#.#.#\n#RO.#\n#####\n",
       "line 5, column 2: a second red marble 'R' (the first is at line 3, column 2)"},
      {"3 6\n######\n#RBOB#\n######\n",
       "line 3, column 5: a second blue marble 'B' (the first is at line 3, column 3)"},
      {"3 6\n######\n#ROBO#\n######\n", "line 3, column 5: a second hole 'O' (the first is at line 3, column 3)"},
      {"3 5\n#####\n#R.B#\n#####\n", "line 4: the board (lines 2 to 4) has no hole 'O'"},
      {"3 5\n#####\n#.OB#\n#####\n", "line 4: the board (lines 2 to 4) has no red marble 'R'"},
      {"3 5\n#####\n#RO.#\n#####\n", "line 4: the board (lines 2 to 4) has no blue marble 'B'"},
      // Unknown characters.
      {"3 5\n#####\n#RxB#\n#####\n", "line 3, column 3: expected one of . # O R B, found 'x'"},
      {"3 5\n#####\n#R\x01"
       "B#\n#####\n",
       "line 3, column 3: expected one of . # O R B, found '\\x01'"},
      {"3 5\n#####\n#r.B#\n#####\n", "line 3, column 2: expected one of . # O R B, found 'r'"},
      // Rows of unequal length, missing rows, text after the board.
      {"3 5\n#####\n#ROB\n#####\n", "line 3, column 5: row 2 ends after 4 characters, expected M = 5"},
      {"3 5\n#####\n#ROB##\n#####\n", "line 3, column 6: row 2 is longer than M = 5 characters"},
      {"3 5\n#####\n\n#####\n", "line 3, column 1: row 2 ends after 0 characters, expected M = 5"},
      {"3 5\n#####\n#ROB#\n", "line 4: expected row 3 of 3 (5 characters), found end of input"},
      {"3 5\n#####\n#ROB#\n#####\n3 5\n", "line 5: unexpected text after the end of the input: '3'"},
  };
  for (const Case& c : cases) {
    const std::string message = error_of(c.text);
    EXPECT_EQ(message, c.message) << "input:\n" << c.text;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}

TEST(MarbleBoard, TrapBothMarblesFallInOneTilt) {
  // Red in front rolls into the hole and blue follows it: a failure.
  const Board red_first = parse_board("3 7\n#######\n#.ORB.#\n#######\n");
  const Marbles after = tilted(red_first, Direction::left);
  EXPECT_EQ(after, (Marbles{kInHole, kInHole}));
  EXPECT_EQ(verdict(after), Verdict::failure);
  // Blue in front falls, red follows: a failure as well.
  const Board blue_first = parse_board("3 7\n#######\n#.OBR.#\n#######\n");
  EXPECT_EQ(verdict(tilted(blue_first, Direction::left)), Verdict::failure);
  // Vertical.
  const Board column = parse_board("6 3\n###\n#R#\n#B#\n#.#\n#O#\n###\n");
  EXPECT_EQ(tilted(column, Direction::down), (Marbles{kInHole, kInHole}));
}

TEST(MarbleBoard, TrapRedFallsAndBlueBeyondTheHoleStays) {
  const Board board = parse_board("3 7\n#######\n#R.O.B#\n#######\n");  // sample 05
  const Marbles after = tilted(board, Direction::right);
  EXPECT_EQ(after.red, kInHole);
  EXPECT_EQ(after.blue, board.blue);
  EXPECT_EQ(verdict(after), Verdict::success);
  // Leftwards blue rolls over to the hole and falls: a failure.
  EXPECT_EQ(verdict(tilted(board, Direction::left)), Verdict::failure);
}

TEST(MarbleBoard, TrapTheMarbleBehindStopsOneCellShort) {
  const Board row = parse_board("4 8\n########\n#.R..B.#\n#O######\n########\n");
  // Right: blue is in front and takes the last cell; red stops next to it.
  EXPECT_EQ(tilted(row, Direction::right), (Marbles{row.index(1, 5), row.index(1, 6)}));
  // Left: red is in front.
  EXPECT_EQ(tilted(row, Direction::left), (Marbles{row.index(1, 1), row.index(1, 2)}));
  const Board column = parse_board("7 4\n####\n#.##\n#B##\n#.##\n#R##\n#.O#\n####\n");
  EXPECT_EQ(tilted(column, Direction::down), (Marbles{column.index(5, 1), column.index(4, 1)}));
  EXPECT_EQ(tilted(column, Direction::up), (Marbles{column.index(2, 1), column.index(1, 1)}));
  // Different runs of one row (a wall between them): each rolls alone.
  const Board split = parse_board("4 8\n########\n#R..#B.#\n#O######\n########\n");
  EXPECT_EQ(tilted(split, Direction::right), (Marbles{split.index(1, 3), split.index(1, 6)}));
}

TEST(MarbleBoard, TrapATiltThatChangesNothing) {
  const Board board = parse_board("4 5\n#####\n#RB.#\n###O#\n#####\n");
  EXPECT_EQ(tilted(board, Direction::left), start_of(board));
  EXPECT_EQ(tilted(board, Direction::up), start_of(board));
  EXPECT_EQ(verdict(tilted(board, Direction::left)), Verdict::playing);
}

TEST(MarbleBoard, LettersAreTheJudges) {
  EXPECT_EQ(letters({Direction::left, Direction::right, Direction::up, Direction::down}), "LRUD");
  for (const Direction direction : core::kDirections) EXPECT_EQ(direction_of_letter(letter(direction)), direction);
  EXPECT_EQ(direction_of_letter('x'), std::nullopt);
}

TEST(MarbleBoard, TiltEqualsThePlainSimulationOnRandomPositions) {
  core::SplitMix64 rng(0x7117);
  const int boards = scaled(2000);
  int compared = 0;
  for (int b = 0; b < boards; ++b) {
    const Board board = random_judge_board(rng);
    const PlainRules plain(board);
    std::vector<int> free;
    for (int cell = 0; cell < board.cell_count(); ++cell)
      if (!board.is_wall(cell) && cell != board.hole) free.push_back(cell);
    for (int trial = 0; trial < 8 && free.size() >= 2; ++trial) {
      Board moved = board;
      moved.red = free[rng.below(free.size())];
      do moved.blue = free[rng.below(free.size())];
      while (moved.blue == moved.red);
      const PlainRules plain_moved(moved);
      for (const Direction direction : core::kDirections) {
        const Marbles after = tilted(moved, direction);
        const PlainPosition expected = plain_moved.tilt(plain_moved.start(), direction);
        const auto cell_of = [&](const PlainMarble& m) { return m.on_board ? moved.index(m.row, m.col) : kInHole; };
        EXPECT_EQ(after, (Marbles{cell_of(expected.red), cell_of(expected.blue)})) << to_string(direction) << " on\n"
                                                                                   << judge_text(moved);
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, boards);
}

}  // namespace
}  // namespace boardsearch::marble::testing
