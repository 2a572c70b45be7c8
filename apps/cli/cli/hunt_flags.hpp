#pragma once
// The numeric flags hunt and check share (defined in hunt_command.cpp).

#include <CLI/CLI.hpp>
#include <cstdint>

namespace boardsearch::cli {

// A CLI11 transform that takes plain decimal integers in [minimum, maximum]
// only, and hands CLI11 the value rewritten without '+' or leading zeros
// (CLI11 itself would read "010" as octal, "0x10" as hex, and wrap "-1").
// The error names the text as typed; CLI11 prefixes the option's name.
CLI::Validator decimal_integer(std::uint64_t minimum, std::uint64_t maximum);

}  // namespace boardsearch::cli
