// The message catalog (messages/catalog.json through app::message_catalog):
// every entry in both languages with the same placeholders, every key the
// sources write as msg("...") present in it, and the wording machinery.

#include "boardsearch/app/messages.hpp"

#include <fmt/args.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "boardsearch/app/puzzle.hpp"

namespace {

using boardsearch::app::Lang;
using boardsearch::app::message_catalog;
using boardsearch::app::msg;
using boardsearch::app::text;

// The placeholder names of a pattern; fails the test on a placeholder that
// is not a plain {name} (format specs are the code's job, not the catalog's).
std::set<std::string> placeholders(const std::string& key, const std::string& pattern) {
  std::set<std::string> names;
  static const std::regex brace(R"(\{([^{}]*)\})");
  for (auto it = std::sregex_iterator(pattern.begin(), pattern.end(), brace); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[1];
    EXPECT_TRUE(std::regex_match(name, std::regex("[a-z_][a-z0-9_]*"))) << key << ": placeholder {" << name << "}";
    names.insert(name);
  }
  return names;
}

TEST(MessageCatalog, EveryKeyHasEnglishAndKoreanWithTheSamePlaceholders) {
  const auto& catalog = message_catalog();
  ASSERT_TRUE(catalog.is_object());
  ASSERT_GT(catalog.size(), 10u);
  for (const auto& [key, entry] : catalog.items()) {
    EXPECT_TRUE(std::regex_match(key, std::regex("[a-z0-9_]+(\\.[a-z0-9_]+)+"))) << "key " << key;
    ASSERT_TRUE(entry.is_object()) << key;
    for (const char* lang : {"en", "ko"}) {
      ASSERT_TRUE(entry.contains(lang) && entry[lang].is_string()) << key << " has no " << lang << " form";
      EXPECT_FALSE(entry[lang].get<std::string>().empty()) << key << ": empty " << lang << " form";
    }
    EXPECT_EQ(entry.size(), 2u) << key << ": only en and ko";
    const std::string en = entry["en"], ko = entry["ko"];
    const auto names = placeholders(key, en);
    EXPECT_EQ(names, placeholders(key, ko)) << key << ": en and ko name different placeholders";
    // Both forms format with every placeholder given (fmt accepts them).
    fmt::dynamic_format_arg_store<fmt::format_context> store;
    for (const std::string& name : names) store.push_back(fmt::arg(name.c_str(), std::string("x")));
    EXPECT_NO_THROW((void)fmt::vformat(en, store)) << key;
    EXPECT_NO_THROW((void)fmt::vformat(ko, store)) << key;
  }
}

// Every key written in src/, apps/ and include/ as the first argument of
// msg(...): a literal, or each literal of a choice between keys,
// msg(count == 1 ? "a.one" : "a.many", ...) (the argument ends at the first
// ',' or ';').
std::set<std::string> keys_in_sources() {
  std::set<std::string> keys;
  const std::regex call(R"re(\bmsg\(([^,;]*))re");
  const std::regex literal(R"re("([^" ]*\.[^" ]*)")re");
  const std::filesystem::path root = BOARDSEARCH_SOURCE_DIR;
  for (const char* folder : {"src", "apps", "include"})
    for (const auto& file : std::filesystem::recursive_directory_iterator(root / folder)) {
      const auto ext = file.path().extension();
      if (ext != ".cpp" && ext != ".hpp" && ext != ".in") continue;
      std::ifstream in(file.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::string source = text.str();
      for (auto it = std::sregex_iterator(source.begin(), source.end(), call); it != std::sregex_iterator(); ++it) {
        const std::string argument = (*it)[1];
        for (auto key = std::sregex_iterator(argument.begin(), argument.end(), literal); key != std::sregex_iterator();
             ++key)
          keys.insert((*key)[1]);
      }
    }
  return keys;
}

TEST(MessageCatalog, EveryKeyTheSourcesUseIsInTheCatalog) {
  const auto used = keys_in_sources();
  ASSERT_GT(used.size(), 10u) << "the scan found no msg(\"...\") calls";
  for (const std::string& key : used) EXPECT_TRUE(message_catalog().contains(key)) << key << " is not in the catalog";
}

TEST(MessageCatalog, EveryCatalogKeyIsUsedBySomeSource) {
  const auto used = keys_in_sources();
  for (const auto& [key, entry] : message_catalog().items())
    EXPECT_TRUE(used.contains(key)) << key << " is in the catalog but no source writes msg(\"" << key << "\")";
}

TEST(Messages, WordsParametersNestedMessagesAndListsInTheLanguage) {
  const auto where = msg("input.where_field", {{"line", 2}, {"field", 3}});
  EXPECT_EQ(text(Lang::en, where), "line 2, field 3");
  EXPECT_EQ(text(Lang::ko, where), "2번째 줄 3번째 값");
  const auto outer = msg("option.named", {{"option", "--x"}, {"detail", where}});
  EXPECT_EQ(text(Lang::ko, outer), "--x: 2번째 줄 3번째 값");
  const auto listed = msg("option.named", {{"option", "o"}, {"detail", nlohmann::json::array({where, "b"})}});
  EXPECT_EQ(text(Lang::en, listed), "o: line 2, field 3, b");
  EXPECT_EQ(text(Lang::ko, boardsearch::app::verbatim("as is")), "as is");
}

TEST(Messages, AMissingKeyOrParameterStillGivesALine) {
  EXPECT_EQ(text(Lang::ko, msg("no.such_key", {{"a", 1}})), "no.such_key {\"a\":1}");
  // input.where_line needs {line}: without it, the key and its parameters.
  EXPECT_EQ(text(Lang::ko, msg("input.where_line")), "input.where_line {}");
}

TEST(Messages, InputErrorKeepsItsMessageAndSaysEnglishInWhat) {
  const boardsearch::app::InputError error(msg("input.where_line", {{"line", 4}}));
  EXPECT_STREQ(error.what(), "line 4");
  EXPECT_EQ(error.message().key, "input.where_line");
  EXPECT_EQ(error.message().params["line"], 4);
  EXPECT_EQ(error.text(Lang::ko), "4번째 줄");
  const boardsearch::app::InputError plain(std::string("plain words"));
  EXPECT_EQ(plain.text(Lang::ko), "plain words");
  EXPECT_EQ(plain.message().key, "");
}

TEST(Messages, LanguageFromLocaleNamesAndAcceptLanguage) {
  using boardsearch::app::lang_from_accept_language;
  using boardsearch::app::lang_named;
  EXPECT_EQ(lang_named("ko_KR.UTF-8"), Lang::ko);
  EXPECT_EQ(lang_named("ko"), Lang::ko);
  EXPECT_EQ(lang_named("en-US"), Lang::en);
  EXPECT_EQ(lang_named("C.UTF-8"), Lang::en);
  EXPECT_EQ(lang_named("kok"), std::nullopt);  // Konkani is not Korean
  EXPECT_EQ(lang_named("fr_FR"), std::nullopt);
  EXPECT_EQ(lang_from_accept_language("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7"), Lang::ko);
  EXPECT_EQ(lang_from_accept_language("en-US,en;q=0.9,ko;q=0.8"), Lang::en);
  EXPECT_EQ(lang_from_accept_language("fr-FR, ko;q=0.5"), Lang::ko);
  EXPECT_EQ(lang_from_accept_language("ko;q=0, en;q=0.1"), Lang::en);
  EXPECT_EQ(lang_from_accept_language(""), Lang::en);
  EXPECT_EQ(lang_from_accept_language("*"), Lang::en);
}

TEST(Messages, LanguageFromTheEnvironmentInPosixOrder) {
  using boardsearch::app::lang_from_env;
  ::setenv("LANG", "ko_KR.UTF-8", 1);
  ::unsetenv("LC_ALL");
  ::unsetenv("LC_MESSAGES");
  EXPECT_EQ(lang_from_env(), Lang::ko);
  ::setenv("LC_MESSAGES", "C", 1);
  EXPECT_EQ(lang_from_env(), Lang::en);
  ::setenv("LC_ALL", "ko_KR", 1);
  EXPECT_EQ(lang_from_env(), Lang::ko);
  ::setenv("LC_ALL", "", 1);  // empty: not set
  EXPECT_EQ(lang_from_env(), Lang::en);
  ::unsetenv("LC_ALL");
  ::unsetenv("LC_MESSAGES");
  ::unsetenv("LANG");
  EXPECT_EQ(lang_from_env(), Lang::en);
}

}  // namespace
