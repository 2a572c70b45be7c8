#pragma once
// A puzzle's options as data: the schema a puzzle declares (OptionSpec) and
// the values a front end read for it (OptionValues). Front ends never name an
// option: the CLI builds its flags from the schema, the server reads the
// request's "options" object by it, the hunter passes the values on.
//
//   OptionSpec            name, kind, range or choices, default, help
//        |  read_option_text (CLI text) / read_option_json (API value)
//        v
//   OptionValues          name -> value; with_defaults() adds the rest
//        |
//        v
//   Puzzle::solve         reads values by name: integer("moves"), text("board")

#include <cstdint>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace boardsearch::app {

enum class OptionKind : std::uint8_t {
  integer,   // a decimal integer in [minimum, maximum]; JSON: a number
  choice,    // one of `choices`; JSON: a string, or a number written like one
  document,  // CLI: a file whose text is read; JSON: a string, or an object (its JSON text)
  flag,      // CLI: present or absent; JSON: true or false
  text,      // a string the puzzle parses itself; JSON: a string
};

// One option of one puzzle. The same name may mean different things in
// different puzzles (--moves is K in one, a tilt limit in another): the schema
// of the puzzle at hand is what counts.
struct OptionSpec {
  std::string_view name;  // --name on the CLI, "name" in the API's "options"
  OptionKind kind = OptionKind::integer;
  std::string_view value_name;  // shown in --help, e.g. "K", "FILE"
  std::string_view help;        // one line
  std::int64_t minimum = 0;     // integer only: the accepted range
  std::int64_t maximum = std::numeric_limits<std::int64_t>::max();
  std::span<const std::string_view> choices = {};  // choice only
  // The value when the option is not given, written as a user would type it
  // ("5"); empty: no default (solve sees the option as absent).
  std::string_view default_value = {};
  // A command of the CLI itself, never reachable through the API (building
  // big tables on disk, which no request may start; a checkpoint file the run
  // writes; a test switch): the server refuses it (read_option_json) and
  // /api/puzzles does not list it (schema_json), so the page never shows it.
  bool command_line_only = false;
};

// One value read for an option. `source` says where it came from, for the
// puzzle's messages about it ("--board boards/mine.json", "options.board").
struct OptionValue {
  std::variant<std::int64_t, bool, std::string> value;
  std::string source = {};
  bool given = true;  // false: the schema's default
};

// The options of one solve, by name. Front ends fill it through the
// functions below, so every value has been checked against its spec.
class OptionValues {
 public:
  void set(std::string name, OptionValue value) { values_.insert_or_assign(std::move(name), std::move(value)); }

  // Whether the option has a value (given or defaulted) / was given by the user.
  bool has(std::string_view name) const { return values_.find(name) != values_.end(); }
  bool given(std::string_view name) const;

  // The value of an integer option. Precondition: has(name) and the option
  // is an integer (a puzzle asks only for what its schema declares with a
  // default); otherwise std::logic_error, a bug, never bad input.
  std::int64_t integer(std::string_view name) const;
  // A flag: false when absent.
  bool flag(std::string_view name) const;
  // The text of a choice, document or text option; nullptr when absent.
  const std::string* text(std::string_view name) const;
  // Where the value came from ("" when absent).
  std::string_view source(std::string_view name) const;

  const std::map<std::string, OptionValue, std::less<>>& all() const { return values_; }

 private:
  std::map<std::string, OptionValue, std::less<>> values_;
};

// The spec named `name` in `schema`, or nullptr.
const OptionSpec* find_option(std::span<const OptionSpec> schema, std::string_view name);

// A value typed on the command line for `spec` (for a document: the text
// already read from the file, `source` the file name). Throws InputError
// "--name: expected ..., found '...'" when it does not fit the spec.
OptionValue read_option_text(const OptionSpec& spec, std::string_view text, std::string source = {});

// A JSON value for `spec` from the API (`field` names it in messages, e.g.
// "options.moves"). Throws InputError naming the field when it does not fit:
// integers out of range (2^63 and beyond included) are refused, never wrapped.
OptionValue read_option_json(const OptionSpec& spec, const nlohmann::json& value, std::string_view field);

// Options written as on the command line ("--moves 10 --judge 15644";
// flags alone, "--count"), read against `schema` with read_option_text.
// Document options are not accepted (they name files). Throws InputError
// for an unknown option, a missing value or a value the spec refuses.
OptionValues read_settings(std::span<const OptionSpec> schema, std::string_view settings);

// `values` plus the default of every option of `schema` that has one and was
// not given (given == false on those). Throws InputError for a value the
// schema does not allow (a name it lacks, an integer out of range), so a
// puzzle called directly with hand-made values is as safe as through a
// front end.
OptionValues with_defaults(std::span<const OptionSpec> schema, OptionValues values);

// The schema as the API's /api/puzzles lists it: name, kind, value name,
// help, range or choices, default; the command_line_only options left out.
nlohmann::json schema_json(std::span<const OptionSpec> schema);

// "integer", "choice", ...
std::string_view to_string(OptionKind kind);

}  // namespace boardsearch::app
