// The four judges' answers on the samples, the explained line, and the
// 15644 check: every optimal line is accepted (the engine's, the plain
// simulation's), everything else refused with a reason.

#include "games/marble/format.hpp"

#include <gtest/gtest.h>

#include <string>

#include "games/marble/random_boards.hpp"
#include "games/marble/test_support.hpp"

namespace boardsearch::marble::testing {
namespace {

std::string answer(Judge judge, const Board& board) {
  return judge_answer(judge, solve_with(board, judge_tilt_limit(judge)));
}

TEST(MarbleJudge, NumbersAndLimits) {
  EXPECT_EQ(judge_of("13460"), Judge::escape_2);
  EXPECT_EQ(judge_of("13459"), Judge::escape);
  EXPECT_EQ(judge_of("15644"), Judge::escape_3);
  EXPECT_EQ(judge_of("15653"), Judge::escape_4);
  EXPECT_EQ(judge_of("12100"), std::nullopt);
  for (const std::string_view number : kJudgeNumbers) EXPECT_EQ(number_of(*judge_of(number)), number);
  EXPECT_EQ(judge_tilt_limit(Judge::escape_2), 10);
  EXPECT_EQ(judge_tilt_limit(Judge::escape_4), std::nullopt);
}

TEST(MarbleJudge, SamplesByteForByteUnderEveryJudge) {
  for (int number = 1; number <= kSampleCount; ++number) {
    const Board board = sample(number);
    const std::string expected = read_text(sample_path(number, "out"));
    EXPECT_EQ(answer(Judge::escape_2, board), expected) << "sample " << number;
    EXPECT_EQ(answer(Judge::escape, board), expected == "-1\n" ? "0\n" : "1\n") << "sample " << number;
    EXPECT_EQ(answer(Judge::escape_4, board), expected) << "sample " << number;  // none needs more than 10
    const std::string with_line = answer(Judge::escape_3, board);
    const int fewest = std::stoi(expected);
    EXPECT_EQ(reject_15644(board, fewest == -1 ? std::nullopt : std::optional<int>(fewest), with_line), std::nullopt)
        << with_line;
  }
  EXPECT_EQ(answer(Judge::escape_3, sample(1)), "1\nR\n");
  EXPECT_EQ(answer(Judge::escape_3, sample(4)), "-1\n");
}

TEST(MarbleJudge, Reject15644SaysWhy) {
  const Board board = parse_board("4 5\n#####\n#BR.#\n#..O#\n#####\n");  // 2 tilts: RD only
  EXPECT_EQ(reject_15644(board, 2, "2\nRD\n"), std::nullopt);
  EXPECT_EQ(reject_15644(board, 2, "2\r\nRD  \r\n\n"), std::nullopt);
  EXPECT_EQ(reject_15644(board, 2, "3\nRDL\n"), "expected 2 on the first line, found '3'");
  EXPECT_EQ(reject_15644(board, 2, "2\n"), "expected 2 lines (the tilts, then the line), found 1");
  EXPECT_EQ(reject_15644(board, 2, "2\nRDL\n"), "expected 2 letters on line 2, found 3");
  EXPECT_EQ(reject_15644(board, 2, "2\nDR\n"), "the blue marble falls in at tilt 2");
  EXPECT_EQ(reject_15644(board, 2, "2\nRx\n"), "letter 2 of line 2 is 'x', not one of L R U D");
  EXPECT_EQ(reject_15644(board, 2, "2\nLL\n"), "the red marble is still on the board after the line");
  EXPECT_EQ(reject_15644(board, 2, ""), "expected 2 on the first line, found ''");
  const Board one = sample(5);  // right drops red at once
  EXPECT_EQ(reject_15644(one, 1, "1\nR\n"), std::nullopt);
  EXPECT_EQ(reject_15644(one, 2, "2\nRL\n"), "the red marble falls in at tilt 1, before the line ends");
  EXPECT_EQ(reject_15644(sample(4), std::nullopt, "-1\n"), std::nullopt);
  EXPECT_EQ(reject_15644(sample(4), std::nullopt, "-1\nR\n"), "expected nothing after -1");
}

TEST(MarbleJudge, EveryOptimalLineIsAcceptedOnRandomBoards) {
  core::SplitMix64 rng(0x15644);
  const int boards = scaled(2000);
  for (int b = 0; b < boards; ++b) {
    const Board board = random_judge_board(rng);
    const PlainAnswer plain = plain_fewest_tilts(board, kJudgeMaxTilts);
    const std::optional<int> fewest = plain.tilts == -1 ? std::nullopt : std::optional<int>(plain.tilts);
    for (const Strategy strategy : kStrategies) {
      const std::string output = judge_answer(Judge::escape_3, solve_with(board, kJudgeMaxTilts, strategy));
      ASSERT_EQ(reject_15644(board, fewest, output), std::nullopt) << output << judge_text(board);
    }
    if (fewest) {
      const std::string plain_output = std::to_string(*fewest) + "\n" + letters(plain.line) + "\n";
      EXPECT_EQ(reject_15644(board, fewest, plain_output), std::nullopt);
      // One tilt more or less is never accepted.
      EXPECT_NE(reject_15644(board, fewest, std::to_string(*fewest + 1) + "\n" + letters(plain.line) + "L\n"),
                std::nullopt);
    }
  }
}

TEST(MarbleJudge, ExplainShowsTheBoardAfterEveryTilt) {
  const Board board = parse_board("4 5\n#####\n#BR.#\n#..O#\n#####\n");
  EXPECT_EQ(explain_line(board, solve_with(board, kJudgeMaxTilts), kJudgeMaxTilts, app::Lang::en),
            "start\n#####\n#BR.#\n#..O#\n#####\n"
            "\ntilt 1: right (R)\n#####\n#.BR#\n#..O#\n#####\n"
            "\ntilt 2: down (D)\n#####\n#...#\n#.BO#\n#####\n"
            "\nthe red marble falls in after 2 tilts (RD); the blue one stays on the board.\n");
  EXPECT_EQ(explain_line(sample(4), solve_with(sample(4), kJudgeMaxTilts), kJudgeMaxTilts, app::Lang::en),
            "start\n" + format_rows(sample(4), start_of(sample(4))) +
                "\nno line drops the red marble alone within 10 tilts.\n");
  // The same explanation in Korean: the boards are the same, the words are not.
  const std::string korean = explain_line(board, solve_with(board, kJudgeMaxTilts), kJudgeMaxTilts, app::Lang::ko);
  EXPECT_NE(korean.find("1번째 기울이기: 오른쪽 (R)\n#####\n#.BR#"), std::string::npos) << korean;
  EXPECT_NE(korean.find("빨간 구슬이 구멍에 빠집니다 (RD)"), std::string::npos) << korean;
}

}  // namespace
}  // namespace boardsearch::marble::testing
