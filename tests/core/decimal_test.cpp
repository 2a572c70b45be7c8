// The numeric options' text: plain decimal only, range checked on the exact
// value (no octal, no hex, no wrap-around of "-1", no clamping).

#include "boardsearch/app/decimal.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace boardsearch::app {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

TEST(DecimalInteger, ReadsLeadingZerosAsDecimal) {
  EXPECT_EQ(parse_decimal_integer("010", 0, kMax), 10u);
  EXPECT_EQ(parse_decimal_integer("0009", 0, kMax), 9u);
  EXPECT_EQ(parse_decimal_integer("0", 0, kMax), 0u);
  EXPECT_EQ(parse_decimal_integer("000", 0, kMax), 0u);
  EXPECT_EQ(parse_decimal_integer("+12", 0, kMax), 12u);
}

TEST(DecimalInteger, RefusesEverythingButDigits) {
  for (const char* text : {"", "+", "-1", "-0", "0x10", "0X10", "1e3", " 5", "5 ", "1.0", "++1", "0b1", "inf", "1_000"})
    EXPECT_EQ(parse_decimal_integer(text, 0, kMax), std::nullopt) << text;
}

TEST(DecimalInteger, ChecksTheRangeOnTheExactValue) {
  EXPECT_EQ(parse_decimal_integer("18446744073709551615", 0, kMax), kMax);
  // One more than 2^64 - 1, and far more: refused, never wrapped or clamped.
  EXPECT_EQ(parse_decimal_integer("18446744073709551616", 0, kMax), std::nullopt);
  EXPECT_EQ(parse_decimal_integer("99999999999999999999", 0, kMax), std::nullopt);
  EXPECT_EQ(parse_decimal_integer("00000000000000000000018446744073709551615", 0, kMax), kMax);
  EXPECT_EQ(parse_decimal_integer("86400000", 1, 86'400'000), 86'400'000u);
  EXPECT_EQ(parse_decimal_integer("86400001", 1, 86'400'000), std::nullopt);
  EXPECT_EQ(parse_decimal_integer("9300000000000", 1, 86'400'000), std::nullopt);
  EXPECT_EQ(parse_decimal_integer("0", 1, 10), std::nullopt);
  EXPECT_EQ(parse_decimal_integer("1", 1, 10), 1u);
}

TEST(DecimalInteger, TheMessageShowsTheTextAsTyped) {
  EXPECT_EQ(integer_range_message("-1", 0, kMax),
            "expected a decimal integer in [0, 18446744073709551615], found '-1'");
  EXPECT_EQ(integer_range_message("99999999999999999999", 1, 86'400'000),
            "expected a decimal integer in [1, 86400000], found '99999999999999999999'");
  // One line, whatever was typed.
  EXPECT_EQ(integer_range_message("1\n2", 0, 9).find('\n'), std::string::npos);
  EXPECT_EQ(positive_range_message("inf", 86'400), "expected a decimal number in (0, 86400], found 'inf'");
}

TEST(PositiveDecimal, ReadsPlainDecimals) {
  EXPECT_EQ(parse_positive_decimal("2.5", 100), 2.5);
  EXPECT_EQ(parse_positive_decimal("010", 100), 10.0);
  EXPECT_EQ(parse_positive_decimal("+0.25", 100), 0.25);
  EXPECT_EQ(parse_positive_decimal(".5", 100), 0.5);
  EXPECT_EQ(parse_positive_decimal("5.", 100), 5.0);
  EXPECT_EQ(parse_positive_decimal("100", 100), 100.0);
}

TEST(PositiveDecimal, RefusesOtherSpellingsAndOutOfRange) {
  for (const char* text :
       {"", ".", "+", "-1", "0", "0.000", "100.5", "1e3", "0x10", "inf", "nan", "1..2", "1.2.3", " 1", "1,5"})
    EXPECT_EQ(parse_positive_decimal(text, 100), std::nullopt) << text;
}

TEST(PositiveDecimal, CanonicalTextDropsSignAndLeadingZeros) {
  EXPECT_EQ(canonical_decimal("+007.50"), "7.50");
  EXPECT_EQ(canonical_decimal("010"), "10");
  EXPECT_EQ(canonical_decimal("0.5"), "0.5");
  EXPECT_EQ(canonical_decimal("000.5"), "0.5");
  EXPECT_EQ(canonical_decimal(".5"), "0.5");
  EXPECT_EQ(canonical_decimal("5."), "5");
  EXPECT_EQ(canonical_decimal("0"), "0");
}

}  // namespace
}  // namespace boardsearch::app
