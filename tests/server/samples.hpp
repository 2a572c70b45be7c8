#pragma once
// Inputs the server tests share: every puzzle's judge samples, and a board
// that takes far longer than any test waits.

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "boardsearch/app/puzzle.hpp"
#include "support/read_file.hpp"

namespace boardsearch::server::testing {

// One tests/data/<puzzle>/NN.in with its NN.out, and the options of NN.args
// as the API's "options" object (empty without NN.args).
struct Sample {
  std::string puzzle;
  std::string name;  // the input's file name, "NN.in"
  std::string input;
  std::string output;
  nlohmann::json options = nlohmann::json::object();
};

// NN.args ("--judge 2239", "--moves 50": the options as typed on the CLI)
// as the API's "options" object, each value in its kind's JSON form.
inline nlohmann::json options_of(const app::Puzzle& puzzle, std::string settings) {
  while (!settings.empty() && (settings.back() == '\n' || settings.back() == ' ')) settings.pop_back();
  nlohmann::json options = nlohmann::json::object();
  const app::OptionValues values = app::read_settings(puzzle.options, settings);
  for (const auto& [name, value] : values.all()) {
    if (const auto* number = std::get_if<std::int64_t>(&value.value)) options[name] = *number;
    if (const auto* flag = std::get_if<bool>(&value.value)) options[name] = *flag;
    if (const auto* text = std::get_if<std::string>(&value.value)) options[name] = *text;
  }
  return options;
}

// Every sample of every registered puzzle: puzzles in registry order, each
// puzzle's inputs in file-name order.
inline std::vector<Sample> all_samples() {
  std::vector<Sample> samples;
  for (const app::Puzzle* puzzle : app::all_puzzles()) {
    const std::filesystem::path folder = std::filesystem::path(BOARDSEARCH_TEST_DATA_DIR) / std::string(puzzle->name);
    std::vector<std::filesystem::path> inputs;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
      if (entry.path().extension() == ".in") inputs.push_back(entry.path());
    std::sort(inputs.begin(), inputs.end());
    for (const auto& input : inputs) {
      auto output = input, args = input;
      output.replace_extension(".out");
      args.replace_extension(".args");
      samples.push_back({std::string(puzzle->name), input.filename().string(), boardsearch::testing::read_file(input),
                         boardsearch::testing::read_file(output),
                         std::filesystem::exists(args) ? options_of(*puzzle, boardsearch::testing::read_file(args))
                                                       : nlohmann::json::object()});
    }
  }
  return samples;
}

// A full 11 x 11 footholds board, corner to corner: minutes of search, far
// longer than any test waits.
inline std::string hard_footholds() {
  constexpr int kSide = 11;
  std::string text = std::to_string(kSide) + " " + std::to_string(kSide) + "\n";
  for (int r = 0; r < kSide; ++r) {
    for (int c = 0; c < kSide; ++c) text += c == 0 ? "1" : " 1";
    text += '\n';
  }
  return text + "0 0\n" + std::to_string(kSide - 1) + " " + std::to_string(kSide - 1) + "\n";
}

}  // namespace boardsearch::server::testing
