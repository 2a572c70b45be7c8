#pragma once
// The COMMAND of hunt and check, made runnable: a C++ source file is
// compiled as Baekjoon compiles C++17 (kJudgeCompileFlags; cached by
// content), a Python file runs with python3, anything else runs as given.

#include <string>
#include <string_view>
#include <vector>

namespace boardsearch::hunt {

// Baekjoon's C++17 command line, in the order g++ gets it after the source
// and `-o`: "g++ Main.cc -o Main -O2 -Wall -lm -static -std=gnu++17
// -DONLINE_JUDGE -DBOJ". Where the static libraries are missing, the same
// without -static.
inline constexpr std::string_view kJudgeCompileFlags = "-O2 -Wall -lm -static -std=gnu++17 -DONLINE_JUDGE -DBOJ";

// `command` with a source file in its first word replaced by what runs it:
// "my.cpp" (also .cc, .cxx) -> the compiled binary, compiled once per
// distinct content and flags into the cache folder ($XDG_CACHE_HOME or
// ~/.cache, then boardsearch/cpp; without a home, boardsearch-UID/cpp in
// the temporary folder, $TMPDIR or else /tmp),
// "my.py" -> python3 my.py. Throws app::InputError (exit 2 in the CLI)
// naming `who` ("hunt", "check") and the compiler's first error line when
// the source does not compile, or when it cannot be read.
std::vector<std::string> runnable_command(const std::vector<std::string>& command, std::string_view who);

// The first line of a compiler's stderr that reports an error (the first
// non-empty line when none says "error"); "" for no output.
std::string first_error_line(std::string_view compiler_stderr);

}  // namespace boardsearch::hunt
