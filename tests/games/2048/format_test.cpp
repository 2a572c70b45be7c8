// Judge-format parsing: every bad input is an InputError naming the place.
#include "games/2048/format.hpp"

#include <gtest/gtest.h>

#include <string>

#include "boardsearch/app/puzzle.hpp"
#include "games/2048/parse.hpp"
#include "games/2048/puzzle.hpp"

namespace boardsearch::testing {
namespace {

// Expects parse_board(input) to throw InputError whose message contains
// `fragment` and has no newline.
void expect_bad(const std::string& input, const std::string& fragment) {
  try {
    game2048::parse_board(input);
    ADD_FAILURE() << "accepted bad input: " << input;
  } catch (const app::InputError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(fragment), std::string::npos) << "message: " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << "message: " << message;
  }
}

TEST(Format2048, BadInputsNameLineAndField) {
  expect_bad("", "line 1");
  expect_bad("0\n", "line 1");
  expect_bad("129\n", "line 1");
  expect_bad("-3\n", "line 1");
  expect_bad("two\n", "line 1");
  expect_bad("2 2\n2 2\n2 2\n", "line 1");           // two values on the N line
  expect_bad("2\n2 2\n", "line 3");                  // missing row
  expect_bad("2\n2 2 2\n2 2\n", "line 2");           // too many in a row
  expect_bad("2\n2\n2 2\n", "line 2");               // too few
  expect_bad("2\n2 3\n2 2\n", "line 2, field 2");    // not a power of two
  expect_bad("2\n2 2\n1 2\n", "line 3, field 1");    // 1 is not >= 2
  expect_bad("2\n2 2\n2 -4\n", "line 3, field 2");   // negative
  expect_bad("2\n2 x\n2 2\n", "line 2, field 2");    // not a number
  expect_bad("2\n2 2\n2 2.0\n", "line 3, field 2");  // not an integer
  expect_bad("2\n2 2\n2 2\n7\n", "line 4");          // trailing garbage
  expect_bad("2\n0 0\n0 0\n", "no tile");            // the rules require a tile
  expect_bad("2\n4611686018427387904 4611686018427387904\n4611686018427387904 4611686018427387904\n",
             "line 3, field 2");                                  // sum beyond 64 bits
  expect_bad("1\n99999999999999999999999\n", "line 2, field 1");  // out of range
}

TEST(Format2048, GoodInputsParse) {
  const auto board = game2048::parse_board("\n 2 \r\n2 0\r\n\n0 1024\n\n");
  EXPECT_EQ(board.side(), 2);
  EXPECT_EQ(board.at(0, 0), 1);
  EXPECT_EQ(board.at(1, 1), 10);
  EXPECT_EQ(board.counts().tiles, 2u);
  EXPECT_EQ(game2048::tile_text(63), "9223372036854775808");
  EXPECT_EQ(game2048::board_text(board), "     2    0\n     0 1024\n");
}

// Every tile the CLI prints reads back, 2^63 (the largest: the sum fits in
// 64 bits) included; the unsigned range beyond it is still checked.
TEST(Format2048, EveryPrintedTileParsesBack) {
  for (int e = 1; e <= game2048::kMaxExponent; ++e) {
    const auto board = game2048::parse_board("2\n0 " + game2048::tile_text(e) + "\n0 0\n");
    EXPECT_EQ(board.at(0, 1), e) << e;
    EXPECT_EQ(game2048::format_board(board), "2\n0 " + game2048::tile_text(e) + "\n0 0\n");
  }
  const auto top = game2048::parse_board("2\n9223372036854775808 4611686018427387904\n2 0\n");
  EXPECT_EQ(top.max_exponent(), 63);
  expect_bad("1\n9223372036854775809\n", "line 2, field 1");                           // not a power of two
  expect_bad("1\n18446744073709551615\n", "line 2, field 1");                          // 2^64 - 1
  expect_bad("2\n9223372036854775808 9223372036854775808\n0 0\n", "line 2, field 2");  // sum 2^64
  expect_bad("1\n18446744073709551616\n", "line 2, field 1");                          // 2^64: out of range
}

TEST(Format2048, NegativeMovesIsBadInput) {
  app::SolveRequest request{"1\n2\n", {}, {}};
  request.options.set("moves", {std::int64_t{-1}});
  EXPECT_THROW(game2048::puzzle().solve(request), app::InputError);
}

}  // namespace
}  // namespace boardsearch::testing
