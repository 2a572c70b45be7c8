#pragma once
// The numeric flags hunt and check share (defined in hunt_command.cpp).

#include <CLI/CLI.hpp>
#include <cstdint>

namespace boardsearch::cli {

// The exit status of a hunt or check stopped by Ctrl-C: 128 + SIGINT, as
// shells report it.
inline constexpr int kExitInterrupted = 130;
// Upper bounds of the numeric options both take. Beyond them a value is a
// typo, not a plan, and they keep the arithmetic on them far from overflow:
// most programs run at once,
inline constexpr std::uint64_t kMaxJobs = 256;
// one day per run (the runner's deadline is nanoseconds on a steady clock),
inline constexpr std::uint64_t kMaxTimeoutMs = 86'400'000;
// and 1 TiB of address space (MiB << 20 stays far below 2^64).
inline constexpr std::uint64_t kMaxMemoryMiB = 1'048'576;

// A CLI11 transform that takes plain decimal integers in [minimum, maximum]
// only, and hands CLI11 the value rewritten without '+' or leading zeros
// (CLI11 itself would read "010" as octal, "0x10" as hex, and wrap "-1").
// The error names the text as typed; CLI11 prefixes the option's name.
CLI::Validator decimal_integer(std::uint64_t minimum, std::uint64_t maximum);

}  // namespace boardsearch::cli
