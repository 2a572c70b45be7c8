#pragma once
// A puzzle's options (its schema, app::OptionSpec) as command-line flags,
// for every subcommand that takes them (the puzzle's own, `hunt <puzzle>`).
// Values are kept as typed while CLI11 parses, and read against the schema
// afterwards (app::read_option_text), so numbers read the way input files
// read them and every front end checks them the same way.

#include <CLI/CLI.hpp>
#include <cstddef>
#include <map>
#include <span>
#include <string>

#include "boardsearch/app/options.hpp"
#include "boardsearch/app/puzzle.hpp"

namespace boardsearch::cli {

// Inputs (and documents) are small text files; anything larger is a mistake.
inline constexpr std::size_t kMaxInputBytes = 16u << 20;

// The options of a schema as typed, by name; a flag given is "".
using TypedOptions = std::map<std::string, std::string, std::less<>>;

// The type name --help shows for `spec`: its value name, or "a|b|c" for a
// choice.
std::string option_type_name(const app::OptionSpec& spec);

// Adds one flag per spec of `schema` to `command`; each keeps its text in
// `typed` (which must outlive the parse).
void add_schema_options(CLI::App& command, std::span<const app::OptionSpec> schema, TypedOptions& typed);

// Adds, hidden from --help, every option another puzzle takes and `puzzle`
// does not; giving one throws app::InputError(prefix +
// app::foreign_option_message(puzzle, name)), a clearer line than CLI11's
// "arguments were not expected".
void refuse_foreign_options(CLI::App& command, const app::Puzzle& puzzle, const std::string& prefix);

// All of `path` ("-": standard input), at most kMaxInputBytes. Throws
// app::InputError naming the file when it cannot be read.
std::string read_input_text(const std::string& path);

// Sets in `values` the options of `typed` that are documents (their text
// read from the file they name) when `documents`, the others when not, each
// checked against its spec. Two passes, so that a bad number is reported
// before any file is read. Precondition: every name of `typed` is in
// `schema` (add_schema_options put it there).
void read_schema_options(std::span<const app::OptionSpec> schema, const TypedOptions& typed, bool documents,
                         app::OptionValues& values);

}  // namespace boardsearch::cli
