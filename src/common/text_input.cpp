#include "boardsearch/app/text_input.hpp"

#include <fmt/format.h>

#include <charconv>
#include <limits>

#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::app {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

// Shows a field in a message without flooding the terminal.
std::string shown(std::string_view field) { return printable(field); }

}  // namespace

std::string_view without_bom(std::string_view text) {
  if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
  return text;
}

std::string printable(std::string_view text, std::size_t max_chars) {
  const bool cut = text.size() > max_chars;
  if (cut) text = text.substr(0, max_chars);
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (byte < 0x20 || byte == 0x7f)
      out += fmt::format("\\x{:02x}", byte);
    else
      out += c;
  }
  if (cut) out += "...";
  return out;
}

Message where_message(std::size_t line, std::size_t field) {
  return field == 0 ? msg("input.where_line", {{"line", line}})
                    : msg("input.where_field", {{"line", line}, {"field", field}});
}

std::string where(std::size_t line, std::size_t field) { return text(Lang::en, where_message(line, field)); }

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

TextInput::TextInput(std::string_view text) : text_(without_bom(text)) {}

std::optional<InputLine> TextInput::next_line() {
  if (pos_ >= text_.size()) return std::nullopt;
  std::size_t end = text_.find('\n', pos_);
  if (end == std::string_view::npos) end = text_.size();
  std::string_view line = text_.substr(pos_, end - pos_);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  pos_ = end + 1;
  return InputLine{++line_number_, line};
}

std::optional<InputLine> TextInput::next_nonblank_line() {
  while (auto line = next_line()) {
    if (!split_fields(line->text).empty()) return line;
  }
  return std::nullopt;
}

InputLine TextInput::expect_line(const Message& what) {
  if (auto line = next_nonblank_line()) return *line;
  throw InputError(msg("input.missing_line", {{"where", where_message(line_number_ + 1)}, {"what", what}}));
}

void TextInput::expect_end() {
  if (auto line = next_nonblank_line())
    throw InputError(msg("input.trailing_text",
                         {{"where", where_message(line->number)}, {"text", shown(split_fields(line->text).front())}}));
}

long long parse_integer(std::string_view field, std::size_t line, std::size_t field_index, const Message& what,
                        long long min, long long max) {
  long long value = 0;
  std::string_view digits = field;
  // One optional sign: "+5" is 5, but "+-5" is no number (from_chars would
  // take the '-' after the '+' we skip).
  const bool plus = !digits.empty() && digits.front() == '+';
  if (plus) digits.remove_prefix(1);
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range) {
    // Beyond 64 bits: name the accepted range only when it is narrower than
    // that (printing the full 64-bit range helps nobody).
    const bool full_range =
        min == std::numeric_limits<long long>::min() && max == std::numeric_limits<long long>::max();
    const Message at = where_message(line, field_index);
    throw InputError(full_range
                         ? msg("input.integer_beyond_64_bits", {{"where", at}, {"what", what}, {"text", shown(field)}})
                         : msg("input.integer_out_of_range",
                               {{"where", at}, {"what", what}, {"min", min}, {"max", max}, {"text", shown(field)}}));
  }
  if (ec != std::errc{} || ptr != digits.data() + digits.size() || digits.empty() || (plus && digits.front() == '-'))
    throw InputError(msg("input.not_an_integer",
                         {{"where", where_message(line, field_index)}, {"what", what}, {"text", shown(field)}}));
  if (value < min || value > max)
    throw InputError(msg(
        "input.integer_not_in_range",
        {{"where", where_message(line, field_index)}, {"what", what}, {"min", min}, {"max", max}, {"value", value}}));
  return value;
}

std::vector<long long> parse_integer_line(const InputLine& line, std::size_t count, const Message& what, long long min,
                                          long long max) {
  const auto fields = split_fields(line.text);
  if (fields.size() != count) {
    const nlohmann::json params = {
        {"where", where_message(line.number)}, {"count", count}, {"what", what}, {"found", fields.size()}};
    throw InputError(count == 1 ? msg("input.value_count_one", params) : msg("input.value_count_many", params));
  }
  std::vector<long long> values;
  values.reserve(count);
  for (std::size_t i = 0; i < fields.size(); ++i)
    values.push_back(parse_integer(fields[i], line.number, i + 1, what, min, max));
  return values;
}

}  // namespace boardsearch::app
