#include "cli/option_flags.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "boardsearch/app/text_input.hpp"

namespace boardsearch::cli {

std::string option_type_name(const app::OptionSpec& spec) {
  switch (spec.kind) {
    case app::OptionKind::integer:
      return std::string(spec.value_name.empty() ? "INT" : spec.value_name);
    case app::OptionKind::choice: {
      std::string choices;
      for (std::string_view choice : spec.choices) choices += fmt::format("{}{}", choices.empty() ? "" : "|", choice);
      return choices;
    }
    case app::OptionKind::flag:
      return {};
    case app::OptionKind::document:
    case app::OptionKind::text:
      break;
  }
  return std::string(spec.value_name.empty() ? "TEXT" : spec.value_name);
}

void add_schema_options(CLI::App& command, std::span<const app::OptionSpec> schema, TypedOptions& typed) {
  for (const app::OptionSpec& spec : schema) {
    const std::string flag = fmt::format("--{}", spec.name);
    const std::string name(spec.name);
    if (spec.kind == app::OptionKind::flag) {
      command.add_flag_callback(
          flag, [&typed, name] { typed[name] = ""; }, std::string(spec.help));
      continue;
    }
    command
        .add_option_function<std::string>(
            flag, [&typed, name](const std::string& text) { typed[name] = text; }, std::string(spec.help))
        ->type_name(option_type_name(spec));
  }
}

void refuse_foreign_options(CLI::App& command, const app::Puzzle& puzzle, const std::string& prefix) {
  // Each name once, with the kind of the first puzzle that takes it (a flag
  // takes no value, anything else one).
  TypedOptions added;
  for (const app::Puzzle* other : app::all_puzzles())
    for (const app::OptionSpec& spec : other->options) {
      if (app::find_option(puzzle.options, spec.name) != nullptr || added.contains(spec.name)) continue;
      added.emplace(spec.name, "");
      const std::string flag = fmt::format("--{}", spec.name);
      // The message is made when the option is given, not for every option
      // of every run (a judge-size solve would spend more on it than on
      // its search).
      auto refuse = [&puzzle, name = std::string(spec.name), prefix] {
        const app::Message refused = app::foreign_option_message_of(puzzle, name);
        throw app::InputError(prefix.empty() ? refused
                                             : app::msg("option.named", {{"option", prefix.substr(0, prefix.find(':'))},
                                                                         {"detail", refused}}));
      };
      if (spec.kind == app::OptionKind::flag)
        command.add_flag_callback(flag, refuse)->group("");
      else
        command.add_option_function<std::string>(flag, [refuse](const std::string&) { refuse(); })->group("");
    }
}

std::string read_input_text(const std::string& path) {
  std::string text;
  auto read_all = [&](std::istream& in, const app::Message& name) {
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
      text.append(buffer, static_cast<std::size_t>(in.gcount()));
      if (text.size() > kMaxInputBytes)
        throw app::InputError(app::msg("cli.input_too_large", {{"name", name}, {"mib", kMaxInputBytes >> 20}}));
    }
    if (in.bad()) throw app::InputError(app::msg("cli.read_error", {{"name", name}}));
  };
  if (path == "-") {
    read_all(std::cin, app::msg("cli.standard_input"));
    return text;
  }
  if (path.empty()) throw app::InputError(app::msg("cli.empty_file_name"));
  const app::Message name = app::verbatim(app::printable(path, app::kShownPathChars));
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw app::InputError(app::msg("cli.is_a_directory", {{"name", name}}));
  std::ifstream file(path, std::ios::binary);
  if (!file) throw app::InputError(app::msg("cli.cannot_open", {{"name", name}}));
  read_all(file, name);
  return text;
}

void read_schema_options(std::span<const app::OptionSpec> schema, const TypedOptions& typed, bool documents,
                         app::OptionValues& values) {
  for (const auto& [name, text] : typed) {
    const app::OptionSpec* spec = app::find_option(schema, name);
    if (spec == nullptr) throw std::logic_error(fmt::format("option --{} is not in the schema", name));
    const bool is_document = spec->kind == app::OptionKind::document;
    if (is_document != documents) continue;
    values.set(name, is_document ? app::read_option_text(*spec, read_input_text(text), text)
                                 : app::read_option_text(*spec, text));
  }
}

}  // namespace boardsearch::cli
