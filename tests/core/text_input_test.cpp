#include "boardsearch/app/text_input.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "boardsearch/app/json_input.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "support/solve_request.hpp"

namespace boardsearch::app {
namespace {

// The message of the InputError that f() throws (tests/support's error_of).
std::string error_of(auto&& f) { return testing::error_of<InputError>(f); }

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

TEST(TextInput, ALeadingBomIsSkippedAndLineOneIsTheLineAfterIt) {
  // What Windows editors save: EF BB BF before the first line.
  TextInput in(
      "\xEF\xBB\xBF"
      "3\r\n1 2 3\n");
  const auto first = in.expect_line("the size");
  EXPECT_EQ(first.number, 1u);
  EXPECT_EQ(first.text, "3");
  EXPECT_EQ(in.expect_line("a row").number, 2u);
  in.expect_end();
  // Only one, only at the start: a second mark, or one later on, is text.
  EXPECT_EQ(without_bom("\xEF\xBB\xBF\xEF\xBB\xBFx"), "\xEF\xBB\xBFx");
  EXPECT_EQ(without_bom("x\xEF\xBB\xBF"), "x\xEF\xBB\xBF");
  EXPECT_EQ(without_bom("\xEF\xBB"), "\xEF\xBB");  // a cut mark is not one
  EXPECT_EQ(without_bom(""), "");
  TextInput later(
      "1\n\xEF\xBB\xBF"
      "2\n");
  later.expect_line("one");
  EXPECT_EQ(later.expect_line("two").text,
            "\xEF\xBB\xBF"
            "2");
  // A BOM and nothing else is an empty input.
  TextInput empty("\xEF\xBB\xBF");
  EXPECT_FALSE(empty.next_nonblank_line().has_value());
}

TEST(TextInput, ErrorsNameLineAndField) {
  EXPECT_EQ(error_of([] { parse_integer("x7", 4, 2, "a tile", 0, 9); }),
            "line 4, field 2: expected a tile (an integer), found 'x7'");
  EXPECT_EQ(error_of([] { parse_integer("12", 4, 3, "a tile", 0, 9); }),
            "line 4, field 3: a tile must be in [0, 9], found 12");
  EXPECT_EQ(error_of([] { parse_integer("99999999999999999999", 1, 1, "N", 1, 64); }),
            "line 1, field 1: N out of range [1, 64], found '99999999999999999999'");
  EXPECT_EQ(error_of([] {
              parse_integer_line(InputLine{5, "1 2"}, 3, "tiles", 0, 9);
            }),
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

TEST(TextInput, OneSignAtMost) {
  EXPECT_EQ(parse_integer("+5", 1, 1, "a value", -9, 9), 5);
  EXPECT_EQ(parse_integer("-5", 1, 1, "a value", -9, 9), -5);
  EXPECT_EQ(error_of([] { parse_integer("+-0", 2, 1, "a cell", 0, 1); }),
            "line 2, field 1: expected a cell (an integer), found '+-0'");
  EXPECT_EQ(error_of([] { parse_integer("++1", 2, 1, "a cell", 0, 1); }),
            "line 2, field 1: expected a cell (an integer), found '++1'");
}

TEST(TextInput, BeyondSixtyFourBitsSaysSoWithoutTheFullRange) {
  const long long lo = std::numeric_limits<long long>::min();
  const long long hi = std::numeric_limits<long long>::max();
  EXPECT_EQ(error_of([&] { parse_integer("99999999999999999999", 3, 2, "a tile", lo, hi); }),
            "line 3, field 2: a tile out of range (beyond 64 bits), found '99999999999999999999'");
}

TEST(TextInput, MessagesQuoteFieldsOnOneLine) {
  // A NUL would end the C string the message travels as; a newline would
  // split the one stderr line.
  EXPECT_EQ(error_of([] { parse_integer(std::string_view("2\0", 2), 1, 1, "a tile", 0, 9); }),
            "line 1, field 1: expected a tile (an integer), found '2\\x00'");
  EXPECT_EQ(printable("a\nb\tc\rd\x7f"), "a\\nb\\tc\\rd\\x7f");
  EXPECT_EQ(printable(std::string(30, 'x')), std::string(24, 'x') + "...");
  EXPECT_EQ(printable("abc", 2), "ab...");
}

TEST(JsonInput, NestingBeyondTheLimitIsRefusedNotRecursedInto) {
  auto nested = [](int levels) { return std::string(levels, '[') + std::string(levels, ']'); };
  EXPECT_EQ(parse_json(nested(kMaxJsonDepth)).dump().size(), 2u * kMaxJsonDepth);
  EXPECT_EQ(error_of([&] { parse_json(nested(kMaxJsonDepth + 1)); }),
            fmt::format("JSON nested deeper than {} levels", kMaxJsonDepth));
  // Far beyond: refused while parsing, long before anything could recurse.
  EXPECT_EQ(error_of([&] { parse_json(nested(200000)); }),
            fmt::format("JSON nested deeper than {} levels", kMaxJsonDepth));
  EXPECT_EQ(error_of([] { parse_json(R"({"a": {"b": [1, {"c": 2}]}})", 3); }), "JSON nested deeper than 3 levels");
  EXPECT_EQ(parse_json(R"({"a": {"b": [1, 2]}})", 3)["a"]["b"][1], 2);
}

TEST(JsonInput, SyntaxErrorsAreOneLineInputErrors) {
  const std::string message = error_of([] { parse_json("{\"a\": \n\n}"); });
  EXPECT_EQ(message.rfind("not valid JSON: ", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(message.find("[json.exception"), std::string::npos) << message;
  // A number beyond every number type is thrown as out_of_range, not as a
  // parse error: still bad input, and its quote of the digits is cut short.
  const std::string huge = error_of([] { parse_json("[" + std::string(5000, '1') + "]"); });
  EXPECT_EQ(huge.rfind("not valid JSON: number overflow", 0), 0u) << huge;
  EXPECT_LT(huge.size(), 300u);
}

}  // namespace
}  // namespace boardsearch::app
