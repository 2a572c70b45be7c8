#include "games/2048/parse.hpp"

#include <fmt/format.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <system_error>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"

namespace boardsearch::game2048 {

namespace {

using app::InputError;

app::Message tile_what() { return app::msg("2048.what.tile"); }

// A field of decimal digits only whose value lies beyond the signed 64-bit
// range but within the unsigned one (2^63 .. 2^64 - 1), else nullopt. The
// largest tile the engine prints is 2^63, so it must read it back; every
// other field goes through app::parse_integer and its messages.
std::optional<std::uint64_t> unsigned_beyond_signed(std::string_view field) {
  std::uint64_t value = 0;
  const char* end = field.data() + field.size();
  const auto [stop, error] = std::from_chars(field.data(), end, value);
  if (error != std::errc{} || stop != end || field.empty() || field.front() < '0' || field.front() > '9') return {};
  if (value <= static_cast<std::uint64_t>(std::numeric_limits<long long>::max())) return {};
  return value;
}

}  // namespace

Board parse_board(std::string_view input) {
  app::TextInput text(input);
  // Step 1. The side N.
  const app::InputLine first = text.expect_line(app::msg("2048.what.side"));
  const long long side = app::parse_integer_line(first, 1, app::msg("2048.what.side"), kMinSide, kMaxSide).front();
  Board board(static_cast<int>(side));

  // Step 2. N rows of N tiles; the running sum must stay below 2^64.
  std::uint64_t sum = 0;
  for (int row = 0; row < side; ++row) {
    const app::InputLine line = text.expect_line(app::msg("2048.what.row", {{"row", row + 1}, {"rows", side}}));
    const auto fields = app::split_fields(line.text);
    if (fields.size() != static_cast<std::size_t>(side))
      throw InputError(app::msg(
          "2048.error.row_length",
          {{"where", app::where_message(line.number)}, {"count", side}, {"row", row + 1}, {"found", fields.size()}}));
    for (int col = 0; col < side; ++col) {
      const std::size_t field = static_cast<std::size_t>(col) + 1;
      const std::string_view text_value = fields[static_cast<std::size_t>(col)];
      const std::optional<std::uint64_t> beyond_signed = unsigned_beyond_signed(text_value);
      // Any integer parses here so that the message below can say what a
      // tile must be (negative numbers included).
      const long long value = beyond_signed ? 0
                                            : app::parse_integer(text_value, line.number, field, tile_what(),
                                                                 std::numeric_limits<long long>::min(),
                                                                 std::numeric_limits<long long>::max());
      if (!beyond_signed && value == 0) continue;
      const std::uint64_t unsigned_value = beyond_signed ? *beyond_signed : static_cast<std::uint64_t>(value);
      if ((!beyond_signed && value < 2) || !std::has_single_bit(unsigned_value))
        throw InputError(app::msg("2048.error.not_a_tile", {{"where", app::where_message(line.number, field)},
                                                            {"what", tile_what()},
                                                            {"value", beyond_signed ? fmt::format("{}", unsigned_value)
                                                                                    : fmt::format("{}", value)}}));
      if (sum > std::numeric_limits<std::uint64_t>::max() - unsigned_value)
        throw InputError(app::msg("2048.error.sum_too_large", {{"where", app::where_message(line.number, field)}}));
      sum += unsigned_value;
      board.set(row, col, static_cast<Exponent>(std::countr_zero(unsigned_value)));
    }
  }

  // Step 3. Nothing may follow, and the rules require at least one tile.
  text.expect_end();
  if (board.counts().tiles == 0)
    throw InputError(app::msg("2048.error.no_tile", {{"where", app::where_message(first.number)}}));
  return board;
}

}  // namespace boardsearch::game2048
