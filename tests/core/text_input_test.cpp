#include "boardsearch/app/text_input.hpp"

#include <gtest/gtest.h>

#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::app {
namespace {

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(TextInput, ReadsLinesSkippingBlanksAndCarriageReturns) {
  TextInput in("3\r\n\n1 2 3\n");
  auto first = in.expect_line("the size");
  EXPECT_EQ(first.number, 1u);
  EXPECT_EQ(first.text, "3");
  auto second = in.expect_line("a row");
  EXPECT_EQ(second.number, 3u);
  EXPECT_EQ(parse_integer_line(second, 3, "a tile", 0, 9), (std::vector<long long>{1, 2, 3}));
  in.expect_end();
}

TEST(TextInput, ErrorsNameLineAndField) {
  EXPECT_EQ(error_of([] { parse_integer("x7", 4, 2, "a tile", 0, 9); }),
            "line 4, field 2: expected a tile (an integer), found 'x7'");
  EXPECT_EQ(error_of([] { parse_integer("12", 4, 3, "a tile", 0, 9); }),
            "line 4, field 3: a tile must be in [0, 9], found 12");
  EXPECT_EQ(error_of([] { parse_integer("99999999999999999999", 1, 1, "N", 1, 64); }),
            "line 1, field 1: N out of range [1, 64], found '99999999999999999999'");
  EXPECT_EQ(error_of([] { parse_integer_line(InputLine{5, "1 2"}, 3, "tiles", 0, 9); }),
            "line 5: expected 3 values (tiles), found 2");
  EXPECT_EQ(error_of([] {
              TextInput in("1\n");
              in.expect_line("N");
              in.expect_line("row 1");
            }),
            "line 2: expected row 1, found end of input");
  EXPECT_EQ(error_of([] {
              TextInput in("1\n\n junk\n");
              in.expect_line("N");
              in.expect_end();
            }),
            "line 3: unexpected text after the end of the input: 'junk'");
}

}  // namespace
}  // namespace boardsearch::app
