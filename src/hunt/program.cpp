// Source files as commands; see program.hpp.

#include "hunt/program.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/app/text_input.hpp"
#include "hunt/runner.hpp"

namespace boardsearch::hunt {

namespace {

namespace fs = std::filesystem;

// A compile may take this long (a heavy template program on a slow machine).
constexpr std::chrono::milliseconds kCompileTimeout{120'000};
// The compiler's output kept for the error line.
constexpr std::size_t kCompilerOutputCap = 1 << 20;
// The compiler's error line is shown up to this long (it starts with the
// source's path).
constexpr std::size_t kShownErrorChars = 400;

// Whether `path` names a C++ source file by its extension.
bool is_cpp_source(std::string_view path) {
  return path.ends_with(".cpp") || path.ends_with(".cc") || path.ends_with(".cxx");
}

// FNV-1a, 64 bits: a stable name for a content (not a security measure:
// the cache is the user's own folder).
std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

// Where compiled programs are kept (see runnable_command).
fs::path cache_folder() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg == '/')
    return fs::path(xdg) / "boardsearch" / "cpp";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/')
    return fs::path(home) / ".cache" / "boardsearch" / "cpp";
  return fs::temp_directory_path() / fmt::format("boardsearch-{}", ::getuid()) / "cpp";
}

// The blank-separated words of `text`.
std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// g++ SOURCE -o OUTPUT FLAGS (without -static when `static_link` is off).
RunResult compile(const std::string& source, const std::string& output, bool static_link) {
  std::vector<std::string> command = {"g++", source, "-o", output};
  for (const std::string& flag : split_words(kJudgeCompileFlags))
    if (static_link || flag != "-static") command.push_back(flag);
  RunLimits limits;
  limits.timeout = kCompileTimeout;
  limits.memory_bytes = 0;  // a compiler's memory is not the program's
  limits.output_cap = kCompilerOutputCap;
  return run_program(command, "", limits);
}

// Whether a compiler run exited with status 0.
bool succeeded(const RunResult& run) { return run.ending == Ending::exited && run.exit_code == 0; }

// The compiled binary of `source`, from the cache or compiled now.
std::string compiled(const std::string& source, std::string_view who) {
  std::ifstream file(source, std::ios::binary);
  if (!file)
    throw app::InputError(fmt::format("{}: cannot read '{}'", who, app::printable(source, app::kShownPathChars)));
  std::ostringstream content;
  content << file.rdbuf();
  const std::string key = fmt::format("{:016x}", fnv1a(std::string(kJudgeCompileFlags) + '\0' + content.str()));
  const fs::path folder = cache_folder();
  const fs::path binary = folder / key;
  if (::access(binary.c_str(), X_OK) == 0) return binary.string();
  std::error_code error;
  fs::create_directories(folder, error);
  if (error)
    throw app::InputError(
        fmt::format("{}: cannot create the compile cache '{}': {}", who, folder.string(), error.message()));
  // Compile under a name of our own, then rename: a parallel hunt never
  // runs a half-written binary.
  const fs::path partial = folder / fmt::format("{}.{}.partial", key, ::getpid());
  RunResult run = compile(source, partial.string(), true);
  if (!succeeded(run) && run.err.find("cannot find -l") != std::string::npos)
    run = compile(source, partial.string(), false);  // no static libraries here
  if (!succeeded(run)) {
    fs::remove(partial, error);
    const std::string line = first_error_line(run.err);
    throw app::InputError(fmt::format("{}: {} does not compile: {}", who, app::printable(source, app::kShownPathChars),
                                      app::printable(line.empty() ? "the compiler failed" : line, kShownErrorChars)));
  }
  fs::rename(partial, binary, error);
  if (error) throw app::InputError(fmt::format("{}: cannot store the compiled program: {}", who, error.message()));
  return binary.string();
}

}  // namespace

std::string first_error_line(std::string_view compiler_stderr) {
  std::string first_nonempty;
  std::istringstream in{std::string(compiler_stderr)};
  for (std::string line; std::getline(in, line);) {
    if (line.find("error") != std::string::npos) return line;
    if (first_nonempty.empty() && line.find_first_not_of(" \t\r") != std::string::npos) first_nonempty = line;
  }
  return first_nonempty;
}

std::vector<std::string> runnable_command(const std::vector<std::string>& command, std::string_view who) {
  if (command.empty()) return command;
  std::vector<std::string> runnable = command;
  const std::string& program = command.front();
  if (is_cpp_source(program)) {
    runnable.front() = compiled(program, who);
  } else if (program.ends_with(".py")) {
    runnable.insert(runnable.begin(), "python3");
  }
  return runnable;
}

}  // namespace boardsearch::hunt
