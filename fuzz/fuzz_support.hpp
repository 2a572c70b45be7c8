#pragma once
// What every fuzz target shares: the tiny budget each solve gets, the
// contract checks that turn a broken promise into a crash libFuzzer reports,
// and the judge settings ("--moves 10") read as option values.
//
// A target is a plain LLVMFuzzerTestOneInput: linked with libFuzzer in the
// clang fuzz build (BOARDSEARCH_FUZZ), with replay_main.cpp everywhere else,
// where it replays the committed corpus as a regression test.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardsearch/app/options.hpp"
#include "boardsearch/app/puzzle.hpp"
#include "boardsearch/core/limits.hpp"

namespace boardsearch::fuzz {

// Nodes per solve: enough to finish the small inputs the fuzzer makes and to
// reach every search's first steps, few enough that an input costs
// milliseconds. Node counting is deterministic (no clock), so an input
// replays the same way. Work a search does without counting nodes is not
// covered by this budget: if it runs long, libFuzzer's -timeout reports it as
// the hang it is.
inline constexpr std::uint64_t kMaxNodes = 4096;
// Bytes of tables and per-state storage per solve (SearchLimits::max_memory_bytes).
inline constexpr std::uint64_t kMaxMemoryBytes = 64ull << 20;

// The limits of one fuzzed solve: kMaxNodes and kMaxMemoryBytes, no clock.
inline core::SearchLimits tiny_limits() {
  core::SearchLimits limits;
  limits.max_nodes = kMaxNodes;
  limits.max_memory_bytes = kMaxMemoryBytes;
  return limits;
}

// A broken contract: prints what and aborts, which libFuzzer records as a
// crash with the input that caused it.
[[noreturn]] inline void fail(std::string_view what, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz: contract broken: %.*s%s%.*s\n", static_cast<int>(what.size()), what.data(),
               detail.empty() ? "" : ": ", static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// The bad-input contract: a message is one non-empty line (the CLI prints it
// as its one stderr line, the server as its "error").
inline void check_message(std::string_view message, std::string_view where) {
  if (message.empty()) fail(where, "empty error message");
  if (message.find('\n') != std::string_view::npos || message.find('\r') != std::string_view::npos)
    fail(where, std::string("error message spans lines: ") + std::string(message));
}

// The options a judge problem's settings select ("--moves 10", "--judge
// 15644", "" for the defaults), read by the puzzle's schema as the CLI reads
// them. Precondition: the settings are the puzzle's own (a broken one is a
// bug of the description and fails).
inline app::OptionValues judge_options(const app::Puzzle& puzzle, std::string_view settings) {
  std::vector<std::string> words;
  std::size_t at = 0;
  while (at < settings.size()) {
    const std::size_t end = std::min(settings.find(' ', at), settings.size());
    if (end > at) words.emplace_back(settings.substr(at, end - at));
    at = end + 1;
  }
  app::OptionValues options;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i].rfind("--", 0) != 0) fail("judge settings: expected --name", settings);
    const std::string name = words[i].substr(2);
    const app::OptionSpec* spec = app::find_option(puzzle.options, name);
    if (spec == nullptr) fail("judge settings name an option the puzzle lacks", settings);
    if (spec->kind == app::OptionKind::flag) {
      options.set(name, app::OptionValue{true, words[i]});
      continue;
    }
    if (i + 1 == words.size()) fail("judge settings: option without value", settings);
    try {
      options.set(name, app::read_option_text(*spec, words[i + 1], words[i]));
    } catch (const app::InputError& e) {
      fail("judge settings refused by the schema", e.what());
    }
    ++i;
  }
  return options;
}

// Every judge problem's options for `puzzle`, the defaults first when no
// judge problem uses them.
inline std::vector<app::OptionValues> every_judge_options(const app::Puzzle& puzzle) {
  std::vector<app::OptionValues> all;
  bool defaults = false;
  for (const app::JudgeProblem& judge : puzzle.judges) {
    defaults = defaults || judge.settings.empty();
    all.push_back(judge_options(puzzle, judge.settings));
  }
  if (!defaults) all.insert(all.begin(), app::OptionValues{});
  return all;
}

// One solve of `input` under `options` and the tiny budget, with the solve
// contract checked: only InputError (one line) and LimitError may escape; an
// answer ends with '\n' and is accepted by the puzzle's own checker. Returns
// whether it solved.
inline bool checked_solve(const app::Puzzle& puzzle, std::string_view input, const app::OptionValues& options,
                          std::string_view where) {
  app::SolveRequest request;
  request.input = input;
  request.options = options;
  request.limits = tiny_limits();
  request.want_line = true;
  app::SolveReport report;
  try {
    report = puzzle.solve(request);
  } catch (const app::InputError& e) {
    check_message(e.what(), where);
    return false;
  } catch (const app::LimitError& e) {
    if (std::string_view(e.what()).empty()) fail(where, "empty limit message");
    return false;
  } catch (const std::exception& e) {
    fail(where, std::string("solve threw neither InputError nor LimitError: ") + e.what());
  }
  if (report.answer.empty() || report.answer.back() != '\n') fail(where, "answer does not end with a newline");
  // An answer boardsearch prints is one its checker takes (hunt would call
  // a correct program wrong otherwise).
  try {
    if (!app::output_accepted(puzzle, input, app::with_defaults(puzzle.options, options), report.answer, report.answer))
      fail(where, "the puzzle's checker refuses its own answer");
  } catch (const std::exception& e) {
    fail(where, std::string("the checker threw on its own answer: ") + e.what());
  }
  return true;
}

}  // namespace boardsearch::fuzz
